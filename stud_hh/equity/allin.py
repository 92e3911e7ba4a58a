"""All-in EV of a played hand: what each player should have won, beside what he won.

When a player is all-in, the cards still to come decide the pot and nobody can act on
them: his result is luck around an expectation. ``all_in_ev`` replaces that luck by its
expectation, as hold'em trackers' "all-in adjusted winnings" do, with stud's dead cards:

* The moment is the street of the last all-in (an ante all-in counts as 3rd street: its
  player's three cards are dealt before anyone acts): each contender's cards dealt by
  then are known (his whole hand is known from the showdown, in deal order), every card
  dealt later is the runout.
* The pots are the hand's final ones (``engine.pots.build_pots`` on what each player put
  in, rake taken from the main pot first). A pot with one eligible player is his; a
  contested pot is split by its eligible players' equity from the moment on, in whole
  chips with odd chips as the rules award them. Every other card seen by then is dead:
  the upcards of anyone not contesting it, the hero's own downcards, a folded hand a site
  printed. The community card counts if the hand dealt one.
* The hand qualifies when some player went all-in, nobody still in at that street folds
  on a later one (his cards were in the pot at the moment, and folding after seeing more
  was a decision, not luck), some pot is contested at the end and every contender of a
  contested pot showed (or mucked face up) his whole hand. Otherwise the answer is
  ``None``: nothing is guessed.

Results are cached by cards and pot (identical spots recur in a session and across imported
copies), and sampled spots use a fixed seed, so the same hand always gets the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from stud_hh.equity.compute import solve
from stud_hh.equity.model import EquityError, Method, spot
from stud_hh.events import (
    Ante,
    Bet,
    BoardCard,
    BringIn,
    Call,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    Hand,
    Muck,
    Raise,
    SeatResult,
    Show,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.rules import OddChipCards, RuleSet, SplitOddChip

#: A sampled spot deals this many runouts: a standard error of at most 2 % of the pot
#: (a share's variance is at most 1/4). A hand's figure is one of many summed, and the
#: runout's own luck (a standard deviation of a third of the pot or more) dwarfs it.
EV_SAMPLES = 625
#: Every sampled spot uses this seed: re-importing a hand gives the same figures.
EV_SEED = 0
#: Exact counts up to this cost (``compute.exact_cost``, in listed runouts): anyone on 7th
#: street, heads-up and three-way from 6th; earlier, the sample is cheaper.
EV_EXACT_LIMIT = 50_000
_CACHE_SIZE = 4096
_CHIPS = frozenset({Ante, BringIn, Bet, Call, Complete, Raise})


@dataclass(frozen=True, slots=True)
class AllInPlayer:
    """One dealt-in player. Amounts are in the hand's smallest unit, like ``Collect``.

    ``equity``: his expected share of what the pots paid out (after rake);
    ``ev_net``: expected collected minus what he put in; ``net``: the actual figure.
    """

    player: str
    equity: float
    ev_net: float
    net: int


@dataclass(frozen=True, slots=True)
class AllInEV:
    """``street``: the street of the last all-in (3..7), whose cards are known.
    ``method``: monte-carlo when any pot was sampled; ``stderr``: the largest standard
    error of a sampled equity (0 when every pot was counted exactly)."""

    street: int
    method: Method
    stderr: float
    players: tuple[AllInPlayer, ...]


@dataclass
class _Facts:
    """What one pass over the events tells: chips, cards by deal order, the last all-in."""

    names: tuple[str, ...]
    put: list[int]
    collected: list[int]
    folded: list[bool]
    fold_street: list[int]
    all_in: list[bool]
    slots: list[list[int | None]]
    shown: dict[int, tuple[int, ...]] = field(default_factory=dict)
    folded_cards: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    board: list[int] = field(default_factory=list)
    last_all_in: int | None = None
    rake: int = 0


def _walk(hand: Hand) -> _Facts:
    names = tuple(s.player for s in hand.seats if not (s.sitting_out or s.out_of_hand))
    n = len(names)
    at = {name: i for i, name in enumerate(names)}
    f = _Facts(names, [0] * n, [0] * n, [False] * n, [0] * n, [False] * n,
               [[] for _ in range(n)])
    street = 0
    on_street = [0] * n
    for e in hand.events:
        p = at.get(getattr(e, "player", ""), -1)
        if type(e) is StreetStart:
            street = int(e.street)
            on_street = [0] * n
        elif p < 0:
            if type(e) is BoardCard:
                f.board.append(e.card)
            elif type(e) is Summary:
                f.rake = e.rake
        elif type(e) is Deal:
            f.slots[p].extend(e.cards)
        elif type(e) in (Ante, BringIn, Bet, Call, Complete, Raise):
            to = type(e) in (Complete, Raise)
            add = e.to - on_street[p] if to else e.amount  # type: ignore[union-attr]
            f.put[p] += add
            if type(e) is not Ante:
                on_street[p] += add
            if e.all_in:  # type: ignore[union-attr]
                f.all_in[p] = True
                f.last_all_in = street
        elif type(e) is UncalledReturn:
            f.put[p] -= e.amount
        elif type(e) is Fold:
            f.folded[p] = True
            f.fold_street[p] = street
            if e.cards:
                f.folded_cards[p] = (street, e.cards)
        elif type(e) is Show or (type(e) is Muck and e.cards):
            f.shown[p] = e.cards
        elif type(e) is SeatResult and e.cards and p not in f.shown:
            f.shown[p] = e.cards  # the summary's "mucked [..]"
        elif type(e) is Collect:
            f.collected[p] += e.amount
    return f


def _deal_order(slots: list[int | None], shown: tuple[int, ...] | None) -> list[int | None]:
    """A player's cards in deal order: the deals, the gaps filled from his shown hand.

    Sites show a hand in deal order (PokerStars: two downcards, four upcards, the river);
    the cards the deals already name keep their place either way.
    """
    if shown is None:
        return list(slots)
    if len(shown) == len(slots) and all(c is None or c == s for c, s in zip(slots, shown,
                                                                            strict=True)):
        return list(shown)
    rest = iter([c for c in shown if c not in slots])
    return [c if c is not None else next(rest, None) for c in slots]


def all_in_ev(hand: Hand, rules: RuleSet | None = None) -> AllInEV | None:
    """Each dealt-in player's equity at the last all-in and his expected net, or ``None``
    (also for a history whose cards cannot be: a card shown twice, too many cards)."""
    for e in hand.events:  # most hands have no all-in: a cheap look before the real walk
        if type(e) in _CHIPS and e.all_in:  # type: ignore[union-attr]
            break
    else:
        return None
    from stud_hh.engine.pots import build_pots, take_rake  # the engine's pots, when needed

    f = _walk(hand)
    if f.last_all_in is None:
        return None
    moment = max(f.last_all_in, 3)  # an ante all-in: the 3rd street cards come first
    if any(f.folded[p] and f.fold_street[p] > moment for p in range(len(f.names))):
        return None  # someone still in at the all-in folded later
    live = [not x for x in f.folded]
    pots = build_pots(f.put, live, f.all_in)
    rakes = take_rake(pots, f.rake) if f.rake else [0] * len(pots)
    if sum(f.collected) != sum(p.amount for p in pots) - sum(rakes):
        return None  # the history does not balance: no expectation to set beside it
    cards = [_deal_order(f.slots[p], f.shown.get(p)) for p in range(len(f.names))]
    full = 6 if f.board else 7
    contested = [pot for pot in pots if len(pot.eligible) > 1]
    if not contested or any(None in cards[p][:full] or len(cards[p]) < full
                            for pot in contested for p in pot.eligible):
        return None
    if rules is None:
        from stud_hh.validate import default_rules

        rules = default_rules(hand)
    held = min(moment, full)
    known = [tuple(c for c in cs[:held] if c is not None) for cs in cards]
    for p, (street, folded) in f.folded_cards.items():
        if street <= moment:
            known[p] = tuple(dict.fromkeys(known[p] + folded))
    board = tuple(f.board) if moment == 7 else ()
    expected = [0.0] * len(f.names)
    method, err = Method.EXACT, 0.0
    for pot, rake in zip(pots, rakes, strict=True):
        amount = pot.amount - rake
        if len(pot.eligible) == 1:
            expected[pot.eligible[0]] += amount
            continue
        dead = tuple(sorted(c for p, ks in enumerate(known) if p not in pot.eligible
                            for c in ks))
        try:
            chips, used, stderr = _pot_chips(hand.header.game,
                                             tuple(known[p] for p in pot.eligible), dead,
                                             board, bool(f.board), amount, rules.odd_chip_cards,
                                             rules.split_odd_chip)
        except EquityError:
            return None  # the validator reports such a history; there is no spot to value
        for p, c in zip(pot.eligible, chips, strict=True):
            expected[p] += c
        if used is Method.MONTE_CARLO:
            method, err = used, max(err, stderr)
    paid = sum(pot.amount for pot in pots) - sum(rakes)
    players = tuple(
        AllInPlayer(name, expected[p] / paid if paid else 0.0, expected[p] - f.put[p],
                    f.collected[p] - f.put[p])
        for p, name in enumerate(f.names))
    return AllInEV(moment, method, err, players)


@lru_cache(maxsize=_CACHE_SIZE)
def _pot_chips(game: Game, hands: tuple[tuple[int, ...], ...], dead: tuple[int, ...],
               board: tuple[int, ...], community: bool, amount: int,
               odd_chip_cards: OddChipCards, split_odd_chip: SplitOddChip = SplitOddChip.HIGH,
               ) -> tuple[Sequence[float], Method, float]:
    """Expected chips of each contender from one pot (cached by cards and amount)."""
    s = spot(hands, game, dead, board, community)
    result = solve(s, seed=EV_SEED, samples=EV_SAMPLES, exact_limit=EV_EXACT_LIMIT,
                   pot=amount, odd_chip_cards=odd_chip_cards, split_odd_chip=split_odd_chip)
    assert result.chips is not None
    return result.chips, result.method, result.stderr
