"""A parsed PokerStars hand's line tokens -> its ``Hand``: one ``HandReader`` per hand.

Lark has checked that the lines come in an order the grammar allows; each token is now
read by its kind (the grammar's terminal name), in text order, into events
(``lines.py`` reads the fields, ``StudHand`` places the cards a history hides). The header
is read last: the ante and bring-in it records are what the lines show was posted.

A line whose fields make no sense raises ``FieldError`` naming its line in the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from stud_hh.dialects.lark_grammar import LineToken
from stud_hh.dialects.pokerstars import lines as line
from stud_hh.dialects.pokerstars.header import HeaderFields, read_header
from stud_hh.dialects.stud_hand import StudHand
from stud_hh.events import Hand, NoShow, Seat, ShowdownStart, Source, Street

#: one ``ShowdownStart`` for every hand (events are immutable)
SHOWDOWN_START = ShowdownStart()


class FieldError(ValueError):
    """A line the grammar took whose fields make no sense; ``line`` is 1-based in the
    hand."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class HandReader:
    """One hand's line tokens -> its seats and events. Each method reads one line kind
    (a token's text, without its last newline)."""

    __slots__ = ("hand", "read", "seats", "table_line")

    def __init__(self, read: line.UnitReaders) -> None:
        self.read = read  # the readers for the hand's money unit
        self.hand = StudHand()
        self.seats: list[Seat] = []
        self.table_line = ""

    # --- the table, seats and antes ------------------------------------------------------------

    def header(self, text: str) -> None:
        """The header's fields are read before the hand is parsed (``HeaderFields``)."""

    def table(self, text: str) -> None:
        self.table_line = text

    def seat_lines(self, text: str) -> None:
        seats = line.seat_block(self.read.money, text)
        self.seats = seats if seats is not None else line.read_run(self.read.seat,
                                                                   text.split("\n"))

    def antes(self, text: str) -> None:
        self.hand.antes(self.read.antes(text))

    # --- streets: deals and betting ------------------------------------------------------------

    def street(self, street: Street, text: str) -> None:
        """A street: its banner, the cards dealt on it and its betting (``*** RIVER ***
        [6h]``: the deck ran out, one community card)."""
        banner, _, rest = text.partition("\n")  # rest: the street's lines, if any
        hand = self.hand
        hand.start_street(street)
        if street is Street.SEVENTH:
            board = line.cards(banner[banner.rindex("[") + 1 : -1]) if banner[-1] == "]" else ()
            hand.deal_river(board[0] if board else None)
        end = line.deal_block(rest)
        deals = 0
        if end:
            block = rest[: end - 1] if rest[end - 1] == "\n" else rest
            deals = block.count("\n") + 1
            self.deal_block(block, deals)
        if end < len(rest):
            self.betting(rest[end:].split("\n"), 1 + deals)

    def deal_block(self, block: str, count: int) -> None:
        """A street's ``count`` ``Dealt to`` lines, the block that follows its banner."""
        street = self.hand.street
        if street is not Street.THIRD and street is not Street.SEVENTH:
            deals = line.up_card_block(street, block, count)
            if deals is not None:
                self.hand.deal_up(deals)
                return
        self.deals(block.split("\n"), 1)

    def third(self, text: str) -> None:
        self.street(Street.THIRD, text)

    def fourth(self, text: str) -> None:
        self.street(Street.FOURTH, text)

    def fifth(self, text: str) -> None:
        self.street(Street.FIFTH, text)

    def sixth(self, text: str) -> None:
        self.street(Street.SIXTH, text)

    def river(self, text: str) -> None:
        self.street(Street.SEVENTH, text)

    def deal_lines(self, text: str) -> None:
        self.deals(text.split("\n"), 0)

    def deals(self, lines: list[str], first: int) -> None:
        """``Dealt to`` lines on the street being dealt; ``first``: the offset of the
        first in its token (for errors)."""
        hand = self.hand
        street = hand.street
        if street is Street.THIRD:
            hand.deal_third(line.read_run(line.read_third_street_deal, lines, first))
        elif street is Street.SEVENTH:  # the hero's card: ``deal`` places it
            line.read_run(lambda text: hand.deal(*line.read_river_deal(text)), lines, first)
        else:
            hand.deal_up(line.read_run(line.UP_CARD_DEALS[street], lines, first))

    def actions(self, text: str) -> None:
        self.betting(text.split("\n"), 0)

    def betting(self, lines: list[str], first: int) -> None:
        self.hand.actions(line.read_run(self.read.action, lines, first))

    # --- the showdown --------------------------------------------------------------------------

    def showdown(self, text: str) -> None:
        """``*** SHOW DOWN ***`` and the hands shown, mucked and collected under it."""
        self.hand.add(SHOWDOWN_START)
        lines = text.split("\n")
        for offset in range(1, len(lines)):
            try:
                self.showdown_line(lines[offset])
            except line.FIELD_ERRORS as exc:
                raise line.LineError(str(exc), offset) from None

    def showdown_line(self, text: str) -> None:
        kind = line.showdown_kind(text)
        if kind == "SHOW":
            self.show(text)
        elif kind == "MUCK":
            self.muck(text)
        elif kind == "NO_SHOW":
            self.no_show(text)
        else:
            self.collect(text)

    def show(self, text: str) -> None:
        show = line.read_show(text)
        self.hand.reveal(show.player, show.cards)
        self.hand.add(show)

    def muck(self, text: str) -> None:
        muck = line.read_muck(text)
        self.hand.reveal(muck.player, muck.cards)
        self.hand.add(muck)

    def no_show(self, text: str) -> None:
        self.hand.add(NoShow(text[: -len(": doesn't show hand")]))

    def uncalled(self, text: str) -> None:
        self.hand.add(self.read.uncalled(text))

    def collect(self, text: str) -> None:
        self.hand.add(self.read.collect(text))

    # --- the summary ---------------------------------------------------------------------------

    def summary(self, text: str) -> None:
        """``*** SUMMARY ***``: the ``Summary`` event comes from the ``Total pot`` line."""

    def total_pot(self, text: str) -> None:
        """``Total pot ... | Rake ...``, maybe the board, and the summary's seat lines."""
        total, *lines = text.split("\n")
        hand = self.hand
        hand.add(self.read.total_pot(total))
        first = 1
        if lines and lines[0].startswith("Board ["):
            try:
                hand.board(line.cards(lines[0][len("Board [") : -1]))
            except line.FIELD_ERRORS as exc:
                raise line.LineError(str(exc), 1) from None
            first = 2
        if len(lines) >= first:
            hand.seat_results(line.read_run(self.read.seat_result, lines[first - 1 :], first))

    def seat_results(self, text: str) -> None:
        self.hand.seat_results(line.read_run(self.read.seat_result, text.split("\n")))

    # --- lines that are one event --------------------------------------------------------------

    def note(self, text: str, kind: str) -> None:
        """A line of table noise (joins, leaves, chat, ...)."""
        self.hand.add(line.TABLE_NOTES[kind](text))

    def fixed(self, text: str, kind: str) -> None:
        """A line that is always the same event (``Betting is capped``)."""
        self.hand.add(line.FIXED_EVENTS[kind])


#: line kind (the grammar's terminal) -> the reader's method for it
READERS: dict[str, Callable[[HandReader, str], None]] = {
    "HEADER": HandReader.header, "TABLE": HandReader.table, "SEATS": HandReader.seat_lines,
    "ANTES": HandReader.antes, "THIRD": HandReader.third, "FOURTH": HandReader.fourth,
    "FIFTH": HandReader.fifth, "SIXTH": HandReader.sixth, "RIVER": HandReader.river,
    "DEALS": HandReader.deal_lines, "ACTIONS": HandReader.actions,
    "SHOW_DOWN": HandReader.showdown, "SHOW": HandReader.show, "MUCK": HandReader.muck,
    "NO_SHOW": HandReader.no_show, "UNCALLED": HandReader.uncalled,
    "COLLECT": HandReader.collect, "SUMMARY": HandReader.summary,
    "TOTAL_POT": HandReader.total_pot,
    "SEAT_RESULTS": HandReader.seat_results,
}
#: line kinds read by ``note`` or ``fixed``, which take the kind
KIND_READERS: dict[str, Callable[[HandReader, str, str], None]] = {
    **dict.fromkeys(line.TABLE_NOTES, HandReader.note),
    **dict.fromkeys(line.FIXED_EVENTS, HandReader.fixed),
}


def read_hand(fields: HeaderFields, tokens: Iterable[LineToken], source: Source,
              first_line: int) -> Hand:
    """The ``Hand`` of a parsed hand: its header's ``fields`` and its line tokens, the
    first on the hand's ``first_line``."""
    currency = fields.hand_currency()
    reader = HandReader(line.IN_CENTS if currency else line.IN_CHIPS)
    readers = READERS
    at = first_line - 1
    for token in tokens:
        kind = token.type
        try:
            read = readers.get(kind)
            if read is not None:
                read(reader, token.value[:-1])
            else:
                KIND_READERS[kind](reader, token.value[:-1], kind)
        except line.LineError as exc:
            raise FieldError(str(exc), at + token.line + exc.offset) from None
        except line.FIELD_ERRORS as exc:
            raise FieldError(str(exc), at + token.line) from None
    events = reader.hand.finish()
    try:
        header = read_header(fields, currency, reader.table_line, reader.hand.ante,
                             reader.hand.bring_in)
    except line.FIELD_ERRORS as exc:
        raise FieldError(str(exc), 1) from None
    return Hand(header=header, seats=tuple(reader.seats), events=events, source=source)


__all__ = ["READERS", "SHOWDOWN_START", "FieldError", "HandReader", "read_hand"]
