"""Bytes on disk -> text -> one ``RawHand`` per hand, streaming, with flat memory.

Poker clients write hand histories in whatever encoding their platform liked: UTF-8 with
or without a byte-order mark, UTF-16 (Windows clients, always with a BOM), or a Windows
code page for old files. Files grow to hundreds of megabytes, so nothing here holds more
than one read chunk plus one hand in memory; and nothing here raises on bad bytes,
because one unreadable hand must never cost the rest of the file.

Hands are separated by blank lines (every site we know of does this); a ``boundary``
pattern can also split hands that a broken export glued together without a blank line.

>>> import io
>>> hands = list(split_hands(iter(["A\\nB\\n\\n", "\\nC"]), "f.txt"))
>>> [(h.line, h.text) for h in hands]
[(1, 'A\\nB\\n'), (5, 'C\\n')]
>>> list(decode_chunks(io.BytesIO(b"\\xef\\xbb\\xbfA\\r\\nB\\r\\n")))
['A\\nB\\n']
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO, NamedTuple

#: Bytes read per step; memory stays at about this plus the longest hand.
CHUNK_SIZE = 1 << 20

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

#: A "hand" longer than this without a blank line is cut here (it will not parse, but a
#: file of garbage must not grow memory without bound).
MAX_HAND_CHARS = 1 << 22

#: One or more blank (or whitespace-only) lines end a hand. (The first blank line is spelled
#: out and the rest is possessive: the regex is tried at every newline of the file, and this
#: form fails at a non-blank line without entering a repeat group, ~1.5x faster.)
_BLANK_RUN = re.compile(r"\n[ \t\f\v]*\n(?:[ \t\f\v]*\n)*+")


try:  # the regex parser, to read the literal start of a boundary pattern
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_parse as _sre_parse


class RawHand(NamedTuple):
    """The text of one hand and where it starts: ``line`` is 1-based in ``path``."""

    path: str | None
    line: int
    text: str


def sniff_encoding(head: bytes) -> tuple[str, int]:
    """``(encoding, bytes of BOM to skip)`` from a file's first bytes.

    UTF-16 without a BOM is recognised by its NUL bytes, which no text hand history has.
    Anything else starts as UTF-8; ``decode_chunks`` falls back to cp1252 on invalid bytes.
    """
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding, len(bom)
    if len(head) >= 4:
        even, odd = head[0:64:2], head[1:64:2]
        if odd.count(0) > len(odd) // 2 and even.count(0) == 0:
            return "utf-16-le", 0
        if even.count(0) > len(even) // 2 and odd.count(0) == 0:
            return "utf-16-be", 0
    return "utf-8", 0


def decode_chunks(stream: BinaryIO, chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """Decoded text chunks with every line ending (CRLF, CR) turned into ``\\n``.

    Once a chunk is not valid UTF-8 the rest of the file is read as cp1252 (the encoding of
    old Windows clients); bytes cp1252 leaves undefined become U+FFFD, never an exception.
    Byte-order marks inside the text (files concatenated with ``cat``) are dropped.
    """
    head = stream.read(max(chunk_size, 64))
    encoding, skip = sniff_encoding(head)
    decoder = codecs.getincrementaldecoder(encoding)("strict")
    pending_cr = False
    data = head[skip:] or stream.read(chunk_size)  # a file that is only a BOM is empty
    while True:
        final = not data
        buffered = decoder.getstate()[0]
        try:
            text = decoder.decode(data, final)
        except UnicodeDecodeError:
            # Not UTF-8 after all: re-read this chunk, with the bytes the strict decoder
            # held back from the previous one, as cp1252, and stay there.
            decoder = codecs.getincrementaldecoder("cp1252")("replace")
            text = decoder.decode(buffered + data, final)
        if pending_cr:
            text = "\r" + text
        pending_cr = text.endswith("\r") and not final
        if pending_cr:
            text = text[:-1]
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if "\ufeff" in text:
            text = text.replace("\ufeff", "")
        if text:
            yield text
        if final:
            return
        data = stream.read(chunk_size)


def split_hands(
    chunks: Iterable[str], path: str | None = None, boundary: re.Pattern[str] | None = None
) -> Iterator[RawHand]:
    """Cut decoded text into hands at blank lines (and before ``boundary`` matches).

    ``boundary`` matches the first line of a hand; only its matches at the start of a line
    (never at a hand's own start) cut. Each hand's text ends with one ``\\n``; its
    ``line`` is where its first line sits in the file.
    """
    buffer = ""
    line = 1  # file line number of buffer[0]
    for chunk in chunks:
        buffer += chunk
        start = 0
        for match in _BLANK_RUN.finditer(buffer):
            end = match.start() + 1
            yield from _emit(buffer, start, end, line, path, boundary)
            line += buffer.count("\n", start, match.end())
            start = match.end()
        # Keep the unfinished tail: it may continue in the next chunk. (A blank run cut by
        # the chunk boundary shows up as leading blank lines, which ``_emit`` skips.)
        if start:
            buffer = buffer[start:]
        if len(buffer) > MAX_HAND_CHARS:
            cut = buffer.rfind("\n") + 1 or len(buffer)
            yield from _emit(buffer, 0, cut, line, path, None)
            line += buffer.count("\n", 0, cut)
            buffer = buffer[cut:]
    if buffer.strip():
        if not buffer.endswith("\n"):
            buffer += "\n"
        yield from _emit(buffer, 0, len(buffer), line, path, boundary)


def _emit(
    buffer: str,
    start: int,
    end: int,
    line: int,
    path: str | None,
    boundary: re.Pattern[str] | None,
) -> list[RawHand]:
    """``buffer[start:end]`` as hands, skipping leading blank lines.

    A list, not a generator: this runs once per hand, and nearly always yields one.
    """
    # Leading whitespace-only lines (the file's start) are not part of the hand.
    while True:
        if start >= end:
            return []
        newline = buffer.find("\n", start, end)
        if newline < 0:
            if not buffer[start:end].strip():
                return []
            break
        if buffer[start:newline].strip():
            break  # a line with text: the hand starts here
        start = newline + 1
        line += 1
    if boundary is None:
        return [RawHand(path, line, buffer[start:end])]
    needle = _line_start_needle(boundary)
    if needle is not None and buffer.find(needle, start, end) < 0:
        return [RawHand(path, line, buffer[start:end])]  # no boundary at a line start
    hands = []
    cut = start
    for match in boundary.finditer(buffer, start + 1, end):
        if buffer[match.start() - 1] != "\n":
            continue
        hands.append(RawHand(path, line, buffer[cut : match.start()]))
        line += buffer.count("\n", cut, match.start())
        cut = match.start()
    hands.append(RawHand(path, line, buffer[cut:end]))
    return hands


@lru_cache(maxsize=32)
def _line_start_needle(boundary: re.Pattern[str]) -> str | None:
    """``"\\n"`` and the literal text every match of ``boundary`` starts with, or None.

    ``_emit`` looks for it with ``str.find`` (memchr-fast) before running ``boundary`` over
    a hand: only a match at a line start cuts, so a hand without the needle holds none, and
    the regex scan of every hand's text (a tenth of the reader's time) is skipped.
    """
    if boundary.flags & (re.IGNORECASE | re.LOCALE):
        return None
    try:
        items = list(_sre_parse.parse(boundary.pattern, boundary.flags))
    except Exception:  # pragma: no cover - whatever this Python's parser does not take
        return None
    prefix: list[str] = []
    _literal_prefix(items, prefix)
    return "\n" + "".join(prefix) if prefix else None


def _literal_prefix(items: list[tuple[object, object]], prefix: list[str]) -> bool:
    """Append the literal characters ``items`` starts with; True if it is all literal."""
    for op, arg in items:
        if op is _sre_parse.LITERAL:
            prefix.append(chr(arg))  # type: ignore[arg-type]
        elif op is _sre_parse.SUBPATTERN and not arg[1] and not arg[2]:  # type: ignore[index]
            if not _literal_prefix(list(arg[3]), prefix):  # type: ignore[index]
                return False
        else:
            return False
    return True


def read_text_hands(
    stream: BinaryIO,
    path: str | None = None,
    boundary: re.Pattern[str] | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[RawHand]:
    """``read_hands`` for an open binary stream."""
    return split_hands(decode_chunks(stream, chunk_size), path, boundary)


def read_hands(
    path: str | Path,
    boundary: re.Pattern[str] | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[RawHand]:
    """Every hand in the file at ``path``, in order, decoded and normalised to ``\\n``."""
    name = str(path)
    with open(path, "rb") as stream:
        yield from read_text_hands(stream, name, boundary, chunk_size)
