"""A street dealt at once is the street dealt player by player; a refused action is unapplied.

The validator deals a street's cards in one call (``force_deal_street``): driven side by
side with ``force_deal`` of each deal on legal, shuffled, duplicated, impossible and unknown
input, the states must agree after every step. ``verify`` and ``apply`` give one verdict,
and an action ``apply`` refuses leaves the state as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.engine import Action, ActionKind, Deck, IllegalAction, Phase, Stakes, StudState
from stud_hh.events import Game
from stud_hh.rules import PRESETS

STAKES = (Stakes(1, 2, 4, 8), Stakes(0, 3, 10, 20), Stakes(5, 10, 20, 40))


def _state(s: StudState) -> tuple[object, ...]:
    """Everything a deal or an action can change, public and private."""
    return (s.stacks, s.contributions, s.street_bets, s.folded, s.to_act, s.phase, s.street,
            s.bet_level, s.raises, s.completed, s.hole, s.board, s.deal_due, s.uncalled,
            s._reason, sorted(s._seen), s._stub, s._ups, s._upw, s._pending,
            s._acted_full, s._full_level, s._live, s.bring_in_player, s._bring_in_due)


def _pair(rng: random.Random, game: Game, n: int) -> tuple[StudState, StudState]:
    stakes = rng.choice(STAKES)
    stacks = [rng.choice([stakes.ante + 1, 30, 100, 1000]) for _ in range(n)]
    names = [f"Player {i}" for i in range(n)]
    rules = PRESETS[rng.choice(sorted(PRESETS))]
    return (StudState(game, stakes, stacks, rules=rules, players=names),
            StudState(game, stakes, stacks, rules=rules, players=names))


def _street_deals(rng: random.Random, st_: StudState, deck: list[int]) -> list[
        tuple[str, tuple[int | None, ...]]]:
    """The deals a history would print for the street due, then damaged at random."""
    due = st_.deal_due
    players = list(due.players) if due is not None else list(range(st_.n))
    k = len(due.up) if due is not None else 1
    deals: list[tuple[str, tuple[int | None, ...]]] = []
    for p in players:
        cards: list[int | None] = [deck.pop() if deck else None for _ in range(k)]
        if k == 3 and rng.random() < 0.6:
            cards[0] = cards[1] = None  # an opponent: the door card only
        elif k == 1 and rng.random() < 0.3:
            cards[0] = None  # a card the history does not show
        deals.append((st_.players[p], tuple(cards)))
    for _ in range(rng.choice([0, 0, 0, 1, 2, 3])):
        if not deals:
            break
        j = rng.randrange(len(deals))
        name, cards = deals[j]
        roll = rng.random()
        if roll < 0.15:
            deals.insert(rng.randrange(len(deals) + 1), deals[j])  # dealt twice
        elif roll < 0.3:
            i = rng.randrange(len(deals))
            deals[i], deals[j] = deals[j], deals[i]  # out of seat order
        elif roll < 0.45:
            deals[j] = ("Nobody", cards)  # a name the engine does not know
        elif roll < 0.6:
            deals[j] = (name, (*cards, 7))  # one card too many
        elif roll < 0.7:
            deals[j] = (name, cards[1:])  # one card short
        elif roll < 0.8:
            deals[j] = (name, (60,) * len(cards))  # not a card
        elif roll < 0.9:
            other = deals[rng.randrange(len(deals))][1]
            deals[j] = (name, other)  # another player's cards: duplicates
        else:
            del deals[j]
    return deals


def _one_by_one(single: StudState, deals: list[tuple[str, tuple[int | None, ...]]]) -> None:
    for name, cards in deals:
        single.force_deal(name, cards)


def _outcome(step: Callable[..., None], *args: object) -> str:
    """The exception a step ends in ('' when none): the two paths must end alike."""
    try:
        step(*args)
    except Exception as exc:  # any ending, compared
        return type(exc).__name__
    return ""


def _act_both(rng: random.Random, a: StudState, b: StudState) -> None:
    """One legal action (or a refused one) on both states, through ``apply``."""
    options = a.legal_actions()
    assert options == b.legal_actions()
    option = rng.choice(options)
    amount = rng.choice(option.amounts) if option.amounts else None
    action = Action(option.kind, a.to_act, amount)  # type: ignore[arg-type]
    assert a.apply(action) == b.apply(action)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)), n=st.integers(2, 8))
def test_dealing_a_street_at_once_is_dealing_it_card_by_card(seed: int, game: Game,
                                                            n: int) -> None:
    rng = random.Random(seed)
    batch, single = _pair(rng, game, n)
    batch.post_antes()
    single.post_antes()
    deck = list(Deck.shuffled(rng).cards)
    for _ in range(40):
        if batch.phase is Phase.OVER or batch.phase is Phase.SHOWDOWN:
            break
        if batch.phase is Phase.BETTING:
            _act_both(rng, batch, single)
        else:
            deals = _street_deals(rng, batch, deck)
            ended = _outcome(batch.force_deal_street, deals)
            # an impossible card can stop the engine (at the first actor): both alike
            assert _outcome(_one_by_one, single, deals) == ended
            if ended:
                break
            due = batch.deal_due
            if due is not None and due.community:
                batch.deal_community(None)
                single.deal_community(None)
            elif due is not None and rng.random() < 0.5:
                ended = _outcome(batch.deal_unknown)
                assert _outcome(single.deal_unknown) == ended
                if ended:
                    break
        assert _state(batch) == _state(single)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)), n=st.integers(2, 8))
def test_apply_takes_what_verify_allows_and_leaves_a_refused_action_unapplied(
        seed: int, game: Game, n: int) -> None:
    """``verify`` (never raising) and ``apply`` (raising) give one verdict; a refused action
    changes nothing, an accepted one is what ``force`` would have applied."""
    rng = random.Random(seed)
    a, b = _pair(rng, game, n)
    deck_seed = rng.getrandbits(32)
    deck = Deck.shuffled(random.Random(deck_seed))
    twin = Deck.shuffled(random.Random(deck_seed))
    kinds = list(ActionKind)
    for _ in range(300):
        if a.phase is Phase.OVER:
            break
        if a.phase is Phase.ANTES:
            a.post_antes()
            b.post_antes()
        elif a.phase is Phase.DEALING:
            a.deal_from(deck)
            b.deal_from(twin)
        elif a.phase is Phase.SHOWDOWN:
            assert a.award() == b.award()
        else:
            legal = a.legal_actions()
            if rng.random() < 0.7:
                option = rng.choice(legal)
                kind = option.kind
                amount = rng.choice([None, *option.amounts]) if option.amounts else None
                player = a.to_act
            else:  # anything: another kind, size or player
                kind = rng.choice(kinds)
                amount = rng.choice([None, 0, 1, 2, 3, 4, 5, 8, 10, 20, 40, 1000])
                player = a.to_act if rng.random() < 0.7 else rng.randrange(n)
            action = Action(kind, player, amount)  # type: ignore[arg-type]
            refusal = a.verify(action)
            before = _state(a)
            try:
                a.apply(action)
            except IllegalAction as err:
                assert refusal == err
                assert _state(a) == before
                continue
            assert refusal is None
            assert b.force(action) == ()
        assert _state(a) == _state(b)
