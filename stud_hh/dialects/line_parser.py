"""One hand's text -> ``Hand`` through a site's grammar: the steps every text dialect but
PokerStars' shares (PokerStars keeps its own, tuned, copy of the same steps).

1. The header regex (the grammar's ``HEADER`` terminal, compiled once) says which game the
   hand is: another game comes back as ``OtherGame`` before anything else is read.
2. Lark parses the hand with the transformer inline (``LineTokens``): the grammar checks
   the order of the lines and returns the line tokens, in order; table noise (``%ignore``
   terminals) is collected on the side and put back in its place. A grammar whose
   ``start`` is ``HEADER hand`` (as ``pokerstars.lark``'s) has the text after a header the
   regex took parsed from ``hand``: the header is not read twice. A hand that starts with
   anything else is parsed whole, from ``start``, so that Lark names what is wrong.
3. The site's ``HandBuilder`` reads each token into events (``StudHand``) and builds the
   ``Hand`` from the header's fields.

Any error is a ``ParseError`` that names the file, the line and the hand; nothing raises.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, Protocol, cast

import lark
import msgspec
from lark.exceptions import UnexpectedInput

from stud_hh.dialects.errors import LineKinds, ends_early, field_error, hand_id_of, syntax_error
from stud_hh.dialects.lark_grammar import LineToken, LineTokens, build_parser
from stud_hh.events import Deal, Event, Hand, OtherGame, ParseError, Seat, Source
from stud_hh.reader import RawHand

#: what a line's fields may raise when they make no sense
FIELD_ERRORS = (ValueError, KeyError, IndexError, TypeError)


class LineError(ValueError):
    """A field error on the ``offset``-th line (0-based) of a token of several lines."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class HandBuilder(Protocol):
    """Reads one hand's line tokens (a new builder per hand)."""

    @property
    def readers(self) -> Mapping[str, Callable[[Any, str], None]]:
        """Line kind -> how a token of that kind (its text without the final newline) is
        read into the hand: one look-up and one call per token."""
        ...

    def build(self, source: Source) -> Hand:
        """The hand, once every token was read."""


class GrammarParser:
    """A site's compiled grammar and header regex, and the loop that reads a hand.

    ``builder(fields)`` makes the ``HandBuilder`` of a hand whose header groups are
    ``fields``; ``other_game(fields)`` names the game of a hand that is not stud (or None).
    ``hand_rule``: the grammar's rule for the lines after the header (``start: HEADER
    hand``), or None where the grammar has none.
    One parser may serve several threads: the noise of the hand being parsed is per thread.
    """

    def __init__(
        self,
        site: str,
        transformer: LineTokens,
        noise: tuple[str, ...],
        builder: Callable[[dict[str, str | None]], HandBuilder],
        other_game: Callable[[dict[str, str | None]], str | None],
        use_cython: bool | None = None,
        kinds: LineKinds | None = None,
        hand_rule: str | None = None,
    ) -> None:
        self.site = site
        self._noise = _TableNoise()
        self._builder = builder
        self._other_game = other_game
        self._hand_rule = hand_rule
        starts = ("start",) if hand_rule is None else ("start", hand_rule)
        self._lark: lark.Lark = build_parser(
            site, transformer, use_cython, start=starts,
            ignored=dict.fromkeys(noise, self._collect))
        self._header = re.compile(self._lark.get_terminal("HEADER").pattern.to_regexp())
        #: how error messages name the line kinds: the terminal's name in words, unless
        #: ``kinds`` words it (a terminal for several kinds of line: PartyPoker's RESULTS)
        self._kinds: LineKinds = {
            t.name: t.name.lower().replace("_", " ") for t in self._lark.terminals
            if not t.name.endswith("_") and not t.name.startswith("__")} | dict(kinds or {})

    def _collect(self, token: LineToken) -> None:
        self._noise.tokens.append(token)

    def header_fields(self, text: str) -> dict[str, str | None] | None:
        """The header's named groups, or None when ``text`` does not start with one."""
        match = self._header.match(text)
        return match.groupdict() if match else None

    def parse_hand(self, raw: RawHand) -> Hand | ParseError | OtherGame:
        text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
        header = self._header.match(text)
        fields = header.groupdict() if header else None
        if fields is not None:
            game = self._other_game(fields)
            if game is not None:
                hand_id = fields.get("hand_id") or fields.get("classic_id") or hand_id_of(text)
                return OtherGame(site=self.site, game=game, path=raw.path, line=raw.line,
                                 hand_id=hand_id)
        rest, start, first_line = text, "start", 1  # what is parsed, from which rule and line
        if header is not None and self._hand_rule is not None:
            rest, start = text[header.end() :], self._hand_rule
            first_line = 1 + header.group().count("\n")
        try:
            tokens = self._line_tokens(rest, start)
        except UnexpectedInput as exc:
            return syntax_error(exc, raw, rest, first_line, self._kinds,
                                ends_early(self._line_tokens, start))
        except Exception as exc:  # never let one hand stop a file
            return internal_error(exc, raw, text)
        if fields is None:  # noise before the header: the header is the first token
            fields = self.header_fields(tokens[0].value)
            if fields is None:  # Lark's lexer took a header the regex does not (a damaged
                # byte: PartyPoker "#Game No : 3\x010000000001")
                return field_error("unreadable header line", raw, tokens[0].line)
        line = tokens[0].line if start == "start" else 1  # the header's, which the builder reads
        try:
            builder = self._builder(fields)
            readers = builder.readers
            for token in tokens:
                line = first_line - 1 + token.line
                readers[token.type](builder, token.value[:-1])
            return builder.build(Source(raw.path, raw.line))
        except LineError as exc:
            return field_error(str(exc), raw, line + exc.offset)
        except FIELD_ERRORS as exc:
            return field_error(str(exc) or type(exc).__name__, raw, line)
        except Exception as exc:  # never let one hand stop a file
            return internal_error(exc, raw, text)


    def _line_tokens(self, text: str, start: str = "start") -> list[LineToken]:
        """The line tokens of ``text`` (parsed from the rule ``start``) in text order,
        table noise in its place."""
        noise: list[LineToken] = []
        self._noise.tokens = noise
        tokens = cast(list[LineToken], self._lark.parse(text, start))
        if noise:
            tokens = sorted(tokens + noise, key=_start_pos)
        return tokens

class _TableNoise(threading.local):
    def __init__(self) -> None:
        self.tokens: list[LineToken] = []


_start_pos = attrgetter("start_pos")


def read_lines(read: Callable[[str], Any], text: str) -> list[Any]:
    """``read`` on every line of a run token; a field error names the line's offset."""
    lines = text.split("\n")
    try:
        return list(map(read, lines))
    except LineError:
        raise
    except FIELD_ERRORS:
        for offset, line in enumerate(lines):
            try:
                read(line)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None
        raise


def seats_as_dealt(seats: list[Seat], events: tuple[Event, ...]) -> tuple[Seat, ...]:
    """The seats, ``sitting_out`` where the player was dealt no cards, and only there.

    Sites mark seats loosely: Full Tilt prints ``is sitting out`` for a player whose ante
    and bring-in were posted for him (game 28333847000) and not for one who sat out after
    the seat lines were written (game 11111111633); Bovada has ``Seat sit out`` lines. The
    deal is the record of who played the hand.
    """
    dealt = {event.player for event in events if type(event) is Deal}
    return tuple(seat if seat.sitting_out == (seat.player not in dealt)
                 else msgspec.structs.replace(seat, sitting_out=seat.player not in dealt)
                 for seat in seats)


def internal_error(exc: Exception, raw: RawHand, text: str) -> ParseError:
    return ParseError(message=f"internal parser error: {type(exc).__name__}: {exc}",
                      path=raw.path, line=raw.line, hand_id=hand_id_of(text), text=raw.text)


class SiteLines(LineTokens):
    """The usual rule names of a site grammar: runs of lines, and everything else flat."""

    antes = lines = showdown = seat_results = LineTokens.run
    start = streets = summary = LineTokens.flatten


__all__ = ["FIELD_ERRORS", "GrammarParser", "HandBuilder", "LineError", "SiteLines",
           "internal_error", "read_lines", "seats_as_dealt"]
