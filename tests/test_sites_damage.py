"""Damaged Full Tilt, Bovada and Winning hands (issue 18): bytes inserted, deleted or
flipped, lines moved. The parser never raises: each hand is a ``Hand``, an ``OtherGame``
or a ``ParseError`` that names the file, a line of it and the hand, and never an internal
error (a line the grammar took whose fields the dialect could not read is worded as such).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_hh.events import Hand, OtherGame, ParseError
from stud_hh.parse import parse_bytes
from stud_hh.reader import read_hands

HANDS = Path(__file__).parent / "hands"
CORPUS = (Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "real")
FOLDERS = ("cash/FTP/Stud", "tour/FTP/Stud", "cash/Bovada/Stud", "tour/Bovada/Stud",
           "cash/Winning")


def _hands() -> list[bytes]:
    paths = sorted(p for site in ("fulltilt", "bovada", "winning")
                   for p in (HANDS / site).glob("*.txt"))
    if CORPUS.is_dir():
        paths += sorted(p for folder in FOLDERS for p in (CORPUS / folder).glob("*")
                        if p.suffix not in (".hp", ".hands", ".gt"))
    return [raw.text.encode("utf-8") for path in paths for raw in read_hands(path)]


HANDS_TEXT = _hands()

_edit = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 10**6), st.binary(min_size=1, max_size=12)),
    st.tuples(st.just("text"), st.integers(0, 10**6),
              st.sampled_from([b"$", b" ", b"[", b"]", b"(", b")", b",", b"\n", b"Seat+",
                               b" and is all in", b"***", b": ", b"10", b"-", b"."])),
    st.tuples(st.just("delete"), st.integers(0, 10**6), st.integers(1, 80)),
    st.tuples(st.just("flip"), st.integers(0, 10**6), st.integers(0, 7)),
    st.tuples(st.just("line"), st.integers(0, 10**6), st.integers(0, 10**6)),
)


def damage(data: bytes, edits: list[tuple[str, int, object]]) -> bytes:
    buf = bytearray(data)
    for kind, where, what in edits:
        at = where % (len(buf) + 1)
        if kind in ("insert", "text"):
            buf[at:at] = what  # type: ignore[assignment]
        elif kind == "delete":
            del buf[at : at + what]  # type: ignore[operator]
        elif kind == "flip" and buf:
            buf[at % len(buf)] ^= 1 << what  # type: ignore[operator]
        elif kind == "line":  # a line moved elsewhere: the hand's order breaks
            lines = bytes(buf).split(b"\n")
            i, j = at % len(lines), what % len(lines)  # type: ignore[operator]
            lines.insert(j, lines.pop(i))
            buf = bytearray(b"\n".join(lines))
    return bytes(buf)


def check(data: bytes) -> None:
    # lines as the reader counts them: a lone CR ends a line too (old Mac files)
    total_lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1
    for result in parse_bytes(data, "damaged.txt"):
        assert isinstance(result, Hand | OtherGame | ParseError)
        if isinstance(result, ParseError):
            assert result.path == "damaged.txt"
            assert 1 <= result.line <= total_lines, result
            assert result.message and result.text
            assert not result.message.startswith("internal parser error"), result


@pytest.mark.skipif(not HANDS_TEXT, reason="no hands to damage")
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.lists(_edit, min_size=1, max_size=4))
def test_damaged_hands_give_hands_or_parse_errors(
    index: int, edits: list[tuple[str, int, object]]
) -> None:
    check(damage(HANDS_TEXT[index % len(HANDS_TEXT)], edits))


@pytest.mark.slow
@pytest.mark.skipif(not HANDS_TEXT, reason="no hands to damage")
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.lists(_edit, min_size=1, max_size=6))
def test_damaged_hands_exhaustive(index: int, edits: list[tuple[str, int, object]]) -> None:
    check(damage(HANDS_TEXT[index % len(HANDS_TEXT)], edits))


def test_a_truncated_hand_is_incomplete() -> None:
    text = (HANDS / "fulltilt" / "cash-stud-showdown.txt").read_bytes()
    cut = text[: text.index(b"*** 5TH STREET ***")]
    results = list(parse_bytes(cut, "cut.txt"))
    assert len(results) == 1 and isinstance(results[0], ParseError)
    assert results[0].incomplete and results[0].hand_id == "90000000001"
