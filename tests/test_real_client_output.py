"""What PokerStars clients and trackers really write (issue 15 item 1): trailing white space
on any line, mixed line ends, a BOM, capitalised tracker-export headers, Home Game headers
and every currency. The reader normalises these once, so each real hand parses to the same
``Hand`` it parses to clean, without a new field."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_hh.events import Game, Hand, ParseError
from stud_hh.parse import parse_text

HANDS = Path(__file__).parent / "hands" / "pokerstars"


def _bare(hand: Hand) -> Hand:
    return msgspec.structs.replace(hand, source=None)


@pytest.fixture(scope="module")
def real_hands(stars_files: list[Path]) -> list[tuple[str, Hand]]:
    """Each real PokerStars stud hand's text with the ``Hand`` it parses to as written."""
    out: list[tuple[str, Hand]] = []
    for path in stars_files:
        text = path.read_text(encoding="utf-8-sig")
        for chunk in text.replace("\r\n", "\n").split("\n\n"):
            chunk = chunk.strip("\n")
            if not chunk:
                continue
            parsed = list(parse_text(chunk + "\n"))
            if len(parsed) == 1 and isinstance(parsed[0], Hand):
                out.append((chunk, parsed[0]))
    assert len(out) >= 20
    return out


_SPACE = st.sampled_from(["", " ", "  ", "\t", " \t "])
_END = st.sampled_from(["\n", "\r\n", "\r"])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_trailing_space_line_ends_and_bom_leave_the_hand_unchanged(
    real_hands: list[tuple[str, Hand]], data: st.DataObject,
) -> None:
    text, expected = data.draw(st.sampled_from(real_hands), label="hand")
    lines = text.split("\n")
    tails = data.draw(st.lists(_SPACE, min_size=len(lines), max_size=len(lines)), label="tails")
    ends = data.draw(st.lists(_END, min_size=len(lines), max_size=len(lines)), label="ends")
    bom = data.draw(st.booleans(), label="bom")
    damaged = ("\ufeff" if bom else "") + "".join(
        line + tail + end for line, tail, end in zip(lines, tails, ends, strict=True))
    parsed = list(parse_text(damaged, "damaged.txt"))
    assert len(parsed) == 1, parsed
    got = parsed[0]
    assert isinstance(got, Hand), got
    assert _bare(got) == _bare(expected)


def _parsed(name: str) -> list[Hand]:
    results = list(parse_text((HANDS / name).read_text(encoding="utf-8"), name))
    errors = [r for r in results if isinstance(r, ParseError)]
    assert not errors, errors
    hands = [r for r in results if isinstance(r, Hand)]
    assert len(hands) == len(results)
    return hands


def test_tracker_export_headers_parse_as_the_client_wrote_them() -> None:
    hands = _parsed("tracker-export.txt")
    assert [h.hand_id for h in hands] == ["200000000101", "200000000102"]
    assert [h.header.game for h in hands] == [Game.STUD8, Game.RAZZ]
    assert hands[0].header.tournament_id == "3000000101"
    assert hands[0].header.level == "I"
    assert (hands[0].header.small_bet, hands[0].header.big_bet) == (25, 50)


def test_home_game_hands_parse() -> None:
    hands = _parsed("home-game.txt")
    assert [h.hand_id for h in hands] == ["200000000201", "200000000202", "200000000203"]
    assert [h.header.game for h in hands] == [Game.RAZZ, Game.STUD, Game.STUD8]
    assert hands[1].header.currency == "USD"


def test_every_currency_pokerstars_writes_parses() -> None:
    hands = _parsed("currencies.txt")
    assert len(hands) == 6
    assert len({h.hand_id for h in hands}) == 6
    assert {(h.header.currency, h.header.play_money) for h in hands} == {
        ("CAD", False), ("EUR", False), ("GBP", False), ("INR", False), (None, False),
        (None, True)}  # tournament chips, play money
