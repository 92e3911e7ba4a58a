"""PartyPoker line tokens -> a ``Hand`` (``grammars/partypoker.lark``).

What PartyPoker writes, and the events it becomes:

* only the hero's cards as they are dealt (``Dealt to Hero [  3h 8c 7c ]``); an opponent's
  deals come from the hand he shows at the end (``shown_deals``), or stay unknown;
* every betting line gives the chips the action puts in: ``bring-ins [$0.25 USD]`` is the
  bring-in, ``completes [$0.50 USD]`` the completion (to $0.50, over a bring-in: the
  bring-in player adds $0.25), ``bets``/``double bets`` (the big bet over an open pair on
  4th street) a ``Bet``, ``raises [$2 USD]`` a ``Raise`` to what the player has in plus $2,
  ``calls`` a ``Call``; ``is all-In [$X]`` puts in X: a bet, a call, a completion or a raise
  by what it faces. ``X opens`` names the first to act and is no event: the engine knows;
* an action that empties the player's stack is all-in;
* ``shows [ cards ]description.`` a ``Show``; ``shows8,5,3,2,A  for low.`` the low half of
  it (``HI: ...; LO: ...``, as PokerStars words a hi/lo hand); ``doesn't show [ cards ]``
  a hand lost at the showdown and turned up: a ``Muck`` with its cards; ``does not show
  cards.`` a ``NoShow``; ``wins`` a ``Collect`` (``Lo (...)``: the low half);
* no uncalled bet is returned and no summary printed: the winner's ``wins`` includes his
  unmatched bet (``uncalled``), the pot is what the lines put in, the rake what the
  winners did not collect of it (none in a tournament).

Money: dollars (or euros) in cents; tournament chips as they are. Times carry the zone
label of the player's clock (``EDT``, ``EEST``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache, partial
from operator import attrgetter
from typing import ClassVar, NamedTuple

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import (
    FIELD_ERRORS,
    GrammarParser,
    LineError,
    SiteLines,
    read_lines,
)
from stud_hh.dialects.money import MEMO_SIZE, cents, chips
from stud_hh.dialects.shown_deals import put_shown_deals
from stud_hh.dialects.stud_hand import UP_THIRD, StudHand, up_card_deal
from stud_hh.dialects.uncalled import street_return, take_from_wins
from stud_hh.dialects.wagers import StreetBets, as_all_in
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    NoLowHand,
    NoShow,
    Seat,
    Show,
    ShowdownStart,
    Source,
    Street,
    Summary,
    TableNote,
)

SITE = "partypoker"
Fields = dict[str, str | None]

_GAMES = {"7 Card Stud": Game.STUD, "7 Card Stud Hi-Lo": Game.STUD8}
_STREETS = {"THIRD": Street.THIRD, "FOURTH": Street.FOURTH, "FIFTH": Street.FIFTH,
            "SIXTH": Street.SIXTH, "RIVER": Street.SEVENTH}
_seat_number = attrgetter("seat")
_THIRD, _SEVENTH = Street.THIRD, Street.SEVENTH  # (an Enum's class attribute: a slow look-up)
_FIXED = Limit.FIXED
#: one ``ShowdownStart`` for every hand (events are immutable)
_SHOWDOWN_START = ShowdownStart()
_MONTHS = {name: number for number, name in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), 1)}
_CARD = {str_card(c): c for c in DECK}
#: the game line's words before the game: cash stakes ("$0.50/$1 USD ") and the limit
_CASH = re.compile(r"(?P<small>[$€]?[\d.,]+)/(?P<big>[$€]?[\d.,]+)(?: (?P<code>USD|EUR))? ?")
#: what follows a tournament's game: " $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(...)"
_TOURNAMENT = re.compile(r" *(?:(?P<buy_in>\S+(?: USD| EUR)?) Buy-in )?(?:\+ \S+ Entry Fee )?"
                         r"Trny: ?(?P<id>\d+) +Level: *(?P<level>\d+) +(?:Stakes|Blinds)"
                         r"(?:-Antes)?\((?P<small>[\d,]+)/(?P<big>[\d,]+)(?:-[\d,]+)?\)")
_ACTION = re.compile(r"(?P<name>.+?) (?:(?P<verb>opens|folds|checks)|(?P<wager>bring-ins|"
                     r"completes|bets|double bets|raises|calls|is all-In) +\[(?P<amount>[^\]]+)\]"
                     r"(?: to [^ ]+)?\.?)")
_WINS = re.compile(r"(?P<name>.+) wins (?:Lo \((?P<low>[^)]+)\)"
                   r"|(?P<amount>\S+(?: USD| EUR| chips)?))"
                   r"(?: from the (?P<pot>main pot|side pot(?: ?#?\d+)?)(?: with .*)?)?")
_NOTES = {" has joined the table.": "joins", " has left the table.": "leaves",
          " is sitting out.": "sitting_out", " is back.": "returned",
          " will be using his time bank for this hand.": "time_bank",
          " will be using her time bank for this hand.": "time_bank"}


@lru_cache(maxsize=MEMO_SIZE)  # a session repeats its betting lines; bounded
def _read_action(line: str, money: Callable[[str], int]) -> tuple[str, str, int, Event | None]:
    """``Player4 double bets [120]`` -> (``Player4``, ``double bets``, 120, its ``Bet``): the
    event where the line alone says it (a fold, check, call, bet or bring-in), else None."""
    match = _ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name, verb = match["name"], match["verb"]
    if verb == "folds":
        return name, verb, 0, Fold(name)
    if verb == "checks":
        return name, verb, 0, Check(name)
    if verb == "opens":
        return name, verb, 0, None
    wager, added = match["wager"], money(match["amount"])
    if wager == "calls":
        return name, wager, added, Call(name, added)
    if wager == "bets" or wager == "double bets":
        return name, wager, added, Bet(name, added)
    if wager == "bring-ins":
        return name, wager, added, BringIn(name, added)
    return name, wager, added, None  # completes, raises, is all-In: what he had in matters


def cards(text: str) -> tuple[int, ...]:
    """``Ad, Qd, Ah`` or ``3h 8c 7c`` (the inside of a bracket) -> card ints."""
    try:
        return tuple([_CARD[card] for card in text.replace(",", " ").split()])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def other_game(fields: Fields) -> str | None:
    """Hold'em and Omaha hands, and pot- or no-limit stud, are not read."""
    if fields["other_game"] is not None:
        return fields["other_game"]
    limit = fields["limit"]
    if limit is not None and limit != "FL":
        return f"{fields['game']} {limit}"
    return None


class PartyPokerHand:
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    __slots__ = (
        "banners", "bets", "betting", "brought_in", "collected", "currency", "fields", "game",
        "hand", "in_hand", "main_pot_wins", "max_seats", "money", "play_money", "pot",
        "returned", "seats", "showdown", "side_pots", "stacks", "table",
    )

    #: line kind -> how a token of that kind is read (set below the readers)
    readers: ClassVar[dict[str, Callable[[PartyPokerHand, str], None]]]

    def __init__(self, fields: Fields) -> None:
        self.fields = fields
        self.game = _game_line(fields["before"] or "", fields["after"] or "")
        self.currency = self.game.currency
        self.money: Callable[[str], int] = _cents if self.currency else _chips
        self.hand = StudHand()
        self.bets = StreetBets()
        self.seats: list[Seat] = []
        self.stacks: dict[str, int] = {}
        self.in_hand: set[str] = set()
        self.table = ""
        self.max_seats: int | None = None
        self.play_money = False
        self.showdown = False
        self.brought_in = -1  # the bring-in posted on 3rd street
        self.betting = True  # until the first line of the hand's end
        self.pot = 0  # chips put in, less what went back
        self.returned: dict[str, int] = {}  # bets nobody called, by player
        self.banners: list[int] = []  # where each street's StreetStart is in the events
        self.collected = 0  # what the "wins" lines say
        self.side_pots = False
        self.main_pot_wins: list[int] = []  # where the "main pot" collects are in the events

    def end_betting(self) -> None:
        """The first line of the hand's end: the last street's betting is over."""
        if self.betting:
            self._close_street()
            self.betting = False

    def _close_street(self) -> None:
        """A street's betting is over: its chips are in the pot, less a bet nobody called
        (PartyPoker prints no return: ``uncalled``)."""
        put = self.bets.put
        if not put:
            return
        back, total = street_return(put)
        self.pot += total
        if back is not None:
            self.hand.add(back)
            self.pot -= back.amount
            self.returned[back.player] = self.returned.get(back.player, 0) + back.amount

    # --- the table, seats, antes ----------------------------------------------------------------

    def table_line(self, text: str) -> None:
        name, _, money = text[len("Table ") :].rpartition(" (")
        self.table = name
        self.play_money = money == "Play Money)"

    def players(self, text: str) -> None:
        _, _, seats = text.partition("/")
        self.max_seats = int(seats) if seats else None

    def seat_lines(self, text: str) -> None:
        seats = read_lines(partial(_seat, self.money), text)
        self.seats = sorted(seats, key=_seat_number)  # the client lists them in any order
        self.stacks = {seat.player: seat.stack for seat in seats}

    def antes(self, text: str) -> None:
        """A run of antes (one loop; the run's reading is remembered: a table posts the
        same antes hand after hand): each ante that empties a stack is all-in."""
        antes = []
        stacks, in_hand = self.stacks, self.in_hand
        for name, posted in _antes(text, self.money):
            self.pot += posted
            in_hand.add(name)
            left = stacks.get(name)
            if left is not None:
                left -= posted
                stacks[name] = left
            antes.append(Ante(name, posted, left == 0 and posted > 0))
        self.hand.antes(antes)

    # --- streets, cards, betting ----------------------------------------------------------------

    def street(self, street: Street) -> None:
        self._close_street()
        self.banners.append(len(self.hand.events))
        self.hand.start_street(street)
        self.bets.new_street()
        if street is _SEVENTH:
            self.hand.deal_river(None)

    def dealt(self, text: str) -> None:
        """``Dealt to Hero [  3h 8c 7c ]``: the hero's cards of this street."""
        head, _, shown = text.rpartition(" [")
        name = head[len("Dealt to ") :]
        dealt = cards(shown[:-1])
        hand = self.hand
        street = hand.street
        if street is _THIRD:
            if len(dealt) != 3:
                raise ValueError(f"{len(dealt)} cards dealt on 3rd street")
            hand.deal_third([Deal(street, name, dealt, UP_THIRD)])
        elif street is _SEVENTH:
            hand.deal(name, dealt)
        else:
            hand.deal_up([up_card_deal(street, name, dealt)])

    def actions(self, text: str) -> None:
        self.read_betting(text.split("\n"), 0)

    def read_betting(self, lines: list[str], first: int) -> None:
        """The betting lines of a token's ``lines`` from ``lines[first]`` on (one loop: a
        hand has a few dozen of them). Most lines are the same event in every hand (a fold, a
        call of $1): read once (``_read_action``), they only move the street's totals here."""
        events: list[Event] = []
        append = events.append
        money, stacks, in_hand, bets = self.money, self.stacks, self.in_hand, self.bets
        for offset in range(first, len(lines)):
            try:
                name, verb, added, event = _read_action(lines[offset], money)
                in_hand.add(name)
                if event is None:
                    if verb == "opens":
                        continue
                    event = self._wager(name, verb, added)
                elif verb == "calls":
                    bets.called(name, added)
                elif added:  # a bet or the bring-in: the street's total is his
                    bets.reached(name, added)
                    if verb == "bring-ins":
                        self.brought_in = added
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None
            if added:
                left = stacks.get(name)
                if left is not None:
                    left -= added
                    stacks[name] = left
                    if left == 0 and not event.all_in:  # type: ignore[union-attr]
                        event = as_all_in(event)
            append(event)
        self.hand.actions(events)

    def _wager(self, name: str, wager: str, added: int) -> Event:
        """The event for ``added`` chips put in by ``wager`` (see the module docstring)."""
        bets = self.bets
        if wager == "raises":
            return bets.raise_by_added(name, added)
        if wager == "completes":
            event = Complete(name, bets.put.get(name, 0) + added)
            bets.add(event)
            return event
        return self._all_in_wager(name, added)  # is all-In: what it faces says what it is

    def _all_in_wager(self, name: str, added: int) -> Event:
        bets = self.bets
        third = self.hand.street is _THIRD
        event: Event
        if third and bets.level == 0:
            event = BringIn(name, added, True)
            self.brought_in = added
        elif bets.level == 0:
            event = Bet(name, added, True)
        elif added <= bets.owed(name):
            event = Call(name, added, True)
        elif third and self._only_bring_in():
            event = Complete(name, bets.put.get(name, 0) + added, True)
        else:
            return bets.raise_by_added(name, added, True)
        bets.add(event)
        return event

    def _only_bring_in(self) -> bool:
        """Nothing but the bring-in is in on 3rd street (a completion is due)."""
        return self.bets.level == self.brought_in

    # --- how the hand ends ----------------------------------------------------------------------

    def results(self, text: str) -> None:
        """A run of the lines that end the hand (the first ends the betting). Each is read
        by its kind, told by its words, tried in the grammar's order (``RESULTS``)."""
        self.end_betting()
        for offset, line in enumerate(text.split("\n")):
            try:
                win = _WINS.fullmatch(line) if " wins " in line else None
                if win is not None:
                    self.wins(win)
                elif " doesn't show [ " in line:
                    self.mucks(line)
                elif " shows [ " in line:
                    self.shows(line)
                elif line.endswith(" for low."):
                    self.low(line)
                elif line.endswith(" does not show cards."):
                    self.no_show(line)
                else:  # "There was no qualifying low hand"
                    self.hand.add(NoLowHand())
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None

    def _showdown(self) -> None:
        if not self.showdown:
            self.showdown = True
            self.hand.add(_SHOWDOWN_START)

    def shows(self, text: str) -> None:
        name, _, rest = text.partition(" shows [ ")
        shown, _, description = rest.partition(" ]")
        self._showdown()
        show = Show(name, cards(shown), description.removesuffix(".") or None)
        self.hand.reveal(name, show.cards)
        self.hand.add(show)

    def low(self, text: str) -> None:
        """``shows8,5,3,2,A  for low.``: the low half of the hand the player just showed."""
        name, _, rest = text.rpartition(" shows")
        low = rest.removesuffix(" for low.").strip()
        events = self.hand.events
        for i in range(len(events) - 1, -1, -1):
            show = events[i]
            if type(show) is Show and show.player == name:
                high = show.description or ""
                events[i] = Show(name, show.cards, f"HI: {high}; LO: {low}")
                return
        raise ValueError(f"{name} shows a low hand he did not show")

    def mucks(self, text: str) -> None:
        name, _, rest = text.partition(" doesn't show [ ")
        self._showdown()
        muck = Muck(name, cards(rest.partition(" ]")[0]))
        self.hand.reveal(name, muck.cards)
        self.hand.add(muck)

    def no_show(self, text: str) -> None:
        self.hand.add(NoShow(text.removesuffix(" does not show cards.")))

    def wins(self, match: re.Match[str]) -> None:
        """``Player8 wins $8.45 USD from the main pot with ...`` (``_WINS``)."""
        pot = match["pot"] or "pot"
        events = self.hand.events
        if pot.startswith("side pot"):
            pot = f"side pot-{pot.rsplit(' ', 1)[-1].lstrip('#')}" if pot[-1].isdigit() else pot
            if not self.side_pots:  # "the main pot" is one of several after all
                self.side_pots = True
                for i in self.main_pot_wins:
                    event = events[i]
                    assert type(event) is Collect
                    events[i] = Collect(event.player, event.amount, "main pot")
        elif pot == "main pot":
            if self.side_pots:
                self.main_pot_wins.append(len(events))
            else:  # a single pot is "pot", as PokerStars names it
                pot = "pot"
                self.main_pot_wins.append(len(events))
        amount = self.money(match["low"] or match["amount"])
        self.collected += amount
        self.hand.add(Collect(match["name"], amount, pot))

    def note(self, text: str) -> None:
        for ending, kind in _NOTES.items():
            if text.endswith(ending):
                self.hand.add(TableNote(kind, text[: -len(ending)], text))
                return
        name, _, rest = text.partition(" finished in ")
        self.hand.add(TableNote("finished" if rest else "note", name if rest else "", text))

    def chat(self, text: str) -> None:
        name, _, message = text.partition(": ")
        self.hand.add(Chat(name, message))

    # --- the hand -------------------------------------------------------------------------------

    def build(self, source: Source) -> Hand:
        hand = self.hand
        hand.finish()  # fills the hero's hidden cards from his shown hand
        events = hand.events
        if hand.revealed:
            put_shown_deals(events, hand.revealed, self.banners,
                            hand.third_slots.keys() | hand.folded)
        collected = self.collected - take_from_wins(events, self.returned)
        total = self.pot
        # no rake is printed: it is what the winners left of the pot; tournament chips are
        # never raked (a shortfall there is the history's, and the validator says so)
        rake = 0 if self.game.tournament_id else max(total - collected, 0)
        events.append(Summary(total, rake))
        in_hand = self.in_hand
        seats = tuple([s if s.player in in_hand else Seat(s.seat, s.player, s.stack, True)
                       for s in self.seats])
        return Hand(header=self.header(), seats=seats, events=tuple(events), source=source)

    def header(self) -> Header:
        f, game = self.fields, self.game
        started = _started(f["year"] or "", f["month"] or "", f["day"] or "", f["time"] or "",
                           f["zone"] or "")
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "7 Card Stud"],
            small_bet=game.small, big_bet=game.big, started_at=started, table=self.table,
            limit=_FIXED, ante=self.hand.ante, bring_in=self.hand.bring_in,
            currency=self.currency, play_money=self.play_money and self.currency is None,
            max_seats=self.max_seats, tournament_id=game.tournament_id, level=game.level,
            buy_in=game.buy_in)


class GameLine(NamedTuple):
    """What the game line says around the game's name: the stakes, and for a tournament its
    number, level and buy-in."""

    small: int
    big: int
    currency: str | None
    tournament_id: str | None = None
    level: str | None = None
    buy_in: str | None = None


@lru_cache(maxsize=256)  # a session's hands share their game line
def _game_line(before: str, after: str) -> GameLine:
    """``$0.50/$1 USD `` before the game, or `` $6 USD Buy-in Trny:69784932 Level:2
    Stakes-Antes(60/120-10)`` after it."""
    tourney = _TOURNAMENT.match(after)
    if tourney is not None:
        return GameLine(_chips(tourney["small"]), _chips(tourney["big"]), None,
                        tourney["id"], tourney["level"], tourney["buy_in"])
    cash = _CASH.match(before)
    if cash is None:
        raise ValueError("no stakes in the game line")
    currency = cash["code"] or {"$": "USD", "€": "EUR"}.get(cash["small"][:1])
    money = _cents if currency else _chips
    return GameLine(money(cash["small"]), money(cash["big"]), currency)


@lru_cache(maxsize=MEMO_SIZE)
def _cents(text: str) -> int:
    """``$0.05 USD`` -> 5."""
    return cents(text.partition(" ")[0])


@lru_cache(maxsize=MEMO_SIZE)
def _chips(text: str) -> int:
    """``2,930`` or ``2,560 chips`` -> the chips."""
    return chips(text.partition(" ")[0])


@lru_cache(maxsize=1024)  # the same players sit with the same stacks hand after hand
def _seat(money: Callable[[str], int], line: str) -> Seat:
    """``Seat 7: Player7 ( $31.15 USD )``."""
    head, _, stack = line.rpartition(" ( ")
    number, _, name = head[len("Seat ") :].partition(": ")
    return Seat(int(number), name, money(stack[:-2]))


@lru_cache(maxsize=1024)
def _ante(line: str, money: Callable[[str], int]) -> tuple[str, int]:
    """``Player1 posts ante [$0.05 USD]`` -> (``Player1``, 5)."""
    name, _, amount = line.rpartition(" posts ante ")
    return name, money(amount.removeprefix("of ")[1:-1])


@lru_cache(maxsize=1024)
def _antes(text: str, money: Callable[[str], int]) -> tuple[tuple[str, int], ...]:
    """A run of ante lines -> (player, amount) each."""
    return tuple(read_lines(lambda line: _ante(line, money), text))


@lru_cache(maxsize=256)  # a session's hands share their day
def _started(year: str, month: str, day: str, time: str, zone: str) -> datetime:
    """``Monday, April 25, 14:20:12 EDT 2011``'s parts -> an aware ``datetime``."""
    hours, minutes, seconds = (int(x) for x in time.split(":"))
    return datetime(int(year), _MONTHS[month], int(day), hours, minutes, seconds,
                    tzinfo=clock.zone(zone))


def _is_all_in(event: Event) -> bool:
    return bool(getattr(event, "all_in", False))


def _nothing(builder: PartyPokerHand, text: str) -> None:
    """The header (read before the hand) and lines that say nothing more."""


def _street(street: Street) -> Callable[[PartyPokerHand, str], None]:
    """A street: its banner, the hero's card(s) dealt on it and its betting."""
    def reader(builder: PartyPokerHand, text: str) -> None:
        builder.street(street)
        lines = text.split("\n")  # the banner, maybe the hero's cards, the betting
        first = 1  # the betting's first line
        if len(lines) > 1 and lines[1].endswith(" ]"):  # the hero's cards (a betting line
            try:                                         # never ends so)
                builder.dealt(lines[1])
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, 1) from None
            first = 2
        if len(lines) > first:
            builder.read_betting(lines, first)
    return reader


_READERS: dict[str, Callable[[PartyPokerHand, str], None]] = {
    "HEADER": _nothing,
    "TABLE": PartyPokerHand.table_line,
    "BUTTON": _nothing,  # "Seat 0 is the button": stud has no button
    "PLAYERS": PartyPokerHand.players,
    "SEATS": PartyPokerHand.seat_lines,
    "TOURNAMENT_LEVEL": _nothing,  # the game line says it too
    "ANTES": PartyPokerHand.antes,
    **{kind: _street(street) for kind, street in _STREETS.items()},
    "DEALT": PartyPokerHand.dealt,
    "ACTIONS": PartyPokerHand.actions,
    "RESULTS": PartyPokerHand.results,
    "NOTE": PartyPokerHand.note,
    "CHAT": PartyPokerHand.chat,
}

PartyPokerHand.readers = _READERS  # one look-up per line token

class PartyPokerLines(SiteLines):
    """Rule names of ``partypoker.lark`` (runs of lines and the rest, see ``SiteLines``)."""

    results = SiteLines.run
    hand = SiteLines.flatten


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The PartyPoker parser (compiled once per process)."""
    return GrammarParser(SITE, PartyPokerLines(), ("NOTE", "CHAT"), PartyPokerHand, other_game,
                         use_cython, kinds={"RESULTS": "shows, mucks or wins"}, hand_rule="hand")


__all__ = ["SITE", "PartyPokerHand", "cards", "other_game", "parser"]
