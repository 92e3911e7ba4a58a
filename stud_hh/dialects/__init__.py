"""Site dialects: each poker site's format is one sub-package behind one protocol.

A dialect recognises its own text (``sniff``), may split a file into hands itself (``split``:
text formats leave it to the reader's blank-line split, XML formats stream their hand
elements), turns one ``RawHand`` into a ``Hand``, a ``ParseError`` or an ``OtherGame``
(``parse_hand``, which never raises), and names the rule preset its site deals by
(``rules``). Adding a site is a sub-package, its grammar (text sites) and one entry in
``REGISTRY``; ``docs/dialects.md`` is the checklist. Callers go through ``stud_hh.parse``
(or ``detect``/``find_dialect`` here).

>>> detect("PokerStars Hand #1:  Razz Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET").name
'pokerstars'
>>> find_dialect("Everleaf Gaming Game #1: ...") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from typing import BinaryIO, Protocol, runtime_checkable

from stud_hh.events import Parsed
from stud_hh.reader import RawHand, read_text_hands

#: Every dialect, as ``"module:Class"``, most common first; imported on first use (a Lark
#: grammar takes a moment to load). One entry per site.
REGISTRY: tuple[str, ...] = (
    "stud_hh.dialects.pokerstars:PokerStars",
    "stud_hh.dialects.fulltilt:FullTilt",
    "stud_hh.dialects.winning:Winning",
    "stud_hh.dialects.bovada:Bovada",
    "stud_hh.dialects.winamax:Winamax",
    "stud_hh.dialects.partypoker:PartyPoker",
)


@runtime_checkable
class Dialect(Protocol):
    """What the rest of stud_hh needs from a site's format."""

    #: short lowercase identifier, also ``Header.site`` of the hands it parses
    name: str
    #: the ``stud_hh.rules`` preset the site deals by (the importer and auditor's default)
    rules: str
    #: the first line of a hand, for text formats (the reader also splits hands glued
    #: together on it); None for a format that splits its files itself (``split``)
    hand_start: re.Pattern[str] | None

    def sniff(self, text: str) -> bool:
        """Whether ``text`` (the start of a file, or one hand as ``split`` cut it) is
        written in this dialect."""
        ...

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        """The hands of a file, in order, streaming (flat memory)."""
        ...

    def parse_hand(self, raw: RawHand) -> Parsed:
        """The hand in ``raw``, or a ``ParseError`` carrying file, line and text, or an
        ``OtherGame`` for a hand of a game stud_hh does not read. Never raises."""
        ...


class TextDialect:
    """The usual text format: hands split on blank lines (and before ``hand_start``).

    A subclass sets ``name``, ``rules`` and ``hand_start`` and writes ``parse_hand``;
    ``sniff`` takes a text whose first line starts like ``hand_start``.
    """

    name: str
    rules: str
    hand_start: re.Pattern[str] | None

    def sniff(self, text: str) -> bool:
        assert self.hand_start is not None
        return self.hand_start.match(text.lstrip("\ufeff \t\r\n")) is not None

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        return read_text_hands(stream, path, self.hand_start)


class UnknownFormat(ValueError):
    """No dialect recognises the text."""


@cache
def dialects() -> tuple[Dialect, ...]:
    """Every registered dialect, in ``REGISTRY`` order; built once, on first use."""
    found: list[Dialect] = []
    for entry in REGISTRY:
        module, _, name = entry.partition(":")
        dialect = getattr(import_module(module), name)()
        if not isinstance(dialect, Dialect):  # pragma: no cover - a broken registry entry
            raise TypeError(f"{entry} does not implement the Dialect protocol")
        found.append(dialect)
    return tuple(found)


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


@cache
def hand_starts() -> re.Pattern[str]:
    """One pattern for the first line of a hand in any text dialect (the reader's boundary);
    each dialect's flags (``IGNORECASE``) apply to its own part."""
    parts = []
    for dialect in dialects():
        start = dialect.hand_start
        if start is not None:
            flags = "i" if start.flags & re.IGNORECASE else ""
            parts.append(f"(?{flags}:{start.pattern})" if flags else f"(?:{start.pattern})")
    return re.compile("|".join(parts) or "(?!)")


__all__ = ["REGISTRY", "Dialect", "TextDialect", "UnknownFormat", "detect", "dialects",
           "find_dialect", "hand_starts"]
