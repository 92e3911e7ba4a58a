"""PokerStars stud text -> ``Hand``: the grammar checks the order of the lines, then each
line token is read into events.

1. The header (the grammar's ``HEADER`` terminal, its regex read back from Lark) says which
   game the hand is: another game (hold'em, Omaha, draw) comes back as ``OtherGame``.
2. Lark parses the rest of the hand from its table line on (the grammar's second start
   symbol, ``hand``: the header is not read twice), LALR with the contextual lexer and the
   transformer inline (``PokerStarsLines`` returns the line tokens in order). Table noise
   comes to the dialect on the side (``lexer_callbacks``) and is put back in its place.
3. ``reading.read_hand`` reads the tokens into the ``Hand``.

A hand whose text starts with anything but its header (table noise before it, a header of
no kind this dialect knows) is parsed whole, from the ``start`` symbol, so that Lark names
what is wrong. A hand that does not parse is a ``ParseError`` naming its file, line and
hand (Lark's exception, worded in ``stud_hh.dialects.errors``); nothing here raises.
"""

from __future__ import annotations

import re
import threading
from operator import attrgetter
from typing import cast

import lark
from lark.exceptions import UnexpectedInput

from stud_hh.dialects.errors import ends_early, field_error, hand_id_of, syntax_error
from stud_hh.dialects.lark_grammar import LineToken, LineTokens, build_parser
from stud_hh.dialects.pokerstars import lines as line
from stud_hh.dialects.pokerstars.header import SITE, HeaderFields
from stud_hh.dialects.pokerstars.reading import FieldError, read_hand
from stud_hh.events import Hand, OtherGame, ParseError, Source
from stud_hh.reader import RawHand


class PokerStarsLines(LineTokens):
    """The grammar's rules -> the hand's line tokens, in order (see ``LineTokens``)."""

    antes = lines = showdown = seat_results = LineTokens.run
    start = hand = streets = summary = LineTokens.flatten


class PokerStarsParser:
    """Parses one hand's text at a time; owns the compiled Lark parser and the header regex.

    One parser may serve several threads: the table noise of the hand being parsed is
    collected per thread.
    """

    def __init__(self, use_cython: bool | None = None) -> None:
        self._noise = _TableNoise()
        self._lark: lark.Lark = build_parser(
            SITE, PokerStarsLines(), use_cython, start=("start", "hand"),
            ignored=dict.fromkeys(line.TABLE_NOTES, self._collect))
        # the header's fields, read with the regex Lark lexes the header with
        self._header = re.compile(self._lark.get_terminal("HEADER").pattern.to_regexp())

    def _collect(self, token: LineToken) -> None:
        self._noise.tokens.append(token)

    def parse_hand(self, raw: RawHand) -> Hand | ParseError | OtherGame:
        text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
        header = self._header.match(text)
        if header is None:
            return self._parse(raw, text, None, "start", 0)
        fields = HeaderFields.of(header)
        if fields.other_game is not None:
            return OtherGame(site=SITE, game=fields.other() or "", path=raw.path,
                             line=raw.line, hand_id=fields.hand_id)
        return self._parse(raw, text, fields, "hand", header.end())

    def _parse(self, raw: RawHand, text: str, fields: HeaderFields | None, start: str,
               skip: int) -> Hand | ParseError:
        """The hand from ``text[skip:]`` on (``start``: the grammar's symbol for it)."""
        rest = text[skip:] if skip else text
        first_line = 2 if skip else 1
        try:
            tokens = self._line_tokens(rest, start)
        except UnexpectedInput as exc:
            return syntax_error(exc, raw, rest, first_line, line.LINE_KINDS,
                                ends_early(self._line_tokens, start))
        except Exception as exc:  # never let one hand stop a file
            return _internal_error(exc, raw)
        if fields is None:  # table noise before the header: the header is a token
            header = next(t for t in tokens if t.type == "HEADER")
            match = self._header.match(header.value)
            assert match is not None  # the very regex Lark lexed it with
            fields = HeaderFields.of(match)
        try:
            return read_hand(fields, tokens, Source(raw.path, raw.line), first_line)
        except FieldError as exc:
            return field_error(str(exc), raw, exc.line)
        except Exception as exc:  # never let one hand stop a file
            return _internal_error(exc, raw)

    def _line_tokens(self, text: str, start: str) -> list[LineToken]:
        """The line tokens of ``text`` in text order, table noise in its place."""
        noise: list[LineToken] = []
        self._noise.tokens = noise
        tokens = cast(list[LineToken], self._lark.parse(text, start))  # see PokerStarsLines
        if noise:
            tokens = sorted(tokens + noise, key=_start_pos)
        return tokens

class _TableNoise(threading.local):
    """The table noise of the hand a thread is parsing (Lark hands it over as it lexes)."""

    def __init__(self) -> None:
        self.tokens: list[LineToken] = []


_start_pos = attrgetter("start_pos")


def _internal_error(exc: Exception, raw: RawHand) -> ParseError:
    return ParseError(message=f"internal parser error: {type(exc).__name__}: {exc}",
                      path=raw.path, line=raw.line, hand_id=hand_id_of(raw.text),
                      text=raw.text)


__all__ = ["PokerStarsLines", "PokerStarsParser"]
