"""Property tests: random legal action sequences, all three games, 2-8 players, all presets.

Invariants checked after every step: chips are conserved, no stack goes negative, exactly
one player (able to act) is to act while betting and none otherwise, every legal action
verifies, illegal ones are refused without changing anything, every round terminates,
and the pots add up (after the award: collected + rake == total pot).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.engine import Action, ActionKind, Deck, IllegalAction, Phase, Stakes, StudState
from stud_hh.events import Game
from stud_hh.rules import PRESETS

STAKES = (Stakes(1, 2, 4, 8), Stakes(0, 3, 10, 20), Stakes(5, 10, 20, 40), Stakes(2, 2, 4, 8))


def _snapshot(s: StudState) -> tuple[object, ...]:
    return (s.stacks, s.contributions, s.street_bets, s.folded, s.to_act, s.phase, s.street,
            s.bet_level, s.raises, s.hole)


def _check_invariants(s: StudState, total: int) -> None:
    assert all(x >= 0 for x in s.stacks)
    assert sum(s.stacks) + sum(s.contributions) == total
    assert sum(p.amount for p in s.pots) == sum(s.contributions)
    if s.phase is Phase.BETTING:
        p = s.to_act
        assert p is not None
        assert not s.folded[p] and s.stacks[p] > 0
        assert s.legal_actions()
    else:
        assert s.to_act is None
        assert s.legal_actions() == ()


def play_random(rng: random.Random, game: Game, n: int, rules_name: str) -> StudState:
    stakes = rng.choice(STAKES)
    low = max(1, stakes.ante)
    stacks = [rng.choice([low, low + 1, stakes.ante + stakes.bring_in, 30, 100, 1000])
              for _ in range(n)]
    s = StudState(game, stakes, stacks, rules=PRESETS[rules_name])
    total = sum(stacks)
    deck = Deck.shuffled(rng)
    steps = 0
    while s.phase is not Phase.OVER:
        steps += 1
        assert steps < 300, "a round did not terminate"
        _check_invariants(s, total)
        if s.phase is Phase.ANTES:
            s.post_antes()
        elif s.phase is Phase.DEALING:
            s.deal_from(deck)
        elif s.phase is Phase.SHOWDOWN:
            rake = rng.choice([0, 0, 1, 3])
            res = s.award(rake)
            assert sum(res.collected) + res.rake == res.total_pot
            assert sum(a.amount + a.rake for a in res.pots) == res.total_pot
            for a in res.pots:
                assert sum(sh.amount for sh in a.shares) == a.amount
                assert {sh.player for sh in a.shares} <= set(a.eligible)
        else:
            p = s.to_act
            assert p is not None
            legal = s.legal_actions()
            # an illegal attempt first: refused, reported, nothing changes
            other = (p + 1) % n
            before = _snapshot(s)
            if other != p:
                bad = Action(ActionKind.CHECK, other)
                rec = s.verify(bad)
                assert rec is not None and isinstance(rec, IllegalAction)
                try:
                    s.apply(bad)
                except IllegalAction as exc:
                    assert exc == rec
                else:
                    raise AssertionError("illegal action applied")
                assert _snapshot(s) == before
            la = rng.choice(legal)
            amount = rng.choice(la.amounts) if la.amounts else None
            action = Action(la.kind, p, amount)
            assert s.verify(action) is None, (action, s.verify(action))
            assert s.can(action)
            if rng.random() < 0.5:
                assert s.force(action) == ()
            else:
                s.apply(action)
    assert sum(s.stacks) + s.result.rake == total  # type: ignore[union-attr]
    return s


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(list(Game)),
    n=st.integers(2, 8),
    rules=st.sampled_from(sorted(PRESETS)),
)
def test_random_legal_hands_keep_the_invariants(seed: int, game: Game, n: int, rules: str) -> None:
    play_random(random.Random(seed), game, n, rules)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)))
def test_replay_with_given_cards_matches_engine_dealing(seed: int, game: Game) -> None:
    """A hand replayed from its dealt cards and actions ends in the same stacks."""
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    stacks = [rng.choice([10, 40, 200]) for _ in range(n)]
    first = StudState(game, Stakes(1, 2, 4, 8), stacks)
    deck = Deck.shuffled(rng)
    log: list[tuple[str, object]] = []
    while first.phase is not Phase.OVER:
        if first.phase is Phase.ANTES:
            first.post_antes()
        elif first.phase is Phase.DEALING:
            due = first.deal_due
            assert due is not None
            had = [len(first.cards(p)) for p in range(n)]
            first.deal_from(deck)
            if due.community:
                log.append(("community", first.board[-1]))
            for p in due.players:
                log.append(("deal", (p, first.cards(p)[had[p]:])))
        elif first.phase is Phase.SHOWDOWN:
            first.award()
        else:
            la = rng.choice(first.legal_actions())
            a = Action(la.kind, first.to_act, rng.choice(la.amounts) if la.amounts else None)
            log.append(("act", first.apply(a)))
    again = StudState(game, Stakes(1, 2, 4, 8), stacks)
    again.post_antes()
    for kind, item in log:
        if kind == "deal":
            again.deal(*item)  # type: ignore[misc]
        elif kind == "community":
            again.deal_community(item)  # type: ignore[arg-type]
        else:
            again.apply(item)  # type: ignore[arg-type]
    assert again.phase is Phase.SHOWDOWN
    assert again.award().stacks == first.result.stacks  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), game=st.sampled_from(list(Game)), n=st.integers(2, 8),
       rules=st.sampled_from(sorted(PRESETS)))
def test_drawn_action_sequences_terminate_with_one_actor(
    data: st.DataObject, game: Game, n: int, rules: str
) -> None:
    """Each decision drawn by hypothesis (so failures shrink to a short action list)."""
    stacks = data.draw(st.lists(st.integers(1, 200), min_size=n, max_size=n))
    s = StudState(game, Stakes(1, 2, 4, 8), stacks, rules=PRESETS[rules])
    deck = Deck.shuffled(random.Random(data.draw(st.integers(0, 10**6))))
    total = sum(stacks)
    for _ in range(300):
        if s.phase is Phase.OVER:
            break
        _check_invariants(s, total)
        if s.phase is Phase.ANTES:
            s.post_antes()
        elif s.phase is Phase.DEALING:
            s.deal_from(deck)
        elif s.phase is Phase.SHOWDOWN:
            s.award(0)
        else:
            la = data.draw(st.sampled_from(s.legal_actions()))
            amount = data.draw(st.sampled_from(la.amounts)) if la.amounts else None
            street = s.street
            before = s.to_act
            s.apply(Action(la.kind, s.to_act, amount))
            assert s.to_act != before or s.street != street or s.phase is not Phase.BETTING
    else:
        raise AssertionError("the hand did not end in 300 steps")
    res = s.result
    assert res is not None and sum(res.stacks) == total
