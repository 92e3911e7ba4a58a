"""Amounts as sites print them -> exact integers of the smallest unit (never a float).

A hand is in cents when its stakes carry a currency (``$``, ``€``, ``£``, ``₹`` or a code
such as ``USD``), otherwise in chips (tournaments, play money). Sessions repeat the same
few amounts endlessly (antes, bets, small pots), so both conversions remember their last
few thousand texts (``functools.lru_cache``: pure functions, bounded memory).

>>> cents("$0.04"), cents("$3318"), cents("€1,234.5"), chips("1,500")
(4, 331800, 123450, 1500)
>>> cents("$0.255")
Traceback (most recent call last):
...
stud_hh.dialects.money.AmountError: amount '$0.255' has more than two decimals
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

#: Currency symbols an amount may start with, and the currency each one means.
SYMBOLS: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}
_SYMBOL_CHARS = "".join(SYMBOLS)

#: amounts each conversion remembers
MEMO_SIZE = 4096


class AmountError(ValueError):
    """An amount the grammar accepted whose value makes no sense in its unit."""


@lru_cache(maxsize=MEMO_SIZE)
def cents(text: str) -> int:
    """``$0.04`` -> 4, ``$3318`` -> 331800, ``€1,234.5`` -> 123450."""
    whole, dot, fraction = text.lstrip(_SYMBOL_CHARS).replace(",", "").partition(".")
    if not dot:
        return int(whole) * 100
    if len(fraction) == 2:
        return int(whole) * 100 + int(fraction)
    if len(fraction) == 1:
        return int(whole) * 100 + int(fraction) * 10
    raise AmountError(f"amount {text!r} has more than two decimals")


@lru_cache(maxsize=MEMO_SIZE)
def chips(text: str) -> int:
    """``1,500`` -> 1500; chips are whole (a fractional chip count is an error)."""
    whole, dot, fraction = text.lstrip(_SYMBOL_CHARS).replace(",", "").partition(".")
    if dot and fraction.strip("0"):
        raise AmountError(f"fractional chip amount {text!r}")
    return int(whole)


def currency_of(code: str | None, amount: str | None) -> str | None:
    """A hand's currency: its code (``USD``), else the symbol its stakes start with."""
    if code:
        return code.upper()
    return SYMBOLS.get((amount or "")[:1])


def unit(currency: str | None) -> Callable[[str], int]:
    """The conversion for a hand in ``currency``: cents, or chips when it has none."""
    return cents if currency else chips


__all__ = ["SYMBOLS", "AmountError", "cents", "chips", "currency_of", "unit"]
