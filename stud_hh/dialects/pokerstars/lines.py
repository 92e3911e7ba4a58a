"""PokerStars line tokens -> events: what each line kind of ``grammars/pokerstars.lark`` says.

The grammar has already matched every line against its kind, so a line is read by cutting
it where the kind's fixed words start: the name before the last ``": "`` of a betting line,
before `` collected `` in a collect, before the first bracket of cards in a ``Dealt to``
line (a name may hold brackets of its own: ``Dealt to PC [Mittel] [5c]``), and so on.
One line, one event, except the ``*** SUMMARY ***`` banner (none) and the table and seat
lines (the ``Header`` and ``Seat`` records, see ``header.py`` and ``read_seat``).

Lines a session repeats endlessly (the same player checks, calls the same amount, posts the
same ante; a table's whole run of antes) are read once and remembered (``lru_cache``;
events are immutable). The runs that never repeat, a hand's seats and a later street's
``Dealt to`` lines, are read in one regex pass when every line of the run has the usual
form (``seat_block``, ``up_card_block``), and line by line otherwise. A line whose
fields make no sense raises ``ValueError`` (or ``KeyError``, ``IndexError``); the parser
reports it on its own line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, partial
from typing import TypeVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects.money import MEMO_SIZE, cents, chips
from stud_hh.dialects.stud_hand import third_street_deal, up_card_deal
from stud_hh.events import (
    Ante,
    Bet,
    BettingCapped,
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
    Muck,
    NoLowHand,
    Raise,
    Seat,
    SeatResult,
    Show,
    Street,
    Summary,
    TableNote,
    UncalledReturn,
)

T = TypeVar("T")
#: an amount's text -> its integer value in the hand's unit (``money.cents``/``chips``)
Money = Callable[[str], int]

#: "Ah" -> card int, exactly as PokerStars writes cards (rank upper, suit lower)
_CARD: dict[str, int] = {str_card(c): c for c in DECK}
_STREET_BY_NAME = {
    "3rd Street": Street.THIRD, "4th Street": Street.FOURTH, "5th Street": Street.FIFTH,
    "6th Street": Street.SIXTH, "River": Street.SEVENTH,
}
_ALL_IN = " and is all-in"
_TOTAL = re.compile(
    r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+)\.)?(?P<sides>(?: Side pot\S* \S+\.)*)"
    r" \| Rake (?P<rake>\S+)"
)
_WON = re.compile(r"won \(([^)]*)\)")


#: "3" -> 3 for the seat numbers tables have (``int`` of a text copies it first: a look-up
#: is several times cheaper, and there are seven seat lines a hand)
_SEAT_NUMBERS = {str(number): number for number in range(1, 11)}


class LineError(ValueError):
    """A field error on the ``offset``-th line (0-based) of a token of several lines."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


#: what a line's fields may raise when they make no sense
FIELD_ERRORS = (ValueError, KeyError, IndexError)


# --- cards ------------------------------------------------------------------------------------


def cards(text: str) -> tuple[int, ...]:
    """``Ac Kc 8c`` (the inside of a bracket) -> card ints."""
    try:
        if len(text) == 2:  # one card: the new card of a street, a door card
            return (_CARD[text],)
        return tuple([_CARD[card] for card in text.split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def card_groups(text: str) -> tuple[str, list[tuple[int, ...]]]:
    """``NAME [a b] [c]`` -> (``NAME``, [(a, b), (c,)]): groups taken from the right.

    A name may itself hold brackets (``PC [Mittel]``); it ends before the leftmost bracket
    group, counting from the end, whose content is cards.
    """
    parts = text.split(" [")
    groups: list[tuple[int, ...]] = []
    while len(parts) > 1 and parts[-1].endswith("]"):
        try:
            groups.append(tuple([_CARD[card] for card in parts[-1][:-1].split(" ")]))
        except KeyError:
            break
        parts.pop()
    groups.reverse()
    return " [".join(parts), groups


# --- seats, antes and betting: one remembered event per line ----------------------------------


def read_seat(money: Money, line: str) -> Seat:
    """``Seat 3: NAME (1,500 in chips)``, maybe ``, $10 bounty`` inside the bracket, and
    ``is sitting out`` or ``out of hand ...`` after it."""
    colon = line.index(": ")
    number = _SEAT_NUMBERS.get(line[5:colon]) or int(line[5:colon])
    if line.endswith(" in chips)"):  # nothing after the stack: most seats
        paren = line.rindex(" (", 0, len(line) - 10)
        return Seat(number, line[colon + 2 : paren], money(line[paren + 2 : -10]))
    stack = line.rindex(" in chips")
    paren = line.rindex(" (", 0, stack)
    tail = line[line.index(")", stack) + 1 :]
    return Seat(number, line[colon + 2 : paren], money(line[paren + 2 : stack]),
                sitting_out=tail == " is sitting out", out_of_hand=tail.startswith(" out of hand"))


def read_ante(money: Money, line: str) -> Ante:
    """``NAME: posts the ante X``, maybe ``and is all-in``."""
    name, _, amount = line.rpartition(": posts the ante ")
    if amount.endswith(_ALL_IN):
        return Ante(name, money(amount[: -len(_ALL_IN)]), True)
    return Ante(name, money(amount))


def _wager(act: str, start: int, money: Money) -> tuple[int, bool]:
    """The amount of ``act`` from ``start`` on, and whether it put the player all-in."""
    if act.endswith(_ALL_IN):
        return money(act[start : -len(_ALL_IN)]), True
    return money(act[start:]), False


def read_action(money: Money, line: str) -> Event:
    """A betting line ``NAME: verb ...``: the verb follows the name's last ``": "``."""
    name, _, act = line.rpartition(": ")
    verb = act.partition(" ")[0]
    if verb == "checks":
        return Check(name)
    if verb == "folds":
        return Fold(name, cards(act[7:-1]) if act != "folds" else ())  # folds [Ad 5s 7s]
    if verb == "calls":
        return Call(name, *_wager(act, 6, money))
    if verb == "bets":
        return Bet(name, *_wager(act, 5, money))
    if verb == "raises":
        all_in = act.endswith(_ALL_IN)
        by, _, to = act[7 : -len(_ALL_IN) if all_in else None].partition(" to ")
        return Raise(name, money(by), money(to), all_in)
    if verb == "brings":
        return BringIn(name, *_wager(act, 14, money))  # brings in for X
    if verb == "completes":
        return Complete(name, *_wager(act, 16, money))  # completes it to X
    raise KeyError(verb)


# --- dealing ----------------------------------------------------------------------------------


def read_dealt(line: str, third_street: bool) -> tuple[str, tuple[int, ...]]:
    """``Dealt to NAME [cards]`` -> (NAME, the cards dealt on this street).

    3rd street: ``[Ac Kc 8c]`` (the hero), ``[Tc]`` (a door card), or ``[Ac Kc] [8c]``.
    Later streets: ``[earlier cards] [new card]``; only the new card is dealt now.
    """
    first, last = line.find(" ["), line.rfind(" [")
    if third_street and first == last:
        return line[9:first], cards(line[last + 2 : -1])
    if not third_street and line.find(" [", first + 2) == last:
        return line[9:first], cards(line[last + 2 : -1])
    name, groups = card_groups(line[9:])  # a name with brackets of its own
    if not groups:
        raise ValueError("no cards in the Dealt line")
    if third_street and len(groups) > 1:
        return name, groups[-2] + groups[-1]
    return name, groups[-1]


@lru_cache(maxsize=MEMO_SIZE)
def read_third_street_deal(line: str) -> Deal:
    """A 3rd-street ``Dealt to NAME [door card]`` (or the hero's three) as its ``Deal``."""
    return third_street_deal(*read_dealt(line, True))


def _up_card_reader(street: Street) -> Callable[[str], Deal]:
    # Not remembered, unlike 3rd street's door cards: each line repeats the player's
    # earlier cards, so a session almost never prints the same one twice (0 hits in
    # 34,000 lines of 6,000 simulated hands, where a memo only cost its upkeep).
    def read(line: str) -> Deal:
        """A 4th to 6th street ``Dealt to NAME [earlier] [new]`` as its ``Deal``."""
        return up_card_deal(street, *read_dealt(line, False))

    return read


def read_river_deal(line: str) -> tuple[str, tuple[int, ...]]:
    """A river ``Dealt to NAME [earlier] [new]`` (the hero's: ``StudHand.deal`` places it)."""
    return read_dealt(line, False)


#: street -> how its ``Dealt to`` lines read
UP_CARD_DEALS = {street: _up_card_reader(street)
                 for street in (Street.FOURTH, Street.FIFTH, Street.SIXTH)}

#: the ``Dealt to`` lines that open a street, as one block: they come first, and no
#: betting line both starts with ``Dealt to`` and ends with a bracket without being a deal
#: line too (``Dealt to X: folds [Ah]`` is one for the grammar)
_DEAL_BLOCK = re.compile(r"(?:Dealt to [^\n]*\](?:\n|\Z))*")
#: a later street's ``Dealt to NAME [earlier cards] [new card]``, the usual form
#: (each line is searched for after a newline, a literal sre finds at once: a ``^`` in
#: multiline mode has it try every position of the block)
_UP_CARD = re.compile(r"\nDealt to ([^\n]+?) \[[^\]\n]*\] \[(..)\](?=\n|\Z)")


def deal_block(text: str) -> int:
    """Where the ``Dealt to`` lines that open ``text`` (a street after its banner) end:
    the lines that start with ``Dealt to`` and end with a bracket."""
    match = _DEAL_BLOCK.match(text)
    assert match is not None  # the block may be empty
    return match.end()


def up_card_block(street: Street, text: str, count: int) -> list[Deal] | None:
    """A later street's ``count`` ``Dealt to`` lines (``text``, one block) read in one pass,
    or None where one of them is of a rarer form: a name with brackets of its own, not two
    groups of cards, several new cards (``read_dealt`` then reads them line by line).

    The pass reads what ``read_dealt`` reads: with exactly two brackets on a line the name
    ends at the first, and the new card is in the last."""
    found = _UP_CARD.findall("\n" + text)
    if len(found) != count or text.count(" [") != 2 * count:
        return None
    try:
        return [Deal(street, name, (_CARD[card],), _UP) for name, card in found]
    except KeyError:  # not a card: read line by line, so that the error names its line
        return None


_UP = (True,)
#: ``Seat N: NAME (STACK in chips)``, the usual seat line (nothing after the stack)
_SEAT = re.compile(r"\nSeat (\d+): ([^\n]+?) \(([^ \n]+) in chips\)(?=\n|\Z)")


def seat_block(money: Money, text: str) -> list[Seat] | None:
    """A run of seat lines read in one pass, or None where one of them is of a rarer
    form (sitting out, a bounty, out of hand: ``read_seat`` then reads them line by line).

    The pass reads what ``read_seat`` reads: the seat number before the first ``": "``, the
    name up to the last `` (`` and the stack after it."""
    found = _SEAT.findall("\n" + text)
    if len(found) != text.count("\n") + 1:
        return None
    numbers = _SEAT_NUMBERS
    try:
        return [Seat(numbers.get(number) or int(number), name, money(stack))
                for number, name, stack in found]
    except FIELD_ERRORS:  # an amount out of its unit: line by line names the line
        return None


# --- showdown and summary ---------------------------------------------------------------------


def read_show(line: str) -> Show:
    """``NAME: shows [cards] (description)``: the name ends at the first ``: shows [``
    that opens a bracket of cards."""
    start = 0
    while True:
        at = line.index(": shows [", start)
        rest = line[at + 9 :]
        try:
            shown = cards(rest[: rest.index("]")])
        except ValueError:
            start = at + 1
            continue
        description = rest.partition("]")[2].strip()
        return Show(line[:at], shown, description[1:-1] if description.startswith("(") else None)


def read_muck(line: str) -> Muck:
    """``NAME: mucks hand`` or ``NAME: mucks [cards]``."""
    if line.endswith(": mucks hand"):
        return Muck(line[: -len(": mucks hand")])
    name, groups = card_groups(line)
    return Muck(name[: -len(": mucks")], groups[0] if groups else ())


def read_collect(money: Money, line: str) -> Collect:
    """``NAME collected X from pot`` (or ``main pot``, ``side pot-2``)."""
    name, _, rest = line.rpartition(" collected ")
    amount, _, pot = rest.partition(" from ")
    return Collect(name, money(amount), pot)


def read_uncalled(money: Money, line: str) -> UncalledReturn:
    """``Uncalled bet (X) returned to NAME``."""
    amount, _, name = line[len("Uncalled bet (") :].partition(") returned to ")
    return UncalledReturn(name, money(amount))


def read_total_pot(money: Money, line: str) -> Summary:
    """``Total pot X [Main pot Y. Side pot Z.] | Rake R`` (the board comes on its own line)."""
    match = _TOTAL.fullmatch(line)
    if match is None:
        raise ValueError("unreadable Total pot line")
    main = match["main"]
    sides = tuple(money(side.split(" ")[-1][:-1])
                  for side in match["sides"].split(" Side pot")[1:])
    return Summary(money(match["total"]), money(match["rake"]), money(main) if main else None,
                   sides)


def read_seat_folded(line: str) -> SeatResult:
    """``Seat N: NAME folded on the 4th Street``, maybe ``(didn't bet)``."""
    colon = line.index(": ")
    end = line.rindex(" folded on the ")
    street = line[end + len(" folded on the ") :]
    didnt_bet = street.endswith(" (didn't bet)")
    if didnt_bet:
        street = street[: -len(" (didn't bet)")]
    return SeatResult(int(line[5:colon]), line[colon + 2 : end], "folded",
                      street=_STREET_BY_NAME[street], didnt_bet=didnt_bet)


def read_seat_result(money: Money, line: str) -> SeatResult:
    """``Seat N: NAME`` and what became of him: ``folded on the ...``, ``collected (X)``,
    ``showed [..] and won (X) with ...``, ``mucked [..]`` (maybe ``and lost with ...``)."""
    if line.endswith(")") and " collected (" in line:
        colon = line.index(": ")
        seat = int(line[5:colon])
        end = line.rindex(" collected (")
        return SeatResult(seat, line[colon + 2 : end], "collected",
                          won=money(line[end + len(" collected (") : -1]))
    if " folded on the " in line:
        return read_seat_folded(line)
    colon = line.index(": ")
    seat = int(line[5:colon])
    outcome = "showed" if " showed [" in line else "mucked"
    end = line.index(f" {outcome} [")
    cards_text, _, rest = line[end + len(outcome) + 3 :].partition("]")
    won = [money(amount) for amount in _WON.findall(rest)] if "won (" in rest else None
    _, with_, description = rest.partition(" with ")
    return SeatResult(seat, line[colon + 2 : end], outcome, won=sum(won) if won else None,
                      cards=cards(cards_text), description=description if with_ else None)


# --- one money unit's readers, and reading a run of lines -----------------------------------


def read_antes(read: Callable[[str], Ante], text: str) -> tuple[Ante, ...]:
    """A run of ante lines, each read by ``read`` (``UnitReaders.antes``)."""
    return tuple(read_run(read, text.split("\n")))


class UnitReaders:
    """The readers of lines that hold amounts, for one money unit (cents or chips).

    The lines a session repeats (bets, antes, the pot of a hand nobody contested) are read
    once and remembered, per unit: the same text is another amount in the other unit.
    """

    def __init__(self, money: Money) -> None:
        self.money = money
        self.seat: Callable[[str], Seat] = partial(read_seat, money)  # stacks rarely repeat
        self.ante: Callable[[str], Ante] = lru_cache(MEMO_SIZE)(partial(read_ante, money))
        self.action: Callable[[str], Event] = lru_cache(MEMO_SIZE)(partial(read_action, money))
        #: a table posts the same antes hand after hand: their run is remembered whole
        self.antes: Callable[[str], tuple[Ante, ...]] = lru_cache(MEMO_SIZE)(
            partial(read_antes, self.ante))
        self.collect: Callable[[str], Collect] = partial(read_collect, money)
        self.uncalled: Callable[[str], UncalledReturn] = partial(read_uncalled, money)
        self.total_pot: Callable[[str], Summary] = lru_cache(MEMO_SIZE)(
            partial(read_total_pot, money))
        self.seat_result: Callable[[str], SeatResult] = lru_cache(MEMO_SIZE)(
            partial(read_seat_result, money))


IN_CENTS = UnitReaders(cents)
IN_CHIPS = UnitReaders(chips)


def read_run(read: Callable[[str], T], lines: list[str], first: int = 0) -> list[T]:
    """``read`` on every line of a run; a field error names the line's offset in its token
    (``first``: the offset of ``lines[0]``)."""
    try:
        return list(map(read, lines))
    except FIELD_ERRORS:
        for offset, line in enumerate(lines, first):
            try:
                read(line)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc), offset) from None
        raise


def showdown_kind(text: str) -> str:
    """The kind of a line under ``*** SHOW DOWN ***`` (``SHOW``, ``MUCK``, ``NO_SHOW`` or
    ``COLLECT``), by the words that follow the player's name."""
    if text.endswith(": doesn't show hand"):
        return "NO_SHOW"
    if ": shows [" in text:
        return "SHOW"
    if ": mucks " in text:
        return "MUCK"
    return "COLLECT"


# --- table noise ------------------------------------------------------------------------------


def read_chat(line: str) -> Chat:
    """``NAME said, "message"``."""
    name, _, message = line[:-1].partition(' said, "')
    return Chat(name, message)


def table_note(kind: str, *markers: str) -> Callable[[str], TableNote]:
    """How a table-noise line reads: its name ends where the first marker found starts."""

    def read(line: str) -> TableNote:
        for marker in markers:
            end = line.find(marker)
            if end >= 0:
                return TableNote(kind, line[:end], line)
        raise ValueError(f"no {kind} marker in {line!r}")

    return read


#: table-noise line kind -> how it reads
TABLE_NOTES: dict[str, Callable[[str], Event]] = {
    "JOINS": table_note("joins", " joins the table"),
    "LEAVES": table_note("leaves", " leaves the table"),
    "CONNECTED": table_note("connected", " is connected"),
    "DISCONNECTED": table_note("disconnected", " is disconnected"),
    "SITTING_OUT": table_note("sitting_out", " is sitting out", ": sits out", ": is sitting out"),
    "RETURNED": table_note("returned", " has returned", ": sits in"),
    "TIMED_OUT": table_note("timed_out", " has timed out"),
    "REMOVED": table_note("removed", " was removed from the table"),
    "FINISHED": table_note("finished", " finished the tournament", " wins the tournament"),
    "REBUY": table_note("rebuy", " re-buys and receives ", " takes the add-on and receives "),
    "BOUNTY": table_note("bounty", " wins "),
    "CHAT": read_chat,
}

#: lines that are one event whatever they hold
FIXED_EVENTS: dict[str, Event] = {
    "BETTING_CAPPED": BettingCapped(),
    "DOUBLE_BET": DoubleBetAllowed(),
    "NO_LOW": NoLowHand(),
}


#: line kind -> its name in error messages (what was expected where a line did not fit)
LINE_KINDS: dict[str, str] = {
    "HEADER": "the header", "TABLE": "the table line", "SEATS": "a seat",
    "ANTES": "an ante", "THIRD": "*** 3rd STREET ***", "FOURTH": "*** 4th STREET ***",
    "FIFTH": "*** 5th STREET ***", "SIXTH": "*** 6th STREET ***", "RIVER": "*** RIVER ***",
    "DEALS": "a Dealt to line", "ACTIONS": "a betting line", "BETTING_CAPPED": "Betting is capped",
    "DOUBLE_BET": "a double bet allowed", "UNCALLED": "an uncalled bet returned",
    "COLLECT": "a collected line", "SHOW": "a shows line", "MUCK": "a mucks line",
    "NO_SHOW": "a doesn't show line", "NO_LOW": "No low hand qualified",
    "SHOW_DOWN": "*** SHOW DOWN ***", "SUMMARY": "*** SUMMARY ***", "TOTAL_POT": "Total pot",
    "SEAT_RESULTS": "a summary seat line",
}


__all__ = [
    "FIELD_ERRORS", "FIXED_EVENTS", "LINE_KINDS", "TABLE_NOTES", "LineError", "Money",
    "card_groups", "cards",
    "read_action", "read_ante", "read_collect", "read_muck", "read_seat",
    "read_seat_result", "read_show", "read_total_pot", "read_uncalled",
]
