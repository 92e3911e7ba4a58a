"""Site dialects: each poker site's text format is one sub-package behind one protocol.

A dialect recognises its own hands from their first line (``sniff``) and turns one
``RawHand`` into a ``Hand`` or a ``ParseError``; it never raises. Adding a site means adding a
sub-package and one entry to ``DIALECTS``; callers only ever go through ``detect``.

>>> detect("PokerStars Hand #1:  Razz Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET").name
'pokerstars'
>>> find_dialect("Full Tilt Poker Game #1: ...") is None
True
"""

from __future__ import annotations

import re
from functools import cache
from typing import Protocol, runtime_checkable

from stud_hh.events import Hand, ParseError
from stud_hh.reader import RawHand


@runtime_checkable
class Dialect(Protocol):
    """What the rest of stud_hh needs from a site's format."""

    #: short lowercase identifier, also ``Header.site`` of the hands it parses
    name: str
    #: matches (at a line start) the first line of a hand; the reader splits on it too
    hand_start: re.Pattern[str]

    def sniff(self, text: str) -> bool:
        """Whether ``text`` (a hand, or the start of a file) is written in this dialect."""
        ...

    def parse_hand(self, raw: RawHand) -> Hand | ParseError:
        """The hand in ``raw``, or a ``ParseError`` carrying file, line and text."""
        ...


class UnknownFormat(ValueError):
    """No dialect recognises the text."""


@cache
def dialects() -> tuple[Dialect, ...]:
    """Every known dialect, most common first; built once, on first use (Lark is slowish)."""
    from stud_hh.dialects.pokerstars import PokerStars

    return (PokerStars(),)


def find_dialect(text: str) -> Dialect | None:
    """The dialect of ``text`` (leading blank lines and BOMs allowed), or None."""
    head = text.lstrip("\ufeff \t\r\n")[:200]
    for dialect in dialects():
        if dialect.sniff(head):
            return dialect
    return None


def detect(text: str) -> Dialect:
    """The dialect of ``text``; raises ``UnknownFormat`` when no dialect claims it."""
    dialect = find_dialect(text)
    if dialect is None:
        first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0][:80]
        raise UnknownFormat(f"not a hand history format stud_hh knows: {first!r}")
    return dialect


def hand_starts() -> re.Pattern[str]:
    """One pattern for the first line of a hand in any dialect (the reader's boundary)."""
    return _hand_starts()


@cache
def _hand_starts() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{d.hand_start.pattern})" for d in dialects()))


__all__ = ["Dialect", "UnknownFormat", "detect", "dialects", "find_dialect", "hand_starts"]
