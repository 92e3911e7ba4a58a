"""One simulated hand: the engine decides what is legal and who wins, profiles decide the
actions, and every step becomes the event PokerStars would print.

Why the engine drives: a simulator with its own rules would test the validator against a
second opinion of the rules, not against the rules. Here the ``pokerstars`` preset deals
(``Deck``), orders the action, sizes every bet, builds side pots and awards them; this
module only translates engine steps into ``stud_hh.events`` and adds what the engine does
not know: the hero's view of the cards, show/muck choices, rake and table noise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stud_hh.engine import ActionKind, Phase, Stakes, StudState
from stud_hh.evaluate import high_value, low8_value, razz_value, show_description
from stud_hh.events import (
    Ante,
    Bet,
    BettingCapped,
    BoardCard,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    DoubleBetAllowed,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Muck,
    Raise,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.rules import POKERSTARS, RuleSet
from stud_hh.simulate.deal import shuffled_deck
from stud_hh.simulate.profiles import Profile, decide

# Enum members bound once: a class attribute lookup on an enum costs ~0.2 us, and the
# hand loop makes thousands.
_BET = ActionKind.BET
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_COMPLETE = ActionKind.COMPLETE
_FOLD = ActionKind.FOLD
_RAISE = ActionKind.RAISE
_FOURTH = Street.FOURTH
_THIRD = Street.THIRD
_ANTES = Phase.ANTES
_BETTING = Phase.BETTING
_DEALING = Phase.DEALING
_SHOWDOWN = Phase.SHOWDOWN

__all__ = ["HandSetup", "Played", "Rake", "play_hand"]


@dataclass(frozen=True, slots=True)
class Rake:
    """PokerStars-style rake: ``permille`` of the pot, at most ``cap``; none when the hand
    ends on 3rd street ("no flop, no drop")."""

    permille: int = 50
    cap: int = 300

    def of(self, total_pot: int, reached_fourth: bool) -> int:
        if not reached_fourth:
            return 0
        return min(self.cap, total_pot * self.permille // 1000)


@dataclass(slots=True)
class HandSetup:
    """Everything one hand needs from its table session."""

    header: Header
    seats: tuple[Seat, ...]  # printed seats, sitting-out players included
    profiles: dict[str, Profile]
    hero: str | None
    ante: int
    bring_in: int
    rake: Rake
    rules: RuleSet = POKERSTARS
    noise: list[tuple[float, Event]] = field(default_factory=list)  # (where 0..1, event)


@dataclass(slots=True)
class Played:
    hand: Hand
    stacks: dict[str, int]  # after the hand, for every player dealt in
    showdown: bool


_NO_LOW = -(1 << 60)


def _value(game: Game, cards: Sequence[int]) -> tuple[int, int]:
    """(high key, low key), both greater-is-better; unused halves are 0."""
    if game is Game.STUD:
        return high_value(cards), 0
    if game is Game.RAZZ:
        return 0, -razz_value(cards)
    low = low8_value(cards)
    return high_value(cards), (-low if low is not None else _NO_LOW)


def _pot_names(count: int) -> list[str]:
    if count == 1:
        return ["pot"]
    if count == 2:
        return ["main pot", "side pot"]
    return ["main pot"] + [f"side pot-{i}" for i in range(1, count)]


def play_hand(setup: HandSetup, rng: random.Random) -> Played:
    header = setup.header
    game = header.game
    dealt = [s for s in setup.seats if not s.sitting_out and not s.out_of_hand]
    names = tuple(s.player for s in dealt)
    stakes = Stakes(
        ante=setup.ante, bring_in=setup.bring_in, small_bet=header.small_bet,
        big_bet=header.big_bet,
    )
    st = StudState(game, stakes, tuple(s.stack for s in dealt), rules=setup.rules,
                   players=names)
    profiles = [setup.profiles[n] for n in names]
    hero = setup.hero
    events: list[Event] = []
    append = events.append

    st.post_antes()
    contributions = st.contributions
    all_in_now = st.all_in
    for i, name in enumerate(names):
        paid = contributions[i]
        if paid:
            append(Ante(name, paid, all_in_now[i]))

    deck = shuffled_deck(rng)
    fold_street: dict[int, Street] = {}
    hidden_deals: list[tuple[int, int]] = []  # (event position, player) with None cards
    reached_fourth = False
    open_pair = game in setup.rules.open_pair_games
    uncalled_seen = 0
    memo: dict[int, Any] = {}  # decide's per-hand estimates
    while True:
        phase = st.phase
        if phase is _BETTING:
            p = st.to_act
            level = st.bet_level
            capped = st.capped
            street_now = st.street
            # the engine returns the action as applied: CALL carries the chips added,
            # BRING_IN the chips posted, the others their "to" total for the street
            action = st.apply(decide(st, profiles[p], game, rng, memo))
            kind = action.kind
            name = names[p]
            if kind is _FOLD:
                append(Fold(name))
                fold_street[p] = street_now
            elif kind is _CHECK:
                append(Check(name))
            else:
                all_in = st.stacks[p] == 0
                amount = action.amount
                if kind is _CALL:
                    append(Call(name, amount, all_in))
                elif kind is _BET:
                    append(Bet(name, amount, all_in))
                elif kind is _RAISE:
                    append(Raise(name, amount - level, amount, all_in))
                elif kind is _COMPLETE:
                    append(Complete(name, amount, all_in))
                else:
                    append(BringIn(name, amount, all_in))
                if st.capped and not capped:
                    append(BettingCapped())
            if st.phase is not _BETTING:  # the round closed: bets nobody matched come back
                uncalled = st.uncalled
                if len(uncalled) > uncalled_seen:
                    for back in uncalled[uncalled_seen:]:
                        append(UncalledReturn(names[back.player], back.amount))
                    uncalled_seen = len(uncalled)
        elif phase is _DEALING:
            due = st.deal_due
            street = due.street
            append(StreetStart(street))
            if street is not _THIRD:
                reached_fourth = True
            st.deal_from(deck)
            if due.community:
                append(BoardCard(st.board[0]))
            else:
                k = len(due.up)
                up = due.up
                hidden = not all(up)
                hole = st.hole
                for p in due.players:
                    cards = hole[p][-k:]
                    if hidden and names[p] != hero:
                        cards = tuple(c if u else None for c, u in zip(cards, up, strict=True))
                        hidden_deals.append((len(events), p))
                    append(Deal(street, names[p], cards, up))
            if open_pair and street is _FOURTH and st.phase is _BETTING and st.open_pair:
                append(DoubleBetAllowed())
        elif phase is _SHOWDOWN:
            break
        elif phase is _ANTES:  # pragma: no cover - antes are posted above
            st.post_antes()
        else:  # pragma: no cover
            break

    if len(st.uncalled) > uncalled_seen:
        for back in st.uncalled[uncalled_seen:]:
            append(UncalledReturn(names[back.player], back.amount))
    live = st.live
    showdown = len(live) > 1
    shown: dict[int, tuple[int, ...]] = {}
    descriptions: dict[int, str] = {}
    mucked: dict[int, tuple[int, ...]] = {}
    board = tuple(st.board)
    if showdown:
        append(ShowdownStart())
        pots = st.pots
        best: list[list[int]] = [[-(1 << 62), -(1 << 62)] for _ in pots]
        for p in _show_order(st.showdown_order, events, names):
            cards = tuple(st.cards(p))
            full = cards + board
            high, low = _value(game, full)
            show = st.all_in[p] or not shown
            for index, pot in enumerate(pots):
                if p not in pot.eligible:
                    continue
                best_high, best_low = best[index]
                if game is Game.STUD:
                    show = show or high >= best_high
                elif game is Game.RAZZ:
                    show = show or low >= best_low
                else:
                    show = show or high >= best_high or (low > _NO_LOW and low >= best_low)
            if show:
                for index, pot in enumerate(pots):
                    if p in pot.eligible:
                        best[index][0] = max(best[index][0], high)
                        best[index][1] = max(best[index][1], low)
                description = show_description(full, game.value)
                shown[p] = cards
                descriptions[p] = description
                append(Show(names[p], cards, description))
            else:
                st.muck(p)
                mucked[p] = cards
                append(Muck(names[p]))
    if shown or mucked:  # the history now tells these players' hidden cards
        for pos, p in hidden_deals:
            if p in shown or p in mucked:
                deal = events[pos]
                assert isinstance(deal, Deal)
                real = st.cards(p)
                cards = real[:3] if deal.street is _THIRD else real[6:7]
                events[pos] = Deal(deal.street, deal.player, tuple(cards), deal.up)
    total = sum(st.contributions)
    rake = setup.rake.of(total, reached_fourth)
    result = st.award(rake=rake)
    collected = result.collected
    awards = result.pots
    pot_names = _pot_names(len(awards))
    for award in reversed(awards):
        merged: dict[int, int] = {}
        for share in award.shares:
            if share.amount:
                merged[share.player] = merged.get(share.player, 0) + share.amount
        for p, amount in merged.items():
            append(Collect(names[p], amount, pot_names[award.index]))
    side = tuple(a.amount for a in awards[1:])
    append(Summary(
        total_pot=result.total_pot, rake=result.rake,
        main_pot=awards[0].amount if side else None, side_pots=side, board=board,
    ))
    ante = setup.ante
    for p, seat in enumerate(dealt):
        name = names[p]
        won = collected[p] or None
        if p in fold_street:
            street = fold_street[p]
            didnt_bet = street is _THIRD and result.contributions[p] <= ante
            append(SeatResult(seat.seat, name, "folded", street=street, didnt_bet=didnt_bet))
        elif p in shown:
            append(SeatResult(seat.seat, name, "showed", won=won, cards=shown[p],
                              description=descriptions[p]))
        elif p in mucked:
            append(SeatResult(seat.seat, name, "mucked", cards=mucked[p]))
        else:
            append(SeatResult(seat.seat, name, "collected", won=collected[p]))

    if setup.noise:
        events = _with_noise(events, setup.noise)
    hand = Hand(header=header, seats=setup.seats, events=tuple(events))
    stacks = {names[p]: result.stacks[p] for p in range(len(names))}
    return Played(hand, stacks, showdown)


def _show_order(order: Sequence[int], events: list[Event], names: tuple[str, ...]) -> list[int]:
    """The engine's showdown order, started at the last player to bet or raise on the last
    round that had any action, or at that round's first actor when it was checked through
    (an all-in can end the betting before the river: the validator judges by that round)."""
    last: list[Event] = []
    for event in reversed(events):
        if type(event) is StreetStart and last:
            break
        if isinstance(event, (BringIn, Complete, Bet, Raise, Call, Check, Fold)):
            last.append(event)
    order = list(order)
    if not last:
        return order
    opener = last[-1]  # the round's first actor, when nobody bet
    for event in last:  # newest first
        if isinstance(event, (Bet, Raise, Complete, BringIn)):
            opener = event
            break
    p = names.index(opener.player)  # type: ignore[union-attr]
    if p in order:
        i = order.index(p)
        return order[i:] + order[:i]
    return order


_NOISE_BEFORE = (BringIn, Complete, Bet, Raise, Call, Check, Fold, Show, Muck, Collect)
_NOISE_TYPES = frozenset(_NOISE_BEFORE)  # events are final structs: a set lookup suffices


def _with_noise(events: list[Event], noise: list[tuple[float, Event]]) -> list[Event]:
    """Slip table notes and chat between the lines of the hand, where the client prints
    them as they happen: before an action, a shown or mucked hand, or a collected pot."""
    spots = [i for i, e in enumerate(events) if type(e) in _NOISE_TYPES]
    slots: dict[int, list[Event]] = {}
    for where, event in noise:
        at = spots[min(len(spots) - 1, int(where * len(spots)))]
        slots.setdefault(at, []).append(event)
    out: list[Event] = []
    for i, event in enumerate(events):
        if i in slots:
            out.extend(slots[i])
        out.append(event)
    return out
