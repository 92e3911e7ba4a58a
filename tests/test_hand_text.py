"""``hand_events`` keeps each stored hand's text (schema version 6), parsed again to read it.

Real imports into real DuckDB files: a new import stores the text and no events, and
``load_hand``, the bulk read behind the export and ``stud-hh show`` give back exactly the
hand the parser makes of the file, for every site's sample hands (XML and PHH included);
a version-5 database's MessagePack events still read after its migration; and a stored
text that this parser reads differently (another hand's text, a decision line gone) is a
clear ``HandNotFound``, never another hand.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import msgspec
import pytest

from pipelines import import_paths
from pipelines.db import connect
from pipelines.export import stored_hands
from pipelines.hand_events import HandNotFound, load_hand, load_hands
from pipelines.migrate import current_version, migrate
from pipelines.schema import VERSION
from stud_hh.cli import main
from stud_hh.events import Hand, hand_from_json
from stud_hh.formats import read_file_hands
from stud_hh.parse import parse_file, parse_raw
from stud_hh.reader import RawHand
from stud_hh.simulate import simulate_to

HANDS = Path(__file__).parent / "hands"
SCHEMAS = Path(__file__).parent / "schemas"
SITES = sorted(p.name for p in HANDS.iterdir() if p.is_dir())


def _parsed(folder: Path) -> dict[tuple[str, int], Hand]:
    """Every hand the parser makes of the files under ``folder``, by (file, line)."""
    out = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        for raw in read_file_hands(path):
            hand = parse_raw(raw)
            if isinstance(hand, Hand):
                out[(str(raw.path), raw.line)] = hand
    return out


def _stored(con: duckdb.DuckDBPyConnection) -> dict[tuple[str, int], int]:
    """``(source_file, source_line) -> hand_key`` of the stored hands."""
    return {(str(f), int(line)): int(k) for k, f, line in con.execute(
        "SELECT hand_key, source_file, source_line FROM hands ORDER BY hand_key").fetchall()}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A folder of simulated stud, stud8 and razz (with rule breaches) and its database."""
    folder = tmp_path_factory.mktemp("text")
    hands = folder / "hands"
    hands.mkdir()
    for i, game in enumerate(("stud", "stud8", "razz")):
        simulate_to(hands / f"{game}.txt", 40, game=game, players=6, seed=20 + i,
                    faults=0.1 if game == "stud" else 0.0)
    db = folder / "t.duckdb"
    result = import_paths([hands], db=db, jobs=1)
    assert result.imported == 120
    return hands, db


def test_an_import_stores_the_text_and_no_events(imported: tuple[Path, Path]) -> None:
    hands, db = imported
    con = duckdb.connect(str(db), read_only=True)
    try:
        texts = {(str(f), int(line)): text for f, line, text, events in con.execute(
            "SELECT h.source_file, h.source_line, e.text, e.events FROM hand_events e "
            "JOIN hands h USING (hand_key)").fetchall() if events is None}
        assert len(texts) == 120  # every stored hand, none with events
        for path in hands.iterdir():
            for raw in read_file_hands(path):
                assert texts[(str(raw.path), raw.line)] == raw.text
    finally:
        con.close()


def test_every_reader_gives_the_parsed_hand(imported: tuple[Path, Path],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``load_hand``, the export's batches and ``stud-hh show --format json`` each give the
    hand the parser makes of the file: equal structs, source included."""
    hands, db = imported
    parsed = _parsed(hands)
    con = duckdb.connect(str(db), read_only=True)
    try:
        stored = _stored(con)
        assert stored.keys() == parsed.keys()
        keys = list(stored.values())
        for where, key in stored.items():
            assert load_hand(con, key) == parsed[where]
        assert list(stored_hands(con, keys)) == [parsed[w] for w in stored]
        assert list(load_hands(con, keys[::-1])) == [parsed[w] for w in stored][::-1]
    finally:
        con.close()
    for hand in list(parsed.values())[:5]:
        assert main(["show", hand.hand_id, "--db", str(db), "--format", "json"]) == 0
        assert hand_from_json(capsys.readouterr().out) == hand


@pytest.mark.parametrize("site", SITES)
def test_each_sites_hands_read_back_as_parsed(tmp_path: Path, site: str) -> None:
    """Every site's sample hands (tests/hands/<site>/): an XML site's and a PHH file's text
    is its own fragment, and it too parses back to the same hand."""
    folder = tmp_path / site
    shutil.copytree(HANDS / site, folder)
    db = tmp_path / "s.duckdb"
    import_paths([folder], db=db, jobs=1)
    parsed = _parsed(folder)
    con = duckdb.connect(str(db), read_only=True)
    try:
        stored = _stored(con)
        assert stored, site
        assert con.execute("SELECT count(*) FROM hand_events WHERE text IS NOT NULL "
                           "AND events IS NULL").fetchall() == [(len(stored),)]
        for where, key in stored.items():
            assert load_hand(con, key) == parsed[where], where
        assert list(stored_hands(con, list(stored.values()))) == [parsed[w] for w in stored]
    finally:
        con.close()


def test_a_version_5_database_still_shows_its_events(
        imported: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database at version 5 (the version-4 snapshot, ``tests/schemas/schema_v4.sql``,
    taken to 5 by its migration), its hands' events MessagePack as that version wrote
    them, migrates to 6 and reads them as before."""
    hands, new_db = imported
    parsed = _parsed(hands)
    db = tmp_path / "v5.duckdb"
    con = duckdb.connect(str(db))
    assert migrate(con, schema=(SCHEMAS / "schema_v4.sql").read_text(encoding="utf-8")) == 4
    assert migrate(con, schema="-- schema-version: 5\n") == 5  # migrations/0005 only
    con.execute(f"ATTACH '{new_db}' AS new (READ_ONLY)")
    for table in ("imports", "files", "hands", "hand_players", "actions", "violations"):
        con.execute(f"INSERT INTO {table} SELECT * FROM new.{table}")
    encoder = msgspec.msgpack.Encoder()  # the encoder versions 2 to 5 stored hands with
    stored = _stored(con)
    con.executemany("INSERT INTO hand_events (hand_key, events) VALUES (?, ?)",
                    [[key, encoder.encode(parsed[where])] for where, key in stored.items()])
    con.execute("DETACH new")
    con.close()

    con = connect(db)  # migrates
    try:
        assert current_version(con) == VERSION == 6
        assert con.execute("SELECT count(*) FROM hand_events WHERE text IS NULL "
                           "AND events IS NOT NULL").fetchall() == [(len(stored),)]
        for where, key in stored.items():
            assert load_hand(con, key) == parsed[where]
        assert list(stored_hands(con, list(stored.values()))) == [parsed[w] for w in stored]
    finally:
        con.close()
    hand = next(iter(parsed.values()))
    assert main(["show", hand.hand_id, "--db", str(db), "--format", "json"]) == 0
    assert hand_from_json(capsys.readouterr().out) == hand


def _copy(imported: tuple[Path, Path], tmp_path: Path) -> duckdb.DuckDBPyConnection:
    copy = tmp_path / "copy.duckdb"
    shutil.copy(imported[1], copy)
    return duckdb.connect(str(copy))


def _first_two(con: duckdb.DuckDBPyConnection) -> list[tuple[int, str, str, int, str]]:
    return [(int(k), str(i), str(f), int(line), str(t)) for k, i, f, line, t in con.execute(
        "SELECT hand_key, hand_id, source_file, source_line, text FROM hands "
        "JOIN hand_events USING (hand_key) ORDER BY hand_key LIMIT 2").fetchall()]


def test_a_text_read_as_another_hand_is_refused(imported: tuple[Path, Path],
                                                tmp_path: Path) -> None:
    """A stored text that now reads as another hand (as a changed parser might): a clear
    error naming the hand, its file and line, from every reader; never the other hand."""
    con = _copy(imported, tmp_path)
    try:
        (key, hand_id, path, line, _), (_, other_id, _, _, other_text) = _first_two(con)
        con.execute("UPDATE hand_events SET text = ? WHERE hand_key = ?", [other_text, key])
        message = (f"hand {hand_id} \\({path}:{line}\\): this version of stud_hh reads its "
                   f"stored text differently.*reads as hand {other_id}.*import --replace")
        with pytest.raises(HandNotFound, match=message):
            load_hand(con, key)
        with pytest.raises(HandNotFound, match=message):
            list(stored_hands(con, [key + 1, key]))
        con.execute("UPDATE hand_events SET text = 'not a hand\n' WHERE hand_key = ?", [key])
        with pytest.raises(HandNotFound, match=f"hand {hand_id} .*no longer parses"):
            load_hand(con, key)
    finally:
        con.close()


def test_a_text_that_lost_a_decision_is_refused(imported: tuple[Path, Path],
                                                tmp_path: Path) -> None:
    """A text that still reads as the hand but makes one decision fewer than its stored
    ``actions`` rows: the stored findings' ``action_index`` would point at the wrong
    decisions, so it is refused too."""
    con = _copy(imported, tmp_path)
    try:
        (key, hand_id, path, line, text), _ = _first_two(con)
        lines = text.split("\n")
        cut = next(i for i, s in enumerate(lines) if s.endswith(": folds"))
        shorter = "\n".join(lines[:cut] + lines[cut + 1:])
        assert isinstance(parse_raw(RawHand(path, line, shorter)), Hand)  # still parses
        con.execute("UPDATE hand_events SET text = ? WHERE hand_key = ?", [shorter, key])
        stored = con.execute("SELECT count(*) FROM actions WHERE hand_key = ?",
                             [key]).fetchall()[0][0]
        message = (f"hand {hand_id} \\({path}:{line}\\).*makes {stored - 1} betting "
                   f"decisions, not the {stored} stored")
        with pytest.raises(HandNotFound, match=message):
            load_hand(con, key)
        with pytest.raises(HandNotFound, match=message):
            list(stored_hands(con, [key]))
    finally:
        con.close()


def test_parse_file_is_what_the_import_read(imported: tuple[Path, Path]) -> None:
    """The comparison above is fair: ``parse_file`` gives the hands ``_parsed`` does."""
    hands, _ = imported
    path = next(hands.iterdir())
    assert [h for h in parse_file(path) if isinstance(h, Hand)] == [
        h for (f, _), h in _parsed(hands).items() if f == str(path)]


def test_a_parquet_store_reads_back_its_texts_and_older_events(
        imported: tuple[Path, Path], tmp_path: Path) -> None:
    """The Parquet store writes the same ``hand_events`` columns; a store written before
    version 6 (its files without ``text``, the hands as MessagePack) is still read."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pipelines.store_import import import_store
    from pipelines.store_views import open_store, visible_files

    hands, _ = imported
    parsed = _parsed(hands)
    store = tmp_path / "store"
    import_store([hands], store, jobs=1)
    con = open_store(store)
    try:
        stored = _stored(con)
        assert stored.keys() == parsed.keys()
        assert con.execute("SELECT count(*) FROM hand_events WHERE events IS NULL "
                           "AND text IS NOT NULL").fetchall() == [(len(stored),)]
        assert list(stored_hands(con, list(stored.values()))) == [parsed[w] for w in stored]
    finally:
        con.close()
    by_key = {key: parsed[where] for where, key in stored.items()}
    encoder = msgspec.msgpack.Encoder()
    from pipelines.parquet_store import Store

    for path in visible_files(Store(store), "hand_events"):
        keys = pq.read_table(path).column("hand_key").to_pylist()
        pq.write_table(pa.table({  # as version 5 wrote it
            "hand_key": pa.array(keys, pa.int64()),
            "events": pa.array([encoder.encode(by_key[k]) for k in keys], pa.binary())}), path)
    con = open_store(store)
    try:
        assert con.execute("SELECT count(*) FROM hand_events WHERE text IS NULL "
                           "AND events IS NOT NULL").fetchall() == [(len(stored),)]
        for where, key in stored.items():
            assert load_hand(con, key) == parsed[where]
    finally:
        con.close()


def test_a_reports_replays_are_read_in_blocks_and_skip_an_unreadable_hand(
        imported: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report embeds its replays read a block of hands and their findings at a time
    (blocks of 2 here): each is the replay of that hand alone, with its own findings, and
    a hand that no longer reads back is left out rather than ending the report."""
    from dashboards.replayer import hand_replay, hand_replays
    from pipelines import hand_events

    con = _copy(imported, tmp_path)
    try:
        flagged = [int(k) for (k,) in con.execute(
            "SELECT DISTINCT hand_key FROM violations ORDER BY hand_key").fetchall()]
        assert len(flagged) >= 3
        clean = [int(k) for (k,) in con.execute(
            "SELECT hand_key FROM hands WHERE hand_key NOT IN (SELECT hand_key FROM "
            "violations) ORDER BY hand_key LIMIT 3").fetchall()]
        keys = [clean[0], *flagged[:3], flagged[0], *clean[1:]]  # a repeat, mixed order
        one_by_one = {str(k): hand_replay(con, k) for k in dict.fromkeys(keys)}
        assert any(r["findings"] for r in one_by_one.values())
        monkeypatch.setattr(hand_events, "BATCH", 2)
        monkeypatch.setattr("pipelines.lookup.BATCH", 2)
        assert hand_replays(con, keys) == one_by_one
        assert list(hand_replays(con, keys)) == list(one_by_one)  # in the keys' order
        con.execute("UPDATE hand_events SET text = 'not a hand\n' WHERE hand_key = ?",
                    [flagged[1]])
        del one_by_one[str(flagged[1])]
        assert hand_replays(con, keys) == one_by_one
    finally:
        con.close()
