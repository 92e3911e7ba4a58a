"""Stored hands -> PHH files, so that PokerKit, published-dataset tools and researchers can
read them (``stud_hh.phh`` writes each hand; ``stud-hh import`` reads them back).

The hands come from ``hand_events`` (each stored hand's own text, parsed again), selected
like the stats select them: by player, game, site and start date (UTC). One ``.phh`` file
per hand, named after its site and number, or with ``collection`` one ``.phhs`` per game
(``stud.phhs``, ``stud8.phhs``, ``razz.phhs``), its hands numbered ``[1]``, ``[2]``, ... in
the order played. Files are written whole under a temporary name and renamed, so a reader
never sees half a file; hands are read from the database in batches (flat memory).

A hand PHH has no variant for (pot-limit or no-limit stud) is skipped and counted.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pipelines.hand_events import BATCH, load_hands
from pipelines.stats.filters import bound, normalise_game
from stud_hh.events import Hand
from stud_hh.phh import NotExportable, write_phh, write_phhs

if TYPE_CHECKING:
    import duckdb

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class Selection:
    """Which stored hands to export (each ``None`` means any)."""

    player: str | None = None  # dealt in
    game: str | None = None  # stud, stud8, razz (or an alias: hilo, 7stud, ...)
    site: str | None = None
    since: date | datetime | str | None = None  # first day, UTC, inclusive
    until: date | datetime | str | None = None  # last day, UTC, inclusive

    def where(self) -> tuple[str, list[object]]:
        """The SQL condition on ``hands h`` and its parameters."""
        terms: list[str] = []
        params: list[object] = []
        if self.game is not None:
            terms.append("h.game = ?")
            params.append(normalise_game(self.game))
        if self.site is not None:
            terms.append("lower(h.site) = lower(?)")
            params.append(self.site)
        if self.since is not None:
            terms.append("h.started_at >= ?")
            params.append(bound(self.since, end=False))
        if self.until is not None:
            terms.append("h.started_at < ?")
            params.append(bound(self.until, end=True))
        if self.player is not None:
            terms.append("EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_key = h.hand_key "
                         "AND p.player = ? AND p.dealt_in)")
            params.append(self.player)
        return (" AND ".join(terms) or "TRUE"), params


@dataclass(slots=True)
class ExportResult:
    out: Path
    hands: int = 0  # written
    files: list[Path] = field(default_factory=list)
    not_exportable: list[str] = field(default_factory=list)  # why, one per hand skipped


def selected_keys(con: duckdb.DuckDBPyConnection, selection: Selection) -> list[int]:
    """The selected hands' keys, in the order played."""
    where, params = selection.where()
    rows = con.execute(f"SELECT h.hand_key FROM hands h WHERE {where} "
                       "ORDER BY h.started_at, h.hand_key", params).fetchall()
    return [int(row[0]) for row in rows]


def stored_hands(con: duckdb.DuckDBPyConnection, keys: list[int]) -> Iterator[Hand]:
    """The hands of ``keys``, in that order, ``BATCH`` at a time (one query each), read
    as ``stud-hh show`` reads one (``pipelines.hand_events.load_hands``)."""
    return load_hands(con, keys)


def export_phh(con: duckdb.DuckDBPyConnection, out: str | os.PathLike[str],
               selection: Selection = Selection(),
               collection: bool = False) -> ExportResult:
    """Write the selected stored hands to the folder ``out`` (made if missing)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    result = ExportResult(folder)
    hands = stored_hands(con, selected_keys(con, selection))
    if collection:
        _write_collections(hands, folder, result)
    else:
        for hand in hands:
            try:
                text = write_phh(hand)
            except NotExportable as exc:
                result.not_exportable.append(str(exc))
                continue
            result.files.append(_write_whole(folder / hand_file_name(hand), text))
            result.hands += 1
    return result


def hand_file_name(hand: Hand) -> str:
    """``pokerstars-35874635170.phh``: site and hand number, safe in any file system."""
    header = hand.header
    return _UNSAFE.sub("_", f"{header.site}-{header.hand_id}").strip("._") + ".phh"


def _write_whole(path: Path, text: str) -> Path:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8", newline="\n")
    os.replace(partial, path)
    return path


def _write_collections(hands: Iterator[Hand], folder: Path, result: ExportResult) -> None:
    """One ``.phhs`` per game, each written under a temporary name and renamed at the end."""
    open_files: dict[str, tuple[Path, TextIO, list[int]]] = {}
    try:
        for hand in hands:
            game = hand.header.game.value
            if game not in open_files:
                path = folder / f"{game}.phhs"
                partial = path.with_name(path.name + ".partial")
                open_files[game] = (path, partial.open("w", encoding="utf-8", newline="\n"),
                                    [0])
            _path, stream, count = open_files[game]
            try:
                (section,) = write_phhs([hand], first=count[0] + 1)
            except NotExportable as exc:
                result.not_exportable.append(str(exc))
                continue
            stream.write(section)
            count[0] += 1
            result.hands += 1
    except BaseException:
        for path, stream, _count in open_files.values():
            stream.close()
            path.with_name(path.name + ".partial").unlink(missing_ok=True)
        raise
    for path, stream, _count in open_files.values():
        stream.close()
        os.replace(path.with_name(path.name + ".partial"), path)
        result.files.append(path)


__all__ = ["BATCH", "ExportResult", "Selection", "export_phh", "hand_file_name",
           "selected_keys", "stored_hands"]
