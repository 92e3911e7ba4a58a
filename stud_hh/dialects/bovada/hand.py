"""Bovada / Bodog line tokens -> a ``Hand`` (``grammars/bovada.lark``).

What Bovada writes, and the events it becomes:

* players are seats: ``Seat+5`` is the player in seat 5 (named so), the hero ``Seat+3 [ME]``
  is ``Hero`` (the seat changes from table to table; the hero does not);
* every player's cards are printed as they are dealt (``Card dealt to a spot [7h 8c Jc]``:
  two hole cards, then the door card); a street without a banner starts where a player
  already dealt on the current street gets another card;
* ``Bring_in chip``/``Big blind/Bring in`` is the bring-in; ``Bets`` on 3rd street is the
  bring-in player completing (the engine reads a bet over the bring-in as the completion);
  ``D bets``/``Double bets`` is the big bet on 4th street over an open pair; ``Raises X to
  Y`` and ``Raises Y`` raise the street total to Y, and so does ``All-in(raise) Y``;
  ``All-in X`` puts X more chips in (a bet, a call or a raise, by what it is facing);
* ``Showdown [best five] (One pair)`` is the player showing his hand: the ``Show`` holds
  his seven cards as dealt (the best five are the site's reading of them);
  ``Does not show`` is a ``NoShow``; ``Hand result $0.09`` a ``Collect``;
* ``Total Pot($0.59) | Rake ($0.02)``; where no rake is printed, what the winners did not
  collect was the rake.

The header names no stakes: the small bet is the completion, the first 4th-street bet
(the big bet when it is a double bet) or half the first bet from 5th street on; the big
bet twice the small. A hand where nobody bet more than the bring-in shows neither: its
stakes are taken as twice and four times the bring-in (as in Bovada's tournament
structures). Times carry no zone: Bovada's clock is Eastern time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import (
    FIELD_ERRORS,
    GrammarParser,
    LineError,
    SiteLines,
    read_lines,
    seats_as_dealt,
)
from stud_hh.dialects.money import MEMO_SIZE, cents, chips
from stud_hh.dialects.stud_hand import UP_THIRD, StudHand, up_card_deal
from stud_hh.dialects.wagers import StreetBets
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Deal,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    NoShow,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Source,
    Street,
    Summary,
    TableNote,
    UncalledReturn,
)

SITE = "bovada"
Fields = dict[str, str | None]
HERO = "Hero"

_GAMES = {"7CARD": Game.STUD, "7CARD HiLo": Game.STUD8, "7CARD_HL": Game.STUD8}
_LIMITS = {"Fixed Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}
_BANNERS = {"4TH": Street.FOURTH, "5TH": Street.FIFTH, "6TH": Street.SIXTH,
            "RIVER": Street.SEVENTH, "7TH": Street.SEVENTH}
_FOLDED_ON = {"3RD": Street.THIRD, **_BANNERS}
_CARD = {str_card(c): c for c in DECK}
_THIRD, _SEVENTH = Street.THIRD, Street.SEVENTH
_NEXT = {Street.THIRD: Street.FOURTH, Street.FOURTH: Street.FIFTH, Street.FIFTH: Street.SIXTH,
         Street.SIXTH: Street.SEVENTH}
_ACTION = re.compile(r"(?P<verb>Bring_in chip|Big blind/Bring in|Bring in|Calls?|Bets|D bets"
                     r"|Double bets|All-in|Raises|Checks|Folds?)(?:\([a-z-]+\))*"
                     r"(?: (?P<amount>\S+)(?: to (?P<to>\S+))?)?")
_SEAT_RESULT = re.compile(
    r"Seat[+ ](?P<seat>\d+): +(?:Folded on the (?P<street>\S+)(?: STREET)?"
    r"|(?P<quiet>\S+) \[Does not show\]"
    r"|\[Mucked\] \[(?P<mucked>[^\]]+?) ?\]"
    r"|(?:HI )?(?P<won>\$?[\d,.]+)? *(?:lose |lost )?with (?P<description>.+?) "
    r"\[(?P<cards>[^\]-]+)-[^\]]*\](?: LO (?P<low>\$?[\d,.]+) \[[^\]]*\])?)")


def cards(text: str) -> tuple[int, ...]:
    """``Ac Kc 8c`` -> card ints."""
    try:
        return tuple([_CARD[card] for card in text.strip().split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def player(text: str) -> str:
    """``Seat+5`` stays ``Seat+5``; the hero, ``Seat+3 [ME]``, is ``Hero``."""
    return HERO if text.endswith(" [ME]") else text


def other_game(fields: Fields) -> str | None:
    """Hold'em and Omaha hands, and pot- or no-limit stud, are not read."""
    if fields["other_game"]:
        return f"{fields['other_game']} {fields['limit'] or ''}".strip()
    if fields["limit"] not in (None, "Fixed Limit"):
        return f"{fields['game']} {fields['limit']}"
    return None


class BovadaHand:
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    readers: ClassVar[dict[str, Callable[[BovadaHand, str], None]]]  # set below

    def __init__(self, fields: Fields) -> None:
        self.fields = fields
        self.currency: str | None = None
        self.money: Callable[[str], int] = chips
        self.hand = StudHand()
        self.bets = StreetBets()
        self.seats: list[Seat] = []
        self.names: dict[int, str] = {}  # seat number -> player
        self.dealt: dict[str, list[int]] = {}  # player -> his cards so far, as dealt
        self.dealt_now: set[str] = set()  # players dealt on the current street
        self.small: int | None = None  # the stakes, as the bets show them
        self.big: int | None = None
        self.showdown = False
        self.rake_unprinted = False

    def read(self, kind: str, text: str) -> None:
        """One line token of kind ``kind`` (``readers`` is the parser's way in)."""
        _READERS[kind](self, text)

    # --- seats, antes, streets ----------------------------------------------------------------

    def seat_lines(self, text: str) -> None:
        """The seat lines and the antes posted after them (one token)."""
        if "$" in text.partition("\n")[0]:
            self.currency, self.money = "USD", cents
        ante = text.find(" : Ante chip ")
        if ante < 0:
            self.seats = read_lines(self.seat, text)
        else:  # the antes start on the line of the first " : Ante chip "
            cut = text.rfind("\n", 0, ante)
            self.seats = read_lines(self.seat, text[:cut])
            try:
                self.antes(text[cut + 1 :])
            except LineError as exc:
                raise LineError(str(exc), exc.offset + text.count("\n", 0, cut) + 1) from None
        self.names = {seat.seat: seat.player for seat in self.seats}

    def seat(self, line: str) -> Seat:
        return _seat(line, self.money)

    def antes(self, text: str) -> None:
        self.hand.antes(_antes(text, self.money))

    def first_banner(self, text: str) -> None:
        self._start(Street.THIRD)

    def third(self, text: str) -> None:
        """3rd street: its banner, the cards dealt and the betting (one token)."""
        self._start(Street.THIRD)
        self._street_lines(text[text.index("\n") + 1 :], 1)

    def banner(self, text: str) -> None:
        self._start(_BANNERS[text[4:].split(" ")[0].upper()])

    def street(self, text: str) -> None:
        """A later street: its banner, the cards dealt and the betting (one token)."""
        banner, _, rest = text.partition("\n")
        self._start(_BANNERS[banner[4:].split(" ")[0].upper()])
        self._street_lines(rest, 1)

    def _start(self, street: Street) -> None:
        self.hand.start_street(street)
        self.bets.new_street()
        self.dealt_now = set()
        if street is Street.SEVENTH:
            self.hand.deal_river(None)

    def deal_lines(self, text: str) -> None:
        """A street's ``Card dealt`` lines and the betting that follows them, or the betting
        alone (one token)."""
        self._street_lines(text, 0)

    def _street_lines(self, text: str, first: int) -> None:
        """``Card dealt`` lines, the betting that follows them and maybe the uncalled bet
        returned at its end; ``first``: the offset of the first in its token (for
        errors)."""
        lines = text.split("\n")
        last = lines[-1]
        uncalled = " : Return uncalled portion of bet " in last
        if uncalled:
            del lines[-1]
        deals = text.count(" : Card dealt to a spot [")  # they come first
        if deals:
            self._deals(lines[:deals], first)
        if deals < len(lines):
            self._betting(lines[deals:], first + deals)
        if uncalled:
            try:
                self.uncalled(last)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, first + len(lines)) from None

    def _deals(self, lines: list[str], first: int) -> None:
        """``Card dealt`` lines: a player dealt again on the street starts the next one.
        The street's deals go to the hand together (``_deal_street``); ``first``: the
        offset of the first in its token (for errors)."""
        hand, now, held = self.hand, self.dealt_now, self.dealt
        street = hand.street
        batch: list[Deal] = []
        for offset, line in enumerate(lines, first):
            try:
                name, dealt = _dealt(line)
                if street is not _THIRD or len(dealt) != 3 or name in now:
                    if street is _THIRD or name in now:
                        next_street = _NEXT.get(street)
                        if next_street is None:
                            raise ValueError(f"{name} dealt an eighth card")
                        self._deal_street(batch)
                        batch = []
                        self._start(next_street)
                        street, now = next_street, self.dealt_now
                    if street is _SEVENTH:
                        hand.deal(name, dealt)
                    else:
                        batch.append(_deal_event(street, name, dealt))
                else:
                    batch.append(_deal_event(street, name, dealt))
            except ValueError as exc:
                raise LineError(str(exc), offset) from None
            now.add(name)
            cards_so_far = held.get(name)
            if cards_so_far is None:
                held[name] = list(dealt)
            else:
                cards_so_far += dealt
        self._deal_street(batch)

    def _deal_street(self, deals: list[Deal]) -> None:
        """Deals read on the current street (3rd: three cards each; later: one upcard)."""
        if deals:
            if self.hand.street is _THIRD:
                self.hand.deal_third(deals)
            else:
                self.hand.deal_up(deals)

    # --- betting --------------------------------------------------------------------------------

    def _betting(self, lines: list[str], first: int) -> None:
        """A run of betting lines (one loop: a hand has a few dozen); ``first``: the offset
        of the first in its token (for errors). Most lines are the same event in every
        hand (``_action_parts``): they only move the street's totals here."""
        events: list[Event] = []
        append, money, bets = events.append, self.money, self.bets
        for offset, line in enumerate(lines, first):
            try:
                name, verb, amount, to, act, event = _action_parts(line, money)
                if event is None:
                    event = self._wager(name, verb, amount, to, act)
                else:
                    if verb is _BET:
                        self._stakes(amount, double=act[0] != "B")
                    if amount:
                        bets.add(event)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None
            append(event)
        self.hand.actions(events)

    def _wager(self, name: str, verb: str, amount: int, to: int | None, act: str) -> Event:
        """A raise or an all-in: what it is depends on the street's bets."""
        bets = self.bets
        if verb == "Raises":
            to = to if to is not None else amount
            self._stakes(to, double=False)
            return bets.raise_to(name, to)
        # "All-in(raise) X" raises the street total to X; "All-in X" adds X chips
        event: Event
        if bets.level == 0:
            event = Bet(name, amount, True)
        elif "(raise" in act:
            return bets.raise_to(name, amount, True)
        elif amount <= bets.owed(name):
            event = Call(name, amount, True)
        else:
            return bets.raise_by_added(name, amount, True)
        bets.add(event)
        return event

    def _stakes(self, to: int, double: bool) -> None:
        """The first bet or completion of the hand names the stakes."""
        if self.small is not None or self.big is not None:
            return
        street = self.hand.street
        if street is Street.THIRD or (street is Street.FOURTH and not double):
            self.small = to
        elif self.bets.level == 0:  # a bet, not a raise, from 5th street (or doubled)
            self.big = to

    def uncalled(self, text: str) -> None:
        name, _, amount = text.partition(" : Return uncalled portion of bet ")
        self.hand.add(UncalledReturn(player(name), self.money(amount)))

    # --- showdown and summary -----------------------------------------------------------------

    def _showdown(self) -> None:
        if not self.showdown:
            self.showdown = True
            self.hand.add(ShowdownStart())

    def showdown_lines(self, text: str) -> None:
        """Hands shown, mucked or not shown, then what each player won (one token): each
        line is read by the word after the player (``_SHOWDOWN_LINES``)."""
        for offset, line in enumerate(text.split("\n")):
            try:
                _SHOWDOWN_LINES[line[line.index(" : ") + 3]](self, line)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None

    def show(self, text: str) -> None:
        """``Showdown [best five] (One pair)``: the player's own cards are shown."""
        name, _, rest = text.partition(" : Showdown [")
        _, _, description = rest.partition("]")
        who = player(name)
        self._showdown()
        held = tuple(self.dealt.get(who, ()))
        self.hand.add(Show(who, held, description.strip()[1:-1] or None))

    def muck(self, text: str) -> None:
        name, _, rest = text.partition(" : Mucks [")
        shown, _, _ = rest.partition("]")
        self._showdown()
        self.hand.add(Muck(player(name), cards(shown)))

    def no_show(self, text: str) -> None:
        self.hand.add(NoShow(player(text.partition(" : ")[0])))

    def result(self, text: str) -> None:
        name, _, rest = text.partition(" : Hand ")
        kind, _, amount = rest.rpartition(" ")
        pot = "side pot" if "Side" in kind or "side" in kind else "pot"
        self.hand.add(Collect(player(name), self.money(amount), pot))

    def total_pot(self, text: str) -> None:
        total, _, rake = text[len("Total Pot(") :].partition(")")
        rake_text = rake.partition("Rake (")[2].rstrip(")")
        # a rake the line does not print is settled when the hand is built
        self.rake_unprinted = not rake_text
        self.hand.add(Summary(self.money(total), self.money(rake_text) if rake_text else -1))

    def summary(self, text: str) -> None:
        """The summary's banner, the pot and rake, and the seats' results (one token)."""
        _, _, text = text.partition("\n")
        pot, _, results = text.partition("\n")
        try:
            self.total_pot(pot)
        except FIELD_ERRORS as exc:
            raise LineError(str(exc) or type(exc).__name__, 1) from None
        try:
            self.seat_results(results)
        except LineError as exc:
            raise LineError(str(exc), exc.offset + 2) from None

    def seat_results(self, text: str) -> None:
        self.hand.seat_results(read_lines(self.seat_result, text))

    def seat_result(self, line: str) -> SeatResult:
        match = _seat_result_fields(line)
        name = self.names[int(match["seat"] or 0)]
        if match["street"] or match["quiet"] or match["mucked"]:
            return _seat_outcome(line, name, self.money)
        seat = int(match["seat"] or 0)
        won = [self.money(a) for a in (match["won"], match["low"]) if a]
        # the line lists the hand as dealt, but drops a card now and then (game 2633132391:
        # "[8h As 5d 4s 6h 2s-..." for 8h As Ac 5d 4s 6h 2s): the deals are the record
        held = tuple(self.dealt.get(name, ())) or cards(match["cards"] or "")
        return SeatResult(seat, name, "showed", won=sum(won) if won else None,
                          cards=held, description=match["description"])

    def note(self, text: str) -> None:
        name, _, what = text.partition(" : ")
        self.hand.add(TableNote(note_kind(what), player(name), text))

    # --- the hand -------------------------------------------------------------------------------

    def build(self, source: Source) -> Hand:
        events = list(self.hand.finish())
        if self.rake_unprinted:
            collected = sum(e.amount for e in events if type(e) is Collect)
            for i, event in enumerate(events):
                if type(event) is Summary and event.rake < 0:
                    events[i] = Summary(event.total_pot, max(event.total_pot - collected, 0))
        return Hand(header=self.header(), seats=seats_as_dealt(self.seats, tuple(events)),
                    events=tuple(events), source=source)

    def header(self) -> Header:
        f = self.fields
        bring_in = self.hand.bring_in
        small = self.small if self.small is not None else (self.big or 0) // 2
        if not small:
            small = 2 * (bring_in or 0)
        tournament = f["tournament_id"]
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "7CARD"],
            small_bet=small, big_bet=2 * small,
            started_at=clock.started_at((f["date"] or "").replace("-", "/"), "ET"),
            table=f["tournament_table"] or f["table"] or "",
            limit=_LIMITS[f["limit"] or "Fixed Limit"], ante=self.hand.ante, bring_in=bring_in,
            currency=self.currency, play_money=self.currency is None and tournament is None,
            tournament_id=tournament, level=f["level"])


@lru_cache(maxsize=MEMO_SIZE)
def _dealt(line: str) -> tuple[str, tuple[int, ...]]:
    """``Seat+3 [ME] : Card dealt to a spot [Jh Qh Th]`` -> (``Hero``, the cards)."""
    name, _, shown = line.partition(" : Card dealt to a spot [")
    return player(name), cards(shown[:-1])


@lru_cache(maxsize=MEMO_SIZE)
def _deal_event(street: Street, name: str, dealt: tuple[int, ...]) -> Deal:
    """A 3rd-street deal (all three cards known) or a 4th to 6th-street upcard."""
    if street is Street.THIRD:
        return Deal(street, name, dealt, UP_THIRD)
    return up_card_deal(street, name, dealt)


@lru_cache(maxsize=MEMO_SIZE)
def _seat_result_fields(line: str) -> dict[str, str | None]:
    """A summary line's fields (``_SEAT_RESULT``); a session repeats its folded lines."""
    match = _SEAT_RESULT.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable summary line {line!r}")
    return match.groupdict()


@lru_cache(maxsize=MEMO_SIZE)
def _seat_outcome(line: str, name: str, money: Callable[[str], int]) -> SeatResult:
    """A summary line of a seat that folded, won without showing or mucked: the line and
    the player say it all (a session repeats them)."""
    match = _seat_result_fields(line)
    seat = int(match["seat"] or 0)
    if match["street"]:
        return SeatResult(seat, name, "folded", street=_FOLDED_ON[match["street"].upper()])
    if match["quiet"]:
        return SeatResult(seat, name, "collected", won=money(match["quiet"]))
    return SeatResult(seat, name, "mucked", cards=cards(match["mucked"] or ""))


@lru_cache(maxsize=MEMO_SIZE)
def _seat(line: str, money: Callable[[str], int]) -> Seat:
    """``Seat+3 [ME]: $0.33 in chips``: a player sitting out keeps his stack (read once)."""
    name, _, stack = line.partition(": ")
    return Seat(int(name[5:].partition(" ")[0]), player(name), money(stack[: -len(" in chips")]))


@lru_cache(maxsize=MEMO_SIZE)
def _ante(line: str, money: Callable[[str], int]) -> Ante:
    name, _, amount = line.partition(" : Ante chip ")
    return Ante(player(name), money(amount))


@lru_cache(maxsize=MEMO_SIZE)
def _antes(text: str, money: Callable[[str], int]) -> tuple[Ante, ...]:
    """A run of ante lines: a table posts the same antes hand after hand (read once)."""
    return tuple(read_lines(lambda line: _ante(line, money), text))


#: the verb of every bet (``Bets``, ``D bets``, ``Double bets``) as ``_action_parts`` gives it
_BET = "Bets"


@lru_cache(maxsize=MEMO_SIZE)
def _action_parts(
    line: str, money: Callable[[str], int]
) -> tuple[str, str, int, int | None, str, Event | None]:
    """A betting line -> (player, verb, amount, the "to" amount, the words after the name,
    and its event where the line alone says what it is: all but raises and all-ins, which
    depend on the street's bets). A session repeats these lines: they are read once."""
    who, _, act = line.partition(" : ")
    match = _ACTION.fullmatch(act)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    amount_text, to_text = match["amount"], match["to"]
    name, verb = player(who), match["verb"]
    amount = money(amount_text) if amount_text else 0
    to = money(to_text) if to_text else None
    event: Event | None = None
    if verb == "Checks":
        event = Check(name)
    elif verb in ("Folds", "Fold"):
        event = Fold(name)
    elif verb in ("Call", "Calls"):
        event = Call(name, amount)
    elif verb in ("Bets", "D bets", "Double bets"):
        verb, event = _BET, Bet(name, amount)
    elif verb not in ("Raises", "All-in"):
        event = BringIn(name, amount)
    return name, verb, amount, to, act, event


#: a line of table noise -> its ``TableNote`` kind, as PokerStars' noise is named
_NOTE_KINDS = {"Table enter user": "joins", "Seat sit down": "joins", "Sit down": "joins",
               "Table leave user": "leaves", "Seat stand": "leaves", "Stand": "leaves",
               "Seat sit out": "sitting_out", "Sit out": "sitting_out",
               "Seat re-join": "returned", "Re-join": "returned"}
#: noise lines with a value after their words: ``Ranking 3``, ``Table deposit $10``, ...
_NOTE_PREFIXES = (("Ranking ", "finished"), ("Prize Cash ", "finished"),
                  ("BOUNTY PRIZE ", "bounty"), ("Table deposit ", "rebuy"))


def note_kind(what: str) -> str:
    """``Table leave user`` -> ``leaves``; a chat line or an unknown note is a ``note``.

    >>> note_kind("Table leave user"), note_kind("Ranking 3"), note_kind("Chat hi")
    ('leaves', 'finished', 'note')
    """
    kind = _NOTE_KINDS.get(what)
    if kind is not None:
        return kind
    return next((kind for prefix, kind in _NOTE_PREFIXES if what.startswith(prefix)), "note")


def _nothing(builder: BovadaHand, text: str) -> None:
    """The header (read before the hand) and the summary banner alone."""


_READERS: dict[str, Callable[[BovadaHand, str], None]] = {
    "HEADER": _nothing,
    "SEATS": BovadaHand.seat_lines,
    "ANTES": BovadaHand.antes,
    "THIRD": BovadaHand.third,
    "FIRST_BANNER": BovadaHand.first_banner,
    "STREET": BovadaHand.street,
    "BANNER": BovadaHand.banner,
    "DEALS": BovadaHand.deal_lines,
    "ACTIONS": BovadaHand.deal_lines,
    "UNCALLED": BovadaHand.uncalled,
    "SHOWDOWN": BovadaHand.showdown_lines,
    "MUCK": BovadaHand.showdown_lines,
    "NO_SHOW": BovadaHand.showdown_lines,
    "RESULT": BovadaHand.showdown_lines,
    "SUMMARY": BovadaHand.summary,
    "SUMMARY_BANNER": _nothing,
    "TOTAL_POT": BovadaHand.total_pot,
    "SEAT_RESULTS": BovadaHand.seat_results,
    "NOTE": BovadaHand.note,
}
BovadaHand.readers = _READERS  # one look-up per line token
#: the lines of a showdown token, by the word after the player: Showdown, Mucks, Does not
#: show, Hand result
_SHOWDOWN_LINES: dict[str, Callable[[BovadaHand, str], None]] = {
    "S": BovadaHand.show, "M": BovadaHand.muck, "D": BovadaHand.no_show, "H": BovadaHand.result}


class BovadaLines(SiteLines):
    """Rule names of ``bovada.lark``."""

    play = before_cards = SiteLines.run
    hand = SiteLines.flatten


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The Bovada parser (compiled once per process)."""
    return GrammarParser(SITE, BovadaLines(), ("NOTE",), BovadaHand, other_game, use_cython,
                         _KINDS, hand_rule="hand")


#: an error names a token of several line kinds by its first line: the line expected there
_KINDS = {"THIRD": "first banner", "STREET": "banner", "SUMMARY_BANNER": "summary"}


__all__ = ["HERO", "SITE", "BovadaHand", "cards", "other_game", "parser", "player"]
