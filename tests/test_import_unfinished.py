"""A file still being written loses nothing: imports (and watch) between random pieces of
it end with exactly what one import of the finished file stores.

The client appends hands in pieces the test cuts anywhere: mid-line, between ``\\r`` and
``\\n``, inside a UTF-8 or UTF-16 character. Each import in between may quarantine, or even
store, the unfinished last hand; the next one reads it again and withdraws that. At the
end the stored hands, players, actions, violations and facts equal a one-shot import's,
and no hand is both stored and quarantined. A hand broken in the middle of the file stays
quarantined, as in the one-shot import.
"""

from __future__ import annotations

import functools
import re
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from conftest import STARS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_import_helpers import check_consistent, renumber, stars_hand_texts

from pipelines import ImportResult, import_paths
from pipelines.watch import watch
from stud_hh.formats import recognise_file

ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "cp1252")


@functools.cache
def _corpus_texts() -> tuple[str, ...]:
    return tuple(stars_hand_texts(sorted(STARS.rglob("*.txt")))) if STARS.is_dir() else ()


def corpus_texts() -> list[str]:
    """The real PokerStars hands (cached: hypothesis calls a test many times)."""
    found = list(_corpus_texts())
    if not found:
        pytest.skip(f"real corpus not found at {STARS} (expected ../shared/corpus)")
    return found


def session_text(texts: list[str], picks: list[int], broken: int | None, crlf: bool,
                 sealed: bool) -> str:
    """A session file: the picked hands, renumbered, one player renamed with characters
    that take several bytes (and exist in cp1252); ``broken``: a hand whose 4th street is
    called 5th (a genuine error, mid-file); ``sealed``: the file ends with blank lines."""
    hands = []
    for n, i in enumerate(picks):
        text = renumber(texts[i % len(texts)], 7_000 + n)
        seat = re.search(r"^Seat \d+: (.+?) \(", text, re.MULTILINE)
        assert seat, text
        text = text.replace(seat[1], "Zoë €uro")
        if n == broken:
            text = text.replace("*** 4th STREET ***", "*** 5th STREET ***", 1)
        hands.append(text)
    whole = "\n\n\n".join(hands) + ("\n\n\n" if sealed else "")
    return whole.replace("\n", "\r\n") if crlf else whole


def stored(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every stored table, keyed by hand id instead of the surrogate key, in a stable order;
    and the quarantine rows that still count."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        by_id = "JOIN hands h USING (hand_key)"
        return {
            "hands": con.execute(
                "SELECT * EXCLUDE (hand_key, import_id) FROM hands ORDER BY hand_id").fetchall(),
            "players": con.execute(
                f"SELECT h.hand_id, t.* EXCLUDE (hand_key) FROM hand_players t {by_id} "
                "ORDER BY 1, seat").fetchall(),
            "actions": con.execute(
                f"SELECT h.hand_id, t.* EXCLUDE (hand_key) FROM actions t {by_id} "
                "ORDER BY 1, action_index").fetchall(),
            "violations": con.execute(
                f"SELECT h.hand_id, t.* EXCLUDE (hand_key) FROM violations t {by_id} "
                "ORDER BY ALL").fetchall(),
            "facts": con.execute(
                f"SELECT h.hand_id, t.* EXCLUDE (hand_key) FROM player_facts t {by_id} "
                "ORDER BY ALL").fetchall(),
            "events": con.execute(
                f"SELECT h.hand_id, t.text FROM hand_events t {by_id} ORDER BY 1").fetchall(),
            "quarantine": con.execute(
                "SELECT file, hand_line, hand_id FROM quarantine "
                "WHERE superseded_by IS NULL ORDER BY ALL").fetchall(),
        }
    finally:
        con.close()


def check_nothing_lost(folder: Path, db: Path, results: list[ImportResult]) -> None:
    """The piecewise database equals a one-shot import of the finished file."""
    assert all(r.balanced for r in results)
    con = check_consistent(db)
    try:
        both = con.execute(
            "SELECT count(*) FROM hands h JOIN quarantine q ON q.hand_id = h.hand_id "
            "AND q.superseded_by IS NULL").fetchone()
    finally:
        con.close()
    assert both == (0,)
    once = db.with_name("once.duckdb")
    import_paths([folder], db=once, jobs=1)
    assert stored(db) == stored(once)


pieces = st.lists(st.integers(min_value=0, max_value=1 << 30), min_size=1, max_size=4)
file_kinds = st.tuples(
    st.lists(st.integers(0, 60), min_size=2, max_size=4),  # which corpus hands
    st.sampled_from(ENCODINGS), st.booleans(), st.booleans(),  # encoding, CRLF, sealed
    st.one_of(st.none(), st.just(0)),  # a broken hand first (mid-file once others follow)
)


def _cuts(size: int, draws: list[int]) -> list[int]:
    """Where the pieces end (the last one at ``size``); no empty piece."""
    return sorted({d % size for d in draws} - {0})


def write_in_pieces(data: bytes, cuts: list[int], path: Path,
                    between: Callable[[], None]) -> None:
    done = 0
    for cut in [*cuts, len(data)]:
        if cut == done:
            continue
        with path.open("ab") as stream:
            stream.write(data[done:cut])
        done = cut
        between()


def _imports_between_pieces(texts: list[str], kind: tuple, draws: list[int]) -> None:
    picks, encoding, crlf, sealed, broken = kind
    data = session_text(texts, picks, broken, crlf, sealed).encode(encoding)
    with tempfile.TemporaryDirectory(prefix="import-pieces-") as tmp:
        folder = Path(tmp, "hh")
        folder.mkdir()
        db = Path(tmp, "db.duckdb")
        results: list[ImportResult] = []
        write_in_pieces(data, _cuts(len(data), draws), folder / "table.txt",
                        lambda: results.append(import_paths([folder], db=db, jobs=1)))
        check_nothing_lost(folder, db, results)


@settings(max_examples=2, deadline=None)
@given(kind=file_kinds, draws=st.lists(st.integers(0, 1 << 30), min_size=1, max_size=2))
def test_imports_between_random_pieces_store_what_one_import_stores(
    kind: tuple, draws: list[int]
) -> None:
    _imports_between_pieces(corpus_texts(), kind, draws)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(kind=file_kinds, draws=st.lists(st.integers(0, 1 << 30), min_size=1, max_size=12))
def test_imports_between_many_random_pieces(kind: tuple, draws: list[int]) -> None:
    _imports_between_pieces(corpus_texts(), kind, draws)


def test_a_hand_cut_in_its_summary_is_replaced_by_its_whole_text(tmp_path: Path) -> None:
    """A cut after ``Total pot ... | Rake $0`` parses (the seat lines are optional) with
    the wrong rake: it is stored, then replaced when the client finishes the hand."""
    text = session_text(corpus_texts(), [0, 1], None, False, True)
    second = text.index("PokerStars", 10)
    cut = text.index("| Rake $0", second) + len("| Rake $0")
    folder = tmp_path / "hh"
    folder.mkdir()
    path, db = folder / "table.txt", tmp_path / "db.duckdb"
    path.write_text(text[:cut], encoding="utf-8")
    first = import_paths([folder], db=db, jobs=1)
    assert (first.imported, first.quarantined) == (2, 0)  # the cut hand parsed
    with path.open("a", encoding="utf-8") as stream:
        stream.write(text[cut:])
    again = import_paths([folder], db=db, jobs=1)
    assert (again.hands_found, again.imported, again.replaced) == (1, 1, 1)
    assert again.duplicates == 0
    check_nothing_lost(folder, db, [first, again])


def test_an_unfinished_hand_is_quarantined_for_now_then_superseded(tmp_path: Path) -> None:
    text = session_text(corpus_texts(), [2, 3], None, False, True)
    cut = text.index("*** 4th STREET ***", text.index("PokerStars", 10))
    folder = tmp_path / "hh"
    folder.mkdir()
    path, db = folder / "table.txt", tmp_path / "db.duckdb"
    path.write_text(text[:cut], encoding="utf-8")
    first = import_paths([folder], db=db, jobs=1)
    assert (first.imported, first.quarantined) == (1, 1)
    assert first.unfinished == [str(path.resolve())]
    untouched = import_paths([folder], db=db, jobs=1)  # nothing new: nothing read again
    assert (untouched.hands_found, untouched.files_skipped) == (0, 1)
    with path.open("a", encoding="utf-8") as stream:
        stream.write(text[cut:])
    again = import_paths([folder], db=db, jobs=1)
    assert (again.hands_found, again.imported, again.quarantined) == (1, 1, 0)
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT import_id, superseded_by FROM quarantine").fetchall()
    finally:
        con.close()
    assert rows == [(first.import_id, again.import_id)]
    check_nothing_lost(folder, db, [first, untouched, again])


def test_a_hand_broken_mid_file_stays_quarantined(tmp_path: Path) -> None:
    """Only an open last hand is read again: once a hand is followed by another, its
    error is final, whatever comes after."""
    text = session_text(corpus_texts(), [4, 5, 6], 0, False, True)
    third = text.index("PokerStars", text.index("PokerStars", 10) + 10)
    folder = tmp_path / "hh"
    folder.mkdir()
    path, db = folder / "table.txt", tmp_path / "db.duckdb"
    path.write_text(text[:third], encoding="utf-8")
    first = import_paths([folder], db=db, jobs=1)
    assert (first.imported, first.quarantined, first.unfinished) == (1, 1, [])
    with path.open("a", encoding="utf-8") as stream:
        stream.write(text[third:])
    again = import_paths([folder], db=db, jobs=1)
    assert (again.hands_found, again.imported) == (1, 1)
    check_nothing_lost(folder, db, [first, again])
    assert len(stored(db)["quarantine"]) == 1


class _Watcher:
    """``watch`` in a thread, its results collected."""

    def __init__(self, folder: Path, db: Path, settle: float) -> None:
        self.db = db
        self.results: list[ImportResult] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=watch, args=([folder],), kwargs=dict(
            db=db, interval=0.02, settle=settle, stop=self.stop,
            on_import=self.results.append), daemon=True)

    def caught_up(self, path: Path, timeout: float = 10.0) -> None:
        """Wait until the database says the file was read whole at its present size
        (a cycle that began before the last write does not count)."""
        size = path.stat().st_size
        if not recognise_file(path).supported:
            return  # too little written to tell: skipped until it grows (no files row)
        deadline = time.monotonic() + timeout
        while self._row(path) != (size, True):
            assert time.monotonic() < deadline, f"watch did not catch up: {self._row(path)}"
            time.sleep(0.05)

    def _row(self, path: Path) -> tuple[int, bool] | None:
        try:  # the watcher holds the database only while it imports
            con = duckdb.connect(str(self.db), read_only=True)
        except duckdb.Error:
            return None
        try:
            row = con.execute("SELECT size, complete FROM files WHERE path = ?",
                              [str(path.resolve())]).fetchone()
        finally:
            con.close()
        return None if row is None else (int(row[0]), bool(row[1]))

    def __enter__(self) -> _Watcher:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


def _watch_between_pieces(texts: list[str], kind: tuple, draws: list[int],
                          settle: float) -> None:
    picks, encoding, crlf, sealed, broken = kind
    data = session_text(texts, picks, broken, crlf, sealed).encode(encoding)
    with tempfile.TemporaryDirectory(prefix="watch-pieces-") as tmp:
        folder = Path(tmp, "hh")
        folder.mkdir()
        db = Path(tmp, "db.duckdb")
        path = folder / "table.txt"
        with _Watcher(folder, db, settle) as watcher:
            write_in_pieces(data, _cuts(len(data), draws), path,
                            lambda: watcher.caught_up(path))
        check_nothing_lost(folder, db, watcher.results)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(kind=file_kinds, draws=pieces, settle=st.sampled_from([0.0, 0.15]))
def test_watch_between_random_pieces_stores_what_one_import_stores(
    kind: tuple, draws: list[int], settle: float
) -> None:
    _watch_between_pieces(corpus_texts(), kind, draws, settle)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(kind=file_kinds, draws=st.lists(st.integers(0, 1 << 30), min_size=1, max_size=8),
       settle=st.sampled_from([0.0, 0.15]))
def test_watch_between_many_random_pieces(kind: tuple, draws: list[int], settle: float) -> None:
    _watch_between_pieces(corpus_texts(), kind, draws, settle)
