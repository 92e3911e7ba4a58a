"""Named breaches injected into legal hands: the validator's recall test and ``--faults``.

Each kind edits a legal history the way a broken site, a careless dealer or a typo would,
and says which violation code the validator must report and at which action (the 0-based
position among ``Hand.player_actions()``; ``None`` for hand-level record checks). A kind
returns ``None`` when the hand offers no place for it (no showdown to misaward, no
uncalled bet to misreturn, ...).

The edits are minimal: the breach itself, nothing else is repaired around it, so follow-on
violations (a pot total that no longer adds up after a wrong call) may be reported too;
the contract is only that the expected code is reported at the expected action.

>>> sorted(FAULT_KINDS)[:3]
['action_after_fold', 'action_by_all_in_player', 'ante_amount']
>>> inject_names = set(FAULT_KINDS.values())
>>> "WRONG_WINNER" in inject_names and "BET_EXCEEDS_STACK" in inject_names
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import msgspec

from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Game,
    Hand,
    Muck,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
    Wager,
)

_ACTIONS = (BringIn, Complete, Bet, Raise, Call, Check, Fold)
_CHIPS = (BringIn, Complete, Bet, Raise, Call)
#: A player's betting decision, as a union mypy can narrow.
_Action = BringIn | Complete | Bet | Raise | Call | Check | Fold
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Injected:
    """A mutated hand and what the validator must say about it."""

    hand: Hand
    kind: str
    code: str
    action_index: int | None


@dataclass(frozen=True, slots=True)
class _Slot:
    """One player action of the original hand: where it is and on which street."""

    pos: int  # index into hand.events
    index: int  # action_index
    street: Street
    event: _Action


_Edit = tuple[list[Event], int | None]
_Kind = Callable[[Hand, random.Random], _Edit | None]


def _slots(hand: Hand) -> list[_Slot]:
    out: list[_Slot] = []
    street = Street.THIRD
    index = 0
    for pos, e in enumerate(hand.events):
        if type(e) is StreetStart:
            street = e.street
        elif isinstance(e, _ACTIONS):
            out.append(_Slot(pos, index, street, e))
            index += 1
    return out


def _replace(events: tuple[Event, ...], pos: int, new: Event) -> list[Event]:
    out = list(events)
    out[pos] = new
    return out


def _insert(events: tuple[Event, ...], pos: int, new: list[Event]) -> list[Event]:
    out = list(events)
    out[pos:pos] = new
    return out


def _committed_before(hand: Hand, pos: int) -> dict[str, int]:
    """Chips each player has put in before event ``pos`` (antes included)."""
    put: dict[str, int] = {}
    street_in: dict[str, int] = {}
    for e in hand.events[:pos]:
        if isinstance(e, StreetStart):
            street_in = {}
        elif isinstance(e, Ante | BringIn | Bet | Call):
            put[e.player] = put.get(e.player, 0) + e.amount
            if not isinstance(e, Ante):
                street_in[e.player] = street_in.get(e.player, 0) + e.amount
        elif isinstance(e, Raise | Complete):
            put[e.player] = put.get(e.player, 0) + e.to - street_in.get(e.player, 0)
            street_in[e.player] = e.to
        elif isinstance(e, UncalledReturn):
            put[e.player] = put.get(e.player, 0) - e.amount
    return put


def _street_in_before(hand: Hand, pos: int) -> dict[str, int]:
    street_in: dict[str, int] = {}
    for e in hand.events[:pos]:
        if isinstance(e, StreetStart):
            street_in = {}
        elif isinstance(e, BringIn | Bet | Call):
            street_in[e.player] = street_in.get(e.player, 0) + e.amount
        elif isinstance(e, Raise | Complete):
            street_in[e.player] = e.to
    return street_in


def _behind(hand: Hand, pos: int, player: str) -> int:
    stack = next((s.stack for s in hand.seats if s.player == player), 0)
    return stack - _committed_before(hand, pos).get(player, 0)


def _pick(rng: random.Random, items: list[_T]) -> _T | None:
    """A random item, or None when there is none."""
    return items[rng.randrange(len(items))] if items else None


def _all_in(e: Event) -> bool:
    return bool(getattr(e, "all_in", False))


# --- turn order -------------------------------------------------------------------------------


def _wrong_bring_in_player(hand: Hand, rng: random.Random) -> _Edit | None:
    """Swap the door cards of the bring-in and another player (everywhere they appear)."""
    slots = _slots(hand)
    if not slots or type(slots[0].event) is not BringIn:
        return None
    if any(type(e) is Ante and e.all_in for e in hand.events):
        return None  # the bring-in may then fall to a seat, not a card (rule book 6)
    bringer = slots[0].event.player
    doors: dict[str, int] = {}
    for e in hand.events:
        if type(e) is Deal and e.street is Street.THIRD and e.up and e.up[-1] \
                and e.cards[-1] is not None:
            doors[e.player] = e.cards[-1]
    others = [p for p in doors if p != bringer]
    if bringer not in doors or not others:
        return None
    other = _pick(rng, others)
    assert other is not None
    a, b = doors[bringer], doors[other]
    swap = {(bringer, a): b, (other, b): a}

    def fix(player: str, cards: tuple) -> tuple:  # type: ignore[type-arg]
        return tuple(swap.get((player, c), c) for c in cards)

    events: list[Event] = []
    for e in hand.events:
        if isinstance(e, Deal | Show | Muck | Fold | SeatResult) and e.cards \
                and e.player in (bringer, other):
            e = msgspec.structs.replace(e, cards=fix(e.player, e.cards))
        events.append(e)
    return events, 0


def _wrong_first_actor(hand: Hand, rng: random.Random) -> _Edit | None:
    """Rotate a checked-around round of 4th-7th street: the wrong player starts it."""
    rounds: dict[Street, list[_Slot]] = {}
    for s in _slots(hand):
        if s.street >= Street.FOURTH:
            rounds.setdefault(s.street, []).append(s)
    fit = [r for r in rounds.values()
           if len(r) >= 2 and all(type(s.event) is Check for s in r)
           and r[-1].pos - r[0].pos == len(r) - 1]
    chosen = _pick(rng, fit)
    if chosen is None:
        return None
    checks = [s.event for s in chosen]
    events = list(hand.events)
    rotated = checks[1:] + checks[:1]
    for s, e in zip(chosen, rotated, strict=True):
        events[s.pos] = e
    return events, chosen[0].index


def _out_of_turn(hand: Hand, rng: random.Random) -> _Edit | None:
    """Swap two neighbouring passive actions (calls of one size, checks, folds)."""
    slots = _slots(hand)
    pairs = []
    for a, b in itertools.pairwise(slots):
        if a.street != b.street or b.pos != a.pos + 1 or a.event.player == b.event.player:
            continue
        first_of_round = a is slots[0] or slots[slots.index(a) - 1].street != a.street
        if first_of_round:
            continue
        ka, kb = type(a.event), type(b.event)
        if _all_in(a.event) or _all_in(b.event):
            continue
        same_call = isinstance(a.event, Call) and isinstance(b.event, Call) \
            and a.event.amount == b.event.amount
        passive = ka is kb and ka in (Fold, Check)
        mixed = {ka, kb} == {Fold, Call}
        if same_call or passive or mixed:
            pairs.append((a, b))
    chosen = _pick(rng, pairs)
    if chosen is None:
        return None
    a, b = chosen
    events = list(hand.events)
    events[a.pos], events[b.pos] = b.event, a.event
    return events, a.index


def _copy_for(template: Event, player: str) -> Event | None:
    kind = type(template)
    if kind is Check:
        return Check(player)
    if kind is Fold:
        return Fold(player)
    if isinstance(template, Call):
        return Call(player, template.amount)
    if isinstance(template, Bet):
        return Bet(player, template.amount)
    return None


def _action_after(hand: Hand, rng: random.Random, gone: Callable[[Event], bool]) -> _Edit | None:
    """After a player left the action (fold, all-in), give him one more action."""
    slots = _slots(hand)
    options = []
    for i, s in enumerate(slots):
        if not gone(s.event):
            continue
        player = s.event.player
        for later in slots[i + 1:]:
            if later.event.player != player and _copy_for(later.event, player) is not None:
                options.append((player, later))
                break
    chosen = _pick(rng, options)
    if chosen is None:
        return None
    player, later = chosen
    new = _copy_for(later.event, player)
    assert new is not None
    return _insert(hand.events, later.pos + 1, [new]), later.index + 1


def _action_after_fold(hand: Hand, rng: random.Random) -> _Edit | None:
    return _action_after(hand, rng, lambda e: type(e) is Fold)


def _action_by_all_in_player(hand: Hand, rng: random.Random) -> _Edit | None:
    # An all-in bet nobody called comes back: its maker is no longer all-in.
    refunded = {e.player for e in hand.events if type(e) is UncalledReturn}
    return _action_after(hand, rng, lambda e: isinstance(e, _CHIPS) and _all_in(e)
                         and e.player not in refunded)


# --- sizes ------------------------------------------------------------------------------------


def _check_facing_bet(hand: Hand, rng: random.Random) -> _Edit | None:
    calls = [s for s in _slots(hand) if type(s.event) is Call and not _all_in(s.event)]
    s = _pick(rng, calls)
    if s is None:
        return None
    return _replace(hand.events, s.pos, Check(s.event.player)), s.index


def _resize(hand: Hand, rng: random.Random, kinds: tuple[type, ...],
            keep: Callable[[_Slot], bool] = lambda s: True) -> _Edit | None:
    """One unit more than the printed size: never a legal fixed-limit amount."""
    slots = [s for s in _slots(hand) if type(s.event) in kinds and not _all_in(s.event)
             and keep(s) and _behind(hand, s.pos, s.event.player) > _size(s.event) + 1]
    s = _pick(rng, slots)
    if s is None:
        return None
    e = s.event
    new: Event
    if isinstance(e, Bet | Call):
        new = msgspec.structs.replace(e, amount=e.amount + 1)
    elif isinstance(e, Raise):
        new = msgspec.structs.replace(e, to=e.to + 1, by=e.by + 1)
    elif isinstance(e, Complete):
        new = msgspec.structs.replace(e, to=e.to + 1)
    else:
        return None
    return _replace(hand.events, s.pos, new), s.index


def _size(e: Event) -> int:
    for field in ("amount", "to"):
        size = getattr(e, field, None)
        if isinstance(size, int) and size:
            return size
    return 0


def _bet_size(hand: Hand, rng: random.Random) -> _Edit | None:
    return _resize(hand, rng, (Bet,))


def _raise_size(hand: Hand, rng: random.Random) -> _Edit | None:
    """A raise of the wrong size (the issue's fixed-limit 'raise of 1000', scaled down).

    A ``raises D to X`` over the bring-in with X the small bet is PokerStars' completion,
    whose size has its own rules; those are left alone.
    """
    small = hand.header.small_bet
    return _resize(hand, rng, (Raise,),
                   lambda s: not (s.street is Street.THIRD and _size(s.event) == small))


def _call_size(hand: Hand, rng: random.Random) -> _Edit | None:
    return _resize(hand, rng, (Call,))


def _bring_in_amount(hand: Hand, rng: random.Random) -> _Edit | None:
    """A bring-in no larger than the ante (or, without antes, as big as the small bet)."""
    slots = _slots(hand)
    if not slots or type(slots[0].event) is not BringIn or _all_in(slots[0].event):
        return None
    e = slots[0].event
    antes = [a.amount for a in hand.events if type(a) is Ante and not a.all_in]
    ante = hand.header.ante if hand.header.ante is not None else (max(antes) if antes else 0)
    amount = ante if 0 < ante < e.amount else hand.header.small_bet + 1
    if amount == e.amount or _behind(hand, slots[0].pos, e.player) <= amount:
        return None
    return _replace(hand.events, slots[0].pos, BringIn(e.player, amount)), 0


def _raise_before_completion(hand: Hand, rng: random.Random) -> _Edit | None:
    """Over the bring-in, jump straight to a raise of the completion."""
    slots = [s for s in _slots(hand) if s.street is Street.THIRD]
    if not slots or type(slots[0].event) is not BringIn or _all_in(slots[0].event):
        return None  # (over an all-in bring-in, a raise may face nobody: NO_OPPONENT)
    small = hand.header.small_bet
    for s in slots[1:]:
        if type(s.event) in (Complete, Raise, Bet):
            break  # someone completed already
        if type(s.event) is Call and not _all_in(s.event) \
                and _behind(hand, s.pos, s.event.player) > 2 * small:
            new = Raise(s.event.player, by=2 * small, to=2 * small)
            return _replace(hand.events, s.pos, new), s.index
    return None


def _raise_cap_exceeded(hand: Hand, rng: random.Random) -> _Edit | None:
    """After a round's bet, insert raises in turn order until one past the cap."""
    slots = _slots(hand)
    small, big = hand.header.small_bet, hand.header.big_bet
    options = []
    for i, s in enumerate(slots):
        e = s.event
        third_completion = s.street is Street.THIRD and (
            type(e) is Complete or (type(e) in (Raise, Bet) and _size(e) == small))
        if not (type(e) is Bet or third_completion) or _all_in(e):
            continue
        order: list[str] = []
        for later in slots[i + 1:]:
            if later.street != s.street or later.event.player == e.player:
                break
            if later.event.player not in order:
                order.append(later.event.player)
        if len(order) < 2:
            continue
        options.append((s, order))
    chosen = _pick(rng, options)
    if chosen is None:
        return None
    s, order = chosen
    e = s.event
    level = _size(e) if type(e) is not Raise else e.to
    unit = small if s.street <= Street.FOURTH and level <= small else big
    cycle = [*order, e.player]
    street_in = _street_in_before(hand, s.pos)
    street_in[e.player] = level
    committed = _committed_before(hand, s.pos)
    committed[e.player] = committed.get(e.player, 0) + level - _street_in_before(
        hand, s.pos).get(e.player, 0)
    stacks = {seat.player: seat.stack for seat in hand.seats}
    raises: list[Event] = []
    for k in range(4):
        player = cycle[k % len(cycle)]
        to = level + unit * (k + 1)
        by = to - street_in.get(player, 0)
        committed[player] = committed.get(player, 0) + by
        if committed[player] >= stacks.get(player, 0):
            return None
        street_in[player] = to
        raises.append(Raise(player, by=unit, to=to))
    return _insert(hand.events, s.pos + 1, raises), s.index + 4


def _open_pair_on_fourth(hand: Hand) -> bool:
    up: dict[str, list[int]] = {}
    for e in hand.events:
        if type(e) is Deal and e.street <= Street.FOURTH:
            up.setdefault(e.player, []).extend(
                c for c, u in zip(e.cards, e.up, strict=False) if u and c is not None)
    return any(len(cards) >= 2 and len({c >> 2 for c in cards}) < len(cards)
               for cards in up.values())


def _big_bet_without_open_pair(hand: Hand, rng: random.Random) -> _Edit | None:
    if _open_pair_on_fourth(hand):
        return None
    bets = [s for s in _slots(hand) if s.street is Street.FOURTH and type(s.event) is Bet
            and not _all_in(s.event)
            and _behind(hand, s.pos, s.event.player) > hand.header.big_bet]
    s = _pick(rng, bets)
    if s is None:
        return None
    return _replace(hand.events, s.pos, Bet(s.event.player, hand.header.big_bet)), s.index


def _small_raise_after_big_bet(hand: Hand, rng: random.Random) -> _Edit | None:
    """Stud high, open pair on 4th: the bet is doubled, the next player raises small."""
    if hand.header.game is not Game.STUD or not _open_pair_on_fourth(hand):
        return None
    slots = _slots(hand)
    small, big = hand.header.small_bet, hand.header.big_bet
    for i, s in enumerate(slots[:-1]):
        nxt = slots[i + 1]
        if s.street is not Street.FOURTH or type(s.event) is not Bet or nxt.street != s.street:
            continue
        if _all_in(s.event) or _behind(hand, s.pos, s.event.player) <= big:
            return None
        if _behind(hand, nxt.pos, nxt.event.player) <= big + small:
            return None
        events = _replace(hand.events, s.pos, Bet(s.event.player, big))
        events[nxt.pos] = Raise(nxt.event.player, by=small, to=big + small)
        return events, nxt.index
    return None


def _bet_exceeds_stack(hand: Hand, rng: random.Random) -> _Edit | None:
    slots = [s for s in _slots(hand) if type(s.event) in (Bet, Call) and not _all_in(s.event)]
    s = _pick(rng, slots)
    if s is None:
        return None
    amount = _behind(hand, s.pos, s.event.player) + hand.header.small_bet
    new = Bet(s.event.player, amount) if isinstance(s.event, Bet) \
        else Call(s.event.player, amount)
    return _replace(hand.events, s.pos, new), s.index


# --- records ----------------------------------------------------------------------------------


def _ante_missing(hand: Hand, rng: random.Random) -> _Edit | None:
    antes = [i for i, e in enumerate(hand.events) if type(e) is Ante and not e.all_in]
    if len(antes) < 2:
        return None
    pos = _pick(rng, antes)
    return [e for i, e in enumerate(hand.events) if i != pos], None


def _ante_amount(hand: Hand, rng: random.Random) -> _Edit | None:
    antes = [i for i, e in enumerate(hand.events) if type(e) is Ante and not e.all_in]
    if len(antes) < 3:  # the table's ante is the one most players post
        return None
    pos = _pick(rng, antes)
    assert pos is not None
    e = hand.events[pos]
    assert isinstance(e, Ante)
    return _replace(hand.events, pos, Ante(e.player, e.amount + 1)), None


def _known_cards(hand: Hand) -> dict[str, set[int]]:
    known: dict[str, set[int]] = {}
    for e in hand.events:
        if type(e) is Deal:
            known.setdefault(e.player, set()).update(c for c in e.cards if c is not None)
    return known


def _duplicate_card(hand: Hand, rng: random.Random) -> _Edit | None:
    """Give a player's hidden card a value another player was dealt."""
    hidden: list[tuple[str, int]] = []
    for e in hand.events:
        if type(e) is Deal:
            hidden += [(e.player, c) for c, u in zip(e.cards, e.up, strict=False)
                       if c is not None and not u]
    known = _known_cards(hand)
    chosen = _pick(rng, hidden)
    if chosen is None:
        return None
    player, old = chosen
    theirs = sorted(c for p, cs in known.items() if p != player for c in cs)
    if not theirs:
        return None
    new = _pick(rng, theirs)
    events: list[Event] = []
    for e in hand.events:
        if isinstance(e, Deal | Show | Muck | Fold | SeatResult) and e.player == player \
                and old in getattr(e, "cards", ()):
            e = msgspec.structs.replace(e, cards=tuple(new if c == old else c for c in e.cards))
        events.append(e)
    return events, None


def _wrong_card_count(hand: Hand, rng: random.Random) -> _Edit | None:
    """A hand shown without all its cards: a showdown hand missing one, or, without a
    showdown, the winner showing only part of his hand after collecting."""
    shows = [i for i, e in enumerate(hand.events) if type(e) is Show and len(e.cards) >= 5]
    if shows:
        pos = _pick(rng, shows)
        assert pos is not None
        e = hand.events[pos]
        assert isinstance(e, Show)
        return _replace(hand.events, pos, msgspec.structs.replace(e, cards=e.cards[:-1])), None
    collects = [i for i, e in enumerate(hand.events) if type(e) is Collect]
    if len(collects) != 1 or any(type(e) in (Show, Muck) for e in hand.events):
        return None
    pos = collects[0]
    collect = hand.events[pos]
    assert isinstance(collect, Collect)
    winner = collect.player
    dealt = [c for e in hand.events if isinstance(e, Deal) and e.player == winner
             for c in e.cards]
    held = [c for c in dealt if c is not None]
    if len(held) == len(dealt):
        held = held[:-1]  # all known (the hero): leave one out
    if not held:
        return None
    return _insert(hand.events, pos + 1, [Show(winner, tuple(held))]), None


def _uncalled_return_mismatch(hand: Hand, rng: random.Random) -> _Edit | None:
    returns = [i for i, e in enumerate(hand.events) if type(e) is UncalledReturn]
    pos = _pick(rng, returns)
    if pos is None:
        return None
    e = hand.events[pos]
    assert isinstance(e, UncalledReturn)
    return _replace(hand.events, pos, UncalledReturn(e.player, e.amount + 1)), None


def _pot_total_mismatch(hand: Hand, rng: random.Random) -> _Edit | None:
    """The issue's ``Total pot $9999``."""
    pos = next((i for i, e in enumerate(hand.events) if type(e) is Summary), None)
    if pos is None:
        return None
    e = hand.events[pos]
    assert isinstance(e, Summary)
    total = 999_900 if e.total_pot != 999_900 else 1
    return _replace(hand.events, pos, msgspec.structs.replace(e, total_pot=total)), None


def _collected_mismatch(hand: Hand, rng: random.Random) -> _Edit | None:
    collects = [i for i, e in enumerate(hand.events) if type(e) is Collect and e.amount > 1]
    pos = _pick(rng, collects)
    if pos is None:
        return None
    e = hand.events[pos]
    assert isinstance(e, Collect)
    return _replace(hand.events, pos, msgspec.structs.replace(e, amount=e.amount - 1)), None


def _wrong_winner(hand: Hand, rng: random.Random) -> _Edit | None:
    """The pot goes to a player who lost the showdown or folded."""
    collectors = {e.player for e in hand.events if isinstance(e, Collect)}
    losers = [e.player for e in hand.events if isinstance(e, Show | Fold | Muck)
              and e.player not in collectors]
    collects = [i for i, e in enumerate(hand.events) if type(e) is Collect]
    if not losers or len(collects) != 1:
        return None
    pos = collects[0]
    return _replace(hand.events, pos,
                    msgspec.structs.replace(hand.events[pos], player=_pick(rng, losers))), None


def _showdown_order(hand: Hand, rng: random.Random) -> _Edit | None:
    start = next((i for i, e in enumerate(hand.events) if type(e) is ShowdownStart), None)
    if start is None:
        return None
    shown = [i for i in range(start + 1, len(hand.events))
             if type(hand.events[i]) in (Show, Muck)]
    if len(shown) < 2 or type(hand.events[shown[1]]) is not Show:
        return None
    slots = _slots(hand)
    final = [s.event for s in slots if s.street == slots[-1].street]
    if not any(type(e) in (BringIn, Complete, Bet, Raise) for e in final):
        return None  # checked through: PokerStars' seat order is accepted too
    if any(isinstance(e, Wager) and e.all_in for e in hand.events):
        return None  # an all-in showdown: every hand is tabled at once, in any order
    events = list(hand.events)
    a, b = shown[0], shown[1]
    events[a], events[b] = events[b], events[a]
    return events, None


def _incomplete_hand(hand: Hand, rng: random.Random) -> _Edit | None:
    """The call that closed the last betting round is missing: the round stays open and
    the history goes on to the showdown or the pot as if it had closed."""
    slots = _slots(hand)
    if len(slots) < 2:
        return None
    last, before = slots[-1], slots[-2]
    if type(last.event) is not Call or before.street != last.street \
            or type(before.event) not in (Bet, Raise, Complete, BringIn):
        return None
    return [e for i, e in enumerate(hand.events) if i != last.pos], None


#: fault kind -> the violation code it must raise.
FAULT_KINDS: dict[str, str] = {
    "wrong_bring_in_player": "WRONG_BRING_IN_PLAYER",
    "wrong_bring_in_amount": "WRONG_BRING_IN_AMOUNT",
    "wrong_first_actor": "WRONG_FIRST_ACTOR",
    "out_of_turn": "OUT_OF_TURN",
    "action_after_fold": "ACTION_AFTER_FOLD",
    "action_by_all_in_player": "ACTION_BY_ALL_IN_PLAYER",
    "check_facing_bet": "CHECK_FACING_BET",
    "bet_size": "BET_SIZE",
    "raise_size": "BET_SIZE",
    "call_size": "BET_SIZE",
    "raise_before_completion": "RAISE_BEFORE_COMPLETION",
    "raise_cap_exceeded": "RAISE_CAP_EXCEEDED",
    "big_bet_without_open_pair": "BIG_BET_WITHOUT_OPEN_PAIR",
    "small_raise_after_big_bet": "SMALL_RAISE_AFTER_BIG_BET",
    "bet_exceeds_stack": "BET_EXCEEDS_STACK",
    "ante_missing": "ANTE_MISSING",
    "ante_amount": "ANTE_AMOUNT",
    "duplicate_card": "DUPLICATE_CARD",
    "wrong_card_count": "WRONG_CARD_COUNT",
    "uncalled_return_mismatch": "UNCALLED_RETURN_MISMATCH",
    "pot_total_mismatch": "POT_TOTAL_MISMATCH",
    "collected_mismatch": "COLLECTED_MISMATCH",
    "wrong_winner": "WRONG_WINNER",
    "showdown_order": "SHOWDOWN_ORDER",
    "incomplete_hand": "INCOMPLETE_HAND",
}

_KINDS: dict[str, _Kind] = {
    "wrong_bring_in_player": _wrong_bring_in_player,
    "wrong_bring_in_amount": _bring_in_amount,
    "wrong_first_actor": _wrong_first_actor,
    "out_of_turn": _out_of_turn,
    "action_after_fold": _action_after_fold,
    "action_by_all_in_player": _action_by_all_in_player,
    "check_facing_bet": _check_facing_bet,
    "bet_size": _bet_size,
    "raise_size": _raise_size,
    "call_size": _call_size,
    "raise_before_completion": _raise_before_completion,
    "raise_cap_exceeded": _raise_cap_exceeded,
    "big_bet_without_open_pair": _big_bet_without_open_pair,
    "small_raise_after_big_bet": _small_raise_after_big_bet,
    "bet_exceeds_stack": _bet_exceeds_stack,
    "ante_missing": _ante_missing,
    "ante_amount": _ante_amount,
    "duplicate_card": _duplicate_card,
    "wrong_card_count": _wrong_card_count,
    "uncalled_return_mismatch": _uncalled_return_mismatch,
    "pot_total_mismatch": _pot_total_mismatch,
    "collected_mismatch": _collected_mismatch,
    "wrong_winner": _wrong_winner,
    "showdown_order": _showdown_order,
    "incomplete_hand": _incomplete_hand,
}


def inject(hand: Hand, kind: str, rng: random.Random) -> Injected | None:
    """Apply fault ``kind`` to ``hand``; ``None`` when the hand has no place for it.

    ``KeyError`` for an unknown kind. The hand id is kept, so a report names the original.
    """
    edit = _KINDS[kind](hand, rng)
    if edit is None:
        return None
    events, action_index = edit
    mutated = msgspec.structs.replace(hand, events=tuple(events))
    return Injected(mutated, kind, FAULT_KINDS[kind], action_index)
