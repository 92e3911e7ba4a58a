"""How a hand that does not parse is reported: a ``ParseError`` naming the file, the line,
the hand and what was expected there, worded from Lark's own exception.

Lark says where it stopped (``line`` and ``column``, counted by its lexer) and what it would
have taken there: ``allowed`` for a line no line kind matches (``UnexpectedCharacters``),
``expected`` for a line of a kind that may not come here (``UnexpectedToken``). A hand whose
text stops early fails on the end of input (the ``$END`` token, placed at the start of the
last line token): it is ``incomplete``, and may be a hand the client is still writing.

>>> hand_id_of("PokerStars Hand #123: Razz Limit ...\\nTable 'T'\\n")
'123'
"""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from stud_hh.events import ParseError
from stud_hh.reader import RawHand

#: expected terminals a message lists (``ParseError.expected`` keeps them all)
SHOWN_EXPECTED = 12
#: ``#123``; PartyPoker ``#Game No : 11792805420``; Winamax ``#9250793-470-1478990787``
_NUMBER = re.compile(r"#(?:Game No : )?(\d+(?:-\d+)*)")


def hand_id_of(text: str) -> str | None:
    """The hand number of the first line (``#123``), for errors; None if it has none."""
    match = _NUMBER.search(text.partition("\n")[0])
    return match.group(1) if match else None


def _expected(exc: UnexpectedInput) -> tuple[str, ...]:
    if isinstance(exc, UnexpectedCharacters):
        return tuple(sorted(exc.allowed or ()))
    if isinstance(exc, UnexpectedToken | UnexpectedEOF):
        return tuple(sorted(exc.expected or ()))
    return ()  # pragma: no cover - Lark raises no other kinds


def syntax_error(exc: UnexpectedInput, raw: RawHand, text: str) -> ParseError:
    """The ``ParseError`` for Lark's ``exc`` on ``text`` (``raw.text``, newline-ended)."""
    line: int = exc.line
    column: int | None = exc.column
    if not isinstance(line, int) or line < 1:  # no place: the end of the text
        line, column = text.count("\n"), None
    incomplete = isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END")
    if incomplete:
        message = "hand ends too early"
    else:
        lines = text.split("\n")
        shown = lines[line - 1] if line - 1 < len(lines) else ""
        message = f"unexpected line {shown[:120]!r}"
    expected = _expected(exc)
    readable = [name for name in expected if not name.startswith("__ANON")]
    if readable:
        more = "…" if len(readable) > SHOWN_EXPECTED else ""
        message += f" (expected {', '.join(readable[:SHOWN_EXPECTED])}{more})"
    return ParseError(message=message, path=raw.path, line=raw.line + line - 1,
                      column=column if isinstance(column, int) and column > 0 else None,
                      hand_id=hand_id_of(text), expected=expected, text=raw.text,
                      incomplete=incomplete)


def field_error(message: str, raw: RawHand, line: int, text: str) -> ParseError:
    """A line the grammar took whose fields make no sense: ``line`` is 1-based in the hand."""
    return ParseError(message=message, path=raw.path, line=raw.line + line - 1,
                      hand_id=hand_id_of(text), text=raw.text)


__all__ = ["field_error", "hand_id_of", "syntax_error"]
