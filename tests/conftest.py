"""Shared fixtures: where the real corpus lives, and a skip with a reason when it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = (ROOT.parent / "shared" / "corpus" / "real").resolve()
STARS = CORPUS / "cash" / "Stars"


def _need(path: Path) -> Path:
    if not path.is_dir():
        pytest.skip(f"real corpus not found at {path} (expected ../shared/corpus beside the repo)")
    return path


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return _need(CORPUS)


@pytest.fixture(scope="session")
def stars_dir() -> Path:
    return _need(STARS)


@pytest.fixture(scope="session")
def stars_files(stars_dir: Path) -> list[Path]:
    return sorted(p for p in stars_dir.rglob("*.txt"))
