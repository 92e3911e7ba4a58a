"""Entry points: files or text in, ``Hand`` or ``ParseError`` out, one per hand, lazily.

The dialect is detected hand by hand from its first line, so a file mixing sites (or
with junk between hands) still yields every hand it can, and an error for the rest.
Nothing raises for bad input; an unreadable file (missing, a directory) is one
``ParseError`` too, with ``line`` 0, so a caller streaming many files never stops.

>>> text = "Not a hand history\\nat all\\n"
>>> [type(r).__name__ for r in parse_text(text)]
['ParseError']
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from stud_hh.dialects import find_dialect, hand_starts
from stud_hh.events import Hand, OtherGame, ParseError
from stud_hh.reader import RawHand, normalise, split_hands


def parse_raw(raw: RawHand) -> Hand | ParseError | OtherGame:
    """One hand's text through the dialect that claims it."""
    dialect = find_dialect(raw.text)
    if dialect is None:
        first = raw.text.split("\n", 1)[0]
        return ParseError(
            message=f"not a hand history format stud_hh knows: {first[:80]!r}",
            path=raw.path, line=raw.line, column=1, text=raw.text,
        )
    return dialect.parse_hand(raw)


def parse_file(path: str | Path) -> Iterator[Hand | ParseError | OtherGame]:
    """Every hand in the file at ``path``, in file order, streaming (flat memory)."""
    from stud_hh.formats import read_file_hands

    try:
        for raw in read_file_hands(path):
            yield parse_raw(raw)
    except OSError as exc:
        yield ParseError(message=f"cannot read file: {exc.strerror or exc}", path=str(path),
                         line=0)


def parse_text(text: str, path: str | None = None) -> Iterator[Hand | ParseError | OtherGame]:
    """Every hand in ``text`` (already decoded; normalised here as a file is when read)."""
    dialect = find_dialect(text)
    if dialect is not None and dialect.hand_start is None:  # it cuts its files itself
        raws = dialect.split(io.BytesIO(text.encode("utf-8", "replace")), path)
    else:
        raws = split_hands(iter((normalise(text),)), path, hand_starts())
    for raw in raws:
        yield parse_raw(raw)


def parse_bytes(data: bytes, path: str | None = None) -> Iterator[Hand | ParseError | OtherGame]:
    """Every hand in raw file bytes, decoded like a file on disk (BOM, UTF-16, cp1252)."""
    from stud_hh.formats import HEAD_BYTES, split_file

    for raw in split_file(io.BytesIO(data), path, data[:HEAD_BYTES]):
        yield parse_raw(raw)


__all__ = ["parse_bytes", "parse_file", "parse_raw", "parse_text"]
