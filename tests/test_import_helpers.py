"""Helpers for the import tests: real PokerStars hands, re-numbered, written to tmp files.

The real corpus has a few dozen PokerStars hands; tests that need more (or need to know
exactly which hands a file holds) replicate them with fresh hand ids. Imported by the
``test_import*`` and ``test_watch`` modules (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import duckdb
import pytest

from stud_hh.reader import read_hands

_HAND_NO = re.compile(r"^(PokerStars (?:Hand|Game) #)(\d+)(:)")


def stars_hand_texts(files: Sequence[Path]) -> list[str]:
    """The text of every real PokerStars hand in ``files``, in order."""
    return [
        raw.text for path in files for raw in read_hands(path)
        if raw.text.startswith("PokerStars ")
    ]


def renumber(text: str, hand_id: int) -> str:
    return _HAND_NO.sub(lambda m: f"{m[1]}{hand_id}{m[3]}", text, count=1)


def hands_text(texts: Sequence[str], n: int, first_id: int) -> str:
    """``n`` hands cycling through ``texts``, ids ``first_id``, ``first_id + 1``, ..."""
    return "".join(
        renumber(texts[i % len(texts)], first_id + i) + "\n\n\n" for i in range(n)
    )


def write_hands(path: Path, texts: Sequence[str], n: int, first_id: int) -> Path:
    path.write_text(hands_text(texts, n, first_id), encoding="utf-8", newline="\n")
    return path


def table_counts(db: Path) -> dict[str, int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {
            t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # type: ignore[index]
            for t in ("imports", "files", "hands", "hand_players", "actions", "violations",
                      "quarantine")
        }
    finally:
        con.close()


def check_consistent(db: Path) -> duckdb.DuckDBPyConnection:
    """Assert the database's invariants; returns an open read-only connection."""
    con = duckdb.connect(str(db), read_only=True)
    one = lambda sql: con.execute(sql).fetchone()[0]  # noqa: E731
    assert one("SELECT count(*) - count(DISTINCT (site, hand_id)) FROM hands") == 0
    assert one("SELECT count(*) - count(DISTINCT hand_key) FROM hands") == 0
    for child in ("hand_players", "actions", "violations"):
        orphans = one(f"SELECT count(*) FROM {child} c ANTI JOIN hands h USING (hand_key)")
        assert orphans == 0, f"{child} rows without a hand"
    assert one("SELECT count(*) FROM hands h ANTI JOIN hand_players p USING (hand_key)") == 0
    # every run's counters agree with themselves and with the rows it stored
    bad = con.execute(
        "SELECT import_id FROM imports "
        "WHERE hands_found <> imported + duplicates + quarantined"
    ).fetchall()
    assert bad == []
    # a hand stored from a file's unfinished last hand and later replaced by its whole
    # text counts in both runs' ``imported``, and once in the later run's ``replaced``
    assert one("SELECT coalesce(sum(imported) - sum(replaced), 0) FROM imports") == one(
        "SELECT count(*) FROM hands")
    # no hand is both stored and (still) quarantined
    assert one("SELECT count(*) FROM hands h JOIN quarantine q ON q.kind = 'hand' "
               "AND q.superseded_by IS NULL AND q.file = h.source_file "
               "AND q.hand_line = h.source_line") == 0
    assert one("SELECT coalesce(sum(quarantined), 0) FROM imports") == one(
        "SELECT count(*) FROM quarantine WHERE kind = 'hand'")
    has_events = one(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'hand_events'")
    if has_events:  # a withdrawn hand takes its events along
        assert one("SELECT count(*) FROM hand_events e ANTI JOIN hands h USING (hand_key)") == 0
    has_facts = one(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'player_facts'")
    if has_facts:  # the stats module's companion rows commit with their hands
        assert one("SELECT count(*) FROM player_facts f ANTI JOIN hands h USING (hand_key)") == 0
        assert one("SELECT count(*) FROM player_facts") == one(
            "SELECT count(*) FROM hand_players WHERE dealt_in")
    return con


def test_an_empty_memory_setting_takes_the_writers_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``STUD_HH_DB_MEMORY=`` (set, but empty, as a shell profile may leave it) is no
    setting: the writer opens with its own limit instead of failing on DuckDB's parser."""
    from pipelines.db import WRITER_MEMORY, connect

    def limit(setting: str) -> object:
        monkeypatch.setenv("STUD_HH_DB_MEMORY", setting)
        con = connect(tmp_path / f"memory-{setting or 'empty'}.duckdb")
        try:
            return con.execute("SELECT current_setting('memory_limit')").fetchone()
        finally:
            con.close()

    assert limit("") == limit(WRITER_MEMORY) != limit("1GB")
