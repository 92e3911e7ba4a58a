"""How a hand that does not parse is reported: a ``ParseError`` naming the file, the line,
the hand and what was expected there, worded from Lark's own exception.

Lark says where it stopped and what it would have taken there: ``allowed`` for a line no
line kind matches (``UnexpectedCharacters``), ``expected`` for a line of a kind that may not
come here (``UnexpectedToken``). The dialect names its line kinds in words (``LineKinds``)
for the message; ``ParseError.expected`` keeps the terminals' own names.

A hand whose text stops early is ``incomplete`` (the client may still be writing it): the
parser ran out of lines (the ``$END`` token), or the lexer stopped on the text's last line
(cut mid-line) before the hand could have ended. Its error names the last line.

>>> hand_id_of("PokerStars Hand #123: Razz Limit ...\\nTable 'T'\\n")
'123'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from stud_hh.events import ParseError
from stud_hh.reader import RawHand

#: expected line kinds a message lists (``ParseError.expected`` keeps them all)
SHOWN_EXPECTED = 8
#: ``#123``; PartyPoker ``#Game No : 11792805420``; Winamax ``#9250793-470-1478990787``;
#: OnGame ``History for hand R5-82086688-607``
_NUMBER = re.compile(r"#(?:Game No : )?(\d+(?:-\d+)*)|History for hand ([A-Z]\w*-\d+(?:-\d+)*)")

#: a line kind (a terminal's name) -> how a message names it
LineKinds = Mapping[str, str]


def hand_id_of(text: str) -> str | None:
    """The hand number of the first line (``#123``), for errors; None if it has none."""
    match = _NUMBER.search(text.partition("\n")[0])
    return (match.group(1) or match.group(2)) if match else None


def expected_kinds(exc: UnexpectedInput) -> tuple[str, ...]:
    """The terminals Lark would have taken where it stopped, sorted."""
    if isinstance(exc, UnexpectedCharacters):
        return tuple(sorted(exc.allowed or ()))
    if isinstance(exc, UnexpectedToken | UnexpectedEOF):
        return tuple(sorted(exc.expected or ()))
    return ()  # pragma: no cover - Lark raises no other kinds


def ran_out(exc: UnexpectedInput) -> bool:
    """Whether the parser stopped at the end of the text (the hand ends too early)."""
    return isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END")


def ends_early(parse: Callable[[str, str], object], start: str) -> Callable[[str], bool]:
    """Whether a hand is unfinished after the given first lines: ``parse(text, start)``
    (a dialect's parse from the rule ``start``) runs out of text rather than meeting a
    wrong line. ``syntax_error`` asks it of a broken hand's first lines."""

    def hand_ends_early(text: str) -> bool:
        try:
            parse(text, start)
        except UnexpectedInput as exc:
            return ran_out(exc)
        return False

    return hand_ends_early


def syntax_error(
    exc: UnexpectedInput,
    raw: RawHand,
    text: str,
    first_line: int,
    kinds: LineKinds,
    still_open: Callable[[str], bool],
) -> ParseError:
    """The ``ParseError`` for Lark's ``exc`` on ``text``: the hand from its line
    ``first_line`` on, newline-ended.

    ``kinds`` names the line kinds; ``still_open(prefix)`` says whether the hand is still
    unfinished after ``prefix`` (the lines before the one the lexer stopped on).
    """
    last = text.count("\n")
    line: int = exc.line if isinstance(exc.line, int) and exc.line > 0 else last
    incomplete = ran_out(exc)
    if not incomplete and isinstance(exc, UnexpectedCharacters) and line == last:
        incomplete = still_open(text[: exc.pos_in_stream])  # cut mid-line?
    expected = expected_kinds(exc)
    if incomplete:
        line = last
        message = "hand ends too early"
    else:
        shown = text.split("\n")[line - 1]
        message = f"unexpected line {shown[:120]!r}"
    named = list(dict.fromkeys(kinds[name] for name in expected if name in kinds))
    if named:
        more = ", …" if len(named) > SHOWN_EXPECTED else ""
        message += f" (expected {', '.join(named[:SHOWN_EXPECTED])}{more})"
    return ParseError(message=message, path=raw.path, line=raw.line + first_line + line - 2,
                      column=None if incomplete else 1, hand_id=hand_id_of(raw.text),
                      expected=expected, text=raw.text, incomplete=incomplete)


def field_error(message: str, raw: RawHand, line: int) -> ParseError:
    """A line the grammar took whose fields make no sense: ``line`` is 1-based in the hand."""
    return ParseError(message=message, path=raw.path, line=raw.line + line - 1,
                      hand_id=hand_id_of(raw.text), text=raw.text)


__all__ = ["LineKinds", "ends_early", "expected_kinds", "field_error", "hand_id_of", "ran_out",
           "syntax_error"]
