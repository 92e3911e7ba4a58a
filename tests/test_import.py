"""Import pipeline: counts, idempotence, appended files, duplicates, real DuckDB files."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import duckdb
import polars as pl
import pytest
from test_import_helpers import (
    check_consistent,
    hands_text,
    stars_hand_texts,
    table_counts,
    write_hands,
)

from pipelines import ImportResult, Progress, import_paths, read_table
from stud_hh.dialects import hand_starts
from stud_hh.events import OtherGame
from stud_hh.formats import FileKind, recognise_file
from stud_hh.parse import parse_file
from stud_hh.reader import read_hands


@pytest.fixture(scope="module")
def texts(stars_files: list[Path]) -> list[str]:
    found = stars_hand_texts(stars_files)
    assert found, "no PokerStars hands in the real corpus"
    return found


def _raw_count(paths: list[Path]) -> int:
    return sum(1 for p in paths for _ in read_hands(p, boundary=hand_starts()))


def test_stars_corpus_imports_with_the_count_invariant(
    tmp_path: Path, stars_dir: Path, stars_files: list[Path]
) -> None:
    db = tmp_path / "stars.duckdb"
    result = import_paths([stars_dir], db=db, jobs=1)
    every_file = sorted(p for p in stars_dir.rglob("*") if p.is_file())
    side_files = [p for p in every_file if p.suffix != ".txt"]  # fpdb's expected results
    assert result.files == len(every_file) - len(side_files)
    assert result.skipped.other_files == len(side_files) > 0
    assert result.hands_found == _raw_count(stars_files)
    assert result.balanced
    # every PokerStars hand is stored once (one sits in two files); nothing is quarantined:
    # the side files are not hand histories, so they are skipped, not split into "hands"
    stars = stars_hand_texts(stars_files)
    unique = {t.split("\n", 1)[0].split(":")[0] for t in stars}
    assert result.imported == len(unique)
    assert result.duplicates == len(stars) - len(unique)
    assert result.quarantined == 0
    con = check_consistent(db)
    try:
        row = con.execute(
            "SELECT status, hands_found, imported, duplicates, quarantined FROM imports"
        ).fetchone()
        assert row == ("done", result.hands_found, result.imported, result.duplicates,
                       result.quarantined)
        # money is exact and conserved: what players won net, plus the rake, is zero
        unbalanced = con.execute(
            "SELECT h.hand_id, sum(p.net_won) + any_value(h.rake) FROM hands h "
            "JOIN hand_players p USING (hand_key) GROUP BY h.hand_id "
            "HAVING sum(p.net_won) + any_value(h.rake) <> 0"
        ).fetchall()
        assert unbalanced == []
        types = dict(con.execute(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE column_name IN ('total_pot', 'rake', 'net_won', 'amount', 'starting_stack')"
        ).fetchall())
        assert set(types.values()) == {"BIGINT"}
        # each stored hand points back at its text
        file, line, hand_id = con.execute(
            "SELECT source_file, source_line, hand_id FROM hands ORDER BY hand_key LIMIT 1"
        ).fetchone()
        text = next(r.text for r in read_hands(file) if r.line == line)
        assert hand_id in text.splitlines()[0]
    finally:
        con.close()


#: The corpus's site folders and the names ``stud_hh.formats`` reports them by.
SITE_NAMES = {
    "Stars": None, "FTP": "Full Tilt Poker", "PartyPoker": "PartyPoker",
    "Winamax": "Winamax", "Bovada": "Bovada", "Winning": "Winning Poker Network",
    "iPoker": "iPoker", "Merge": "Merge", "Everleaf": "Everleaf", "OnGame": "OnGame",
    "Absolute": "Absolute Poker / UB", "KingsClub": "KingsClub",
}
SIDE_FILES = (".hp", ".hands", ".gt")  # fpdb's expected database rows


def test_whole_real_corpus_tree_skips_side_files_and_names_other_sites(
    tmp_path: Path, corpus_dir: Path
) -> None:
    db = tmp_path / "all.duckdb"
    result = import_paths([corpus_dir], db=db, jobs=2)
    assert result.balanced
    files = sorted(p for p in corpus_dir.rglob("*") if p.is_file() and p.name != "README.md")
    side = [p for p in files if p.suffix in SIDE_FILES]
    histories = [p for p in files if p.suffix not in SIDE_FILES]
    formats = {p: recognise_file(p) for p in histories}
    supported = [p for p, f in formats.items() if f.supported]
    expected_sites = Counter()
    for path, fmt in formats.items():
        site = SITE_NAMES[path.relative_to(corpus_dir).parts[1]]
        assert fmt.kind is not FileKind.OTHER, path
        if not fmt.supported:  # a site without a dialect yet: reported by its name
            assert fmt.site == site, path
            expected_sites[site] += 1
    assert result.skipped.unsupported == expected_sites
    assert result.skipped.other_files == len(side) + (corpus_dir / "README.md").exists()
    assert result.files == len(supported)
    con = check_consistent(db)
    try:
        accounted = dict(con.execute(
            "SELECT file, count(*) FROM (SELECT source_file AS file FROM hands "
            "UNION ALL SELECT file FROM quarantine) GROUP BY file"
        ).fetchall())
        reasons = con.execute(
            "SELECT count(*) FROM quarantine "
            "WHERE error = '' OR raw_text = '' OR line IS NULL OR hand_line IS NULL"
        ).fetchone()[0]
        row = con.execute(
            "SELECT files_other, files_unsupported FROM imports").fetchone()
    finally:
        con.close()
    assert row == (result.skipped.other_files, dict(expected_sites))
    for path in supported:  # each file we read gave hands, stored or quarantined ...
        if accounted.get(str(path.resolve()), 0) == 0:  # ... or only hands of other games
            assert all(isinstance(r, OtherGame) for r in parse_file(path)), \
                f"{path} neither stored nor quarantined"
    assert result.skipped.other_games  # counted by game (five card stud, ...)
    # nothing of the files we do not read was split into hands or quarantined
    assert set(accounted) <= {str(p.resolve()) for p in supported}
    assert reasons == 0


def test_reimport_is_a_no_op(tmp_path: Path, texts: list[str]) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    write_hands(folder / "a.txt", texts, 40, 1_000)
    write_hands(folder / "b.txt", texts, 25, 2_000)
    db = tmp_path / "db.duckdb"
    first = import_paths([folder], db=db, jobs=1)
    assert (first.hands_found, first.imported) == (65, 65)
    before = table_counts(db)
    again = import_paths([folder], db=db, jobs=1)
    assert (again.files, again.files_skipped, again.hands_found, again.imported) == (0, 2, 0, 0)
    after = table_counts(db)
    assert after["imports"] == before["imports"] + 1
    assert {k: v for k, v in after.items() if k != "imports"} == {
        k: v for k, v in before.items() if k != "imports"}
    # a touched file (same bytes, new mtime) is not read again either
    os.utime(folder / "a.txt", (1, 1))
    touched = import_paths([folder], db=db, jobs=1)
    assert (touched.hands_found, touched.files_skipped) == (0, 2)
    check_consistent(db).close()


def test_appended_hands_are_picked_up_alone(tmp_path: Path, texts: list[str]) -> None:
    path = tmp_path / "session.txt"
    body = hands_text(texts, 30, 5_000)
    cut = body.index("PokerStars", len(body) // 2)  # the start of a hand past the middle
    path.write_text(body[:cut], encoding="utf-8")
    db = tmp_path / "db.duckdb"
    first = import_paths([path], db=db, jobs=1)
    with path.open("a", encoding="utf-8") as f:
        f.write(body[cut:])
    second = import_paths([path], db=db, jobs=1)
    assert first.imported + second.imported == 30
    assert second.hands_found == second.imported == 30 - first.imported  # no re-reads
    assert second.duplicates == 0
    files = read_table(db, "files")
    assert files.height == 1
    assert files["bytes_imported"][0] == path.stat().st_size
    assert files["hands"][0] == 30
    check_consistent(db).close()


def test_rewritten_file_and_copies_count_as_duplicates(tmp_path: Path, texts: list[str]) -> None:
    db = tmp_path / "db.duckdb"
    a = write_hands(tmp_path / "a.txt", texts, 20, 7_000)
    import_paths([a], db=db, jobs=1)
    # the same hands under another name, plus five new ones
    b = tmp_path / "b.txt"
    b.write_text(hands_text(texts, 25, 7_000), encoding="utf-8")
    r = import_paths([b], db=db, jobs=1)
    assert (r.hands_found, r.imported, r.duplicates) == (25, 5, 20)
    # a file rewritten from scratch is read whole; what is stored already is a duplicate
    a.write_text(hands_text(texts, 22, 6_998), encoding="utf-8")
    r = import_paths([a], db=db, jobs=1)
    assert (r.hands_found, r.imported, r.duplicates) == (22, 2, 20)
    # the same hand twice in one batch is stored once
    c = tmp_path / "c.txt"
    c.write_text(hands_text(texts, 1, 8_000) * 2, encoding="utf-8")
    r = import_paths([c], db=db, jobs=1)
    assert (r.hands_found, r.imported, r.duplicates) == (2, 1, 1)
    check_consistent(db).close()


def test_parallel_import_stores_the_same_as_one_worker(tmp_path: Path, texts: list[str]) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    for i in range(3):
        write_hands(folder / f"f{i}.txt", texts, 70, 10_000 + 100 * i)
    one = import_paths([folder], db=tmp_path / "one.duckdb", jobs=1, chunk_hands=25)
    two = import_paths([folder], db=tmp_path / "two.duckdb", jobs=2, chunk_hands=25)
    assert (one.imported, one.quarantined) == (two.imported, two.quarantined) == (210, 0)
    columns = ["site", "hand_id", "game", "total_pot", "rake", "source_line", "errors"]
    a = read_table(tmp_path / "one.duckdb", "hands").select(columns).sort("hand_id")
    b = read_table(tmp_path / "two.duckdb", "hands").select(columns).sort("hand_id")
    assert a.equals(b)
    actions = [
        read_table(tmp_path / f"{n}.duckdb", "actions").height for n in ("one", "two")
    ]
    assert actions[0] == actions[1] > 210


def test_hostile_player_names_are_stored_verbatim(tmp_path: Path, texts: list[str]) -> None:
    hostile = "x'); DROP TABLE hands; --"
    text = next(t for t in texts if "Hero" in t)
    path = tmp_path / "evil.txt"
    path.write_text(hands_text([text.replace("Hero", hostile)], 3, 9_000), encoding="utf-8")
    db = tmp_path / "db.duckdb"
    r = import_paths([path], db=db, jobs=1)
    assert r.imported == 3
    players = read_table(db, "hand_players")
    assert (players["player"] == hostile).sum() == 3
    assert read_table(db, "hands").height == 3
    assert hostile in set(read_table(db, "actions")["player"])


def test_result_and_tables_read_as_polars(tmp_path: Path, texts: list[str]) -> None:
    db = tmp_path / "db.duckdb"
    r = import_paths([write_hands(tmp_path / "a.txt", texts, 5, 1)], db=db, jobs=1)
    assert isinstance(r, ImportResult) and r.db == db.resolve()
    hands = read_table(db, "hands")
    assert isinstance(hands, pl.DataFrame)
    started = hands.schema["started_at"]
    assert isinstance(started, pl.Datetime) and started.time_zone  # an instant, not a wall time
    assert hands.schema["total_pot"] == pl.Int64
    with pytest.raises(ValueError, match="unknown table"):
        read_table(db, "hands; DROP TABLE hands")


def test_player_facts_are_stored_with_their_hands(tmp_path: Path, texts: list[str]) -> None:
    pytest.importorskip("pipelines.stats.facts_table", reason="stats module not built")
    db = tmp_path / "db.duckdb"
    write_hands(tmp_path / "a.txt", texts, 12, 40_000)
    import_paths([tmp_path / "a.txt"], db=db, jobs=1)
    import_paths([tmp_path / "a.txt"], db=db, jobs=1)  # no-op: no second copy of facts
    con = duckdb.connect(str(db), read_only=True)
    try:
        dealt = con.execute("SELECT count(*) FROM hand_players WHERE dealt_in").fetchone()[0]
        facts, missing_key = con.execute(
            "SELECT count(*), count(*) - count(hand_key) FROM player_facts"
        ).fetchone()
        mismatched = con.execute(
            "SELECT count(*) FROM player_facts f JOIN hands h USING (hand_key) "
            "WHERE f.hand_id <> h.hand_id"
        ).fetchone()[0]
    finally:
        con.close()
    assert facts == dealt > 0
    assert (missing_key, mismatched) == (0, 0)


def test_progress_reports_files_and_hands(tmp_path: Path, texts: list[str]) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    for i in range(3):
        write_hands(folder / f"f{i}.txt", texts, 12, 20_000 + 100 * i)
    db = tmp_path / "db.duckdb"
    import_paths([folder / "f0.txt"], db=db, jobs=1)
    seen: list[Progress] = []
    result = import_paths([folder], db=db, jobs=1, progress=seen.append, chunk_hands=10)
    assert len(seen) >= 3
    assert [p.hands_found for p in seen] == sorted(p.hands_found for p in seen)
    last = seen[-1]
    assert (last.files_done, last.files_total) == (3, 3)  # f0 unchanged, still counted done
    assert last.hands_found == result.hands_found == 24
    assert last.hands_per_second > 0


def test_package_exports_load_lazily() -> None:
    code = (
        "import sys, pipelines; assert 'pipelines.importer' not in sys.modules; "
        "from pipelines import import_paths, read_table, ImportResult; "
        "assert 'pipelines.importer' in sys.modules; "
        "import pipelines.stats; from pipelines import player_stats; "
        "assert player_stats is pipelines.stats.player_stats"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
    import pipelines

    with pytest.raises(AttributeError):
        _ = pipelines.no_such_name  # type: ignore[attr-defined]
