"""Every real PokerStars hand is legal under the ``pokerstars`` preset.

The real files are the evidence the preset was built from; a violation here is either a
validator bug or a genuinely inconsistent hand, which must then be named below with its
code and the reason (none is, so far: all 30 hands audit clean, warnings included).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.events import Hand
from stud_hh.parse import parse_file
from stud_hh.rules import POKERSTARS
from stud_hh.validate import validate

#: hand id -> (code, reason) for real hands that really are inconsistent.
KNOWN_INCONSISTENT: dict[str, tuple[str, str]] = {}


@pytest.fixture(scope="module")
def stars_hands(stars_files: list[Path]) -> list[Hand]:
    hands = [h for path in stars_files for h in parse_file(path)]
    assert all(isinstance(h, Hand) for h in hands), [h for h in hands if not isinstance(h, Hand)]
    return hands  # type: ignore[return-value]


def test_corpus_is_there(stars_hands: list[Hand]) -> None:
    assert len(stars_hands) >= 30
    games = {h.header.game.value for h in stars_hands}
    assert games == {"stud", "stud8", "razz"}


def test_real_stars_hands_have_no_violation(stars_hands: list[Hand]) -> None:
    found = {}
    for hand in stars_hands:
        violations = validate(hand, POKERSTARS)
        if hand.hand_id in KNOWN_INCONSISTENT:
            code, _reason = KNOWN_INCONSISTENT[hand.hand_id]
            assert code in {v.code for v in violations}
        elif violations:
            found[hand.hand_id] = violations
    assert found == {}


def test_default_rules_are_the_sites_preset(stars_hands: list[Hand]) -> None:
    # validate() without rules picks the site's preset for PokerStars hands.
    for hand in stars_hands:
        assert validate(hand) == validate(hand, POKERSTARS)


def test_real_hands_under_the_other_presets_fail_only_on_their_options(
    stars_hands: list[Hand],
) -> None:
    """Under Robert's Rules the same hands differ only where the options differ: the
    first-actor tie break (seat instead of suit). Nothing else may appear."""
    from stud_hh.rules import ROBERTS

    allowed = {"WRONG_FIRST_ACTOR", "OUT_OF_TURN", "SHOWDOWN_ORDER"}
    for hand in stars_hands:
        extra = {v.code for v in validate(hand, ROBERTS)} - allowed
        assert extra == set(), (hand.hand_id, extra)
