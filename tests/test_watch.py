"""``watch``: hands appended by the poker client are imported as they arrive."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from test_import_helpers import check_consistent, hands_text, stars_hand_texts

from pipelines import ImportResult, read_table
from pipelines.db import writer_lock
from pipelines.watch import watch


@pytest.fixture(scope="module")
def texts(stars_files: list[Path]) -> list[str]:
    return stars_hand_texts(stars_files)


class Watcher:
    """``watch`` in a thread, with its results collected for the test to wait on."""

    def __init__(self, folder: Path, db: Path, settle: float = 0.3) -> None:
        self.results: list[ImportResult] = []
        self.busy = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=watch, args=([folder],), kwargs=dict(
            db=db, interval=0.1, settle=settle, stop=self.stop,
            on_import=self.results.append, on_busy=self._busy,
        ), daemon=True)

    def _busy(self, exc: Exception) -> None:
        self.busy += 1

    def imported(self) -> int:
        return sum(r.imported for r in self.results)

    def wait_for(self, imported: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.imported() < imported:
            assert time.monotonic() < deadline, f"only {self.imported()} of {imported}"
            time.sleep(0.05)

    def __enter__(self) -> Watcher:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


def test_watch_imports_hands_as_they_are_appended(tmp_path: Path, texts: list[str]) -> None:
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    db = tmp_path / "db.duckdb"
    session = folder / "table.txt"
    session.write_text(hands_text(texts, 3, 500), encoding="utf-8")
    with Watcher(folder, db) as watcher:
        watcher.wait_for(3)
        with session.open("a", encoding="utf-8") as f:  # the client appends two hands
            f.write(hands_text(texts, 2, 503))
        watcher.wait_for(5)
        (folder / "second-table.txt").write_text(hands_text(texts, 4, 600), encoding="utf-8")
        watcher.wait_for(9)
    assert sum(r.duplicates + r.quarantined for r in watcher.results) == 0
    assert read_table(db, "hands").height == 9
    check_consistent(db).close()


def test_watch_holds_back_a_half_written_hand(tmp_path: Path, texts: list[str]) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "db.duckdb"
    session = folder / "table.txt"
    whole = hands_text(texts, 3, 700)
    cut = whole.index("*** 4th STREET ***", whole.index("PokerStars", 10))
    session.write_text(whole[:cut], encoding="utf-8")  # the second hand is mid-write
    with Watcher(folder, db, settle=1.5) as watcher:
        watcher.wait_for(1)
        time.sleep(0.3)
        assert watcher.imported() == 1  # the unfinished hand waits
        with session.open("a", encoding="utf-8") as f:
            f.write(whole[cut:])
        watcher.wait_for(3)
    assert sum(r.quarantined for r in watcher.results) == 0
    check_consistent(db).close()


def test_watch_waits_while_another_import_writes(tmp_path: Path, texts: list[str]) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    db = (tmp_path / "db.duckdb").resolve()
    (folder / "a.txt").write_text(hands_text(texts, 2, 800), encoding="utf-8")
    with writer_lock(db), Watcher(folder, db) as watcher:
        deadline = time.monotonic() + 10
        while not watcher.busy:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert watcher.imported() == 0
    # the lock is free again: the same (unchanged) file is imported on the next start
    with Watcher(folder, db) as watcher:
        watcher.wait_for(2)
