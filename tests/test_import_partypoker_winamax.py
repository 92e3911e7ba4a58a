"""PartyPoker and Winamax hands go all the way (issue 18): every stud hand of their corpus
files and of the hand-written ones is stored in a real DuckDB file (none quarantined), the
hands of other games are counted by game, and every player is in ``stud-hh stats``.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from site_checks import site_files

from pipelines.importer import import_paths
from stud_hh.cli import main

HANDS = Path(__file__).parent / "hands"


def test_import_and_stats(tmp_path: Path, corpus_dir: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    files = site_files([corpus_dir / "cash" / "PartyPoker", corpus_dir / "tour" / "PartyPoker",
                        corpus_dir / "cash" / "Winamax"])
    db = tmp_path / "sites.duckdb"
    result = import_paths([*files, HANDS / "partypoker", HANDS / "winamax"], db=db, jobs=1)
    # corpus 4 + 5, hand-written 6 + 3
    assert (result.imported, result.quarantined, result.duplicates) == (18, 0, 0)
    assert dict(result.skipped.other_games) == {"Texas Hold'em": 1, "Holdem no limit": 1}
    con = duckdb.connect(str(db), read_only=True)
    try:
        sites = dict(con.execute("SELECT site, count(*) FROM hands GROUP BY site").fetchall())
    finally:
        con.close()
    assert sites == {"partypoker": 10, "winamax": 8}
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--format", "json"]) == 0
    players = {row["player"] for row in json.loads(capsys.readouterr().out)}
    assert {"PPPPPositive", "Player6", "Carl", "Vic", "Ana", "Quin", "Hero"} <= players
