"""The validator's single walk gathers exactly the ledger the standalone pass builds.

``validate`` feeds the engine and gathers the record checks' ledger in one pass over the
events (``replay.walk``) for speed; ``Ledger(hand)`` is the plain, separate pass kept as the
reference. If the two ever disagree, a record check would judge a hand on wrong figures
without any other test noticing, so every field is compared on legal, damaged and real
hands.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from stud_hh.events import Hand
from stud_hh.faults import FAULT_KINDS, inject
from stud_hh.parse import parse_file
from stud_hh.rules import POKERSTARS, ROBERTS
from stud_hh.simulate import simulate_hands
from stud_hh.validate.consistency import Ledger
from stud_hh.validate.replay import walk


def _fields(ledger: Ledger) -> dict[str, object]:
    return {name: getattr(ledger, name) for name in Ledger.__slots__}


def _assert_same(hand: Hand) -> None:
    for rules in (POKERSTARS, ROBERTS):
        gathered = _fields(walk(hand, rules)[1])
        reference = _fields(Ledger(hand))
        for name, value in reference.items():
            assert gathered[name] == value, (hand.hand_id, rules.name, name)


@pytest.fixture(scope="module")
def simulated() -> list[Hand]:
    hands: list[Hand] = []
    for game in ("stud", "stud8", "razz"):
        hands += simulate_hands(30, game=game, players=7, seed=41)
        hands += simulate_hands(10, game=game, players=3, seed=42, tournament=True)
    return hands


def test_walk_ledger_equals_the_standalone_pass_on_real_hands(
    stars_files: list[Path],
) -> None:
    hands = [h for p in stars_files for h in parse_file(p) if isinstance(h, Hand)]
    assert hands
    for hand in hands:
        _assert_same(hand)


def test_walk_ledger_equals_the_standalone_pass_on_simulated_hands(
    simulated: list[Hand],
) -> None:
    for hand in simulated:
        _assert_same(hand)


def test_walk_ledger_equals_the_standalone_pass_on_damaged_hands(
    simulated: list[Hand],
) -> None:
    applied: set[str] = set()
    for kind in sorted(FAULT_KINDS):
        for i, hand in enumerate(simulated):
            injected = inject(hand, kind, random.Random(i))
            if injected is not None:
                applied.add(kind)
                _assert_same(injected.hand)
    # kinds that need an all-in or a particular showdown may find no hand in this sample
    assert len(applied) >= len(FAULT_KINDS) - 3, sorted(set(FAULT_KINDS) - applied)
