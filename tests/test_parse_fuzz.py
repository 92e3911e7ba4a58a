"""Property tests: damaged hands never crash the parser; legal player names round-trip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_hh.events import Event, Hand, OtherGame, ParseError
from stud_hh.parse import parse_bytes, parse_text
from stud_hh.reader import read_hands

HANDS = Path(__file__).parent / "hands" / "pokerstars"
STARS = (Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "real" / "cash"
         / "Stars")


def _real_hands() -> list[bytes]:
    if not STARS.is_dir():
        return []
    return [raw.text.encode("utf-8") for path in sorted(STARS.rglob("*.txt"))
            for raw in read_hands(path)]


REAL = _real_hands()
needs_real = pytest.mark.skipif(not REAL, reason=f"real corpus not found at {STARS}")

_edit = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 10**6), st.binary(min_size=1, max_size=12)),
    st.tuples(st.just("delete"), st.integers(0, 10**6), st.integers(1, 80)),
    st.tuples(st.just("flip"), st.integers(0, 10**6), st.integers(0, 7)),
    st.tuples(st.just("line"), st.integers(0, 10**6), st.integers(0, 10**6)),
)


def _damage(data: bytes, edits: list[tuple[str, int, object]]) -> bytes:
    buf = bytearray(data)
    for kind, where, what in edits:
        at = where % (len(buf) + 1)
        if kind == "insert":
            buf[at:at] = what  # type: ignore[assignment]
        elif kind == "delete":
            del buf[at : at + what]  # type: ignore[operator]
        elif kind == "flip" and buf:
            buf[at % len(buf)] ^= 1 << what  # type: ignore[operator]
        elif kind == "line":  # move a whole line elsewhere: breaks the order of a hand
            lines = bytes(buf).split(b"\n")
            i, j = at % len(lines), what % len(lines)  # type: ignore[operator]
            lines.insert(j, lines.pop(i))
            buf = bytearray(b"\n".join(lines))
    return bytes(buf)


def _check_results(results: list[Hand | ParseError | OtherGame]) -> None:
    for result in results:
        # a damaged header may name another game (``5 Card Stud``): counted, not lost
        assert isinstance(result, Hand | ParseError | OtherGame)
        if isinstance(result, ParseError):
            assert result.line >= 1 and result.text and result.message
            assert "internal parser error" not in result.message, result.message


@needs_real
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10**6), edits=st.lists(_edit, min_size=1, max_size=6))
def test_damaged_real_hands_give_hands_or_parse_errors(
    index: int, edits: list[tuple[str, int, object]]
) -> None:
    original = REAL[index % len(REAL)]
    damaged = _damage(original, edits)
    _check_results(list(parse_bytes(damaged, path="fuzz.txt")))


@needs_real
@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=400))
def test_arbitrary_bytes_after_a_real_hand(data: bytes) -> None:
    results = list(parse_bytes(REAL[0] + data))
    _check_results(results)
    assert results and results[0].hand_id == REAL[0].split(b"#")[1].split(b":")[0].decode()


# --- names ----------------------------------------------------------------------------------

_NAME_CHARS = "abZ09 ._-'\"[]():äéÇФ名"
_names = st.text(alphabet=_NAME_CHARS, min_size=1, max_size=14).filter(
    lambda n: n == n.strip() and "  " not in n and re.search(r"\[[2-9TJQKA][cdhs]", n) is None
)
_TEMPLATE = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]


def _players(event: Event) -> str | None:
    return getattr(event, "player", None)


@settings(max_examples=150, deadline=None)
@given(name=_names)
def test_legal_player_names_round_trip(name: str) -> None:
    """Any such name, put in place of a player in every line, comes back unchanged."""
    text = _TEMPLATE.replace("bob.the.builder", name)
    [hand] = list(parse_text(text))
    assert isinstance(hand, Hand), str(hand)
    assert hand.players()[1] == name
    original = next(iter(parse_text(_TEMPLATE)))
    assert isinstance(original, Hand)
    swap = {"bob.the.builder": name}
    expected = [swap.get(_players(e) or "", _players(e)) for e in original.events]
    assert [_players(e) for e in hand.events] == expected
    assert len(hand.events) == len(original.events)


@needs_real
@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10**6), edits=st.lists(_edit, min_size=1, max_size=20))
def test_damaged_real_hands_exhaustive(index: int, edits: list[tuple[str, int, object]]) -> None:
    original = REAL[index % len(REAL)]
    _check_results(list(parse_bytes(_damage(original, edits), path="fuzz.txt")))
