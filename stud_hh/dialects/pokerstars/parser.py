"""PokerStars stud text -> ``Hand``: the grammar checks the lines' order, then each line
token is read into events.

1. The header (the grammar's ``HEADER`` regex) says which game the hand is: another game
   (hold'em, Omaha, draw) comes back as ``OtherGame`` at once.
2. Lark parses the hand (``grammars/pokerstars.lark``, LALR, contextual lexer, transformer
   inline: ``PokerStarsLines`` returns its line tokens in order).
3. ``HandReader`` reads each token into events (``lines.py``), which ``StudHand`` orders
   and completes (hidden cards, river cards, revealed hands); the header comes last, as
   the ante and bring-in are what the lines show was posted.

A hand that does not parse is a ``ParseError`` that names its file, line and hand (Lark's
own exception, worded in ``stud_hh.dialects.errors``); nothing here raises.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import partial
from operator import attrgetter
from typing import cast

import lark
from lark.exceptions import UnexpectedInput

from stud_hh.dialects.errors import field_error, hand_id_of, ran_out, syntax_error
from stud_hh.dialects.lark_grammar import LineToken, LineTokens, build_parser
from stud_hh.dialects.pokerstars import lines as line
from stud_hh.dialects.pokerstars.header import SITE, HeaderFields, read_header
from stud_hh.dialects.stud_hand import StudHand
from stud_hh.events import Event, Hand, NoShow, OtherGame, ParseError, Seat, Source, Street
from stud_hh.reader import RawHand


class PokerStarsLines(LineTokens):
    """The grammar's rules -> the hand's line tokens, in order (see ``LineTokens``)."""

    antes = lines = showdown = seat_results = LineTokens.run
    start = streets = summary = LineTokens.flatten


class HandReader:
    """One hand's line tokens -> its seats and events (a new reader per hand)."""

    __slots__ = ("hand", "read", "seats", "table_line")

    def __init__(self, read: line.UnitReaders) -> None:
        self.read = read  # the readers for the hand's money unit
        self.hand = StudHand()
        self.seats: list[Seat] = []
        self.table_line = ""

    # --- seats, antes, streets and betting -----------------------------------------------------

    def header(self, text: str) -> None:
        """The header is read before the hand is parsed (``HeaderFields``)."""

    def table(self, text: str) -> None:
        self.table_line = text

    def seat_lines(self, text: str) -> None:
        self.seats = line.read_run(self.read.seat, text.split("\n"))

    def antes(self, text: str) -> None:
        self.hand.antes(line.read_run(self.read.ante, text.split("\n")))

    def actions(self, text: str) -> None:
        self.hand.actions(line.read_run(self.read.action, text.split("\n")))

    def deal_lines(self, text: str) -> None:
        self.deals(text.split("\n"))

    def deals(self, lines: list[str]) -> None:
        """``Dealt to`` lines, on the street being dealt."""
        hand = self.hand
        street = hand.street
        if street is Street.THIRD:
            hand.deal_third(line.read_run(line.read_third_street_deal, lines))
        elif street is Street.SEVENTH:  # the hero's card: ``deal`` places it
            line.read_run(lambda text: hand.deal(*line.read_river_deal(text)), lines)
        else:
            hand.deal_up(line.read_run(line.UP_CARD_DEALS[street], lines))

    # --- showdown and summary ------------------------------------------------------------------

    def uncalled(self, text: str) -> None:
        self.hand.add(self.read.uncalled(text))

    def collect(self, text: str) -> None:
        self.hand.add(self.read.collect(text))

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

    def summary(self, text: str) -> None:
        """``*** SUMMARY ***``: the ``Summary`` event comes from the ``Total pot`` line."""

    def total_pot(self, text: str) -> None:
        self.hand.add(self.read.total_pot(text))

    def board(self, text: str) -> None:
        self.hand.board(line.cards(text[len("Board [") : -1]))

    def seat_results(self, text: str) -> None:
        self.hand.seat_results(line.read_run(self.read.seat_result, text.split("\n")))


def _street(street: Street, reader: HandReader, text: str) -> None:
    """A street's banner and the cards dealt on it (``*** RIVER *** [6h]``: the deck ran
    out, one community card)."""
    banner, *deals = text.split("\n")
    hand = reader.hand
    hand.start_street(street)
    if street is Street.SEVENTH:
        board = line.cards(banner[banner.rindex("[") + 1 : -1]) if banner[-1] == "]" else ()
        hand.deal_river(board[0] if board else None)
    if deals:
        try:
            reader.deals(deals)
        except line.LineError as exc:
            raise line.LineError(str(exc), exc.offset + 1) from None


def _note(read: Callable[[str], Event], reader: HandReader, text: str) -> None:
    """A line of table noise (joins, leaves, chat, ...)."""
    reader.hand.add(read(text))


def _fixed(event: Event, reader: HandReader, text: str) -> None:
    """A line that is always the same event (``Betting is capped``)."""
    reader.hand.add(event)


#: line kind (the grammar's terminal) -> how it is read
_READERS: dict[str, Callable[[HandReader, str], None]] = {
    "HEADER": HandReader.header,
    "TABLE": HandReader.table,
    "SEATS": HandReader.seat_lines,
    "ANTES": HandReader.antes,
    "THIRD": partial(_street, Street.THIRD),
    "FOURTH": partial(_street, Street.FOURTH),
    "FIFTH": partial(_street, Street.FIFTH),
    "SIXTH": partial(_street, Street.SIXTH),
    "RIVER": partial(_street, Street.SEVENTH),
    "DEALS": HandReader.deal_lines,
    "ACTIONS": HandReader.actions,
    "UNCALLED": HandReader.uncalled,
    "COLLECT": HandReader.collect,
    "SHOW": HandReader.show,
    "MUCK": HandReader.muck,
    "NO_SHOW": HandReader.no_show,
    "SUMMARY": HandReader.summary,
    "TOTAL_POT": HandReader.total_pot,
    "BOARD": HandReader.board,
    "SEAT_RESULTS": HandReader.seat_results,
    **{kind: partial(_note, read) for kind, read in line.TABLE_NOTES.items()},
    **{kind: partial(_fixed, event) for kind, event in line.FIXED_EVENTS.items()},
}


class PokerStarsParser:
    """Parses one hand's text at a time; owns the compiled Lark parser and the header regex.

    One parser may serve several threads: the table noise of the hand being parsed is
    collected per thread.
    """

    def __init__(self, use_cython: bool | None = None) -> None:
        self._noise = _TableNoise()
        self._lark: lark.Lark = build_parser(SITE, PokerStarsLines(), use_cython,
                                             dict.fromkeys(line.TABLE_NOTES, self._collect))
        # the header's fields, read with the regex Lark lexes it with
        self._header = re.compile(self._lark.get_terminal("HEADER").pattern.to_regexp())

    def _collect(self, token: LineToken) -> None:
        self._noise.tokens.append(token)

    def parse_hand(self, raw: RawHand) -> Hand | ParseError | OtherGame:
        text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
        fields = HeaderFields.read(self._header, text)
        if fields is not None and fields.other_game is not None:
            return OtherGame(site=SITE, game=fields.other() or "", path=raw.path,
                             line=raw.line, hand_id=fields.hand_id)
        try:
            tokens = self._line_tokens(text)
        except UnexpectedInput as exc:
            return syntax_error(exc, raw, text, line.LINE_KINDS, self._ends_early)
        except Exception as exc:  # never let one hand stop a file
            return _internal_error(exc, raw, text)
        if fields is None:  # table noise before the header: the header is the first token
            fields = HeaderFields.read(self._header, tokens[0].value)
            assert fields is not None  # the very regex Lark lexed it with
        try:
            return _read_hand(fields, tokens, raw)
        except _FieldError as exc:
            return field_error(str(exc), raw, exc.line, text)
        except Exception as exc:  # never let one hand stop a file
            return _internal_error(exc, raw, text)

    def _line_tokens(self, text: str) -> list[LineToken]:
        """The hand's line tokens in text order, table noise in its place."""
        noise: list[LineToken] = []
        self._noise.tokens = noise
        tokens = cast(list[LineToken], self._lark.parse(text))  # see PokerStarsLines
        if noise:
            tokens = sorted(tokens + noise, key=_start_pos)
        return tokens

    def _ends_early(self, text: str) -> bool:
        """Whether the hand is unfinished after ``text`` (its first lines)."""
        try:
            self._line_tokens(text)
        except UnexpectedInput as exc:
            return ran_out(exc)
        return False


class _TableNoise(threading.local):
    """The table noise of the hand a thread is parsing (Lark hands it over as it lexes)."""

    def __init__(self) -> None:
        self.tokens: list[LineToken] = []


_start_pos = attrgetter("start_pos")


class _FieldError(Exception):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def _read_hand(fields: HeaderFields, tokens: list[LineToken], raw: RawHand) -> Hand:
    """Each line token (a line, or a run of lines of one kind) into events, in order."""
    currency = fields.hand_currency()
    reader = HandReader(line.IN_CENTS if currency else line.IN_CHIPS)
    readers = _READERS
    token = tokens[0]
    try:
        for token in tokens:
            readers[token.type](reader, token.value[:-1])
    except line.LineError as exc:
        raise _FieldError(str(exc), token.line + exc.offset) from None
    except line.FIELD_ERRORS as exc:
        raise _FieldError(str(exc), token.line) from None
    events: tuple[Event, ...] = reader.hand.finish()
    try:
        header = read_header(fields, currency, reader.table_line, reader.hand.ante,
                             reader.hand.bring_in)
    except line.FIELD_ERRORS as exc:
        raise _FieldError(str(exc), 1) from None
    return Hand(header=header, seats=tuple(reader.seats), events=events,
                source=Source(raw.path, raw.line))


def _internal_error(exc: Exception, raw: RawHand, text: str) -> ParseError:
    return ParseError(message=f"internal parser error: {type(exc).__name__}: {exc}",
                      path=raw.path, line=raw.line, hand_id=hand_id_of(text), text=raw.text)


__all__ = ["HandReader", "PokerStarsLines", "PokerStarsParser"]
