"""``stud-hh import --replace``: hands read again take the place of what was stored.

Without it a hand already stored is dropped as a duplicate, so neither an upgraded parser
nor other ``--rules`` could change what a database holds of it. With it every file is read
whole again, and each batch withdraws, in its own transaction, the stored hands it reads
again (by site and hand id, or by file and line for a hand now quarantined).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from pipelines import import_paths
from pipelines.hand_events import HandNotFound, load_hand
from stud_hh.cli import main
from stud_hh.events import Hand
from stud_hh.formats import read_file_hands
from stud_hh.parse import parse_raw
from stud_hh.simulate import simulate_to

#: Each table's rows as what they say, keyed by the hand's site and id (not its key).
_CONTENT = {
    "hands": "SELECT * EXCLUDE (hand_key, import_id) FROM hands",
    "hand_players": "SELECT h.site, h.hand_id, t.* EXCLUDE (hand_key) FROM hand_players t "
                    "JOIN hands h USING (hand_key)",
    "actions": "SELECT h.site, h.hand_id, t.* EXCLUDE (hand_key) FROM actions t "
               "JOIN hands h USING (hand_key)",
    "violations": "SELECT h.site, h.hand_id, t.* EXCLUDE (hand_key) FROM violations t "
                  "JOIN hands h USING (hand_key)",
    "player_facts": "SELECT t.* EXCLUDE (hand_key) FROM player_facts t",
    "hand_events": "SELECT h.site, h.hand_id, t.* EXCLUDE (hand_key) FROM hand_events t "
                   "JOIN hands h USING (hand_key)",
}


def _content(db: Path) -> dict[str, list[tuple[object, ...]]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {table: sorted(con.execute(sql).fetchall(), key=repr)
                for table, sql in _CONTENT.items()}
    finally:
        con.close()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Stud with injected faults (TDA and PokerStars' rules judge some differently), razz."""
    out = tmp_path_factory.mktemp("replace") / "hands"
    simulate_to(out / "stud.txt", 60, game="stud", players=6, seed=5, faults=0.3)
    simulate_to(out / "razz.txt", 20, game="razz", players=5, seed=6)
    return out


def test_replace_stores_the_same_hands_again(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    first = import_paths([folder], db=db, jobs=1)
    before = _content(db)
    again = import_paths([folder], db=db, jobs=1, replace=True)
    assert again.files == 2 and again.files_skipped == 0  # read whole, though unchanged
    assert (again.hands_found, again.imported, again.duplicates) == (80, 80, 0)
    assert again.replaced == first.imported == 80 and again.balanced
    after = _content(db)
    assert {t: len(rows) for t, rows in after.items()} == \
        {t: len(rows) for t, rows in before.items()}
    for table in _CONTENT:
        if table != "hands":  # import_id aside, hands rows are the same too (below)
            assert after[table] == before[table], table
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(DISTINCT import_id), min(import_id) FROM hands"
                       ).fetchall() == [(1, again.import_id)]
    assert con.execute("SELECT replaced FROM imports WHERE import_id = ?",
                       [again.import_id]).fetchall() == [(80,)]
    con.close()
    plain = import_paths([folder], db=db, jobs=1)  # without --replace: nothing to read
    assert plain.files_skipped == 2 and plain.imported == 0


def test_replace_audits_again_under_other_rules(folder: Path, tmp_path: Path) -> None:
    """The auditor's use: hands imported under the site's rules, judged again under TDA's,
    hold exactly what a fresh TDA import holds."""
    db, fresh = tmp_path / "db.duckdb", tmp_path / "fresh.duckdb"
    import_paths([folder], db=db, jobs=1)
    site_rules = _content(db)["violations"]
    import_paths([folder], db=db, jobs=1, rules="TDA", replace=True)
    import_paths([folder], db=fresh, jobs=1, rules="TDA")
    assert _content(db)["violations"] == _content(fresh)["violations"] != site_rules
    assert _content(db)["hands"] == _content(fresh)["hands"]


def test_replace_makes_a_drifted_hand_readable_again(folder: Path, tmp_path: Path) -> None:
    """A stored text that this version reads as another hand (as after a parser fix) is
    refused by ``show``; its error says to import the file with --replace, which works."""
    db = tmp_path / "db.duckdb"
    import_paths([folder], db=db, jobs=1)
    con = duckdb.connect(str(db))
    (key, hand_id, _), (_, _, other_text) = con.execute(
        "SELECT hand_key, hand_id, text FROM hands JOIN hand_events USING (hand_key) "
        "ORDER BY hand_key LIMIT 2").fetchall()
    con.execute("UPDATE hand_events SET text = ? WHERE hand_key = ?", [other_text, key])
    with pytest.raises(HandNotFound, match=r"stud-hh import --replace FILE"):
        load_hand(con, key)
    con.close()
    assert main(["import", "--quiet", "--replace", "--db", str(db), str(folder)]) == 0
    con = duckdb.connect(str(db), read_only=True)
    (new_key, path, line), = con.execute(
        "SELECT hand_key, source_file, source_line FROM hands WHERE hand_id = ?",
        [hand_id]).fetchall()
    raw = next(r for r in read_file_hands(path) if r.line == line)
    assert load_hand(con, int(new_key)) == parse_raw(raw)
    con.close()


def test_a_hand_now_quarantined_leaves_the_stored_tables(folder: Path, tmp_path: Path) -> None:
    """A stored hand whose text now fails to parse is withdrawn with its rows and
    quarantined; a quarantined hand that now parses is stored, its old row superseded."""
    files = tmp_path / "hands"
    shutil.copytree(folder, files)
    db = tmp_path / "db.duckdb"
    stud = files / "stud.txt"
    text = stud.read_text(encoding="utf-8")
    broken = text.replace("*** 3rd STREET ***", "*** 3rd STREAT ***", 1)
    stud.write_text(broken, encoding="utf-8")
    first = import_paths([files], db=db, jobs=1)
    assert first.quarantined == 1 and first.imported == 79
    stud.write_text(text, encoding="utf-8")  # fixed
    fixed = import_paths([files], db=db, jobs=1, replace=True)
    assert (fixed.imported, fixed.quarantined, fixed.replaced) == (80, 0, 79)
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*), count(superseded_by) FROM quarantine "
                       "WHERE kind = 'hand'").fetchall() == [(1, 1)]
    con.close()
    stud.write_text(broken, encoding="utf-8")  # broken again: that hand leaves the tables
    again = import_paths([files], db=db, jobs=1, replace=True)
    assert (again.imported, again.quarantined, again.replaced) == (79, 1, 80)
    after = _content(db)
    assert len(after["hands"]) == 79
    first = parse_raw(next(iter(read_file_hands(folder / "stud.txt"))))
    assert isinstance(first, Hand)
    assert all(row[1] != first.hand_id for table in ("hand_players", "actions", "hand_events")
               for row in after[table])
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM quarantine WHERE kind = 'hand' AND "
                       "superseded_by IS NULL").fetchall() == [(1,)]
    con.close()


def test_replace_is_refused_for_a_parquet_store(folder: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "--replace", "--out", str(tmp_path / "store"), str(folder)]) == 2
    assert "--replace works on a DuckDB file" in capsys.readouterr().err


def test_a_hand_in_two_files_is_stored_once_and_counted_a_duplicate(
        folder: Path, tmp_path: Path) -> None:
    """The same hands in a second file (a tracker's export beside the client's file), read
    in another batch of the same run: the first read stays, the second is a duplicate."""
    files = tmp_path / "hands"
    files.mkdir()
    shutil.copy(folder / "razz.txt", files / "a.txt")
    shutil.copy(folder / "razz.txt", files / "b.txt")
    db = tmp_path / "db.duckdb"
    import_paths([files], db=db, jobs=1, chunk_hands=5)
    again = import_paths([files], db=db, jobs=1, chunk_hands=5, replace=True)
    assert (again.imported, again.duplicates, again.replaced) == (20, 20, 20)
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*), count(DISTINCT source_file) FROM hands"
                       ).fetchall() == [(20, 1)]
    con.close()
