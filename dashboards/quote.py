"""Quote a stored action the way a hand history prints it, for the audit table.

The database keeps actions as columns, not text; an auditor wants to read
``Player3: raises to 1.00``, so the row is turned back into that wording.

>>> quote_action("Ann", "raise", 50, 100, False, 100)
'Ann: raises to 1.00 (puts in 0.50)'
>>> quote_action("Bob", "bring_in", 3, None, False, 1)
'Bob: brings in for 3'
>>> quote_action("Cy", "call", 40, None, True, 1)
'Cy: calls 40 and is all-in'
>>> quote_action(None, None, None, None, None, 1)
''
"""

from __future__ import annotations


def money(amount: int | None, unit: int) -> str:
    if amount is None:
        return "?"
    return f"{amount / unit:,.2f}" if unit != 1 else f"{amount:,}"


def quote_action(player: str | None, kind: str | None, amount: int | None,
                 raise_to: int | None, all_in: bool | None, unit: int) -> str:
    """The action's hand-history wording; empty for a hand-level violation."""
    if player is None or kind is None:
        return ""
    if kind == "bring_in":
        text = f"brings in for {money(amount, unit)}"
    elif kind == "complete":
        text = f"completes it to {money(raise_to, unit)}"
    elif kind == "raise":
        text = f"raises to {money(raise_to, unit)} (puts in {money(amount, unit)})"
    elif kind in ("bet", "call"):
        text = f"{kind}s {money(amount, unit)}"
    elif kind in ("check", "fold"):
        text = f"{kind}s"
    else:
        text = kind
    if all_in:
        text += " and is all-in"
    return f"{player}: {text}"
