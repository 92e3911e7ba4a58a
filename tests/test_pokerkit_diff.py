"""Differential test against PokerKit 0.7.7 (a test-only dependency).

3,000 random complete hands per game are played in both engines with the same cards and
the same decisions (drawn from our legal actions, among those PokerKit also accepts). With
``PK_RULES`` (the RuleSet that matches PokerKit's fixed choices) the final stacks must be
identical, except for documented differences that are counted and checked, not ignored:

* odd chips: we give them by suit (rule book 8) and the odd chip of a Hi/Lo split to the
  high half; PokerKit gives them by seat and the split's odd chip elsewhere;
* a Stud Hi/Lo side pot whose players have no low while another pot has one: PokerKit
  splits its low half among the high hands; the rule book (2) gives the high the whole pot;
* after a short all-in bet, raise or completion PokerKit sometimes refuses a raise we allow
  (it counts short all-ins toward the cap and reopens differently); those refusals must
  only ever happen in rounds that saw a short all-in.

The by-design differences named in issue 3 each have a test below with the option that
accounts for them.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass, field

import pytest

from stud_hh.cards import card, parse_cards, str_card
from stud_hh.engine import Action, ActionKind, Deck, Half, Phase, Stakes, StudState
from stud_hh.events import Game
from stud_hh.rules import (
    ROBERTS,
    TDA,
    OpenPair,
    RaiseAfterShortAllIn,
    RuleSet,
    ShortBringIn,
    TieBreak,
)

pokerkit = pytest.importorskip("pokerkit")

# --- the driver: one random hand through PokerKit and the engine side by side -----

VARIANTS = {
    Game.STUD: pokerkit.FixedLimitSevenCardStud,
    Game.STUD8: pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Game.RAZZ: pokerkit.FixedLimitRazz,
}
AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
)


def to_int(c: object) -> int:
    text = repr(c)
    return card(text[0] + text[1])


@dataclass
class Outcome:
    ours: tuple[int, ...]
    theirs: tuple[int, ...]
    # our legal actions PokerKit refused: (street, whether the round saw an all-in bet,
    # raise, completion or bring-in before)
    refused: list[tuple[str, bool]] = field(default_factory=list)
    odd_chips: int = 0  # chips our split gave by suit that PokerKit may give by seat
    # a stud8 side pot nobody in it has a low for, while another pot has one: PokerKit then
    # splits that pot's low half among the high hands instead of scooping (rule book 2)
    lowless_side_pot: bool = False
    state: StudState | None = None
    pokerkit: object = None


def play(
    seed: int,
    game: Game,
    n: int,
    rules: RuleSet,
    stakes: Stakes = Stakes(2, 4, 10, 20),  # noqa: B008 - frozen, shared safely
    stacks: tuple[int, ...] | None = None,
) -> Outcome:
    rng = random.Random(seed)
    if stacks is None:
        low = stakes.ante + stakes.bring_in + 1
        stacks = tuple(rng.choice([low, 25, 60, 150, 400, 1000]) for _ in range(n))
    pk = VARIANTS[game].create_state(
        AUTOMATIONS, True, stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet,
        stacks, n, mode=pokerkit.Mode.CASH_GAME,
    )
    st = StudState(game, stakes, stacks, rules=rules)
    st.post_antes()
    out = Outcome((), (), state=st, pokerkit=pk)
    deck = Deck.shuffled(rng)
    short_seen: set[str] = set()
    guard = 0
    while st.phase is not Phase.OVER:
        guard += 1
        if guard > 400:
            raise AssertionError("hand did not terminate")
        if st.phase is Phase.DEALING:
            due = st.deal_due
            assert due is not None and not due.community
            before = [len(st.cards(p)) for p in range(n)]
            st.deal_from(deck)
            queue = {p: list(st.cards(p)[before[p] :]) for p in due.players}
            while any(queue.values()):
                assert pk.can_deal_hole(), "PokerKit wants no more cards"
                q = pk.hole_dealee_index
                pk.deal_hole(str_card(queue[q].pop(0)))
            continue
        if st.phase is Phase.SHOWDOWN:
            st.award(0)
            continue
        p = st.to_act
        assert p == pk.actor_index, (p, pk.actor_index, st.street)
        choices = []
        legal = st.legal_actions()
        can_check = any(la.kind is ActionKind.CHECK for la in legal)
        for la in legal:
            if la.kind is ActionKind.FOLD and can_check:
                continue  # PokerKit warns, and mishandles a fold to a lone all-in player

            for amt in la.amounts or (None,):
                choices.append(Action(la.kind, p, amt))
        rng.shuffle(choices)
        for a in choices:
            if _pk_can(pk, a):
                _pk_do(pk, a)
                street = st.street.name
                st.apply(a)
                if a.kind not in _PASSIVE and st.stacks[p] == 0:
                    short_seen.add(street)
                break
            out.refused.append((st.street.name, st.street.name in short_seen))
        else:
            raise AssertionError(f"no common action for {p}: {choices}")
    assert not pk.status, "PokerKit still running"
    res = st.result
    assert res is not None
    out.ours = res.stacks
    out.theirs = tuple(pk.stacks)
    halves = [{s.half for s in pot.shares} for pot in res.pots]
    if any(Half.LOW in h for h in halves) and any(
        h == {Half.WHOLE} and len(pot.eligible) > 1
        for h, pot in zip(halves, res.pots, strict=True)
    ):
        out.lowless_side_pot = True
    for pot in res.pots:
        if any(s.half is Half.LOW for s in pot.shares):
            out.odd_chips += pot.amount % 2  # PokerKit does not give it to the high half
        for half in {s.half for s in pot.shares}:
            amounts = [s.amount for s in pot.shares if s.half is half]
            if len(amounts) > 1 and len(set(amounts)) > 1:
                out.odd_chips += max(amounts) - min(amounts)
    return out


_PASSIVE = (ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD)


def _pk_can(pk: object, a: Action) -> bool:
    k = a.kind
    if k is ActionKind.BRING_IN:
        return pk.can_post_bring_in()  # type: ignore[attr-defined]
    if k in (ActionKind.CALL, ActionKind.CHECK):
        return pk.can_check_or_call()  # type: ignore[attr-defined]
    if k is ActionKind.FOLD:
        return pk.can_fold()  # type: ignore[attr-defined]
    return pk.can_complete_bet_or_raise_to(a.amount)  # type: ignore[attr-defined]


def _pk_do(pk: object, a: Action) -> None:
    k = a.kind
    if k is ActionKind.BRING_IN:
        pk.post_bring_in()  # type: ignore[attr-defined]
    elif k in (ActionKind.CALL, ActionKind.CHECK):
        pk.check_or_call()  # type: ignore[attr-defined]
    elif k is ActionKind.FOLD:
        pk.fold()  # type: ignore[attr-defined]
    else:
        pk.complete_bet_or_raise_to(a.amount)  # type: ignore[attr-defined]


# PokerKit's fixed rules expressed as options.
PK_RULES = RuleSet(
    name="POKERKIT",
    showing_tie_break=TieBreak.SEAT,
    open_pair_double_bet=OpenPair.OFF,
    open_pair_games=frozenset(),
    raise_cap=3,
    heads_up_uncapped=False,
    short_bring_in=ShortBringIn.MATCH,
    raise_after_short_all_in=RaiseAfterShortAllIn.OVER_ALL_IN,
)
HANDS = 3000


@pytest.fixture(autouse=True)
def _quiet_pokerkit():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.slow  # over ~5 s: run by CI's slow step
@pytest.mark.parametrize("game", list(Game))
def test_random_hands_match_pokerkit(game: Game) -> None:
    identical = explained = 0
    for seed in range(HANDS):
        n = 2 + seed % 6  # 2..7 players: PokerKit cannot run out of cards (8 players)
        out = play(seed, game, n, PK_RULES)
        assert sum(out.ours) == sum(out.theirs), f"seed {seed}: chips not conserved"
        if out.ours == out.theirs:
            identical += 1
        else:
            diff = sum(abs(a - b) for a, b in zip(out.ours, out.theirs, strict=True))
            assert diff <= 2 * out.odd_chips or out.lowless_side_pot, (
                f"seed {seed} ({n} players): {out.ours} != PokerKit {out.theirs}"
            )
            explained += 1
        for street, had_short in out.refused:
            assert had_short, f"seed {seed}: PokerKit refused a raise on {street}"
    assert identical + explained == HANDS
    assert identical >= HANDS * 0.97


def _pk_state(game: Game, stacks: tuple[int, ...], stakes: Stakes) -> object:
    return VARIANTS[game].create_state(
        AUTOMATIONS, True, stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet,
        stacks, len(stacks), mode=pokerkit.Mode.CASH_GAME,
    )


def _deal_both(st: StudState, pk: object, hands: list[str]) -> None:
    """3rd street for both engines: ``hands[p]`` = 'down down up'."""
    cards = [parse_cards(h) for h in hands]
    for p, cs in enumerate(cards):
        st.deal(p, cs)
    queue = {p: list(cs) for p, cs in enumerate(cards)}
    while any(queue.values()):
        q = pk.hole_dealee_index  # type: ignore[attr-defined]
        pk.deal_hole(_s(queue[q].pop(0)))  # type: ignore[attr-defined]


def _deal_street(st: StudState, pk: object, ups: list[str]) -> None:
    for p, c in enumerate(ups):
        if not st.folded[p]:
            st.deal(p, (card(c),))
    live = [c for p, c in enumerate(ups) if not st.folded[p]]
    for c in live:
        pk.deal_hole(c)  # type: ignore[attr-defined]


def _s(c: int) -> str:
    return str_card(c)


STAKES = Stakes(2, 4, 10, 20)


def test_section_5_open_pair_pokerkit_never_allows_the_big_bet() -> None:
    """PokerKit: only the small bet on 4th street even with an open pair (option OFF)."""
    hands = ["As Ks 9c", "Ad Kd 9d", "Qc Qh 5h"]
    for rules, big_allowed in ((ROBERTS, True), (PK_RULES, False)):
        st = StudState(Game.STUD, STAKES, (500, 500, 500), rules=rules)
        pk = _pk_state(Game.STUD, (500, 500, 500), STAKES)
        st.post_antes()
        _deal_both(st, pk, hands)
        st.bring_in(2)
        pk.post_bring_in()  # type: ignore[attr-defined]
        for p in (0, 1):
            st.call(p)
            pk.check_or_call()  # type: ignore[attr-defined]
        _deal_street(st, pk, ["9h", "2c", "3d"])  # player 0 shows a pair of nines
        assert st.open_pair is (rules is ROBERTS)
        bets = {la.kind: la.amounts for la in st.legal_actions()}[ActionKind.BET]
        assert (20 in bets) is big_allowed
        assert pk.can_complete_bet_or_raise_to(10)  # type: ignore[attr-defined]
        assert not pk.can_complete_bet_or_raise_to(20)  # type: ignore[attr-defined]


def test_section_4_6_pokerkit_breaks_first_actor_ties_by_seat_only() -> None:
    """Equal boards on 4th street: suit rule picks the spade ace, PokerKit the lower seat."""
    hands = ["2s 3s Ac", "2h 3h As", "4c 5c 2d"]
    expected = {TieBreak.SEAT: 0, TieBreak.SUIT: 1}
    for tie, first in expected.items():
        rules = PK_RULES.with_(showing_tie_break=tie)
        st = StudState(Game.STUD, STAKES, (500, 500, 500), rules=rules)
        pk = _pk_state(Game.STUD, (500, 500, 500), STAKES)
        st.post_antes()
        _deal_both(st, pk, hands)
        st.bring_in(2)
        pk.post_bring_in()  # type: ignore[attr-defined]
        for p in (0, 1):
            st.call(p)
            pk.check_or_call()  # type: ignore[attr-defined]
        _deal_street(st, pk, ["Kd", "Kh", "7c"])  # A-K vs A-K: a tie
        assert st.to_act == first
        assert pk.actor_index == 0  # type: ignore[attr-defined]


def test_section_6_pokerkit_lets_the_next_player_call_a_short_bring_in() -> None:
    """A bring-in all-in for 1 of 4: the next player pays 4 (FULL) or just 1 (PokerKit)."""
    stacks = (3, 500, 500)  # 3 - ante 2 = 1 chip for the bring-in
    hands = ["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"]
    for rule, call in ((ShortBringIn.FULL, 4), (ShortBringIn.MATCH, 1)):
        st = StudState(Game.STUD, STAKES, stacks, rules=PK_RULES.with_(short_bring_in=rule))
        pk = _pk_state(Game.STUD, stacks, STAKES)
        st.post_antes()
        _deal_both(st, pk, hands)
        assert st.bring_in(0).amount == 1
        pk.post_bring_in()  # type: ignore[attr-defined]
        assert {la.kind: la.amounts for la in st.legal_actions()}[ActionKind.CALL] == (call,)
        assert pk.checking_or_calling_amount == 1  # type: ignore[attr-defined]


def test_section_5_cap_pokerkit_counts_the_completion_and_caps_heads_up() -> None:
    """PokerKit counts the completion among its 4 'bets or raises' and caps heads-up.

    Our count is 'the completion is the bet, then 3 raises' (rule book 4.4): the cap lands
    at the same level (4 small bets) with 3+ players; heads-up PokerKit still caps, which
    is ``heads_up_uncapped=False`` (TDA, PokerStars); Robert's Rules leave it uncapped.
    """
    hands = ["As Ks 9c", "Qc Qh 2h"]
    for rules, capped in ((TDA, True), (ROBERTS, False)):
        st = StudState(Game.STUD, STAKES, (500, 500), rules=rules)
        pk = _pk_state(Game.STUD, (500, 500), STAKES)
        st.post_antes()
        _deal_both(st, pk, hands)
        st.bring_in(1)
        pk.post_bring_in()  # type: ignore[attr-defined]
        for to in (10, 20, 30, 40):
            p = st.to_act
            assert p is not None
            st.raise_to(p, to)
            pk.complete_bet_or_raise_to(to)  # type: ignore[attr-defined]
        assert st.completed and st.raises == 3
        assert pk.completion_betting_or_raising_count == 4  # type: ignore[attr-defined]
        assert not pk.can_complete_bet_or_raise_to()  # type: ignore[attr-defined]
        assert st.can_raise_to(st.to_act, 50) is not capped


def test_stud8_lowless_side_pot_scoops_for_the_high_hand() -> None:
    """Rule book 2: with no qualifying low among a pot's players, the high takes it all."""
    found = False
    for seed in range(3000):
        out = play(seed, Game.STUD8, 2 + seed % 6, PK_RULES)
        if out.lowless_side_pot and out.ours != out.theirs:
            res = out.state.result  # type: ignore[union-attr]
            assert res is not None
            lowless = [p for p in res.pots if {s.half.value for s in p.shares} == {"whole"}
                       and len(p.eligible) > 1]
            assert lowless
            found = True
            break
    assert found
