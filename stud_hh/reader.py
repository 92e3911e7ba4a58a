"""Bytes on disk -> text -> one ``RawHand`` per hand, streaming, with flat memory.

Poker clients write hand histories in whatever encoding their platform liked: UTF-8 with
or without a byte-order mark, UTF-16 (Windows clients, always with a BOM), or a Windows
code page for old files. Files grow to hundreds of megabytes, so nothing here holds more
than one read chunk plus one hand in memory; and nothing here raises on bad bytes,
because one unreadable hand must never cost the rest of the file.

The text is normalised once, here, so that no grammar has to: every line ending (CRLF, CR,
mixed in one file) becomes ``\n``, byte-order marks (also inside concatenated files) and
NUL characters (PartyPoker's client pads its files with them) are dropped, and so is white
space at the end of a line (clients and tracker exports leave spaces and tabs there).

Hands are separated by blank lines (every site we know of does this); a ``boundary``
pattern can also split hands that a broken export glued together without a blank line.
A hand is more than its first line: a blank line right after a line that starts a hand
does not end it (PartyPoker writes ``Game #N starts.`` and a blank line before each hand).

>>> import io
>>> hands = list(split_hands(iter(["A\\nB\\n\\n", "\\nC"]), "f.txt"))
>>> [(h.line, h.text) for h in hands]
[(1, 'A\\nB\\n'), (5, 'C\\n')]
>>> list(decode_chunks(io.BytesIO(b"\\xef\\xbb\\xbfA \\r\\nB\\t\\rC\\r\\n")))
['A\\nB\\nC\\n']
"""

from __future__ import annotations

import codecs
import itertools
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

#: White space a line may end with (spaces, tabs, no-break spaces, form feeds, vertical
#: tabs), each before its newline: ``in`` and ``str.replace`` find them, as a regex scan of
#: every character took ~10x longer (and ``in`` of one character, memchr, is faster still:
#: it rules out the rare ones before their two-character search).
_TRAILING = (" \n", "\t\n", "\xa0\n", "\f\n", "\v\n")
#: The same as one regex: for long runs of white space, where the loop would go round often.
_TRAILING_RE = re.compile(r"[ \t\xa0\f\v]+(?=\n)")

#: One or more blank lines end a hand. The text is normalised (no white space ends a line),
#: so a blank line is an empty one, and a run of them starts with the literal ``\n\n``,
#: which the regex engine searches for itself; a pattern allowing spaces on a blank line
#: (or starting ``\n\n+``, a repeat) stopped it at every newline: the scan took ~2x longer.
_BLANK_RUN = re.compile("\n\n\n*+")


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


def normalise(text: str) -> str:
    """``text`` with ``\\n`` line ends, no byte-order marks and no white space at the end
    of its lines (the last one included: ``text`` is whole).

    >>> normalise("\\ufeffA  \\r\\nB\\t\\rC \\n\\n D ")
    'A\\nB\\nC\\n\\n D'
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    if "\x00" in text:
        text = text.replace("\x00", "")
    return strip_trailing_space(text + "\n")[:-1]


def strip_trailing_space(text: str) -> str:
    """``text`` (``\\n`` line ends) without white space before any of its newlines."""
    for _ in range(4):
        found = [space for space in _TRAILING if space[0] in text and space in text]
        if not found:
            return text
        for space in found:
            text = text.replace(space, "\n")
    return _TRAILING_RE.sub("", text)  # long runs of white space: one regex pass


def decode_chunks(stream: BinaryIO, chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """Decoded text chunks, normalised (see ``normalise``), single-spaced (see
    ``single_spaced``)."""
    return single_spaced(_decode_chunks(stream, chunk_size))


def _decode_chunks(stream: BinaryIO, chunk_size: int) -> Iterator[str]:
    """Decoded text chunks, normalised (see ``normalise``).

    Once a chunk is not valid UTF-8 the rest of the file is read as cp1252 (the encoding of
    old Windows clients); bytes cp1252 leaves undefined become U+FFFD, never an exception.
    Byte-order marks inside the text (files concatenated with ``cat``) are dropped. A CR or
    white space at the very end of a chunk waits for the next one: it may be the first half
    of a CRLF, or the end of a line that goes on.
    """
    head = stream.read(max(chunk_size, 64))
    encoding, skip = sniff_encoding(head)
    decoder = codecs.getincrementaldecoder(encoding)("strict")
    pending_cr = False
    pending_space = ""
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
        if "\x00" in text:
            text = text.replace("\x00", "")
        text = pending_space + text
        if final:
            text = strip_trailing_space(text + "\n")[:-1]
        else:
            text, pending_space = _hold_back_space(text)
            text = strip_trailing_space(text)
        if text:
            yield text
        if final:
            return
        data = stream.read(chunk_size)


def _hold_back_space(text: str) -> tuple[str, str]:
    """``text`` split before the white space it ends with (after its last newline)."""
    end = len(text.rstrip())
    if end == len(text):
        return text, ""
    newline = text.rfind("\n", end)
    cut = newline + 1 if newline >= 0 else end
    return text[:cut], text[cut:]


def split_hands(
    chunks: Iterable[str], path: str | None = None, boundary: re.Pattern[str] | None = None
) -> Iterator[RawHand]:
    """Cut decoded, normalised text (``decode_chunks``, ``normalise``: no white space
    ends a line, so a blank line is an empty one) into hands at blank lines, and before
    ``boundary`` matches.

    ``boundary`` matches the first line of a hand; only its matches at the start of a line
    (never at a hand's own start) cut. Each hand's text ends with one ``\\n``; its
    ``line`` is where its first line sits in the file.
    """
    buffer = ""
    line = 1  # file line number of buffer[0]
    # (looked up once per file: a compiled pattern's hash hashes its whole code, and this
    # cache lookup per hand was ~6 % of the split's instructions)
    glued = None if boundary is None else _at_line_starts(boundary)
    for chunk in chunks:
        buffer += chunk
        start = 0
        for match in _BLANK_RUN.finditer(buffer):
            end = match.start() + 1
            if boundary is not None and _ends_with_a_first_line(buffer, start, end, boundary):
                continue  # glued to what follows the blank line
            yield from _emit(buffer, start, end, line, path, glued)
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
        yield from _emit(buffer, 0, len(buffer), line, path, glued)


def _emit(
    buffer: str,
    start: int,
    end: int,
    line: int,
    path: str | None,
    glued: re.Pattern[str] | None,
) -> list[RawHand]:
    """``buffer[start:end]`` as hands, skipping leading blank lines, cut before every match
    of ``glued`` (a boundary at a line start, ``_at_line_starts``).

    A list, not a generator: this runs once per hand, and nearly always yields one.
    """
    # Leading whitespace-only lines (the file's start) are not part of the hand. (Nearly
    # every hand starts with a letter: one character looked at, no line copied.)
    while start >= end or buffer[start].isspace():
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
    if glued is None:
        return [RawHand(path, line, buffer[start:end])]
    hands = []
    cut = start
    for match in glued.finditer(buffer, start, end):
        # (a lone first line glued to the next hand keeps no blank line of its own)
        hands.append(RawHand(path, line, buffer[cut : match.start() + 1].rstrip("\n") + "\n"))
        line += buffer.count("\n", cut, match.start() + 1)
        cut = match.start() + 1
    hands.append(RawHand(path, line, buffer[cut:end]))
    return hands


def _ends_with_a_first_line(buffer: str, start: int, end: int,
                            boundary: re.Pattern[str]) -> bool:
    """Whether the last line of ``buffer[start:end]`` starts a hand (and so its hand goes on
    after the blank line)."""
    line = buffer.rfind("\n", start, end - 1) + 1 or start
    while line < end and buffer[line] in " \t\f\v":
        line += 1
    return line < end - 1 and boundary.match(buffer, line, end - 1) is not None


@lru_cache(maxsize=32)
def _at_line_starts(boundary: re.Pattern[str]) -> re.Pattern[str]:
    """``boundary`` where it starts a line (after a ``\\n``, never at a hand's own start).

    The leading newline is a literal the regex engine searches for quickly (memchr), even
    when ``boundary`` ignores case: scanning for ``boundary`` itself tried it at every
    character (an IGNORECASE pattern has no literal start), ~20x slower.
    """
    return re.compile(f"\n(?:{boundary.pattern})", boundary.flags)


def read_text_hands(
    stream: BinaryIO,
    path: str | None = None,
    boundary: re.Pattern[str] | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[RawHand]:
    """``read_hands`` for an open binary stream."""
    return split_hands(decode_chunks(stream, chunk_size), path, boundary)


def single_spaced(chunks: Iterable[str]) -> Iterator[str]:
    """The chunks, with the blank line after every line dropped when the file is written
    double-spaced (some Full Tilt exports and converted files: each line followed by an
    empty one, hands by several). Line numbers are then those of the single-spaced text.

    >>> "".join(single_spaced(["A\\n\\nB\\n\\nC\\n\\nD\\n\\n\\n\\nE\\n\\nF\\n\\nG\\n\\nH\\n"]))
    'A\\nB\\nC\\nD\\n\\nE\\nF\\nG\\nH\\n'
    """
    it = iter(chunks)
    first = next(it, None)
    if first is None:
        return
    if not _double_spaced(first):
        yield first
        yield from it
        return
    carry = ""
    for chunk in itertools.chain((first,), it):
        text = carry + chunk
        body = text.rstrip("\n")
        carry = text[len(body):]
        if body:
            yield body.replace("\n\n", "\n")
    if carry:
        yield carry.replace("\n\n", "\n")


def _double_spaced(text: str) -> bool:
    """Whether no two of the first lines of ``text`` with words (at least six) touch."""
    lines = [bool(line.strip()) for line in text.lstrip("\n").split("\n", 40)[:40]]
    if sum(lines) < 6:
        return False
    return not any(a and b for a, b in itertools.pairwise(lines))


def read_hands(
    path: str | Path,
    boundary: re.Pattern[str] | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[RawHand]:
    """Every hand in the file at ``path``, in order, decoded and normalised to ``\\n``."""
    name = str(path)
    with open(path, "rb") as stream:
        yield from read_text_hands(stream, name, boundary, chunk_size)
