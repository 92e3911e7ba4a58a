"""Errors, not tracebacks: each case a user meets gives a one-line message that names the
file or database and what to do, and an exit status (1, 2, or 130 for Ctrl-C).

The commands run as real processes. Read-only folders are read-only for real: as root
(whose capabilities ignore permissions) the command runs as root with every capability
dropped, so the folder's mode applies to it as to any user. (Running as ``nobody`` instead
failed on CI, whose packages were not readable by other users.)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_import_helpers import check_consistent, hands_text, stars_hand_texts, write_hands

from pipelines import import_paths
from stud_hh.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def texts(stars_files: list[Path]) -> list[str]:
    return stars_hand_texts(stars_files)


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temporary folder another user can enter (pytest's own are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="stud-hh-cli-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in folder.rglob("*"):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(folder)


def stud_hh(*args: str, unprivileged: bool = False,
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``stud-hh ARGS`` in a new process (with no capabilities when root and ``unprivileged``)."""
    command = [sys.executable, "-m", "stud_hh.cli", *args]
    if unprivileged and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root, and no setpriv to drop root's capabilities")
        command = [setpriv, "--bounding-set=-all", "--inh-caps=-all", "--ambient-caps=-all",
                   "--", *command]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, check=False)


def one_line_error(done: subprocess.CompletedProcess[str], status: int, *words: str) -> str:
    """The process failed with ``status`` and one line on stderr holding ``words``."""
    assert done.returncode == status, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def readonly_folder(parent: Path) -> Path:
    folder = parent / "readonly"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_import_into_a_read_only_folder(shared_tmp: Path, texts: list[str]) -> None:
    hands = write_hands(shared_tmp / "a.txt", texts, 3, 10_000)
    hands.chmod(0o644)
    db = readonly_folder(shared_tmp) / "hands.duckdb"
    done = stud_hh("import", str(hands), "--db", str(db), "--quiet", unprivileged=True)
    one_line_error(done, 1, "cannot write the database", str(db), "--db")
    deeper = db.parent / "sub" / "hands.duckdb"
    done = stud_hh("import", str(hands), "--db", str(deeper), "--quiet", unprivileged=True)
    one_line_error(done, 1, str(deeper), "--db")


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_report_into_a_read_only_folder(shared_tmp: Path, texts: list[str]) -> None:
    hands = write_hands(shared_tmp / "a.txt", texts, 3, 11_000)
    db = shared_tmp / "hands.duckdb"
    import_paths([hands], db=db, jobs=1)
    db.chmod(0o644)
    out = readonly_folder(shared_tmp) / "report.html"
    done = stud_hh("report", "--db", str(db), "--out", str(out), unprivileged=True)
    one_line_error(done, 1, f"cannot write {out}", "--out")


class Holder:
    """Another process with the database open for writing, as an import or watch has it."""

    def __init__(self, db: Path, seconds: float) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c",
             "import sys, time, duckdb\ncon = duckdb.connect(sys.argv[1])\n"
             "print('open', flush=True)\ntime.sleep(float(sys.argv[2]))\ncon.close()",
             str(db), str(seconds)], stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "open"

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.mark.slow
def test_a_held_database_names_itself_and_the_wait_option(
    tmp_path: Path, texts: list[str]
) -> None:
    hands = write_hands(tmp_path / "a.txt", texts, 3, 12_000)
    db = tmp_path / "hands.duckdb"
    import_paths([hands], db=db, jobs=1)
    holder = Holder(db, 60)
    try:
        for command in (["stats"], ["quarantine"], ["report", "--out", str(tmp_path / "r")],
                        ["import", str(hands), "--quiet"]):
            done = stud_hh(*command, "--db", str(db))
            one_line_error(done, 1, str(db), "--wait")
    finally:
        holder.close()
    holder = Holder(db, 1.5)  # --wait outlasts it: the command then runs
    try:
        done = stud_hh("stats", "--db", str(db), "--wait", "60", "--format", "csv")
    finally:
        holder.close()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("player,")


def test_stats_on_a_held_database_in_process(
    tmp_path: Path, texts: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The default run's check (the subprocess ones above are slow): one line, exit 1."""
    hands = write_hands(tmp_path / "a.txt", texts, 2, 12_500)
    db = tmp_path / "hands.duckdb"
    import_paths([hands], db=db, jobs=1)
    holder = Holder(db, 60)
    try:
        assert main(["stats", "--db", str(db)]) == 1
    finally:
        holder.close()
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(db) in err and "--wait SECONDS" in err, err


MARKUP_NAMES = ("Joe[/b]", "[bold red]x[/bold red]", "[link=http://x]y[/link]")


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_markup_in_names_prints_as_text_in_process(
    tmp_path: Path, texts: list[str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # room for every name in full
    text = hands_text(texts[:2], 2, 13_500)
    seats = [line.split(": ", 1)[1].split(" (", 1)[0]
             for line in text.splitlines() if line.startswith("Seat ") and " in chips" in line]
    for old, new in zip(dict.fromkeys(seats), MARKUP_NAMES, strict=False):
        text = text.replace(old, new)
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    db = tmp_path / "db.duckdb"
    import_paths([tmp_path / "a.txt"], db=db, jobs=1)
    capsys.readouterr()
    assert main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    for name in MARKUP_NAMES:
        assert name in out, name
    assert main(["stats", "--db", str(db), "--player", MARKUP_NAMES[1]]) == 0
    assert f"{MARKUP_NAMES[1]}: 1 hands" in capsys.readouterr().out


@pytest.mark.slow
def test_player_names_are_printed_as_they_are(
    tmp_path: Path, texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # wide enough that no name is folded over two lines (at 80 columns the stats table
    # folds a long name, which prints it as text too, but not on one line)
    monkeypatch.setenv("COLUMNS", "200")
    text = hands_text(texts[:2], 2, 13_000)
    seats = [line.split(": ", 1)[1].split(" (", 1)[0]
             for line in text.splitlines() if line.startswith("Seat ") and " in chips" in line]
    for old, new in zip(dict.fromkeys(seats), MARKUP_NAMES, strict=False):
        text = text.replace(old, new)
    folder = tmp_path / "[bold]hands[red]"
    folder.mkdir()
    (folder / "a.txt").write_text(text + text.replace("PokerStars", "PokerStarz", 1),
                                  encoding="utf-8")
    db = tmp_path / "db.duckdb"
    done = stud_hh("import", str(folder), "--db", str(db), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert f"database: {db}" in done.stdout
    done = stud_hh("stats", "--db", str(db))
    assert done.returncode == 0 and not done.stderr, done.stderr
    for name in MARKUP_NAMES:
        assert name in done.stdout, name
    done = stud_hh("stats", "--db", str(db), "--player", MARKUP_NAMES[0])
    assert done.returncode == 0 and f"{MARKUP_NAMES[0]}: " in done.stdout, done.stderr
    done = stud_hh("quarantine", "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert str(folder / "a.txt") in done.stdout  # the folder's "[bold]" printed as such
    assert "1 quarantined hand in 1 file" in done.stdout


_INTERRUPTIBLE = """
import sys
from pipelines import importer
from stud_hh.cli import main
importer.import_paths.__kwdefaults__["chunk_hands"] = 20  # many batches: time to interrupt
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_ctrl_c_during_an_import_stops_cleanly_and_the_rerun_completes(
    tmp_path: Path, texts: list[str], jobs: str
) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    for i in range(4):
        write_hands(folder / f"s{i}.txt", texts, 300, 200_000 + 1_000 * i)
    db = tmp_path / "db.duckdb"
    proc = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTIBLE, "import", str(folder), "--db", str(db),
         "--quiet", "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    wal = db.with_name(db.name + ".wal")
    deadline = time.monotonic() + 60
    while not (wal.exists() and wal.stat().st_size > 200_000):  # a few batches committed
        assert proc.poll() is None, "import finished before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    line = one_line_error(subprocess.CompletedProcess([], 130, out, err), 130,
                          "interrupted", str(db), "Run the same command again")
    stored = int(line.split("interrupted; ", 1)[1].split(" hands", 1)[0].replace(",", ""))
    con = check_consistent(db)
    try:
        hands = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        status = con.execute("SELECT status, imported FROM imports").fetchall()
    finally:
        con.close()
    assert 0 < hands == stored < 1200
    assert status == [("interrupted", stored)]
    rerun = import_paths([folder], db=db, jobs=1)
    assert rerun.duplicates == 0 and rerun.imported == 1200 - stored
    check_consistent(db).close()


def test_version_quarantine_and_audit_codes(tmp_path: Path, texts: list[str]) -> None:
    done = stud_hh("--version")
    assert done.returncode == 0 and done.stdout.startswith("stud-hh ")
    path = tmp_path / "a.txt"
    good = hands_text(texts[:1], 1, 14_000)
    broken = hands_text(texts[:1], 1, 14_001).replace("*** 4th STREET ***",
                                                      "*** 5th STREET ***", 1)
    path.write_text(good + broken, encoding="utf-8")
    db = tmp_path / "db.duckdb"
    import_paths([path], db=db, jobs=1)
    done = stud_hh("quarantine", "--db", str(db))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{path}:") and "hand 14001" in lines[0]
    assert lines[1].startswith("  reason: unexpected line")
    assert lines[2] == "  first line: " + broken.splitlines()[0]
    assert lines[-1].startswith("1 quarantined hand in 1 file")
    done = stud_hh("quarantine", "--db", str(db), "--format", "jsonl")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["hand_id"], r["hand_line"], r["text"]) for r in rows] == [
        ("14001", good.count("\n") + 1, broken.rstrip("\n") + "\n")]
    done = stud_hh("audit", str(path))
    assert done.returncode == 1
    tail = done.stdout.splitlines()[-2:]
    assert tail == ["by code (roots):", "  PARSE_ERROR  1"]


def test_missing_paths_are_usage_errors(tmp_path: Path) -> None:
    for command in ("parse", "audit"):
        done = stud_hh(command, str(tmp_path / "nope"))
        one_line_error(done, 2, "no such file", "nope")
    done = stud_hh("import", str(tmp_path / "nope"), "--db", str(tmp_path / "db.duckdb"))
    one_line_error(done, 2, "no such file or folder", "nope")
