"""PokerStars stud text -> ``Hand``: the Lark grammar plus a thin inline transformer.

``grammars/pokerstars.lark`` has a terminal per line kind and checks the order of the
hand (header, table and seats, antes, streets 3rd..River, showdown, summary); lines that
always come in runs (seats, antes, a street's deal, a street's betting, the summary) are
one token per run, because Lark's cost is per token, and a run right after the line it
follows is part of that line's token (the antes after the seats, a street's betting after
its deals, the showdown's lines after its banner). The transformer runs inside the LALR
parser (``Lark(transformer=...)``, no tree is ever built) and turns each line into one
event by slicing its text at the continuation the grammar already proved is there; each
token is split back into lines once. ``lark-cython`` is used when installed (its tokens
are not ``str``: always read ``.value``); pure Lark is the fallback.

Speed (about 0.16-0.19 ms of CPU per hand, half of it Lark's lexer and LALR loop): the
lines a session repeats endlessly (bets, antes, summary folds, the table line) go through
memos of immutable events (``_LineMemo``); Lark's rules compare by identity
(``_IdentityRule``), reduce with C builtins instead of Python callbacks
(``_direct_callbacks``), runs are never empty and the showdown and summary rules are
written out in ``start`` (a reduction costs about what a token does), and the LALR loop is
called without ``Lark.parse``'s per-call layers (``_fast_parse``). Syntax errors come from
the grammar without merged runs (``PokerStarsParser._plain_error``). The grammar's regexes
are possessive where that changes nothing but the regex engine's work (see the grammar's
header comment). Lark counts no lines (``_no_newlines``: errors get their line from a text
position), and a header reuses the game and stakes groups of the session's earlier headers
(``_Transformer.header``).

One line, one event: every action, deal, show, collect and table-noise line becomes exactly
one event, except ``*** SUMMARY ***`` (none: ``Summary`` comes from the ``Total pot``
line, which ``Board [..]`` completes) and the header, table and seat lines (the
``Header`` and ``Seat`` records).

How the history's cards become ``Deal`` events (the engine replays these):

* 3rd street: every player gets one ``Deal`` of three cards, ``up=(False, False, True)``.
  ``Dealt to Hero [Ac Kc 8c]`` gives all three; ``Dealt to X [Tc]`` gives ``(None, None,
  Tc)``.
* 4th-6th street: ``Dealt to X [old cards] [new]`` gives only the new card, face up; the
  old cards are what earlier ``Deal`` events already hold.
* River: the hero's ``Dealt to Hero [...] [4d]`` is a face-down card. Every other player
  still in (dealt on 6th street and not folded since) gets a ``Deal`` of one ``None``
  face-down card, placed right after the river's ``StreetStart`` in 6th-street order (the
  hero's own line takes its place in that order). When the deck ran out, ``*** RIVER ***
  [6h]`` is a ``BoardCard`` instead and nobody gets a river ``Deal``.
* Cards revealed later (``shows``, ``mucks [..]``, summary ``showed``/``mucked``) fill the
  ``None`` hole cards: a shown hand lists cards in the order dealt, so its first two are
  the 3rd-street hole cards and its seventh (if any) the river card. They fill only a
  3rd-street ``Deal`` whose door card matches the shown third card.

Money: cents when the stakes carry a currency (``$``, ``€``, ``£`` or a code), otherwise
chips (tournaments, play money). The header's ante and bring-in are the amounts actually
posted (largest ante and the bring-in that was not all-in), as PokerStars never prints them.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from importlib.resources import files
from typing import Any
from zoneinfo import ZoneInfo

import lark
import lark.lexer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import Rule
from lark.lexer import LexerThread
from lark.parsers.lalr_analysis import Reduce

from stud_hh.cards import DECK, str_card
from stud_hh.events import (
    Ante,
    BettingCapped,
    BoardCard,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    DoubleBetAllowed,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    NoLowHand,
    NoShow,
    ParseError,
    Raise,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Source,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)
from stud_hh.events import Bet as BetEvent
from stud_hh.reader import RawHand

try:  # the compiled lexer/parser loop (about 1.1-1.2x faster here)
    import lark_cython

    _PLUGINS: dict[str, Any] | None = lark_cython.plugins
except ImportError:  # pragma: no cover - exercised only where lark-cython is absent
    _PLUGINS = None

SITE = "pokerstars"

#: Zones PokerStars prints after the local time, as IANA names (DST handled by zoneinfo).
ZONES: dict[str, str] = {
    "ET": "America/New_York", "EDT": "America/New_York", "EST": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "AKT": "America/Anchorage", "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "Europe/London", "WET": "Europe/Lisbon", "BST": "Europe/London",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide", "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}
_ZONE_CACHE: dict[str, ZoneInfo] = {}

#: "Ah" -> card int, exactly as PokerStars writes cards (rank upper, suit lower)
_CARD: dict[str, int] = {str_card(c): c for c in DECK}
_SINGLE: dict[str, tuple[int]] = {text: (c,) for text, c in _CARD.items()}
_CURRENCY_BY_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREET_BY_NAME = {
    "3rd Street": Street.THIRD, "4th Street": Street.FOURTH, "5th Street": Street.FIFTH,
    "6th Street": Street.SIXTH, "River": Street.SEVENTH,
}
_ALL_IN = " and is all-in"
#: one ``StreetStart`` per street, shared by every hand (events are immutable)
_STREET_STARTS = {street: StreetStart(street) for street in Street}
_SHOWDOWN_START = ShowdownStart()  # (likewise)
#: Streets the deal handlers test, as module constants: an enum attribute read costs
#: ~10x a global read, and they run for every deal line.
_THIRD, _SIXTH, _SEVENTH = Street.THIRD, Street.SIXTH, Street.SEVENTH
_UP3 = (False, False, True)
_UP = (True,)
_DOWN = (False,)
_HIDDEN = (None,)
_WON = re.compile(r"won \(([^)]*)\)")
_TOTAL = re.compile(
    r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+)\.)?(?P<sides>(?: Side pot\S* \S+\.)*)"
    r" \| Rake (?P<rake>\S+)"
)
_HAND_ID = re.compile(r"#(\d+)")


class FieldError(ValueError):
    """A line the grammar accepted but whose fields make no sense (a bad card, money)."""


def _zone(label: str) -> ZoneInfo:
    zone = _ZONE_CACHE.get(label)
    if zone is None:
        name = ZONES.get(label)
        if name is None:
            raise FieldError(f"unknown time zone {label!r}")
        zone = _ZONE_CACHE[label] = ZoneInfo(name)
    return zone


#: ``2009/07/16`` (or the old ``2006/07/01 -``) -> (2009, 7, 16); a session has few days
_DAYS: dict[str, tuple[int, int, int]] = {}


def _started_at(date: str, zone: str) -> datetime:
    """The header's ``date`` (``2009/07/16 2:36:31`` or the old ``2006/07/01 - 12:00:00``)
    in the zone labelled ``zone`` (``CET``, ``ET``), made aware; the day is remembered."""
    day, _, clock = date.rpartition(" ")
    ymd = _DAYS.get(day)
    if ymd is None:
        y, m, d = day.removesuffix(" -").split("/")
        ymd = (int(y), int(m), int(d))
        if len(_DAYS) >= 4096:
            _DAYS.clear()
        _DAYS[day] = ymd
    tz = _zone(zone)
    hh, mm, ss = clock.split(":")
    return datetime(ymd[0], ymd[1], ymd[2], int(hh), int(mm), int(ss), tzinfo=tz)


def _cents(text: str) -> int:
    """``$0.04`` -> 4, ``$3318`` -> 331800, ``€1,234.5`` -> 123450."""
    t = text.lstrip("$€£")
    if "," in t:
        t = t.replace(",", "")
    whole, dot, frac = t.partition(".")
    if not dot:
        return int(whole) * 100
    if len(frac) == 2:
        return int(whole) * 100 + int(frac)
    if len(frac) == 1:
        return int(whole) * 100 + int(frac) * 10
    raise FieldError(f"amount {text!r} has more than two decimals")


def _chips(text: str) -> int:
    """``1,500`` -> 1500; chips are whole (a fractional chip count is an error)."""
    t = text.lstrip("$€£")
    if "," in t:
        t = t.replace(",", "")
    whole, dot, frac = t.partition(".")
    if dot and frac.strip("0"):
        raise FieldError(f"fractional chip amount {text!r}")
    return int(whole)


class _Memo(dict[str, int]):
    """Amount text -> int, remembered: a session repeats the same few amounts endlessly."""

    __slots__ = ("convert",)

    def __init__(self, convert: Callable[[str], int]) -> None:
        super().__init__()
        self.convert = convert

    def __missing__(self, text: str) -> int:
        value = self.convert(text)
        if len(self) > 4096:
            self.clear()
        self[text] = value
        return value


class _CentsMemo(_Memo):
    """``_Memo(_cents)`` with the usual ``$12.34`` converted inline (stacks miss the memo
    several times a hand; one Python call less each time)."""

    __slots__ = ()

    def __missing__(self, text: str) -> int:
        whole, dot, frac = text.lstrip("$€£").partition(".")
        if dot and len(frac) == 2 and "," not in text:
            value = int(whole) * 100 + int(frac)  # what ``_cents`` computes for it
        else:
            value = _cents(text)
        if len(self) > 4096:
            self.clear()
        self[text] = value
        return value


_CENTS = _CentsMemo(_cents)
_CHIPS = _Memo(_chips)

#: Lines a line memo holds before it starts over.
_LINE_MEMO_SIZE = 1 << 12


class _LineMemo(dict[str, Any]):
    """Line text -> what it parses to, remembered.

    Betting, ante and summary-fold lines repeat endlessly in a session (the same player
    checks, calls the same amount, posts the same ante): in a simulated corpus of sessions
    about 90 % of them were among the last few thousand lines seen. Events are immutable,
    so one instance serves every hand that has the line. A memo holds a line's event only,
    never its effect on the hand (who folded, the posted ante and bring-in): the builder
    derives those from the events. Failures are not remembered.
    """

    __slots__ = ("convert",)

    def __init__(self, convert: Callable[[str], Any]) -> None:
        super().__init__()
        self.convert = convert

    def __missing__(self, line: str) -> Any:
        value = self.convert(line)
        if len(self) >= _LINE_MEMO_SIZE:
            self.clear()
        self[line] = value
        return value


def _cards(text: str) -> tuple[int, ...]:
    """``Ac Kc 8c`` (the inside of a bracket) -> card ints."""
    try:
        return tuple(map(_CARD.__getitem__, text.split(" ")))
    except KeyError as exc:
        raise FieldError(f"not a card: {exc.args[0]!r}") from None


def _card_groups(text: str) -> tuple[str, list[tuple[int, ...]]]:
    """``NAME [a b] [c]`` -> (``NAME``, [(a, b), (c,)]): groups taken from the right.

    A name may itself hold brackets (``PC [Mittel]``); it ends before the leftmost bracket
    group, counting from the end, whose content is cards.
    """
    parts = text.split(" [")
    groups: list[tuple[int, ...]] = []
    while len(parts) > 1:
        inner = parts[-1]
        if not inner.endswith("]"):
            break
        try:
            cards = tuple([_CARD[c] for c in inner[:-1].split(" ")])
        except KeyError:
            break
        groups.append(cards)
        parts.pop()
    groups.reverse()
    return " [".join(parts), groups


class _HandBuilder:
    """The state of one hand while its line tokens are turned into events.

    Handlers receive a token's text without its final newline; a run token (table and seats,
    antes, a street and its deal, betting, summary) holds several lines, and ``offset`` says
    which one was being read when an error struck.
    """

    __slots__ = (
        "events", "folded", "money", "offset", "posted_ante", "posted_bring_in", "revealed",
        "river_slot", "seats", "sixth", "street", "table_line", "third_slot", "unit",
    )

    def __init__(self, unit: _Unit) -> None:
        self.unit = unit
        self.money = unit.money
        self.events: list[Event] = []
        self.seats: list[Seat] = []
        self.table_line = ""
        self.street = _THIRD
        self.third_slot: dict[str, int] = {}  # player -> index of the 3rd-street Deal
        self.river_slot: dict[str, int] = {}  # player -> index of the river Deal
        self.sixth: list[str] = []  # players dealt on 6th street, in order
        self.folded: set[str] = set()
        self.revealed: list[tuple[str, tuple[int, ...]]] = []  # (player, cards shown)
        self.posted_ante: int | None = None  # the largest ante posted in full
        self.posted_bring_in: int | None = None  # the bring-in, unless it was all-in
        self.offset = 0

    # --- seats, forced bets, streets and dealing ----------------------------------------------

    def table(self, text: str) -> None:
        """The table line, one line per seat, then the antes when nothing came between (the
        first line not starting with ``Seat `` is the first ante: see ``TABLE_ANTES_``)."""
        lines = text.split("\n")
        self.table_line = lines[0]
        money = self.money
        # Stacks change from hand to hand and mostly miss the memo: its ``__missing__`` is
        # called here directly (a Python call), not from C through ``money[...]``.
        known = money.get
        convert = type(money).__missing__
        append = self.seats.append
        i = antes = 0
        try:
            for i, line in enumerate(lines):
                if not line.startswith("Seat "):
                    if i:
                        antes = i
                        break
                    continue  # the table line
                colon = line.index(": ")
                if line[-10:] == " in chips)":  # nothing after the stack: most seats
                    paren = line.rindex(" (", 0, len(line) - 10)
                    stack_text = line[paren + 2 : -10]
                    stack = known(stack_text)
                    if stack is None:
                        stack = convert(money, stack_text)
                    append(Seat(int(line[5:colon]), line[colon + 2 : paren], stack))
                    continue
                chips = line.rindex(" in chips")
                paren = line.rindex(" (", 0, chips)
                tail = line[line.index(")", chips) + 1 :]
                append(Seat(int(line[5:colon]), line[colon + 2 : paren],
                            money[line[paren + 2 : chips]],
                            sitting_out=tail == " is sitting out",
                            out_of_hand=tail.startswith(" out of hand")))
        except Exception:
            self.offset = i
            raise
        if antes:
            self.ante_lines(lines, antes)

    def antes(self, text: str) -> None:
        self.ante_lines(text.split("\n"), 0)

    def ante_lines(self, lines: list[str], first: int) -> None:
        """``lines[first:]``, ``NAME: posts the ante X`` each; the largest ante posted in full
        is the header's ante."""
        memo = self.unit.antes
        try:
            new = list(map(memo.__getitem__, lines[first:] if first else lines))
        except Exception:
            self._redo(lines, first, memo.convert)
            raise
        self.events += new
        amounts = [ante.amount for ante in new if not ante.all_in]
        if amounts:
            top = max(amounts)
            if self.posted_ante is None or top > self.posted_ante:
                self.posted_ante = top

    def _redo(self, lines: list[str], first: int, convert: Callable[[str], Any]) -> None:
        """Convert ``lines[first:]`` again, one by one, to raise at the failing one with
        ``offset`` on it."""
        for i in range(first, len(lines)):
            self.offset = i
            convert(lines[i])

    def river(self, banner: str) -> None:
        events = self.events
        if banner.endswith("]"):  # *** RIVER *** [6h]: the deck ran out, one card for all
            events.append(BoardCard(_cards(banner[banner.rindex("[") + 1 : -1])[0]))
            return
        for player in self.sixth:
            if player not in self.folded:
                self.river_slot[player] = len(events)
                events.append(Deal(_SEVENTH, player, _HIDDEN, _DOWN))

    def deals(self, text: str) -> None:
        self.deal_lines(text.split("\n"), 0)

    def deal_lines(self, lines: list[str], first: int) -> int:
        """The ``Dealt to`` lines of ``lines`` from ``first`` on, up to the first line that is
        not one (a street's betting, see ``BETTING_``), whose index is returned. 4th-6th
        street (most of them) take a fast path: ``Dealt to NAME [old] [new]`` with one new
        card and no bracket in the name."""
        street = self.street
        i = first
        run = lines[first:] if first else lines
        try:
            if street is _THIRD:  # Dealt to NAME [door card], the hero's [a b c]
                events = self.events
                slots = self.third_slot
                doors = _DOORS
                for i, line in enumerate(run, first):
                    deal = doors.get(line)  # (the memo holds ``Dealt to`` lines only)
                    if deal is None:
                        if not line.startswith("Dealt to "):
                            return i
                        name, _, rest = line.partition(" [")
                        door = _CARD.get(rest[:-1])  # one card: nothing else can follow it
                        if door is None:
                            self.dealt(line)
                            continue
                        deal = Deal(street, name[9:], (None, None, door), _UP3)
                        if len(doors) >= _LINE_MEMO_SIZE:
                            doors.clear()
                        doors[line] = deal
                    slots[deal.player] = len(events)
                    events.append(deal)
                return len(lines)
            if street is _SEVENTH:
                for i, line in enumerate(run, first):
                    if not line.startswith("Dealt to "):
                        return i
                    self.dealt(line)
                return len(lines)
            append = self.events.append
            single = _SINGLE
            sixth = self.sixth if street is _SIXTH else None
            for i, line in enumerate(run, first):
                if not line.startswith("Dealt to "):
                    return i
                parts = line.split(" [")  # exactly "Dealt to NAME", "old]", "new]"?
                if len(parts) == 3:
                    new = single.get(parts[2][:-1])
                    if new is not None:
                        name = parts[0][9:]
                        append(Deal(street, name, new, _UP))
                        if sixth is not None:
                            sixth.append(name)
                        continue
                self.dealt(line)
            return len(lines)
        except Exception:
            self.offset = i
            raise

    def dealt(self, line: str) -> None:
        street = self.street
        last = line.rfind(" [")
        first = line.find(" [")
        if street is _THIRD and first == last:  # Dealt to NAME [cards]
            name, old = line[9:first], ()
            new = _cards(line[last + 2 : -1])
        elif street is not _THIRD and line.find(" [", first + 2) == last:
            name = line[9:first]  # Dealt to NAME [old] [new]
            old = (0,)  # only its presence matters after 3rd street
            text = line[last + 2 : -1]
            new = (_CARD[text],) if len(text) == 2 else _cards(text)
        else:  # a name with brackets of its own
            name, groups = _card_groups(line[9:])
            if not groups:
                raise FieldError("no cards in the Dealt line")
            new = groups[-1]
            old = groups[-2] if len(groups) > 1 else ()
        events = self.events
        if street is _THIRD:
            if old:  # [down down] [up]
                new = old + new
            if len(new) == 3:
                event = Deal(street, name, new, _UP3)
            elif len(new) == 1:
                event = Deal(street, name, (None, None, new[0]), _UP3)
            else:
                raise FieldError(f"{len(new)} cards dealt on 3rd street")
            self.third_slot[name] = len(events)
            events.append(event)
            return
        if len(new) != 1:
            raise FieldError(f"{len(new)} new cards on one street")
        if street is _SEVENTH:
            event = Deal(street, name, new, _DOWN)
            slot = self.river_slot.get(name)
            if slot is not None and events[slot].cards == _HIDDEN:  # type: ignore[union-attr]
                events[slot] = event
                return
            self.river_slot[name] = len(events)
        else:
            event = Deal(street, name, new, _UP)
            if street is _SIXTH:
                self.sixth.append(name)
        events.append(event)

    # --- betting ------------------------------------------------------------------------------

    def actions(self, text: str) -> None:
        self.action_lines(text.split("\n"), 0, text)

    def action_lines(self, lines: list[str], first: int, text: str) -> None:
        """``lines[first:]``, betting lines ``NAME: verb ...`` each (see ``_action``), through
        the memo; ``text`` holds them (and maybe more lines before them).

        Folds and the bring-in also shape the hand: who is still in when the river is dealt,
        and the header's bring-in (the first one not all-in).
        """
        memo = self.unit.actions
        try:
            new = list(map(memo.__getitem__, lines[first:] if first else lines))
        except Exception:
            self._redo(lines, first, memo.convert)
            raise
        self.events += new
        if ": folds" in text:
            self.folded.update([event.player for event in new if type(event) is Fold])
        if self.posted_bring_in is None and ": brings " in text:
            for event in new:
                if type(event) is BringIn and not event.all_in:
                    self.posted_bring_in = event.amount
                    break

    def betting_capped(self, line: str) -> None:
        self.events.append(BettingCapped())

    def double_bet(self, line: str) -> None:
        self.events.append(DoubleBetAllowed())

    def uncalled(self, text: str) -> None:
        """``Uncalled bet (X) returned to NAME``, then the collects that follow it at once
        (``COLLECTS_``)."""
        line, _, collects = text.partition("\n")
        amount, _, name = line[14:].partition(") returned to ")  # "Uncalled bet ("
        self.events.append(UncalledReturn(name, self.money[amount]))
        if collects:
            lines = collects.split("\n")
            i = 0
            try:
                for i, line in enumerate(lines):  # noqa: B007 (i: for errors)
                    self.collect(line)
            except Exception:
                self.offset = i + 1
                raise

    # --- showdown -----------------------------------------------------------------------------

    def show_down(self, text: str) -> None:
        """``*** SHOW DOWN ***``, then the shows, mucks and collects that follow it at once
        (``SHOWDOWN_RUN_``). The lexer would have read each of them as the first of
        ``COLLECT``, ``SHOW``, ``MUCK``, ``NO_SHOW`` to match; their line ends tell which:
        a pot (``pot``, ``pot-2``) for a collect, ``)`` or ``: shows [..]`` for a show,
        ``: mucks hand`` or ``: mucks [..]`` for a muck, else ``doesn't show hand``."""
        self.events.append(_SHOWDOWN_START)
        if len(text) == 17:  # the banner alone
            return
        lines = text.split("\n")
        i = 1
        try:
            for i in range(1, len(lines)):
                line = lines[i]
                end = line[-1]
                if end == "]":
                    if line.endswith(": shows ", 0, line.rindex("[")):
                        self.show(line)
                    else:
                        self.muck(line)
                elif end == ")":
                    self.show(line)
                elif end == "d":
                    if line.endswith(": mucks hand"):
                        self.muck(line)
                    else:
                        self.no_show(line)
                else:
                    self.collect(line)
        except Exception:
            self.offset = i
            raise

    def show(self, line: str) -> None:
        name, rest, cards = _split_show(line)
        description = rest.partition("]")[2].strip()
        desc = description[1:-1] if description.startswith("(") else None
        self.revealed.append((name, cards))
        self.events.append(Show(name, cards, desc))

    def muck(self, line: str) -> None:
        if line.endswith(": mucks hand"):
            self.events.append(Muck(line[:-12]))
            return
        name, groups = _card_groups(line)
        name = name[: -len(": mucks")]
        cards = groups[0] if groups else ()
        self.revealed.append((name, cards))
        self.events.append(Muck(name, cards))

    def no_show(self, line: str) -> None:
        self.events.append(NoShow(line[: -len(": doesn't show hand")]))

    def collect(self, line: str) -> None:
        name, _, rest = line.rpartition(" collected ")
        amount, _, pot = rest.partition(" from ")
        self.events.append(Collect(name, self.money[amount], pot))

    def no_low(self, line: str) -> None:
        self.events.append(NoLowHand())

    # --- summary ------------------------------------------------------------------------------

    def summary(self, text: str) -> None:
        """``*** SUMMARY ***``, ``Total pot``, maybe ``Board [..]``, then the seat results."""
        lines = text.split("\n")
        self.offset = 1
        self.total_pot(lines[1])
        first = 2
        if len(lines) > 2 and lines[2].startswith("Board ["):
            self.offset = 2
            self.board(lines[2])
            first = 3
        if len(lines) > first:
            self.seat_result_lines(lines, first)
        self.offset = 0

    def total_pot(self, line: str) -> None:
        self.events.append(self.unit.totals[line])

    def board(self, line: str) -> None:
        board = _cards(line[7:-1])
        events = self.events
        for i in range(len(events) - 1, -1, -1):
            summary = events[i]
            if type(summary) is Summary:
                events[i] = Summary(summary.total_pot, summary.rake, summary.main_pot,
                                    summary.side_pots, board)
                return

    def seat_results(self, text: str) -> None:
        self.seat_result_lines(text.split("\n"), 0)

    def seat_result_lines(self, lines: list[str], first: int) -> None:
        """``lines[first:]``, ``Seat N: NAME folded/showed/mucked/collected ...`` each, one
        per seat; the ``folded`` ones (most of them, and the same from hand to hand) through a
        memo."""
        folds = _SEAT_FOLDS
        append = self.events.append
        i = first
        try:
            for i, line in enumerate(lines[first:] if first else lines, first):  # noqa: B007
                folded = folds.get(line)
                if folded is not None:
                    append(folded)
                    continue
                colon = line.index(": ")
                seat = int(line[5:colon])
                if line.endswith(")") and " collected (" in line:
                    end = line.rindex(" collected (")
                    append(SeatResult(seat, line[colon + 2 : end], "collected",
                                      won=self.money[line[end + 12 : -1]]))
                elif " folded on the " in line:
                    folded = self._seat_folded(seat, line, colon)
                    if len(folds) >= _LINE_MEMO_SIZE:
                        folds.clear()
                    folds[line] = folded
                    append(folded)
                elif " showed [" in line:
                    self._seat_cards(seat, line, colon, " showed [", "showed")
                else:
                    self._seat_cards(seat, line, colon, " mucked [", "mucked")
        except Exception:
            self.offset = i
            raise

    def _seat_folded(self, seat: int, line: str, colon: int) -> SeatResult:
        end = line.rindex(" folded on the ")
        rest = line[end + 15 :]
        didnt_bet = rest.endswith(" (didn't bet)")
        if didnt_bet:
            rest = rest[:-13]
        return SeatResult(seat, line[colon + 2 : end], "folded", street=_STREET_BY_NAME[rest],
                          didnt_bet=didnt_bet)

    def _seat_cards(self, seat: int, line: str, colon: int, marker: str, outcome: str) -> None:
        """``showed [..] and won (X) with ...`` / ``mucked [..]`` (maybe ``and lost with``)."""
        end = line.index(marker)
        cards_text, _, rest = line[end + len(marker) :].partition("]")
        won = [self.money[w] for w in _WON.findall(rest)] if "won (" in rest else None
        _, with_, description = rest.partition(" with ")
        name, cards = line[colon + 2 : end], _cards(cards_text)
        self.revealed.append((name, cards))
        self.events.append(
            SeatResult(seat, name, outcome, won=sum(won) if won else None,
                       cards=cards, description=description if with_ else None)
        )

    # --- table noise --------------------------------------------------------------------------

    def chat(self, line: str) -> None:
        name, _, message = line[:-1].partition(' said, "')
        self.events.append(Chat(name, message))

    # --- after the last line ------------------------------------------------------------------

    def reveal(self) -> None:
        """Fill hidden hole and river cards from the cards players showed or mucked."""
        for player, shown in self.revealed:
            if len(shown) >= 2:
                self._fill(player, shown)

    def _fill(self, player: str, shown: tuple[int, ...]) -> None:
        events = self.events
        slot = self.third_slot.get(player)
        if slot is None:
            return
        deal = events[slot]
        cards = deal.cards  # type: ignore[union-attr]
        if cards[0] is not None or (len(shown) > 2 and shown[2] != cards[2]):
            return
        events[slot] = Deal(_THIRD, player, (shown[0], shown[1], cards[2]), _UP3)
        river = self.river_slot.get(player)
        if len(shown) == 7 and river is not None and events[river].cards == _HIDDEN:  # type: ignore[union-attr]
            events[river] = Deal(_SEVENTH, player, (shown[6],), _DOWN)


def _split_show(line: str) -> tuple[str, str, tuple[int, ...]]:
    """``NAME: shows [cards] (description)`` -> (NAME, ``cards] (description)``, cards).

    The name ends at the first ``: shows [`` that opens a bracket of cards.
    """
    start = 0
    while True:
        i = line.index(": shows [", start)
        rest = line[i + 9 :]
        try:
            cards = _cards(rest[: rest.index("]")])
        except (FieldError, ValueError):
            start = i + 1
            continue
        return line[:i], rest, cards


def _street_start(street: Street, builder: _HandBuilder, text: str) -> None:
    """A street's banner line, the cards dealt on it, then its betting (up to the first line
    that is no deal: ``BETTING_``'s guard keeps ``Dealt to`` off its first line; only that
    line needs the test, deals come first). ``_HANDLERS`` binds ``street`` with ``partial``
    (a C call; a method per street calling a shared one was two Python calls)."""
    builder.street = street
    builder.events.append(_STREET_STARTS[street])
    lines = text.split("\n")
    if street is _SEVENTH:
        builder.river(lines[0])
    if len(lines) > 1:
        first = builder.deal_lines(lines, 1)
        if first < len(lines):  # the street's betting (``BETTING_``)
            builder.action_lines(lines, first, text)


def _note(kind: str, *markers: str) -> Callable[[_HandBuilder, str], None]:
    """A handler for a table-noise line; the name ends where the first marker found starts."""

    def handle(builder: _HandBuilder, line: str) -> None:
        for marker in markers:
            end = line.find(marker)
            if end >= 0:
                builder.events.append(TableNote(kind, line[:end], line))
                return
        raise FieldError(f"no {kind} marker in {line!r}")

    return handle


def _amount(money: dict[str, int], act: str, start: int) -> tuple[int, bool]:
    if act.endswith(_ALL_IN):
        return money[act[start : -len(_ALL_IN)]], True
    return money[act[start:]], False


def _call(name: str, act: str, money: dict[str, int]) -> Event:
    return Call(name, *_amount(money, act, 6))  # "calls "


def _check(name: str, act: str, money: dict[str, int]) -> Event:
    return Check(name)


def _fold(name: str, act: str, money: dict[str, int]) -> Event:
    return Fold(name, _cards(act[7:-1]) if act != "folds" else ())  # "folds [..]"


def _bet(name: str, act: str, money: dict[str, int]) -> Event:
    return BetEvent(name, *_amount(money, act, 5))  # "bets "


def _raise(name: str, act: str, money: dict[str, int]) -> Event:
    all_in = act.endswith(_ALL_IN)
    if all_in:
        act = act[: -len(_ALL_IN)]
    by, _, to = act[7:].partition(" to ")  # "raises "
    return Raise(name, money[by], money[to], all_in)


def _bring_in(name: str, act: str, money: dict[str, int]) -> Event:
    return BringIn(name, *_amount(money, act, 14))  # "brings in for "


def _complete(name: str, act: str, money: dict[str, int]) -> Event:
    return Complete(name, *_amount(money, act, 16))  # "completes it to "


#: first word of a betting line's action -> its event
_ACTS: dict[str, Callable[[str, str, dict[str, int]], Event]] = {
    "calls": _call,
    "checks": _check,
    "folds": _fold,
    "bets": _bet,
    "raises": _raise,
    "brings": _bring_in,
    "completes": _complete,
}


def _action(line: str, money: dict[str, int]) -> Event:
    """A betting line ``NAME: verb ...`` -> its event; the verb follows the name's last
    ``: ``. The grammar has already matched the line against its line kind, so the first
    word after the name says which kind it is."""
    name, _, act = line.rpartition(": ")
    if act == "checks":
        return Check(name)
    if act == "folds":
        return Fold(name)
    if act[:6] == "calls " and act[-14:] != _ALL_IN:
        return Call(name, money[act[6:]])
    if act[:5] == "bets " and act[-14:] != _ALL_IN:
        return BetEvent(name, money[act[5:]])
    space = act.find(" ")  # the rarer kinds, and anything all-in
    return _ACTS[act[:space] if space > 0 else act](name, act, money)


def _total_pot(line: str, money: dict[str, int]) -> Summary:
    """``Total pot X [Main pot Y. Side pot Z.] | Rake R`` (the board comes later)."""
    match = _TOTAL.fullmatch(line)
    if match is None:
        raise FieldError("unreadable Total pot line")
    main = match["main"]
    sides = tuple(money[s.split(" ")[-1][:-1]] for s in match["sides"].split(" Side pot")[1:])
    return Summary(money[match["total"]], money[match["rake"]], money[main] if main else None,
                   sides)


def _ante(line: str, money: dict[str, int]) -> Ante:
    name, _, amount = line.rpartition(": posts the ante ")
    if amount.endswith(_ALL_IN):
        return Ante(name, money[amount[: -len(_ALL_IN)]], True)
    return Ante(name, money[amount])


class _Unit:
    """A money unit (cents or chips) and the line memos whose events depend on it."""

    __slots__ = ("actions", "antes", "money", "totals")

    def __init__(self, money: _Memo) -> None:
        self.money = money
        self.actions = _LineMemo(lambda line: _action(line, money))
        self.antes = _LineMemo(lambda line: _ante(line, money))
        self.totals = _LineMemo(lambda line: _total_pot(line, money))


_IN_CENTS = _Unit(_CENTS)
_IN_CHIPS = _Unit(_CHIPS)

#: 3rd-street line ``Dealt to NAME [door]`` -> its ``Deal`` (a player's door cards repeat
#: within a session; events are immutable, so one instance serves every hand)
_DOORS: dict[str, Deal] = {}
#: summary line ``Seat N: NAME folded on the ...`` -> its ``SeatResult`` (no money in it)
_SEAT_FOLDS: dict[str, SeatResult] = {}


#: line terminal -> how it becomes events
_HANDLERS: dict[str, Callable[[_HandBuilder, str], None]] = {
    "TABLE": _HandBuilder.table,
    "ANTES": _HandBuilder.antes,
    "THIRD": partial(_street_start, Street.THIRD),
    "FOURTH": partial(_street_start, Street.FOURTH),
    "FIFTH": partial(_street_start, Street.FIFTH),
    "SIXTH": partial(_street_start, Street.SIXTH),
    "RIVER": partial(_street_start, Street.SEVENTH),
    "DEALS": _HandBuilder.deals,
    "ACTIONS": _HandBuilder.actions,
    "BETTING_CAPPED": _HandBuilder.betting_capped,
    "DOUBLE_BET": _HandBuilder.double_bet,
    "UNCALLED": _HandBuilder.uncalled,
    "COLLECT": _HandBuilder.collect,
    "SHOW": _HandBuilder.show,
    "MUCK": _HandBuilder.muck,
    "NO_SHOW": _HandBuilder.no_show,
    "NO_LOW": _HandBuilder.no_low,
    "SHOW_DOWN": _HandBuilder.show_down,
    "SUMMARY": _HandBuilder.summary,
    "SEAT_RESULTS": _HandBuilder.seat_results,
    "JOINS": _note("joins", " joins the table"),
    "LEAVES": _note("leaves", " leaves the table"),
    "CONNECTED": _note("connected", " is connected"),
    "DISCONNECTED": _note("disconnected", " is disconnected"),
    "SITTING_OUT": _note("sitting_out", " is sitting out", ": sits out", ": is sitting out"),
    "RETURNED": _note("returned", " has returned", ": sits in"),
    "TIMED_OUT": _note("timed_out", " has timed out"),
    "REMOVED": _note("removed", " was removed from the table"),
    "FINISHED": _note("finished", " finished the tournament", " wins the tournament"),
    "REBUY": _note("rebuy", " re-buys and receives ", " takes the add-on and receives "),
    "BOUNTY": _note("bounty", " wins "),
    "CHAT": _HandBuilder.chat,
}


#: groups of the header regex that ``_Transformer.header`` reads again for every hand
_WHEN_GROUPS = frozenset({"hand_id", "date", "zone", "date_et"})
#: header text between the hand number and the date -> its groups (see ``header``)
_HEADER_MIDDLES: dict[str, dict[str, str | None]] = {}
#: the header regex's date part starts right after this (the stakes' ")" and " - ")
_WHEN_START = r"\)\ \-\ (?P<date>"  # its last 9 characters open the date group


class _Transformer(lark.Transformer):
    """Called by the LALR parser on each reduction; returns plain values, never trees."""

    __visit_tokens__ = False

    def __init__(self) -> None:
        super().__init__()
        # both set once the grammar is compiled (``build_lark``)
        self.header_re: re.Pattern[str] | None = None
        self.when_re: re.Pattern[str] | None = None

    def header(self, children: list[Any]) -> dict[str, str | None]:
        """The header's named groups, as ``header_re`` gives them.

        Within a session only the hand number and the date change from header to header:
        the groups between them (game, stakes, tournament) are remembered by the text they
        come from, ``text[colon:cut]``, and only the date is matched again (``when_re``, the
        header regex's own tail). ``cut`` is the stakes' closing parenthesis: the last
        ``") - "`` of a header, as a date holds none and nothing before the stakes' ")" but
        the HORSE-style ``(Razz Limit) - Level`` has one. The hand number is between
        ``PokerStars Hand #`` (or ``Game #``, 17 characters both) and the first colon.
        """
        text: str = children[0].value
        colon = text.find(":")
        cut = text.rfind(") - ")
        middle = _HEADER_MIDDLES.get(text[colon:cut])
        if middle is not None and self.when_re is not None:
            when = self.when_re.match(text, cut + 4)
            if when is not None:
                fields = middle.copy()
                fields["hand_id"] = text[17:colon]
                fields.update(when.groupdict())
                return fields
        match = self.header_re.match(text)  # type: ignore[union-attr]
        if match is None:  # pragma: no cover - the lexer matched this very pattern
            raise _LineError("unreadable header", 1)
        fields = match.groupdict()
        if text[17:colon] == fields["hand_id"]:  # the layout ``header`` relies on
            if len(_HEADER_MIDDLES) >= _LINE_MEMO_SIZE:
                _HEADER_MIDDLES.clear()
            _HEADER_MIDDLES[text[colon:cut]] = {
                name: value for name, value in fields.items() if name not in _WHEN_GROUPS
            }
        return fields


    def lines(self, children: list[Any]) -> list[Any]:
        """``lines: _line | lines _line``: grow one list per run of lines (no tree nodes)."""
        if len(children) < 2:
            return list(children)
        run: list[Any] = children[0]
        run.append(children[1])
        return run

    preamble = showdown = seat_results = lines

    def start(self, children: list[Any]) -> tuple[Header, tuple[Seat, ...], tuple[Event, ...]]:
        """Lark's own callbacks (``_direct_callbacks`` did not apply): flat runs."""
        tokens: list[Any] = []
        for item in children[1:]:
            if type(item) is list:
                tokens += item
            else:
                tokens.append(item)
        return _build_hand(self.header(children), tokens)

    def start_direct(self, children: list[Any]) -> tuple[Header, tuple[Seat, ...],
                                                         tuple[Event, ...]]:
        """``start`` under ``_direct_callbacks``: children are the HEADER and TABLE tokens,
        maybe the preamble run, the streets ``(THIRD, run?, FOURTH, run?, ...)``, maybe
        ``SHOW_DOWN`` and its run, then ``SUMMARY`` and maybe its run; runs are nested as
        ``[[[t1], t2], t3]``."""
        if type(children[2]) is tuple:  # no preamble
            items = children[1:2]
            items += children[2]
            items += children[3:]
        else:
            items = children[1:3]
            items += children[3]
            items += children[4:]
        return _build_hand(self.header(children), items)


def _build_hand(fields: dict[str, str | None],
                items: list[Any]) -> tuple[Header, tuple[Seat, ...], tuple[Event, ...]]:
    """Every line token of a hand, in order, through its handler; then the header.

    ``items`` holds tokens and runs (see ``_Transformer.start_direct``), unwound here in one
    loop.
    """
    currency = _currency(fields)
    builder = _HandBuilder(_IN_CENTS if currency else _IN_CHIPS)
    handlers = _HANDLERS
    tok = items[0]
    try:
        for item in items:
            if type(item) is list:
                run = []
                while len(item) == 2:
                    item, tok = item
                    run.append(tok)
                run.append(item[0])
                for tok in reversed(run):
                    handlers[tok.type](builder, tok.value[:-1])
            else:
                tok = item
                handlers[tok.type](builder, tok.value[:-1])
    except (ValueError, KeyError, IndexError) as exc:
        raise _LineError(str(exc), builder.offset + 1, tok.start_pos) from None
    builder.reveal()
    events = builder.events
    try:
        header = _header(fields, currency, builder.table_line, builder.posted_ante,
                         builder.posted_bring_in)
    except (ValueError, KeyError, IndexError) as exc:
        raise _LineError(str(exc), 1) from None
    return header, tuple(builder.seats), tuple(events)


class _LineError(Exception):
    """A field error on the ``line``-th line (1-based) counted from the text position
    ``start`` (a token's ``start_pos``; tokens carry no line numbers, see ``_no_newlines``)."""

    def __init__(self, message: str, line: int, start: int = 0) -> None:
        super().__init__(message)
        self.line = line
        self.start = start


def _currency(fields: dict[str, str | None]) -> str | None:
    """The header's currency (the money unit of the whole hand): a code, or the stakes'
    symbol."""
    return fields["currency"] or _CURRENCY_BY_SYMBOL.get((fields["small"] or "")[:1])


#: module constants: an enum attribute read costs ~10x a global read
_RAZZ, _STUD8, _STUD = Game.RAZZ, Game.STUD8, Game.STUD
_LIMITS = {"Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}


def _table(table_text: str) -> tuple[str, int | None, str]:
    """``Table 'NAME' 8-max ...`` -> (NAME, 8, what follows the name)."""
    name_end = table_text.rindex("'")
    after = table_text[name_end + 1 :]
    max_seats = None
    if "-max" in after:
        max_seats = int(after[: after.index("-max")].split()[-1])
    return table_text[7:name_end], max_seats, after


#: table line -> its fields (a session is played at a few tables)
_TABLES = _LineMemo(_table)


def _header(fields: dict[str, str | None], currency: str | None, table_text: str,
            ante: int | None, bring_in: int | None) -> Header:
    money = _CENTS if currency else _CHIPS
    game_text = fields["game"] or ""
    game = _RAZZ if game_text == "Razz" else (_STUD8 if game_text.endswith("Hi/Lo") else _STUD)
    limit = _LIMITS[fields["limit"] or "Limit"]
    when_et = fields["date_et"]
    if when_et:
        started_at = _started_at(when_et, "ET")
    else:
        started_at = _started_at(fields["date"] or "", fields["zone"] or "ET")
    table, max_seats, after = _TABLES[table_text]
    tournament = fields["tournament_id"]
    return Header(
        site=SITE,
        hand_id=fields["hand_id"] or "",
        game=game,
        small_bet=money[fields["small"] or ""],
        big_bet=money[fields["big"] or ""],
        started_at=started_at,
        table=table,
        limit=limit,
        ante=ante,
        bring_in=bring_in,
        currency=currency,
        play_money=currency is None and (tournament is None or "(Play Money)" in after),
        max_seats=max_seats,
        tournament_id=tournament,
        level=fields["level"],
        buy_in=fields["buy_in"],
        mixed=fields["mixed"],
    )


def grammar_text() -> str:
    """The grammar shipped in the ``grammars`` package (inside the wheel too)."""
    return files("grammars").joinpath("pokerstars.lark").read_text(encoding="utf-8")


@contextmanager
def _no_newlines() -> Iterator[None]:
    """Build Lark lexers that count no lines: no terminal is taken to hold a newline.

    Lark's lexer counts the newlines of every token that may hold one (here every token:
    each spans whole lines) to give tokens and errors line numbers; that was ~3 % of a
    hand's parse. Nothing here reads a token's ``line`` or ``column``: field errors carry the
    token's ``start_pos`` and syntax errors their ``pos_in_stream`` (both character offsets,
    which Lark keeps exactly), and ``PokerStarsParser`` turns them into the same line and
    column by counting newlines once, only when a hand fails.
    """
    modules = [lark.lexer] + ([lark_cython.lark_cython] if _PLUGINS is not None else [])
    # A Lark without this private helper simply keeps counting: the lines and columns of
    # errors come from the offsets either way (tests/test_parse_lines.py checks both).
    modules = [m for m in modules if callable(getattr(m, "_regexp_has_newline", None))]
    saved = [module._regexp_has_newline for module in modules]  # type: ignore[attr-defined]
    try:
        for module in modules:
            module._regexp_has_newline = _never  # type: ignore[attr-defined]
        yield
    finally:
        for module, original in zip(modules, saved, strict=True):
            module._regexp_has_newline = original  # type: ignore[attr-defined]


def _never(regexp: str) -> bool:
    return False


#: The grammar with the runs merged into the token before them (``BETTING_``,
#: ``TABLE_ANTES_``, ``SHOWDOWN_RUN_``, ``COLLECTS_``) left to their own tokens: the same
#: language, but the parser states after such a run are the ones its own token leads to, so
#: its syntax errors list what those states expect (see ``PokerStarsParser._plain_error``).
_PLAIN_RUNS = """
%override BETTING_: /(?:)/
%override TABLE_ANTES_: /(?:)/
%override SHOWDOWN_RUN_: /(?:)/
%override COLLECTS_: /(?:)/
"""


def build_lark(use_cython: bool | None = None, plain_runs: bool = False) -> lark.Lark:
    """The LALR parser with the transformer inline; lark-cython when available.

    ``plain_runs``: without the merged runs (``_PLAIN_RUNS``), for syntax errors.
    """
    plugins = _PLUGINS if use_cython is not False else None
    if use_cython and plugins is None:
        raise RuntimeError("lark-cython is not installed")
    transformer = _Transformer()
    options: dict[str, Any] = {"parser": "lalr", "lexer": "contextual",
                               "transformer": transformer}
    if plugins is not None:
        options["_plugins"] = plugins
    text = grammar_text() + (_PLAIN_RUNS if plain_runs else "")
    with _no_newlines():
        parser = lark.Lark(text, **options)
    header_regexp = parser.get_terminal("HEADER").pattern.to_regexp()
    transformer.header_re = re.compile(header_regexp)
    if header_regexp.count(_WHEN_START) == 1:
        when = header_regexp[header_regexp.index(_WHEN_START) + len(_WHEN_START) - 9 :]
        if set(re.compile(when).groupindex) | {"hand_id"} == _WHEN_GROUPS:
            transformer.when_re = re.compile(when)
    _identity_rules(parser)
    _direct_callbacks(parser)
    return parser


#: rules whose callback under ``_direct_callbacks`` is ``list``: a run of lines (left
#: recursive: ``[previous run, token]``, nested down to ``[first token]``)
_LIST_RULES = frozenset({"preamble", "lines", "showdown", "seat_results"})


#: rules of one line kind out of several (``lines: _line | lines _line``): reduce to the token
_ONE_RULES = frozenset({"_preamble_line", "_line", "_showdown_line", "_seat_result"})
_first = operator.itemgetter(0)


def _direct_callbacks(parser: lark.Lark) -> None:
    """Let the LALR loop call C builtins, not Python methods, on most reductions.

    A reduction's callback is a Python call (about a tenth of a hand's parse went to calling
    ``lines`` once per token and Lark's child filter and ``Tree`` for the inlined rules).
    Here every run reduces with ``list`` (a copy of its children), the streets with
    ``tuple``, a rule of one line kind out of several with ``itemgetter(0)`` (its token),
    and ``start`` (``_Transformer.start_direct``) unwinds the nested lists into the token
    sequence the transformer's ``start`` would have seen. Nothing changes if the layout is
    not the one this was written against.
    """
    try:
        callbacks: dict[Any, Any] = parser.parser.parser_conf.callbacks
        names = {rule: str(rule.origin.name) for rule in callbacks}
        transformer: _Transformer = parser.options.transformer
    except AttributeError:  # pragma: no cover - another Lark version
        return
    expected = _LIST_RULES | _ONE_RULES | {"start", "_streets"}
    if set(names.values()) != expected:
        return  # pragma: no cover - another grammar or Lark version
    for rule, name in names.items():
        if name in _LIST_RULES:
            callbacks[rule] = list
        elif name in _ONE_RULES:
            callbacks[rule] = _first
        elif name == "_streets":
            callbacks[rule] = tuple  # tells the streets from a preamble run in ``start``
        elif name == "start":
            callbacks[rule] = transformer.start_direct


class _IdentityRule(Rule):
    """A grammar rule that compares and hashes by identity (C slots, no Python call).

    The LALR loop does, on every reduction, ``callbacks[rule]`` (``Rule.__hash__``), ``assert
    rule != end_state`` (``Rule.__eq__``) and a lookup by ``rule.origin.name`` (a Lark
    ``Token``, whose ``__eq__`` is Python too): three Python calls per reduction, about a
    tenth of Lark's time here. The parse table and the callbacks hold the very same rule
    objects, so identity is equality for them.
    """

    __slots__ = ()
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__


def _identity_rules(parser: lark.Lark) -> None:
    """Turn the rules of ``parser``'s LALR table into ``_IdentityRule`` (see there).

    Only this parser's own objects change; the callbacks dict is re-keyed in place (the
    LALR loop holds a reference to it). Nothing happens if Lark's layout is not the one
    this was written against: the parser then just runs at Lark's own speed.
    """
    try:
        callbacks: dict[Any, Any] = parser.parser.parser_conf.callbacks
        states = parser.parser.parser._parse_table.states
    except AttributeError:  # pragma: no cover - another Lark version
        return
    rules = {id(arg): arg for actions in states.values() for action, arg in actions.values()
             if action is Reduce}
    if not all(type(rule) is Rule and rule in callbacks for rule in rules.values()):
        return  # pragma: no cover - another Lark version
    entries = list(callbacks.items())
    for rule in rules.values():
        rule.__class__ = _IdentityRule
        rule.origin.name = str(rule.origin.name)
    callbacks.clear()
    callbacks.update(entries)


def _fast_parse(parser: lark.Lark) -> Callable[[str], Any]:
    """``parser.parse`` without its per-call layers (start checks, option lookups).

    ``Lark.parse`` goes through the front end and the LALR wrapper (for ``on_error``, which
    is not used here) to the LALR loop; this calls the loop with a new lexer thread
    directly. Errors are the very same ``UnexpectedInput`` exceptions.
    """
    try:
        frontend = parser.parser
        lexer = frontend.lexer
        loop = frontend.parser.parser.parse
        (start,) = frontend.parser_conf.start
        plugins = getattr(frontend.options, "_plugins", None) or {}
        from_text = plugins.get("LexerThread", LexerThread).from_text
    except (AttributeError, ValueError):  # pragma: no cover - another Lark version
        return parser.parse

    def parse(text: str) -> Any:
        return loop(from_text(lexer, text), start)

    return parse


class PokerStarsParser:
    """Parses one hand's text at a time; holds the compiled Lark parser."""

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._lark = build_lark(use_cython)
        self._parse = _fast_parse(self._lark)
        self._plain_parse: Callable[[str], Any] | None = None  # built on the first error

    def parse_hand(self, raw: RawHand) -> Hand | ParseError:
        text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
        try:
            header, seats, events = self._parse(text)
            return Hand(header=header, seats=seats, events=events,
                        source=Source(raw.path, raw.line))
        except UnexpectedInput as exc:
            return _syntax_error(self._plain_error(text) or exc, raw, text)
        except _LineError as exc:
            line = text.count("\n", 0, exc.start) + exc.line
            return ParseError(message=str(exc), path=raw.path, line=raw.line + line - 1,
                              hand_id=_hand_id(text), text=raw.text)
        except Exception as exc:  # never let one hand stop a file
            return ParseError(message=f"internal parser error: {type(exc).__name__}: {exc}",
                              path=raw.path, line=raw.line, hand_id=_hand_id(text),
                              text=raw.text)

    def _plain_error(self, text: str) -> UnexpectedInput | None:
        """The syntax error of ``text`` under the grammar without merged runs.

        Both grammars accept the same hands, and fail at the same line. But a merged token
        (a street with its betting, the seats with the antes, ...) leaves the LALR parser in
        the state its first part leads to, not the one the run's own token leads to, and the
        lexer's and parser's expected terminals are those of the state: after a 3rd street's
        betting the plain grammar also expects ``FIFTH`` (the state after ``ACTIONS`` is
        shared by every street), and a hand cut short ends at its last token's first line.
        Errors keep reading as they always have: they come from the plain grammar, built on
        the first error (a hand that fails is parsed twice).
        """
        parse = self._plain_parse
        if parse is None:
            parse = self._plain_parse = _fast_parse(build_lark(self._use_cython, True))
        try:
            parse(text)
        except UnexpectedInput as exc:
            return exc
        except Exception:  # accepted after all (the grammars disagree): keep the first error
            return None
        return None


def _hand_id(text: str) -> str | None:
    first = text.split("\n", 1)[0]
    match = _HAND_ID.search(first)
    return match.group(1) if match else None


def _syntax_error(exc: UnexpectedInput, raw: RawHand, text: str) -> ParseError:
    line = getattr(exc, "line", None)
    column = getattr(exc, "column", None)
    if isinstance(exc, UnexpectedCharacters):
        expected = tuple(sorted(exc.allowed or ()))
    elif isinstance(exc, UnexpectedToken | UnexpectedEOF):
        expected = tuple(sorted(exc.expected or ()))
    else:  # pragma: no cover - lark has no other kinds
        expected = ()
    if not isinstance(line, int) or line < 1:
        line = text.count("\n")  # end of input
        column = None
    elif isinstance(exc.pos_in_stream, int) and exc.pos_in_stream >= 0:
        # Lark counts no lines here (``_no_newlines``): the position says where
        pos = exc.pos_in_stream
        line = text.count("\n", 0, pos) + 1
        column = pos - text.rfind("\n", 0, pos)
    lines = text.split("\n")
    shown = lines[line - 1] if line - 1 < len(lines) else ""
    incomplete = isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken)
                                                    and exc.token.type == "$END")
    message = "hand ends too early" if incomplete else f"unexpected line {shown[:120]!r}"
    readable = tuple(e for e in expected if not e.startswith("__ANON"))
    if readable:
        message += " (expected " + ", ".join(readable[:12]) + ("…)" if len(readable) > 12
                                                               else ")")
    return ParseError(message=message, path=raw.path, line=raw.line + line - 1,
                      column=column if isinstance(column, int) and column > 0 else None,
                      hand_id=_hand_id(text), expected=expected, text=raw.text,
                      incomplete=incomplete)
