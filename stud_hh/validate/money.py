"""Money and card text for violation messages, written the way the hand history writes them.

>>> from stud_hh.events import Header, Game
>>> from datetime import datetime, timezone
>>> h = Header(site="PokerStars", hand_id="1", game=Game.STUD, small_bet=4, big_bet=8,
...            started_at=datetime(2009, 1, 1, tzinfo=timezone.utc), table="T", currency="USD")
>>> money(4, h), money(150, h), money(-3, h)
('$0.04', '$1.50', '-$0.03')
"""

from __future__ import annotations

from stud_hh.events import Header

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def money(amount: int, header: Header) -> str:
    """Cents as ``$1.50`` for currency games; chips as a plain integer otherwise."""
    if header.currency is None:
        return str(amount)
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    symbol = _SYMBOLS.get(header.currency, header.currency + " ")
    return f"{sign}{symbol}{amount // 100}.{amount % 100:02d}"
