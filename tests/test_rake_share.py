"""The rake is shared one way (``stud_hh.facts.rake_shares``, docs/stats.md) in every table.

Before, ``hand_players.rake_share`` gave the whole remainder to the biggest winner while
the stats facts gave it by largest remainder with ties to the earlier seat: collections
{A: 7, B: 3} with a rake of 5 were 4/1 in one table and 3/2 in the other.
"""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from pipelines.rows import player_rows
from stud_hh.events import Ante, Collect, Game, Hand, Header, Seat, Summary
from stud_hh.facts import player_facts, rake_shares
from stud_hh.recap import recap
from stud_hh.simulate import simulate_hands

RAKE_SHARE = 12  # column of hand_players.rake_share in a row (after ``local``)


def _seats(*names: str) -> tuple[Seat, ...]:
    return tuple(Seat(i + 1, name, 100) for i, name in enumerate(names))


def _split_pot(collected: dict[str, int], rake: int, seats: list[str]) -> Hand:
    pot = sum(collected.values()) + rake
    antes = [Ante(p, pot // len(seats) + (i < pot % len(seats))) for i, p in enumerate(seats)]
    header = Header(site="PokerStars", hand_id="9", game=Game.STUD8, small_bet=4, big_bet=8,
                    started_at=datetime(2024, 1, 1, tzinfo=UTC), table="T")
    return Hand(header=header, seats=tuple(Seat(i + 1, p, 100) for i, p in enumerate(seats)),
                events=(*antes, *(Collect(p, c) for p, c in collected.items()),
                        Summary(pot, rake)))


def _both_tables(hand: Hand) -> tuple[dict[str, int], dict[str, int]]:
    seen = recap(hand)
    rows = {row[2]: row[RAKE_SHARE] for row in player_rows(0, hand, seen)}
    facts = {f.player: f.rake for f in player_facts(hand, seen)}
    return rows, facts


def test_a_split_pot_shares_the_rake_the_same_way_in_both_tables() -> None:
    # B sits first, so the old facts rule (a tie goes to the earlier seat) gave B the unit
    hand = _split_pot({"A": 7, "B": 3}, 5, ["B", "A"])
    rows, facts = _both_tables(hand)
    assert rows == facts == {"A": 4, "B": 1}


def test_the_odd_unit_goes_to_the_largest_remainder_then_the_bigger_win_then_the_seat(
) -> None:
    assert rake_shares(5, {"A": 7, "B": 3}, _seats("B", "A")) == {"A": 4, "B": 1}  # 3.5 / 1.5
    assert rake_shares(3, {"A": 5, "B": 3, "C": 2}, _seats("A", "B", "C")) == {
        "A": 1, "B": 1, "C": 1}  # 1.5 / 0.9 / 0.6: 1 / 0 / 0, and the two units left go
    # to the largest remainders, .9 and .6
    assert rake_shares(1, {"A": 4, "B": 4}, _seats("B", "A")) == {"A": 0, "B": 1}  # a tie: seat
    assert rake_shares(2, {"A": 1, "B": 1, "C": 1}, _seats("A", "B", "C")) == {
        "A": 1, "B": 1, "C": 0}  # one unit each, never two to one player
    assert rake_shares(3, {"Zed": 5, "A": 5}, _seats("A")) == {"Zed": 1, "A": 2}  # unseated last
    assert rake_shares(0, {"A": 5}, _seats("A")) == {} == rake_shares(4, {"A": 0}, _seats("A"))


@given(st.integers(0, 10_000), st.dictionaries(
    st.sampled_from("ABCDEFGH"), st.integers(0, 100_000), min_size=1))
def test_shares_are_whole_units_that_sum_to_the_rake_and_follow_the_collections(
    rake: int, collected: dict[str, int],
) -> None:
    shares = rake_shares(rake, collected, _seats(*sorted(collected)))
    winners = {p: c for p, c in collected.items() if c > 0}
    if not winners or rake == 0:
        assert shares == {}
        return
    total = sum(winners.values())
    assert set(shares) == set(winners) and sum(shares.values()) == rake
    for p, share in shares.items():
        assert abs(share - Fraction(rake * winners[p], total)) < 1
    for p in winners:  # who won more never pays less
        for q in winners:
            if winners[p] > winners[q]:
                assert shares[p] >= shares[q]


def test_both_tables_agree_on_simulated_split_pots() -> None:
    split = 0
    for hand in simulate_hands(150, game="stud8", players=7, seed=21):
        rows, facts = _both_tables(hand)
        assert {p: rows[p] for p in facts} == facts, hand.hand_id
        split += sum(share > 0 for share in rows.values()) > 1
    assert split > 5  # the sample holds split pots that pay rake
