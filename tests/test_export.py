"""``stud-hh export --format phh``: stored hands out as PHH files, and back in unchanged.

A real database, imported by the real pipeline from simulated PokerStars text (US dollars
with injected rule breaches, euros, tournament chips) and the real corpus: exported, then
imported into a new database, every stored table holds the same rows (keys, files and
import numbers aside), violations included; imported into the same database, every hand is
a duplicate.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from pipelines import import_paths
from pipelines.export import Selection, export_phh, hand_file_name
from stud_hh.cli import main
from stud_hh.parse import parse_file
from stud_hh.simulate import simulate_to

#: what identifies a row across databases, and the columns that differ by design
TABLES = {
    "hands": {"hand_key", "source_file", "source_line", "import_id"},
    "hand_players": {"hand_key"},
    "actions": {"hand_key"},
    "violations": {"hand_key"},
    "player_facts": {"hand_key"},
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, stars_dir: Path) -> Path:
    folder = tmp_path_factory.mktemp("export")
    texts = folder / "hands"
    texts.mkdir()
    parts = (("usd-stud", "stud", False, 0.1), ("razz", "razz", False, 0.0),
             ("chips-stud8", "stud8", True, 0.0))
    for i, (name, game, tournament, faults) in enumerate(parts):
        for path in simulate_to(folder / f"raw-{i}.txt", 40, game=game, tournament=tournament,
                                seed=30 + i, faults=faults, players=6):
            text = path.read_text(encoding="utf-8")
            if name == "razz":
                text = text.replace("$", "€").replace(" USD)", " EUR)")
            (texts / f"{name}-{path.name}").write_text(text, encoding="utf-8")
    path = folder / "a.duckdb"
    result = import_paths([texts, stars_dir], db=path, jobs=1)
    assert result.imported >= 140 and result.violations > 0, result
    return path


def rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple[object, ...]]:
    columns = [r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
        "ORDER BY ordinal_position", [table]).fetchall() if r[0] not in TABLES[table]]
    key = ("site || ':' || hand_id" if table == "hands" else
           "(SELECT site || ':' || hand_id FROM hands h WHERE h.hand_key = t.hand_key)")
    return con.execute(f"SELECT {key} AS k, {', '.join(columns)} FROM {table} t "
                       "ORDER BY ALL").fetchall()


def test_exported_and_imported_again_the_tables_are_the_same(db: Path, tmp_path: Path) -> None:
    assert main(["export", "--format", "phh", "--db", str(db), "--out",
                 str(tmp_path / "out")]) == 0
    again = tmp_path / "b.duckdb"
    result = import_paths([tmp_path / "out"], db=again, jobs=1)
    assert result.quarantined == 0
    with duckdb.connect(str(db), read_only=True) as a, \
            duckdb.connect(str(again), read_only=True) as b:
        for table in TABLES:
            assert rows(a, table) == rows(b, table), table
        assert b.execute("SELECT count(*) FROM violations").fetchone() != (0,)


def test_a_collection_per_game_is_all_duplicates_in_the_same_database(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--db", str(db), "--out", str(tmp_path), "--collection"]) == 0
    assert "written as PHH" in capsys.readouterr().out
    with duckdb.connect(str(db), read_only=True) as con:
        per_game = dict(con.execute("SELECT game, count(*) FROM hands GROUP BY game").fetchall())
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == sorted(f"{game}.phhs" for game in per_game)
    for game, count in per_game.items():
        assert len(list(parse_file(tmp_path / f"{game}.phhs"))) == count
    result = import_paths([tmp_path], db=db, jobs=1)
    assert result.imported == 0 and result.duplicates == sum(per_game.values())


@pytest.mark.parametrize(("selection", "sql"), [
    (Selection(game="hilo"), "game = 'stud8'"),
    (Selection(site="PokerStars", game="razz"), "game = 'razz'"),
    (Selection(since="2010-06-01"), "started_at >= TIMESTAMPTZ '2010-06-01 00:00:00+00'"),
    (Selection(until="2009-12-31"), "started_at < TIMESTAMPTZ '2010-01-01 00:00:00+00'"),
    (Selection(player="Hero", game="stud"), "game = 'stud' AND hand_key IN (SELECT hand_key "
     "FROM hand_players WHERE player = 'Hero' AND dealt_in)"),
])
def test_filters_select_the_hands(db: Path, tmp_path: Path, selection: Selection,
                                  sql: str) -> None:
    with duckdb.connect(str(db), read_only=True) as con:
        expected = {f"{site}-{hand_id}.phh" for site, hand_id in con.execute(
            f"SELECT site, hand_id FROM hands WHERE {sql}").fetchall()}
        result = export_phh(con, tmp_path, selection)
    assert expected and {p.name for p in result.files} == expected
    assert result.hands == len(expected)


def test_files_are_named_safely() -> None:
    from stud_hh.simulate import simulate_hands

    hand = next(simulate_hands(1, seed=1))
    import msgspec

    odd = msgspec.structs.replace(hand, header=msgspec.structs.replace(
        hand.header, hand_id="R5-82/../x y"))
    assert hand_file_name(odd) == "pokerstars-R5-82_.._x_y.phh"


def test_errors_are_clear(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--db", str(tmp_path / "none.duckdb"), "--out", str(tmp_path)]) == 1
    assert "no database" in capsys.readouterr().err
    assert main(["export", "--db", str(db), "--out", str(tmp_path), "--game", "holdem"]) == 1
    assert "unknown game" in capsys.readouterr().err
    assert main(["export", "--db", str(db), "--out", str(tmp_path), "--player", "nobody"]) == 0
    assert "no stored hand matches" in capsys.readouterr().out
