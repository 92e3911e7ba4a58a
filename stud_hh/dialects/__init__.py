"""Site dialects: every hand-history format stud_hh knows, read or only recognised.

A **dialect** is a site's format stud_hh reads. It recognises the first line of one of its
hands (``recognise``), cuts a file into hands (``split``: text formats on blank lines, see
``TextDialect``), and turns one hand's text into a ``Hand``, a ``ParseError`` or an
``OtherGame`` (``parse_hand``, which never raises). ``REGISTRY`` lists the dialects;
``NOT_YET_READ`` lists the formats of sites stud_hh recognises but does not read yet, so that
their files are reported per site instead of being cut into unreadable "hands". A site
moves from the second list to the first when its dialect is written: ``docs/dialects.md`` is
the checklist, with PokerStars as the worked example.

Everything that asks "which format is this?" asks here: ``stud_hh.parse`` per hand,
``stud_hh.formats`` per file, the reader's hand boundary (``hand_starts``).

>>> identify("PokerStars Hand #1:  Razz Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET").name
'pokerstars'
>>> identify("Everleaf Gaming Game #1: Blinds $1/$2 (Razz)").site
'Everleaf'
>>> identify("Seat 1: Hero (100 in chips)") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import BinaryIO, Protocol, runtime_checkable

from stud_hh.events import Parsed
from stud_hh.reader import RawHand, read_text_hands

#: Every dialect, as ``"module:Class"``, most common first. A dialect is imported and built
#: on first use (a Lark grammar takes a moment to load), never on ``import stud_hh``.
REGISTRY: tuple[str, ...] = (
    "stud_hh.dialects.pokerstars:PokerStars",
    "stud_hh.dialects.fulltilt:FullTilt",
    "stud_hh.dialects.winning:Winning",
    "stud_hh.dialects.bovada:Bovada",
    "stud_hh.dialects.winamax:Winamax",
    "stud_hh.dialects.partypoker:PartyPoker",
    "stud_hh.dialects.phh:PHH",
    "stud_hh.dialects.ipoker:IPoker",
    "stud_hh.dialects.merge:Merge",
    "stud_hh.dialects.everleaf:Everleaf",
    "stud_hh.dialects.ongame:OnGame",
    "stud_hh.dialects.absolute:Absolute",
    "stud_hh.dialects.kingsclub:KingsClub",
)


#: Characters of a hand a self-splitting dialect is recognised in (``find_dialect``).
SNIFF_CHARS = 1 << 16


@runtime_checkable
class Dialect(Protocol):
    """What the rest of stud_hh needs from a site's format."""

    #: short lowercase identifier, also ``Header.site`` of the hands it parses
    name: str
    #: the site as players know it ("PokerStars"), for summaries
    site: str
    #: the ``stud_hh.rules`` preset the site deals by (the importer's and auditor's default)
    rules: str
    #: the first line of a hand, for text formats: the reader also cuts hands a broken
    #: export glued together on it; None for a format that splits its files itself
    hand_start: re.Pattern[str] | None

    def recognise(self, line: str) -> bool:
        """Whether ``line`` (one line, without its line end or surrounding white space) is
        the first line of a hand in this dialect."""
        ...

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        """The hands of an open file, in order, streaming (flat memory)."""
        ...

    def parse_hand(self, raw: RawHand) -> Parsed:
        """The hand in ``raw``, or a ``ParseError`` naming file, line and hand, or an
        ``OtherGame`` for a hand of a game stud_hh does not read. Never raises."""
        ...


class TextDialect:
    """The usual text format: a hand starts with a line ``hand_start`` matches and ends at a
    blank line. A subclass sets ``name``, ``site``, ``rules`` and ``hand_start`` and
    writes ``parse_hand``."""

    name: str
    site: str
    rules: str
    hand_start: re.Pattern[str]
    #: The literal texts every first line of the dialect's hands begins with (one of
    #: them), read with ``hand_start``'s flags: a necessary condition ``hand_starts`` tries
    #: first. The reader tries the boundary at every line start of every hand (hands glued
    #: without a blank line), and these literals reject nearly every line at its first
    #: character or two: the split took ~1.9x fewer instructions. Empty (unknown) turns the
    #: prefilter off for every dialect: slower, never wrong.
    hand_leads: tuple[str, ...] = ()

    def recognise(self, line: str) -> bool:
        return self.hand_start.match(line) is not None

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        return read_text_hands(stream, path, self.hand_start)


class _HandParser(Protocol):
    def parse_hand(self, raw: RawHand) -> Parsed: ...


class GrammarDialect(TextDialect):
    """A text site read through its Lark grammar: ``hand_module`` names the module whose
    ``parser(use_cython)`` builds the site's ``GrammarParser``, imported and built on the
    first hand (a grammar takes a moment to load; ``import stud_hh`` never pays it)."""

    hand_module: str

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: _HandParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            self._parser = import_module(self.hand_module).parser(self._use_cython)
        return self._parser.parse_hand(raw)


@dataclass(frozen=True, slots=True)
class KnownFormat:
    """A site's format stud_hh recognises (by the first line of a hand, or of a session for
    XML formats) but does not read yet."""

    site: str
    first_line: re.Pattern[str]

    def recognise(self, line: str) -> bool:
        return self.first_line.match(line) is not None


def _known(site: str, *patterns: str) -> KnownFormat:
    return KnownFormat(site, re.compile("|".join(f"(?:{p})" for p in patterns)))


#: The formats of ``../shared/corpus/real`` and of the trackers' documentation that no
#: dialect reads yet, each by the line that starts a hand (or a session).
NOT_YET_READ: tuple[KnownFormat, ...] = (
    _known("888poker", r"\*{5} 888(?:poker|\.\w\w)? .*Hand History"),
)


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


def identify(line: str) -> Dialect | KnownFormat | None:
    """The format whose hands start with ``line``: a dialect first, else a format known but
    not read yet, else None. White space and byte-order marks around ``line`` are ignored."""
    line = line.strip(" \t\r\n\ufeff\x00")
    for dialect in dialects():
        if dialect.recognise(line):
            return dialect
    for known in NOT_YET_READ:
        if known.recognise(line):
            return known
    return None


def find_dialect(text: str) -> Dialect | None:
    """The dialect of ``text`` by its first line (blank lines and BOMs before it allowed).

    A format that cuts its files itself (``hand_start`` None: TOML, XML) may open a hand
    with lines of no dialect (comments, a TOML table's name): its hand is recognised by any
    of its first ``SNIFF_CHARS`` characters' lines.
    """
    text = text.lstrip("\ufeff \t\r\n")
    found = identify(text.partition("\n")[0])
    if found is None:
        own = [d for d in dialects() if d.hand_start is None]
        lines = text[:SNIFF_CHARS].splitlines() if own else []
        found = next((d for line in lines for d in own
                      if d.recognise(line.strip(" \t\r\ufeff"))), None)
    return None if isinstance(found, KnownFormat) else found


def dialect_named(name: str) -> Dialect:
    """The registered dialect called ``name`` (``KeyError`` if there is none)."""
    for dialect in dialects():
        if dialect.name == name:
            return dialect
    raise KeyError(f"no dialect named {name!r}")


def detect(text: str) -> Dialect:
    """The dialect of ``text``; raises ``UnknownFormat`` when no dialect reads it."""
    dialect = find_dialect(text)
    if dialect is None:
        first = text.lstrip("\ufeff \t\r\n").partition("\n")[0][:80]
        raise UnknownFormat(f"not a hand history format stud_hh knows: {first!r}")
    return dialect


#: Characters other than their two ASCII cases that an ``IGNORECASE`` letter matches.
_CASE_PARTNERS = {"i": "\u0130\u0131", "k": "\u212a", "s": "\u017f"}


@cache
def hand_starts() -> re.Pattern[str]:
    """One pattern for the first line of a hand in any text dialect (the reader's
    boundary); each dialect's flags (``IGNORECASE``) apply to its own part, and it is
    tried only where a line begins with one of a text dialect's ``hand_leads``."""
    parts = [f"(?i:{start.pattern})" if start.flags & re.IGNORECASE else f"(?:{start.pattern})"
             for start in _text_starts()]
    if not parts:
        return re.compile("(?!)")
    leads = hand_leads()
    if leads is None:  # a text dialect without leads: no prefilter
        return re.compile("|".join(parts))
    return re.compile(f"{leads}(?:{'|'.join(parts)})")


@cache
def hand_leads() -> str | None:
    """A regex every first line of a text dialect's hand starts with: one of the dialects'
    ``hand_leads``, behind a class of their first characters. None when a text dialect
    declares no leads (no prefilter).

    The class first: a plain class is the cheapest test, ~5 % fewer instructions than the
    literals' lookahead alone. Each lead starts with its first character as a literal or a
    class, even where the rest ignores case: the regex engine skips an alternative whose
    first character differs at once, and enters one that starts case-blind (~12 % of the
    boundary's search over a hand).
    """
    leads: list[str] = []
    firsts: set[str] = set()
    for dialect in dialects():
        start = dialect.hand_start
        if start is None:
            continue
        ignore = start.flags & re.IGNORECASE
        for lead in getattr(dialect, "hand_leads", ()) or ("",):
            if not lead:
                return None
            first = lead[0]
            if ignore:
                cases = first.lower() + first.upper() + _CASE_PARTNERS.get(first.lower(), "")
                firsts.update(cases)
                chars = "".join(re.escape(c) for c in sorted(set(cases)))
                leads.append(f"[{chars}](?i:{re.escape(lead[1:])})")
            else:
                firsts.add(first)
                leads.append(re.escape(lead))
    if not leads:
        return None
    chars = "".join(re.escape(c) for c in sorted(firsts))
    return f"(?=[{chars}])(?={'|'.join(leads)})"


def _text_starts() -> list[re.Pattern[str]]:
    return [d.hand_start for d in dialects() if d.hand_start is not None]


__all__ = [
    "NOT_YET_READ",
    "REGISTRY",
    "SNIFF_CHARS",
    "Dialect",
    "GrammarDialect",
    "KnownFormat",
    "TextDialect",
    "UnknownFormat",
    "detect",
    "dialect_named",
    "dialects",
    "find_dialect",
    "hand_leads",
    "hand_starts",
    "identify",
]
