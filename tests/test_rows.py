"""A hand's table rows (``pipelines.rows``) say what its events say, in the schema's shape."""

from __future__ import annotations

import pytest

from pipelines.rows import hand_rows, stakes_label
from pipelines.schema import ACTIONS, HAND_PLAYERS, HANDS, VIOLATIONS
from stud_hh.events import Hand, StreetStart, Summary
from stud_hh.recap import Action, recap
from stud_hh.simulate import simulate_hands
from stud_hh.validate import validate

_KIND = {"BringIn": "bring_in", "Complete": "complete", "Bet": "bet", "Raise": "raise",
         "Call": "call", "Check": "check", "Fold": "fold"}


@pytest.mark.parametrize(("game", "tournament"), [
    ("stud", False), ("stud8", False), ("razz", True),
])
def test_rows_follow_the_events(game: str, tournament: bool) -> None:
    for hand in simulate_hands(60, game=game, players=7, tournament=tournament, seed=4):
        found = validate(hand)
        rows = hand_rows(3, hand, recap(hand), found, "f.txt", 12)
        assert len(rows.hand) == len(HANDS.batch_schema)
        assert {len(r) for r in rows.players} == {len(HAND_PLAYERS.batch_schema)}
        assert {len(a) for a in rows.actions} <= {len(ACTIONS.batch_schema) - 2}
        assert {len(r) for r in rows.violations} <= {len(VIOLATIONS.batch_schema)}
        assert all(r[0] == 3 for r in (rows.hand, *rows.players))
        _check_actions(hand, rows.actions)
        _check_money(hand, rows.players)
        streets = [e.street for e in hand.events if isinstance(e, StreetStart)]
        assert rows.hand[20] == max(streets)  # last_street
        assert rows.hand[19] == sum(1 for r in rows.players if r[4])  # players dealt in
        assert rows.hand[24:28] == (len(found), 0, "f.txt", 12)  # errors, warnings, file, line


def _check_actions(hand: Hand, actions: list[Action]) -> None:
    expected = [(index, int(street), event.player, _KIND[type(event).__name__])
                for street, index, event in hand.player_actions()]
    assert [(i, int(street), player, kind.name) for i, (street, player, kind, *_)
            in enumerate(actions)] == expected


def _check_money(hand: Hand, players: list[tuple[object, ...]]) -> None:
    """Chips are conserved: what players won net, plus the rake, is zero; the rake shares
    sum to the rake; only players who collected pay any."""
    summary = next(e for e in hand.events if isinstance(e, Summary))
    assert sum(r[11] for r in players) + summary.rake == 0  # type: ignore[misc]
    assert sum(r[12] for r in players) == (summary.rake if any(r[10] for r in players)
                                           else 0)
    assert all(r[12] == 0 or r[10] > 0 for r in players)  # type: ignore[operator]


def test_stakes_are_exact_labels() -> None:
    assert stakes_label(4, 8, "USD") == "0.04/0.08"
    assert stakes_label(100, 200, "EUR") == "1.00/2.00"
    assert stakes_label(50, 100, None) == "50/100"
    assert stakes_label(-5, 1005, "USD") == "-0.05/10.05"
