"""What a file is, from its first bytes: a hand history we read, one we know but do not read
yet, or not a hand history at all.

Players point stud_hh at folders holding more than hand histories: fpdb's side files
(``.hp``, ``.hands``, ``.gt``), READMEs, tracker databases, and other sites' histories.
Names lie (PokerStars writes ``.txt``, Merge writes XML as ``.txt``), so a file is judged
by its content, in whatever encoding the reader understands. ``parse``, ``audit``,
``import`` and ``watch`` all ask here, so they agree on what a hand-history file is.

Which formats exist is ``stud_hh.dialects``' to say (its ``REGISTRY`` of dialects and its
``NOT_YET_READ`` formats): a file is a hand history when one of its first lines starts a
hand of one of them (``stud_hh.dialects.identify``). Once a dialect is written for a site,
that site's files become supported and nothing here changes. A file is cut into hands as
its format cuts them (``split_file``): on blank lines for text, by its dialect for formats
that cut their files themselves (TOML, XML).

>>> recognise(b"PokerStars Hand #1:  Razz Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET\\n").dialect
'pokerstars'
>>> recognise("\\ufeffEverleaf Gaming Game #1: Blinds $1/$2".encode("utf-16")).dialect
'everleaf'
>>> recognise(b"#Game No : 1\\n***** 888poker Hand History for Game 1 *****\\n").site
'888poker'
>>> recognise(b"{   u'Hero': {   'allInEV': 0,\\n").kind
<FileKind.OTHER: 'other'>
"""

from __future__ import annotations

import codecs
import itertools
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import BinaryIO

from stud_hh.dialects import Dialect, KnownFormat, dialect_named, hand_starts, identify
from stud_hh.reader import RawHand, read_text_hands, sniff_encoding

#: Bytes read from the start of a file to judge it: hand histories say what they are in
#: their first line; a preamble (a tracker's export note) is allowed for this long.
HEAD_BYTES = 1 << 16


class FileKind(StrEnum):
    SUPPORTED = "supported"  # a dialect reads it
    UNSUPPORTED = "unsupported"  # a known site's format, not read yet
    OTHER = "other"  # not a hand history: skipped


@dataclass(frozen=True, slots=True)
class FileFormat:
    """The verdict on one file. ``dialect``: the dialect that reads it (supported);
    ``site``: the site whose format it is (unsupported); ``reason``: why it is skipped."""

    kind: FileKind
    dialect: str | None = None
    site: str | None = None
    reason: str = ""

    @property
    def supported(self) -> bool:
        return self.kind is FileKind.SUPPORTED


#: Characters split into lines before the rest of a head (``_lines``).
_FIRST_CHARS = 4096
#: Control characters no text hand history holds (tab, line ends, form feed and NUL,
#: which UTF-16 and PartyPoker's padding bring, are allowed): many of them mean binary.
#: (deleted by ``str.translate``, which counts them ~6x faster than a regex)
_CONTROLS: dict[int, None] = dict.fromkeys([*range(0x01, 0x09), *range(0x0E, 0x20)])

#: A format no dialect reads yet is looked for in a file's first lines before any dialect
#: is: its banner may sit under a first line a dialect also opens with.
BANNER_LINES = 4


def recognise(head: bytes) -> FileFormat:
    """What a file starting with ``head`` is (see the module docstring).

    Decoded the way the reader decodes (BOM, UTF-16, UTF-8, else cp1252), leniently: the
    head may end in the middle of a character.
    """
    if not head.strip():
        return FileFormat(FileKind.OTHER, reason="empty")
    text = _decode(head)
    if text is None:
        return FileFormat(FileKind.OTHER, reason="binary")
    lines = _lines(text)
    banner = [identify(line) for line in itertools.islice(lines, BANNER_LINES)]
    for found in banner:  # 888poker's banner comes under "#Game No : N", a line
        if isinstance(found, KnownFormat):  # PartyPoker's tournament files open with too
            return FileFormat(FileKind.UNSUPPORTED, site=found.site)
    for found in itertools.chain(banner, map(identify, lines)):
        if isinstance(found, KnownFormat):
            return FileFormat(FileKind.UNSUPPORTED, site=found.site)
        if found is not None:
            return FileFormat(FileKind.SUPPORTED, dialect=found.name)
    return FileFormat(FileKind.OTHER, reason="no hand history found")


def recognise_file(path: str | os.PathLike[str]) -> FileFormat:
    """``recognise`` the first ``HEAD_BYTES`` of the file at ``path`` (raises ``OSError``)."""
    with open(path, "rb") as stream:
        return recognise(stream.read(HEAD_BYTES))


def own_splitter(head: bytes) -> Dialect | None:
    """The dialect that cuts a file starting with ``head`` into hands itself (``split``:
    XML, TOML), or None for a text format, cut at blank lines by the reader."""
    return splitter_of(recognise(head))


def splitter_of(fmt: FileFormat) -> Dialect | None:
    """``own_splitter`` of a file already recognised as ``fmt`` (the importer recognises
    each file once: judging a head cost more than splitting a session's hands)."""
    if not fmt.supported or fmt.dialect is None:
        return None
    dialect = dialect_named(fmt.dialect)
    return dialect if dialect.hand_start is None else None


def split_file(stream: BinaryIO, path: str | None, head: bytes) -> Iterator[RawHand]:
    """The hands of a file as its format cuts them (``head``: its first bytes, which
    ``stream`` must still hold): its dialect's ``split``, else the text reader's (blank
    lines, and the first lines of every text dialect: a file may mix sites)."""
    dialect = own_splitter(head)
    if dialect is not None:
        return dialect.split(stream, path)
    return read_text_hands(stream, path, hand_starts())


def read_file_hands(path: str | os.PathLike[str]) -> Iterator[RawHand]:
    """Every hand in the file at ``path``, cut as its format cuts them (raises ``OSError``)."""
    with open(path, "rb") as stream:
        head = stream.read(HEAD_BYTES)
        stream.seek(0)
        yield from split_file(stream, str(path), head)


def _decode(head: bytes) -> str | None:
    """The head as text, or None when it is binary (NUL bytes outside UTF-16, or mostly
    control characters)."""
    encoding, skip = sniff_encoding(head)
    body = head[skip:]
    if encoding == "utf-8":
        # (``in`` first: memchr, where counting went through the 64 KB byte by byte)
        if 0 in body and body.count(0) > len(body) // 100:  # a stray NUL or two is a slip
            return None
        try:
            text = codecs.getincrementaldecoder("utf-8")("strict").decode(body, final=False)
        except UnicodeDecodeError:
            text = body.decode("cp1252", errors="replace")
    else:
        text = body.decode(encoding, errors="replace")
    sample = text[:4096]
    if len(sample) - len(sample.translate(_CONTROLS)) > len(sample) // 20:
        return None
    return text


def _lines(text: str) -> Iterator[str]:
    """``text.splitlines()``, the first few thousand characters first: a file's first lines
    nearly always decide, and splitting all of a 64 KB head (a thousand strings) cost more
    than the rest of ``recognise``. The cut is after a ``\n``, which ends a line however
    the text's lines end, so the lines are the same."""
    cut = text.find("\n", _FIRST_CHARS) + 1
    if not cut:
        yield from text.splitlines()
        return
    yield from text[:cut].splitlines()
    yield from text[cut:].splitlines()


def walk(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Every regular file under ``paths``, sorted per folder; files given directly as given.

    Hidden files and folders are skipped (editors' and version control's); a file named
    twice is listed once. Raises ``FileNotFoundError`` naming a path that does not exist.
    """
    found: list[Path] = []
    for given in paths:
        root = Path(given).expanduser()
        if root.is_file():
            found.append(root)
        elif root.is_dir():
            for folder, dirs, names in os.walk(root):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    path = Path(folder, name)
                    if not name.startswith(".") and path.is_file():
                        found.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {given}")
    return list(dict.fromkeys(found))


@dataclass(slots=True)
class Skipped:
    """What a command did not read, for its summary: files that are not hand histories,
    files per site not supported yet, and hands of other games per game."""

    other_files: int = 0
    unsupported: Counter[str] = field(default_factory=Counter)
    other_games: Counter[str] = field(default_factory=Counter)
    #: file -> game -> hands: each file with hands of a game not read is named in the
    #: summary ("game not supported yet"), a whole file of Five Card Stud as a HORSE
    #: file's hold'em hands, never as broken.
    other_game_files: dict[str, Counter[str]] = field(default_factory=dict)

    def add_other_game(self, game: str, path: str | None, hands: int = 1) -> None:
        self.other_games[game] += hands
        self.other_game_files.setdefault(path or "<text>", Counter())[game] += hands

    def add_other_games(self, by_file: Mapping[str, Mapping[str, int]]) -> None:
        """A worker's count of other-game hands, file -> game -> hands."""
        for path, games in by_file.items():
            for game, hands in games.items():
                self.add_other_game(game, path, hands)

    def add_file(self, fmt: FileFormat) -> None:
        if fmt.kind is FileKind.UNSUPPORTED:
            self.unsupported[fmt.site or "unknown site"] += 1
        elif fmt.kind is FileKind.OTHER:
            self.other_files += 1

    def update(self, other: Skipped) -> None:
        self.other_files += other.other_files
        self.unsupported.update(other.unsupported)
        self.other_games.update(other.other_games)
        for path, games in other.other_game_files.items():
            self.other_game_files.setdefault(path, Counter()).update(games)

    def lines(self) -> list[str]:
        """The summary's sentences, one per kind of skip (none when nothing was skipped),
        and each file holding hands of other games, by name (the first ``FILES_LISTED``).

        >>> s = Skipped(2, Counter({"Full Tilt Poker": 20}))
        >>> s.add_other_game("Hold'em Limit", "horse.txt", 3)
        >>> s.add_other_game("Limit 5 Card Stud", "five.txt", 12)
        >>> for line in s.lines(): print(line)
        Full Tilt Poker: 20 files, not supported yet
        other games skipped: 15 hands (Limit 5 Card Stud 12, Hold'em Limit 3)
          five.txt: game not supported yet: Limit 5 Card Stud (12 hands)
          horse.txt: game not supported yet: Hold'em Limit (3 hands)
        not hand histories, skipped: 2 files
        """
        out = [f"{site}: {count} file{'s' * (count != 1)}, not supported yet"
               for site, count in sorted(self.unsupported.items())]
        games = self.other_games.total()
        if games:
            parts = ", ".join(f"{game} {count}" for game, count in
                              sorted(self.other_games.items(), key=lambda kv: (-kv[1], kv[0])))
            out.append(f"other games skipped: {games} hand{'s' * (games != 1)} ({parts})")
            out += self._other_game_files()
        if self.other_files:
            n = self.other_files
            out.append(f"not hand histories, skipped: {n} file{'s' * (n != 1)}")
        return out

    def _other_game_files(self) -> list[str]:
        files = sorted(self.other_game_files.items())
        out = []
        for path, games in files[:FILES_LISTED]:
            parts = ", ".join(f"{game} ({n} hand{'s' * (n != 1)})"
                              for game, n in sorted(games.items()))
            out.append(f"  {path}: game not supported yet: {parts}")
        if len(files) > FILES_LISTED:
            out.append(f"  ... and {len(files) - FILES_LISTED} more files with hands of "
                       "other games")
        return out


#: Files with other games named one by one in a summary; a HORSE archive's thousands of
#: files are counted after these.
FILES_LISTED = 20


def hand_history_files(
    paths: Iterable[str | os.PathLike[str]], skipped: Skipped
) -> Iterator[tuple[Path, FileFormat]]:
    """The files under ``paths`` a dialect reads, with their format; the others are
    counted in ``skipped``. A file that cannot be opened is yielded (its reader will say
    why), so that no error goes unreported."""
    for path in walk(paths):
        try:
            fmt = recognise_file(path)
        except OSError as exc:
            yield path, FileFormat(FileKind.SUPPORTED, reason=f"cannot read: {exc}")
            continue
        if fmt.supported:
            yield path, fmt
        else:
            skipped.add_file(fmt)


__all__ = [
    "HEAD_BYTES",
    "FileFormat",
    "FileKind",
    "Skipped",
    "hand_history_files",
    "own_splitter",
    "read_file_hands",
    "recognise",
    "recognise_file",
    "split_file",
    "walk",
]
