"""A PHH file into hands, streaming: a ``.phh`` file is one hand, a ``.phhs`` file one hand
per top-level table (``[1]``, ``[2]``, ...), as PokerKit's ``HandHistory.dump_all`` writes.

Blank lines mean nothing in TOML, so the text reader's blank-line split does not apply. A
hand ends where the next top-level table starts: a line ``[name]`` whose name has no dot
(``[1.extra]`` is a table inside hand 1) in a file whose top level holds no hand itself.
In a ``.phh`` file (its top level has a ``variant``), every table belongs to that one hand.
TOML tables may not be cut this way only inside a multi-line string or a multi-line array
holding arrays, which no PHH field is; a cut there leaves two pieces that do not parse, each
a ``ParseError`` carrying its text, so nothing is lost either way.

The text is decoded and normalised by the shared reader (``stud_hh.reader``: byte-order
marks, UTF-16, cp1252, line ends), so line numbers are those of the file.

>>> import io
>>> text = b"# two hands\\n[1]\\nvariant = 'FR'\\n\\n[2]\\nvariant = 'FR'\\n[2.x]\\na = 1\\n"
>>> [(raw.line, raw.text.splitlines()[0]) for raw in split_phh(io.BytesIO(text), "h.phhs")]
[(2, '[1]'), (5, '[2]')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from stud_hh.reader import MAX_HAND_CHARS, RawHand, decode_chunks

#: A top-level table header line: ``[name]`` (not ``[[array]]``), a comment allowed after.
_TABLE = re.compile(r"[ \t]*\[(?!\[)[ \t]*([^\]\n]*?)[ \t]*\][ \t]*(?:#.*)?")
#: A key line of the top level that makes the file one hand (``.phh``).
_VARIANT_KEY = re.compile(r"[ \t]*[\"']?variant[\"']?[ \t]*=")
_MEANINGFUL = re.compile(r"[ \t]*[^ \t#\n]")


def split_phh(stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
    """The hands of a PHH file, in order; each ``RawHand.line`` is its first line."""
    lines: list[str] = []
    start = 1  # file line of lines[0]
    size = 0
    one_hand = False  # the top level holds a hand (.phh): no table starts another
    table: str | None = None  # the top-level table the current piece is in
    for number, line in enumerate(_lines(stream), 1):
        header = None if one_hand else _TABLE.fullmatch(line)
        if header is not None:
            name = header.group(1).strip("\"' \t")
            if table is None or not name.startswith(table + "."):
                if table is not None or _meaningful(lines):
                    yield RawHand(path, start, "\n".join(lines) + "\n")
                lines, start, size, table = [], number, 0, name
        elif table is None and _VARIANT_KEY.match(line):
            one_hand = True
        lines.append(line)
        size += len(line) + 1
        if size > MAX_HAND_CHARS:  # not a hand any more: cut, as the text reader does
            yield RawHand(path, start, "\n".join(lines) + "\n")
            lines, start, size = [], number + 1, 0
    if lines and (table is not None or _meaningful(lines)):
        yield RawHand(path, start, "\n".join(lines) + "\n")


def _meaningful(lines: list[str]) -> bool:
    """Whether the lines hold more than blank lines and comments."""
    return any(_MEANINGFUL.match(line) for line in lines)


def _lines(stream: BinaryIO) -> Iterator[str]:
    """The decoded lines of the file, without their ``\\n``."""
    pending = ""
    for chunk in decode_chunks(stream):
        parts = (pending + chunk).split("\n")
        pending = parts.pop()
        yield from parts
    if pending:
        yield pending


__all__ = ["split_phh"]
