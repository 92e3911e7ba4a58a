"""A CLI that starts fast: each subcommand imports only what it uses.

``stud-hh parse --help`` and ``stud-hh audit`` are pure-Python work on text: they must not
load DuckDB, Polars, Arrow, NumPy or Plotly (together ~1.3 s of start-up). Checked in a
fresh interpreter, by what ``sys.modules`` holds when the command is done.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HANDS = Path(__file__).parent / "hands" / "pokerstars"
HEAVY = ("duckdb", "polars", "pyarrow", "numpy", "plotly")

_PROBE = """
import contextlib, io, json, sys
from stud_hh.cli import main
out = io.StringIO()
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(out):
    main(sys.argv[1:])
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {heavy})))
""".replace("{heavy}", repr(set(HEAVY)))


def loaded(*argv: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.stdout, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("argv", [
    ("parse", "--help"),
    ("audit", "--help"),
    ("audit", str(HANDS)),
    ("parse", "--format", "summary", str(HANDS)),
    ("--help",),
    ("--version",),
    ("import", "--help"),
    ("watch", "--help"),
    ("quarantine", "--help"),
    ("export", "--help"),
])
def test_light_commands_load_no_heavy_library(argv: tuple[str, ...]) -> None:
    assert loaded(*argv) == []


def test_the_probe_would_see_a_heavy_library() -> None:
    assert "duckdb" in loaded("stats", "--db", "/nonexistent/x.duckdb")
