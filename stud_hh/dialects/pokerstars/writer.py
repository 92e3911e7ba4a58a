"""Hand -> PokerStars text: the exact inverse of the PokerStars parser.

Why it exists: the simulator must produce files that are indistinguishable from what the
PokerStars client writes (so that the parser, the importer and the audit are exercised on
the real format), and the validator quotes offending action lines in the site's own words.
The layout follows the real files in ``shared/corpus/real/cash/Stars`` line for line:

* one line per event, in event order; street headers from ``StreetStart``;
* ``Dealt to`` lines print what the history reveals: the hero's hidden cards, everybody's
  upcards, earlier cards in a first ``[...]`` group and the new card(s) in a second one; a
  deal that reveals nothing (an opponent's river card) prints no line;
* a ``BoardCard`` straight after the river header joins it: ``*** RIVER *** [6h]``;
* ``Summary`` prints the ``*** SUMMARY ***`` header, the pot line and the ``Board`` line.

Amounts are exact integers of the smallest unit: ``$0.04`` for 4 cents, ``$1`` for 100
cents (PokerStars drops ``.00``), plain chip counts in tournaments and play money.

>>> from stud_hh.dialects.pokerstars.writer import format_money
>>> format_money(4, "USD"), format_money(100, "USD"), format_money(5112564, "USD")
('$0.04', '$1', '$51125.64')
>>> format_money(1500, None)
'1500'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from functools import cache, lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from stud_hh.cards import str_card
from stud_hh.events import (
    Ante,
    Bet,
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
    Raise,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)

__all__ = [
    "GAME_NAMES",
    "LIMIT_NAMES",
    "find_hero",
    "find_heroes",
    "format_date",
    "format_event",
    "format_header",
    "format_money",
    "write_hand",
    "write_hands",
]

#: PokerStars' game names as printed in the header.
GAME_NAMES: dict[Game, str] = {
    Game.STUD: "7 Card Stud",
    Game.STUD8: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
}
LIMIT_NAMES: dict[Limit, str] = {
    Limit.FIXED: "Limit",
    Limit.SPREAD: "Spread Limit",
    Limit.POT: "Pot Limit",
    Limit.NO_LIMIT: "No Limit",
}
CURRENCY_SYMBOLS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}
STREET_HEADERS: dict[Street, str] = {
    Street.THIRD: "*** 3rd STREET ***",
    Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***",
    Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** RIVER ***",
}
#: The zone PokerStars prints as ``ET``.
EASTERN = ZoneInfo("America/New_York")
#: Hands in one file are separated by three empty lines, as the client writes them.
HAND_SEPARATOR = "\n\n\n"


_MEMO_BELOW = 2_000  # amounts memoised: antes, bets and small pots repeat ...
_MEMO_SIZE = 512  # ... in memos that stay small (flat memory however many hands)


class _MoneyTexts(dict[int, str]):
    """amount -> text in one currency: ``texts[amount]`` is one dict look-up once seen.

    Why a ``dict`` with ``__missing__``: the writer formats a dozen amounts per hand, and
    a hit then costs no Python call at all. Stacks and big pots rarely repeat: only
    amounts below ``_MEMO_BELOW`` are kept, at most ``_MEMO_SIZE`` of them.
    """

    __slots__ = ("currency", "symbol")

    def __init__(self, currency: str | None) -> None:
        super().__init__()
        self.currency = currency
        self.symbol = CURRENCY_SYMBOLS.get(currency, "$") if currency is not None else None

    def __missing__(self, amount: int) -> str:
        symbol = self.symbol
        if symbol is None:
            text = str(amount)
        elif amount >= 0:  # _money_text, inlined for the stacks and pots that miss
            whole, cents = divmod(amount, 100)
            text = f"{symbol}{whole}{_CENTS[cents]}"
        else:
            text = _money_text(amount, self.currency)
        if 0 <= amount < _MEMO_BELOW and len(self) < _MEMO_SIZE:
            self[amount] = text
        return text


#: cents -> their printed tail: "" for whole amounts ("$1"), else ".04"
_CENTS = ("", *(f".{cents:02d}" for cents in range(1, 100)))


@cache  # one per currency: a handful
def _money_texts(currency: str | None) -> _MoneyTexts:
    """The amount texts of one currency (``None``: chips)."""
    return _MoneyTexts(currency)


def format_money(amount: int, currency: str | None) -> str:
    """Cents as PokerStars prints them (``$0.04``, ``$1``); chips as a plain integer."""
    return _money_texts(currency)[amount]


def _money_text(amount: int, currency: str | None) -> str:
    if currency is None:
        return str(amount)
    symbol = CURRENCY_SYMBOLS.get(currency, "$")
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    if cents:
        return f"{sign}{symbol}{whole}.{cents:02d}"
    return f"{sign}{symbol}{whole}"


def format_date(moment: datetime) -> str:
    """``2009/11/26 10:08:43 ET``: Eastern time, hour without a leading zero."""
    local = moment.astimezone(EASTERN) if moment.tzinfo is not None else moment
    return (
        f"{local.year}/{local.month:02d}/{local.day:02d} "
        f"{local.hour}:{local.minute:02d}:{local.second:02d} ET"
    )


def _game_label(header: Header) -> str:
    return f"{GAME_NAMES[header.game]} {LIMIT_NAMES[header.limit]}"


def format_header(header: Header) -> list[str]:
    """The two header lines: game line and table line."""
    game = _game_label(header)
    date = format_date(header.started_at)
    if header.tournament_id is not None:
        stakes = f"{header.small_bet}/{header.big_bet}"
        buy_in = f"{header.buy_in} " if header.buy_in else ""
        level = f" - Level {header.level} ({stakes})" if header.level else f" ({stakes})"
        if header.mixed:
            game = f"{header.mixed} ({game})"
        first = (
            f"PokerStars Hand #{header.hand_id}: Tournament #{header.tournament_id}, "
            f"{buy_in}{game}{level} - {date}"
        )
    else:
        money = header.currency
        stakes = f"{format_money(header.small_bet, money)}/{format_money(header.big_bet, money)}"
        if money is not None:
            stakes += f" {money}"
        if header.mixed:
            first = (
                f"PokerStars Hand #{header.hand_id}:  {header.mixed} ({game}, {stakes}) - {date}"
            )
        else:
            first = f"PokerStars Game #{header.hand_id}:  {game} ({stakes}) - {date}"
    table = f"Table '{header.table}'"
    if header.max_seats is not None:
        table += f" {header.max_seats}-max"
    return [first, table]


def _seat_line(seat: Seat, currency: str | None) -> str:
    return _seat_text(seat, _money_texts(currency))


def _seat_text(seat: Seat, money: _MoneyTexts) -> str:
    line = f"Seat {seat.seat}: {seat.player} ({money[seat.stack]} in chips)"
    if seat.sitting_out:
        return line + " is sitting out"
    if seat.out_of_hand:
        return line + " out of hand"
    return line


#: The suffix of any betting line that puts a player all-in.
_ALL_IN = " and is all-in"
_CARD_TEXT = tuple(str_card(c) for c in range(52))
_card_text = _CARD_TEXT.__getitem__
#: "4th Street", "River": looked up, not rebuilt, for every folded seat of the summary
_STREET_LABELS = {street: street.label for street in Street}
_SEVENTH = Street.SEVENTH


def str_cards(cards: Iterable[int]) -> str:
    """``Ah Kd 2c``: ``stud_hh.cards.str_cards`` with the card texts bound locally."""
    return " ".join(map(_card_text, cards))


def _summary_lines(event: Summary, money: _MoneyTexts) -> list[str]:
    total = f"Total pot {money[event.total_pot]}"
    if event.main_pot is not None:
        total += f" Main pot {money[event.main_pot]}."
        if len(event.side_pots) == 1:
            total += f" Side pot {money[event.side_pots[0]]}."
        else:
            for number, side in enumerate(event.side_pots, 1):
                total += f" Side pot-{number} {money[side]}."
    lines = ["*** SUMMARY ***", f"{total} | Rake {money[event.rake]}"]
    if event.board:
        lines.append(f"Board [{str_cards(event.board)}]")
    return lines


def _seat_result(event: SeatResult, money: _MoneyTexts) -> str:
    outcome = event.outcome
    if outcome == "folded":
        street = _STREET_LABELS[event.street] if event.street is not None else "3rd Street"
        if event.didnt_bet:
            return f"Seat {event.seat}: {event.player} folded on the {street} (didn't bet)"
        return f"Seat {event.seat}: {event.player} folded on the {street}"
    head = f"Seat {event.seat}: {event.player}"
    if outcome == "showed":
        shown = f"{head} showed [{str_cards(event.cards)}]"
        if event.won is not None:
            shown += f" and won ({money[event.won]})"
        else:
            shown += " and lost"
        if event.description:
            shown += f" with {event.description}"
        return shown
    if outcome == "mucked":
        mucked = f"{head} mucked [{str_cards(event.cards)}]"
        if event.won is not None:
            mucked += f" and won ({money[event.won]})"
        elif event.description:
            mucked += " and lost"
        return f"{mucked} with {event.description}" if event.description else mucked
    if outcome == "collected":
        return f"{head} collected ({money[event.won or 0]})"
    if outcome == "sat":
        return f"{head} sat out"
    return f"{head} {outcome}"


def format_event(event: Event, hand: Hand, hero: str | None = None) -> str:
    """One event as the line(s) PokerStars prints for it (no trailing newline).

    ``Deal`` lines need the player's earlier cards and whether he is the hero (see
    ``find_hero``), so they are rebuilt from ``hand``; a deal the history does not print
    (an opponent's river card) gives ``""``. The validator quotes action lines with this.
    """
    if isinstance(event, Deal):
        is_hero = event.player == (hero if hero is not None else find_hero(hand))
        return _deal_line(event, _earlier_cards(hand, event, is_hero), is_hero) or ""
    return _format(event, hand.header.currency)


# Line formatters: (event, the currency's amount texts) -> the line. ``m[amount]`` is a
# dict look-up (``_MoneyTexts``); the all-in suffix is inlined, not a call.


def _call(e: Call, m: _MoneyTexts) -> str:
    return f"{e.player}: calls {m[e.amount]}{_ALL_IN if e.all_in else ''}"


def _check(e: Check, m: _MoneyTexts) -> str:
    return f"{e.player}: checks"


def _fold(e: Fold, m: _MoneyTexts) -> str:
    return f"{e.player}: folds [{str_cards(e.cards)}]" if e.cards else f"{e.player}: folds"


def _bet(e: Bet, m: _MoneyTexts) -> str:
    return f"{e.player}: bets {m[e.amount]}{_ALL_IN if e.all_in else ''}"


def _raise(e: Raise, m: _MoneyTexts) -> str:
    return f"{e.player}: raises {m[e.by]} to {m[e.to]}{_ALL_IN if e.all_in else ''}"


def _ante(e: Ante, m: _MoneyTexts) -> str:
    return f"{e.player}: posts the ante {m[e.amount]}{_ALL_IN if e.all_in else ''}"


def _bring_in(e: BringIn, m: _MoneyTexts) -> str:
    return f"{e.player}: brings in for {m[e.amount]}{_ALL_IN if e.all_in else ''}"


def _complete(e: Complete, m: _MoneyTexts) -> str:
    return f"{e.player}: completes it to {m[e.to]}{_ALL_IN if e.all_in else ''}"


def _street(e: StreetStart, m: _MoneyTexts) -> str:
    return STREET_HEADERS[e.street]


def _board(e: BoardCard, m: _MoneyTexts) -> str:
    return f"Board [{_CARD_TEXT[e.card]}]"


def _capped(e: BettingCapped, m: _MoneyTexts) -> str:
    return "Betting is capped"


def _double(e: DoubleBetAllowed, m: _MoneyTexts) -> str:
    return "Pair on board - a double bet is allowed"


def _uncalled(e: UncalledReturn, m: _MoneyTexts) -> str:
    return f"Uncalled bet ({m[e.amount]}) returned to {e.player}"


def _showdown(e: ShowdownStart, m: _MoneyTexts) -> str:
    return "*** SHOW DOWN ***"


def _show(e: Show, m: _MoneyTexts) -> str:
    shown = f"{e.player}: shows [{str_cards(e.cards)}]"
    return f"{shown} ({e.description})" if e.description else shown


def _muck(e: Muck, m: _MoneyTexts) -> str:
    if e.cards:
        return f"{e.player}: mucks [{str_cards(e.cards)}]"
    return f"{e.player}: mucks hand"


def _no_show(e: NoShow, m: _MoneyTexts) -> str:
    return f"{e.player}: doesn't show hand"


def _collect(e: Collect, m: _MoneyTexts) -> str:
    return f"{e.player} collected {m[e.amount]} from {e.pot}"


def _no_low(e: NoLowHand, m: _MoneyTexts) -> str:
    return "No low hand qualified"


def _summary(e: Summary, m: _MoneyTexts) -> str:
    return "\n".join(_summary_lines(e, m))


def _note(e: TableNote, m: _MoneyTexts) -> str:
    return e.text


def _chat(e: Chat, m: _MoneyTexts) -> str:
    return f'{e.player} said, "{e.message}"'


#: event type -> line formatter; a dict lookup keeps the writer fast (one line per event).
_FORMATTERS: dict[type, Callable[[Any, _MoneyTexts], str]] = {
    Call: _call,
    Check: _check,
    Fold: _fold,
    Bet: _bet,
    Raise: _raise,
    Ante: _ante,
    BringIn: _bring_in,
    Complete: _complete,
    StreetStart: _street,
    BoardCard: _board,
    BettingCapped: _capped,
    DoubleBetAllowed: _double,
    UncalledReturn: _uncalled,
    ShowdownStart: _showdown,
    Show: _show,
    Muck: _muck,
    NoShow: _no_show,
    Collect: _collect,
    NoLowHand: _no_low,
    Summary: _summary,
    SeatResult: _seat_result,
    TableNote: _note,
    Chat: _chat,
}


#: the formatters of the events whose line needs nothing but the event (not ``Deal``,
#: whose line depends on earlier deals, nor the river header and its community card)
_PLAIN = {kind: f for kind, f in _FORMATTERS.items() if kind not in (StreetStart, BoardCard)}


def _format(event: Event, currency: str | None) -> str:
    try:
        formatter = _FORMATTERS[type(event)]
    except KeyError:
        raise TypeError(f"cannot write event {event!r}") from None
    return formatter(event, _money_texts(currency))


def find_hero(hand: Hand) -> str | None:
    """The player whose hidden cards the history shows in its ``Dealt to`` lines.

    A parsed hand also knows the hidden cards of everyone who showed or mucked at the
    end, so the hero is the one player whose hidden cards are known *without* being
    revealed later; when the hero revealed his too, a player called ``Hero`` (the
    corpus' anonymised name) is taken, else nobody (the text then differs only in not
    repeating the hero's cards before the showdown, and parses to the same hand).
    """
    known: list[str] = []
    revealed: set[str] = set()
    for event in hand.events:
        if isinstance(event, Deal):
            if event.street is Street.THIRD and event.cards[0] is not None:
                known.append(event.player)
        elif isinstance(event, (Show, Muck, SeatResult)) and event.cards:
            revealed.add(event.player)
    hidden = [p for p in known if p not in revealed]
    if len(hidden) == 1:
        return hidden[0]
    if "Hero" in known:
        return "Hero"
    return None


def find_heroes(hand: Hand) -> frozenset[str]:
    """Every player whose hidden cards the ``Dealt to`` lines must show: those known
    without being revealed later (the hero; at sites that print every player's cards,
    Bovada's, everybody who folded), else ``find_hero``'s fallback."""
    known: list[str] = []
    revealed: set[str] = set()
    for event in hand.events:
        if isinstance(event, Deal):
            if event.street is Street.THIRD and event.cards[0] is not None:
                known.append(event.player)
        elif isinstance(event, (Show, Muck, SeatResult)) and event.cards:
            revealed.add(event.player)
    hidden = frozenset(p for p in known if p not in revealed)
    if hidden:
        return hidden
    return frozenset(("Hero",)) if "Hero" in known else frozenset()


def _visible(event: Deal, hero: bool) -> list[int]:
    """Cards of this deal that the line prints: all known ones for the hero, else upcards."""
    if hero:
        return [c for c in event.cards if c is not None]
    return [c for c, up in zip(event.cards, event.up, strict=False) if up and c is not None]


def _deal_line(event: Deal, earlier: list[int], hero: bool) -> str | None:
    new = _visible(event, hero)
    if not new:
        return None
    if earlier:
        return f"Dealt to {event.player} [{str_cards(earlier)}] [{str_cards(new)}]"
    return f"Dealt to {event.player} [{str_cards(new)}]"


def _earlier_cards(hand: Hand, target: Deal, hero: bool) -> list[int]:
    earlier: list[int] = []
    for event in hand.events:
        if event is target:
            break
        if isinstance(event, Deal) and event.player == target.player:
            earlier.extend(_visible(event, hero))
    return earlier


@lru_cache(maxsize=64)  # a few deal patterns
def _shown_at(up: tuple[bool, ...]) -> tuple[int, ...]:
    """Deal pattern -> positions of its face-up cards (``(False, False, True)`` -> (2,))."""
    return tuple(i for i, face_up in enumerate(up) if face_up)


def write_hand(hand: Hand, hero: str | None = None) -> str:
    """The hand's full text, every line ending in ``\\n`` (no separator after it).

    ``hero``: whose hidden cards the ``Dealt to`` lines show; found by ``find_hero`` when
    not given (the simulator passes it, as it knows).

    Why the ``Dealt to`` lines are written as the deals come: a hand has ~50 lines and the
    simulator writes thousands of hands a second, so each player's cards so far are kept
    as their text (never re-joined), upcards are picked by the deal's pattern, and every
    amount is a dict look-up (``_MoneyTexts``).
    """
    header = hand.header
    heroes = find_heroes(hand) if hero is None else frozenset((hero,))
    money = _money_texts(header.currency)
    lines = format_header(header)
    _seat_lines(hand.seats, money, lines)
    # another site's table noise is in its own words, which PokerStars text cannot hold
    _event_lines(hand.events, heroes, money, header.site != "pokerstars", lines)
    lines.append("")
    return "\n".join(lines)


def _seat_lines(seats: Iterable[Seat], money: _MoneyTexts, lines: list[str]) -> None:
    """``Seat 3: Player (1,000 in chips)``, and whether he sits out or is out of the hand.

    ``_seat_text`` inline: stacks rarely repeat, so the amount memo is skipped."""
    append = lines.append
    symbol = money.symbol
    for seat in seats:
        stack = seat.stack
        if stack < 0:  # pragma: no cover - a stack is never negative
            chips = money[stack]
        elif symbol is None:
            chips = str(stack)
        else:
            whole, cents = divmod(stack, 100)
            chips = f"{symbol}{whole}{_CENTS[cents]}"
        if seat.sitting_out:
            append(f"Seat {seat.seat}: {seat.player} ({chips} in chips) is sitting out")
        elif seat.out_of_hand:
            append(f"Seat {seat.seat}: {seat.player} ({chips} in chips) out of hand")
        else:
            append(f"Seat {seat.seat}: {seat.player} ({chips} in chips)")


def _event_lines(events: Sequence[Event], heroes: frozenset[str], money: _MoneyTexts,
                 foreign_notes: bool, lines: list[str]) -> None:
    """One line per event, in order; street banners, the river's community card and the
    ``Dealt to`` lines are the events whose text depends on what came before."""
    append = lines.append
    plain = _PLAIN
    dealt_line = _dealt_line
    known: dict[str, str] = {}  # player -> text of the cards his lines showed so far
    skip_board = False
    for index, event in enumerate(events):
        kind = type(event)
        if kind is TableNote and foreign_notes:
            continue
        formatter = plain.get(kind)
        if formatter is not None:  # one event, one line: most events
            append(formatter(event, money))
        elif isinstance(event, Deal):
            line = dealt_line(event, event.player in heroes, known)
            if line is not None:
                append(line)
        elif isinstance(event, StreetStart):
            street = event.street
            if street is _SEVENTH:  # a community card joins the river line
                following = events[index + 1] if index + 1 < len(events) else None
                if isinstance(following, BoardCard):
                    append(f"*** RIVER *** [{_CARD_TEXT[following.card]}]")
                    skip_board = True
                    continue
            append(STREET_HEADERS[street])
        elif isinstance(event, BoardCard):
            if skip_board:
                skip_board = False
            else:
                append(_board(event, money))
        else:
            formatter = _FORMATTERS.get(kind)
            if formatter is None:
                raise TypeError(f"cannot write event {event!r}")
            append(formatter(event, money))


def _dealt_line(event: Deal, hero: bool, known: dict[str, str]) -> str | None:
    """``Dealt to Player [his cards so far] [the new ones]``: all of the hero's cards, an
    opponent's upcards only; no line when nothing new can be seen (his 7th street)."""
    player = event.player
    cards = event.cards
    card_text = _CARD_TEXT
    if hero:
        new = " ".join([card_text[c] for c in cards if c is not None])
    else:
        at = _shown_at(event.up)
        if len(at) == 1:  # one upcard: every street but the 7th
            i = at[0]
            c = cards[i] if i < len(cards) else None
            new = card_text[c] if c is not None else ""
        else:
            new = " ".join([card_text[c] for i in at
                            if i < len(cards) and (c := cards[i]) is not None])
    if not new:
        return None
    held = known.get(player)
    if held:
        known[player] = f"{held} {new}"
        return f"Dealt to {player} [{held}] [{new}]"
    known[player] = new
    return f"Dealt to {player} [{new}]"


def write_hands(hands: Iterable[Hand]) -> str:
    """Several hands as one file's text, separated the way the client separates them."""
    return HAND_SEPARATOR.join(write_hand(h) for h in hands)
