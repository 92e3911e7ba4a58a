"""Roots and consequences: which finding of a hand follows from which (issue 17).

One breach in a history makes others: a completion of the wrong size makes every call of
the right size after it a call of the wrong size, and the summary's pot disagree with the
chips put in. An auditor reads the root and must be able to trust that the rest follows
from it. The rule is the issue's: **a consequence is what the replay would not have found
had the root's action been what the rules allowed**. It is applied literally: the hand is
judged again with the root repaired (``Repair``), and every finding that is gone from the
repaired hand's verdict follows from the root.

The findings are taken as roots in the order the hand happened (antes, cards, actions and
the rounds they close, then the pot, the collections, the winners): the earliest finding
nothing explains is a root; its repair is kept for the roots after it, so two independent
breaches are two roots, each with its own consequences. What "the rules allowed" is, is
read from the replay: each option the engine offered the player at that action (the legal
size, a call for a check that faced a bet, a fold), or no action at all (an action after
a fold, an extra bring-in), or a round closed the way the player due could have closed it
(a call or a fold), the ante the table posted, the uncalled bet the actions leave, the pot
they add up to. Of the repairs that remove the root, the one that explains the most is
the reading taken.

Only hands with two findings or more are linked; each repair costs one more judgement of
the hand, and the search stops at the first repair that explains everything left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import msgspec

from stud_hh.cards import card
from stud_hh.engine import ActionKind, LegalAction
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
    Hand,
    Muck,
    PlayerAction,
    Raise,
    SeatResult,
    Show,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.validate.catalogue import Violation
from stud_hh.validate.findings import Findings
from stud_hh.validate.ledger import Ledger

#: Judges a hand without linking: its findings, and what the replay saw (options at the
#: actions in ``probe`` and at every refused action, rounds left open).
Judge = Callable[[Hand, frozenset[int]], Findings]

_ACTIONS = (BringIn, Complete, Bet, Raise, Call, Check, Fold)
_AGGRESSIVE = (Complete, Bet, Raise)
#: Hand-level codes told apart by their player (the rest by code and street alone: their
#: player is whoever the amounts point at, which a repair may change).
_BY_PLAYER = frozenset({"ANTE_MISSING", "ANTE_AMOUNT", "BET_EXCEEDS_STACK", "WRONG_CARD_COUNT"})
#: Codes found after the betting, in the order the hand reaches them.
_END = {"POT_TOTAL_MISMATCH": 0, "COLLECTED_MISMATCH": 1, "WRONG_WINNER": 2,
        "SHOWDOWN_ORDER": 3}
#: How many extra judgements one root may cost at most (a card seen twice may try every
#: card the deck still had; the search stops at the first repair that explains
#: everything left).
_MAX_TRIES = 100


@dataclass(frozen=True, slots=True)
class Repair:
    """A reading of the hand with one root as the rules allowed it.

    ``hand``: the repaired hand; ``moved``: for each action index of the hand before the
    repair, its index after (None for an action the repair removed); ``judged``: its
    verdict.
    """

    hand: Hand
    moved: tuple[int | None, ...]
    judged: Findings


def link(hand: Hand, judged: Findings, judge: Judge) -> list[Violation]:
    """``judged.out`` with ``caused_by`` set: None for a root, else the index of its root."""
    found = judged.out
    roots: set[int] = set()
    root_of: dict[int, int] = {}
    current, seen = hand, judged
    # original action index -> its index in the repaired hand (None: taken out)
    moved: tuple[int | None, ...] = tuple(range(_count_actions(hand)))
    for i in sorted(range(len(found)), key=lambda k: _when(found[k], hand)):
        if i in root_of:
            continue
        roots.add(i)
        open_ = [j for j in range(len(found)) if j not in roots and j not in root_of]
        best: tuple[int, Repair, list[int]] | None = None
        for tries, repair in enumerate(_repairs(found[i], current, seen, moved, judge)):
            gone, new = _gone(found, [i, *open_], moved, repair)
            if i in gone:
                explained = [j for j in open_ if j in gone]
                # a reading that makes new breaches explains less than it seems
                score = len(explained) - new
                if best is None or score > best[0]:
                    best = (score, repair, explained)
                if len(explained) == len(open_) and not new:
                    break
            if tries >= _MAX_TRIES:
                break
        if best is not None:
            _, repair, explained = best
            for j in explained:
                root_of[j] = i
            current, seen = repair.hand, repair.judged
            moved = tuple(None if m is None else repair.moved[m] for m in moved)
    return [v if k not in root_of else msgspec.structs.replace(v, caused_by=root_of[k])
            for k, v in enumerate(found)]


# ---------------------------------------------------------------------------- order and keys


def _when(v: Violation, hand: Hand) -> tuple[int, float]:
    """Where in the hand ``v`` happened: antes, cards, each action and the end of its
    street's betting, then the pot, the collections, the winners."""
    code = v.code
    if v.action_index is not None:
        return (2, v.action_index)
    if code in ("ANTE_MISSING", "ANTE_AMOUNT", "BET_EXCEEDS_STACK"):
        return (0, 0)
    if code in ("DUPLICATE_CARD", "WRONG_CARD_COUNT"):
        # a card is dealt before the betting, but a card printed wrong shows in the
        # showdown and rarely anywhere else: the betting's roots are taken first
        return (2, 1 << 30)
    if code in ("INCOMPLETE_HAND", "UNCALLED_RETURN_MISMATCH") and v.street is not None:
        last = _last_action_on(hand, v.street)
        return (2, last + (0.5 if code == "INCOMPLETE_HAND" else 0.6))
    return (3, _END.get(code, -1))


def _last_action_on(hand: Hand, street: Street) -> int:
    last = -1
    for s, index, _ in hand.player_actions():
        if s > street:
            break
        last = index
    return last


def _key(v: Violation, index: int | None) -> tuple[object, ...]:
    """What identifies a finding across readings of a hand: its code and where it is (a
    card seen twice by the card, whoever holds it)."""
    if v.action_index is None:
        if v.code == "DUPLICATE_CARD":
            return (v.code, None, None, v.message.split(" ", 1)[0])
        return (v.code, v.street, None, v.player if v.code in _BY_PLAYER else None)
    return (v.code, v.street, index, None)


def _gone(found: list[Violation], which: list[int], moved: tuple[int | None, ...],
          repair: Repair) -> tuple[set[int], int]:
    """Which of ``found[which]`` the repaired hand's verdict no longer has, and how many
    findings it has that ``found[which]`` did not."""
    left = Counter(_key(v, v.action_index) for v in repair.judged.out)
    gone = set()
    for j in which:
        v = found[j]
        index = None
        if v.action_index is not None:
            now = moved[v.action_index] if v.action_index < len(moved) else None
            index = None if now is None else repair.moved[now]
            if index is None:
                gone.add(j)  # its action was taken out
                continue
        key = _key(v, index)
        if left[key] > 0:
            left[key] -= 1
        else:
            gone.add(j)
    return gone, sum(left.values())


# ---------------------------------------------------------------------------- the repairs


def _repairs(v: Violation, hand: Hand, seen: Findings, moved: tuple[int | None, ...],
             judge: Judge) -> Iterator[Repair]:
    """The readings of ``hand`` in which ``v`` is what the rules allowed, likeliest first."""
    edits = _Edits(hand, judge)
    if v.action_index is not None:
        at = moved[v.action_index] if v.action_index < len(moved) else None
        if at is not None:
            yield from _action_repairs(v, at, edits, seen)
        return
    code = v.code
    if code == "ANTE_MISSING" and v.player is not None:
        yield from edits.ante(v.player, missing=True)
    elif code == "ANTE_AMOUNT" and v.player is not None:
        yield from edits.ante(v.player, missing=False)
    elif code == "BET_EXCEEDS_STACK" and v.player is not None:
        yield from edits.stack(v.player)
    elif code == "DUPLICATE_CARD":
        yield from edits.other_card(v.message)
    elif code == "WRONG_CARD_COUNT" and v.player is not None:
        yield from edits.shown_as_dealt(v.player)
    elif code == "UNCALLED_RETURN_MISMATCH" and v.street is not None:
        yield from edits.returns(v.street)
    elif code == "POT_TOTAL_MISMATCH":
        yield from edits.total_pot()
    elif code == "COLLECTED_MISMATCH":
        yield from edits.collections()
    elif code == "INCOMPLETE_HAND" and v.street is not None:
        yield from edits.close_round(v.street, seen)


def _action_repairs(v: Violation, at: int, edits: _Edits, seen: Findings) -> Iterator[Repair]:
    event = edits.action(at)
    if event is None:
        return
    code = v.code
    if code in ("OUT_OF_TURN", "WRONG_FIRST_ACTOR", "WRONG_BRING_IN_PLAYER") \
            and at in seen.due:
        yield from edits.due_first(at, seen.due[at])
    if code == "WRONG_BRING_IN_PLAYER" and at in seen.due:
        yield from edits.swap_doors(event.player, seen.due[at])
    if code == "WRONG_BRING_IN_AMOUNT":
        yield from edits.bring_in_as_called(at, seen.bring_in)
    if code == "BET_EXCEEDS_STACK":
        yield from edits.stack(event.player)
    options = seen.options.get(at, ())
    yield from edits.each_option(at, event, options)
    yield from edits.remove(at, at)
    if isinstance(event, _AGGRESSIVE):
        yield from edits.without_raises(at)
        yield from edits.resized_before(at, event)


class _Edits:
    """Repaired copies of one hand, each judged once."""

    __slots__ = ("actions", "hand", "judge", "positions")

    def __init__(self, hand: Hand, judge: Judge) -> None:
        self.hand = hand
        self.judge = judge
        self.positions = [k for k, e in enumerate(hand.events) if isinstance(e, _ACTIONS)]
        self.actions: list[PlayerAction] = [hand.events[k] for k in self.positions]  # type: ignore[misc]

    # ------------------------------------------------------------------ building
    def _made(self, events: Sequence[Event], moved: tuple[int | None, ...] | None = None,
              probe: frozenset[int] = frozenset()) -> Repair:
        hand = msgspec.structs.replace(self.hand, events=tuple(events))
        n = len(self.actions)
        return Repair(hand, moved or tuple(range(n)), self.judge(hand, probe))

    def action(self, at: int) -> PlayerAction | None:
        return self.actions[at] if 0 <= at < len(self.actions) else None

    def replaced(self, at: int, new: Event, probe: frozenset[int] = frozenset()) -> Repair:
        events = list(self.hand.events)
        events[self.positions[at]] = new
        return self._made(events, probe=probe)

    def inserted_after(self, at: int, new: list[Event]) -> Repair:
        """``new`` actions right after action ``at`` (they become ``at + 1``, ...)."""
        events = list(self.hand.events)
        pos = self.positions[at] + 1 if at >= 0 else _first_betting_position(self.hand)
        events[pos:pos] = new
        k = len(new)
        moved = tuple(i if i <= at else i + k for i in range(len(self.actions)))
        return self._made(events, moved)

    # ------------------------------------------------------------------ betting actions
    def each_option(self, at: int, event: PlayerAction,
                    options: tuple[LegalAction, ...]) -> Iterator[Repair]:
        """``event`` as each thing the engine would have taken from its player there: the
        same kind at the legal size first, then a call, a check, a fold, the rest."""
        kind = type(event)
        order = {kind: 0, Call: 1, Check: 2, Fold: 3}
        made = [e for o in options for e in _events_of(o, event.player)]
        made.sort(key=lambda e: order.get(type(e), 4))
        for new in made:
            if new != event:
                yield self.replaced(at, new)
                if isinstance(new, _AGGRESSIVE):
                    yield from self.with_calls(at, new)

    def with_calls(self, at: int, new: Event) -> Iterator[Repair]:
        """``new`` for action ``at``, and the calls that answered the old one (up to the
        next bet or raise of the street) answering ``new`` instead: a round written
        around a wrong size, with only its summary left as the rules allowed it."""
        street = _street_of(self.hand, at)
        calls: list[int] = []
        for k in range(at + 1, len(self.actions)):
            later = self.actions[k]
            if _street_of(self.hand, k) != street or isinstance(later, _AGGRESSIVE):
                break
            if isinstance(later, Call):
                calls.append(k)
        if not calls:
            return
        first = self.replaced(at, new, probe=frozenset(calls))
        events = list(first.hand.events)
        changed = False
        for k in calls:
            call = self.actions[k]
            assert isinstance(call, Call)
            due = next((o.amounts[0] for o in first.judged.options.get(k, ())
                        if o.kind is ActionKind.CALL), None)
            if due is not None and due != call.amount:
                events[self.positions[k]] = msgspec.structs.replace(call, amount=due)
                changed = True
        if changed:
            yield self._made(events)

    def due_first(self, at: int, due: str) -> Iterator[Repair]:
        """The round in turn order: the next action of the player who was due, on this
        street, moved up to ``at`` (two actions written the wrong way round)."""
        street = _street_of(self.hand, at)
        later = next((k for k in range(at + 1, len(self.actions))
                      if self.actions[k].player == due), None)
        if later is None or _street_of(self.hand, later) != street:
            return
        events = list(self.hand.events)
        moving = events.pop(self.positions[later])
        events.insert(self.positions[at], moving)
        moved = tuple(at if i == later else i + 1 if at <= i < later else i
                      for i in range(len(self.actions)))
        yield self._made(events, moved)

    def remove(self, first: int, last: int) -> Iterator[Repair]:
        """Actions ``first`` to ``last`` taken out (an action that was not due)."""
        events = [e for k, e in enumerate(self.hand.events)
                  if k not in self.positions[first:last + 1]]
        gone = last - first + 1
        moved = tuple(i if i < first else None if i <= last else i - gone
                      for i in range(len(self.actions)))
        yield self._made(events, moved)

    def without_raises(self, at: int) -> Iterator[Repair]:
        """A run of raises ending at ``at`` taken out, longest last: the raises past a cap
        come in a run, and the calls after them answer the bet before it."""
        street = _street_of(self.hand, at)
        first = at
        while first > 0 and isinstance(self.actions[first - 1], Raise) \
                and _street_of(self.hand, first - 1) == street:
            first -= 1
        for start in range(at - 1, first - 1, -1):
            yield from self.remove(start, at)

    def resized_before(self, at: int, event: PlayerAction) -> Iterator[Repair]:
        """The bet or raise before ``at`` on its street read as another legal size, and
        ``at`` as what its player could then have done (a raise answering a big bet that
        should have been small)."""
        street = _street_of(self.hand, at)
        before = next((k for k in range(at - 1, -1, -1)
                       if isinstance(self.actions[k], _AGGRESSIVE)), None)
        if before is None or _street_of(self.hand, before) != street:
            return
        probed = self._made(self.hand.events, probe=frozenset({before}))
        earlier = self.actions[before]
        for new_before in _options_events(probed.judged.options.get(before, ()),
                                          earlier.player):
            if new_before == earlier or not isinstance(new_before, _AGGRESSIVE):
                continue
            first = self.replaced(before, new_before, probe=frozenset({at}))
            then = _Edits(first.hand, self.judge)
            for new in _options_events(first.judged.options.get(at, ()), event.player):
                yield then.replaced(at, new)

    def bring_in_as_called(self, at: int, designated: int | None) -> Iterator[Repair]:
        """The bring-in as the structure designates it, or as the others called it
        (before anyone completed)."""
        event = self.actions[at]
        assert isinstance(event, BringIn)
        amounts = [] if designated is None else [designated]
        for later in self.actions[at + 1:]:
            if isinstance(later, Call) and not later.all_in:
                amounts.append(later.amount)
                break
            if not isinstance(later, Fold):
                break
        for amount in dict.fromkeys(amounts):
            if amount != event.amount:
                yield self.replaced(at, BringIn(event.player, amount))
                yield from self.with_calls(at, BringIn(event.player, amount))

    # ------------------------------------------------------------------ cards and seats
    def swap_doors(self, a: str, b: str) -> Iterator[Repair]:
        """The door cards of ``a`` and ``b`` recorded the wrong way round (so the
        bring-in fell to the player the history names)."""
        doors: dict[str, int] = {}
        for e in self.hand.events:
            if type(e) is Deal and e.street is Street.THIRD and e.cards \
                    and e.cards[-1] is not None and e.player in (a, b):
                doors[e.player] = e.cards[-1]
        if len(doors) < 2:
            return
        swap = {(a, doors[a]): doors[b], (b, doors[b]): doors[a]}
        events: list[Event] = []
        for e in self.hand.events:
            if isinstance(e, Deal | Show | Muck | Fold | SeatResult) and e.cards \
                    and e.player in (a, b):
                cards = tuple(swap.get((e.player, c), c) for c in e.cards)  # type: ignore[arg-type]
                e = msgspec.structs.replace(e, cards=cards)
            events.append(e)
        yield self._made(events)

    def other_card(self, message: str) -> Iterator[Repair]:
        """One holder's copy of a card seen twice read as a card the deck still had (a
        card the site printed wrong): each holder in turn, each card nobody holds."""
        try:
            dup = card(message.split(" ", 1)[0])
        except ValueError:
            return
        seen: set[int] = set()
        holders: dict[str, bool] = {}  # holder -> his copy is an upcard
        for e in self.hand.events:
            cards = getattr(e, "cards", None) or ()
            seen.update(c for c in cards if c is not None)
            if type(e) is Deal and dup in e.cards:
                holders[e.player] = e.up[e.cards.index(dup)]
            elif type(e) is Summary:
                seen.update(e.board)
        unseen = [c for c in range(52) if c not in seen]
        # an upcard is seen by the whole table: when one copy is hidden, that one is wrong
        hidden = [p for p, up in holders.items() if not up]
        for player in hidden or list(holders):
            for new in unseen:
                events: list[Event] = []
                for e in self.hand.events:
                    if isinstance(e, Deal | Show | Muck | SeatResult | Fold) \
                            and e.player == player and dup in e.cards:
                        e = msgspec.structs.replace(
                            e, cards=tuple(new if c == dup else c for c in e.cards))
                    events.append(e)
                yield self._made(events)

    def shown_as_dealt(self, player: str) -> Iterator[Repair]:
        """``player``'s hand shown without a card he was never dealt (a shown hand of more
        cards than a stud hand holds is dead, rule book 8), each such card in turn."""
        dealt = {c for e in self.hand.events if type(e) is Deal and e.player == player
                 for c in e.cards if c is not None}
        shown = next((e.cards for e in self.hand.events
                      if isinstance(e, Show | Muck | SeatResult) and e.player == player
                      and len(e.cards) > 7), None)
        if shown is None:
            return
        for extra in [c for c in shown if c not in dealt]:
            events = [msgspec.structs.replace(e, cards=tuple(c for c in e.cards if c != extra))
                      if isinstance(e, Show | Muck | SeatResult) and e.player == player
                      and extra in e.cards else e
                      for e in self.hand.events]
            yield self._made(events)

    def ante(self, player: str, missing: bool) -> Iterator[Repair]:
        """``player``'s ante posted at the table's (the one most players posted)."""
        ante = Ledger(self.hand).table_ante
        if ante is None:
            return
        events = list(self.hand.events)
        if missing:
            last = max((k for k, e in enumerate(events) if type(e) is Ante), default=-1)
            pos = last + 1 if last >= 0 else _first_betting_position(self.hand)
            events.insert(pos, Ante(player, ante))
        else:
            events = [Ante(player, ante) if type(e) is Ante and e.player == player else e
                      for e in events]
        yield self._made(events)

    def stack(self, player: str) -> Iterator[Repair]:
        """``player``'s stack as large as the chips the history has him put in (a stack
        written too small)."""
        ledger = Ledger(self.hand)
        over = next((o for o in ledger.over_stack if o[0] == player), None)
        if over is None:
            return
        _, _, _, put, behind = over
        short = put - behind
        seats = tuple(msgspec.structs.replace(s, stack=s.stack + short) if s.player == player
                      else s for s in self.hand.seats)
        hand = msgspec.structs.replace(self.hand, seats=seats)
        yield Repair(hand, tuple(range(len(self.actions))), self.judge(hand, frozenset()))

    # ------------------------------------------------------------------ the money
    def returns(self, street: Street) -> Iterator[Repair]:
        """The uncalled bet of ``street`` returned as the actions leave it."""
        ledger = Ledger(self.hand)
        put_in = next((p for s, p, _ in ledger.streets if s == street), None)
        if put_in is None:
            return
        ordered = sorted(put_in.items(), key=lambda kv: -kv[1])
        back: list[Event] = []
        if ordered and ordered[0][1] > (ordered[1][1] if len(ordered) > 1 else 0):
            top, amount = ordered[0]
            back = [UncalledReturn(top, amount - (ordered[1][1] if len(ordered) > 1 else 0))]
        events: list[Event] = []
        on = Street.THIRD
        after = -1  # where the street's last action went in ``events``
        for e in self.hand.events:
            if type(e) is StreetStart:
                on = e.street
            elif on == street:
                if type(e) is UncalledReturn:
                    continue
                if isinstance(e, _ACTIONS):
                    after = len(events)
            events.append(e)
        if after < 0:
            return
        events[after + 1:after + 1] = back
        yield self._made(events)

    def collections(self) -> Iterator[Repair]:
        """One player's collection as the pot leaves it (the pot less the rake and the
        others' collections), each collection in turn."""
        summary = next((e for e in self.hand.events if type(e) is Summary), None)
        if summary is None:
            return
        collects = [k for k, e in enumerate(self.hand.events) if type(e) is Collect]
        got = sum(e.amount for e in self.hand.events if type(e) is Collect)
        for pot in dict.fromkeys((Ledger(self.hand).total, summary.total_pot)):
            short = pot - summary.rake - got
            if not short:
                continue
            for k in collects:
                e = self.hand.events[k]
                assert type(e) is Collect
                if e.amount + short > 0:
                    events = list(self.hand.events)
                    events[k] = msgspec.structs.replace(e, amount=e.amount + short)
                    yield self._made(events)

    def total_pot(self) -> Iterator[Repair]:
        """The summary's total pot as the actions add it up."""
        total = Ledger(self.hand).total
        events = [msgspec.structs.replace(e, total_pot=total) if type(e) is Summary else e
                  for e in self.hand.events]
        yield self._made(events)

    def close_round(self, street: Street, seen: Findings) -> Iterator[Repair]:
        """The round left open closed as the players due could have closed it: each
        calls (or checks), or each folds."""
        for way in (Call, Fold):
            repair: Repair | None = None
            edits = self
            for _ in range(8):
                judged = repair.judged if repair is not None else seen
                due = next(((who, options) for s, who, options in judged.open_rounds
                            if s == street and who is not None), None)
                if due is None:
                    break
                who, options = due
                made = [e for o in options for e in _events_of(o, who)
                        if type(e) is way or (way is Call and type(e) is Check)]
                if not made:
                    break
                last = _last_action_on(edits.hand, street)
                step = edits.inserted_after(last, [made[0]])
                repair = step if repair is None else Repair(
                    step.hand, tuple(None if m is None else step.moved[m]
                                     for m in repair.moved), step.judged)
                edits = _Edits(step.hand, self.judge)
            if repair is not None:
                yield repair


# ---------------------------------------------------------------------------- helpers


def _count_actions(hand: Hand) -> int:
    return sum(1 for e in hand.events if isinstance(e, _ACTIONS))


def _street_of(hand: Hand, at: int) -> Street | None:
    for street, index, _ in hand.player_actions():
        if index == at:
            return street
    return None


def _first_betting_position(hand: Hand) -> int:
    return next((k for k, e in enumerate(hand.events) if isinstance(e, _ACTIONS)),
                len(hand.events))


def _events_of(option: LegalAction, player: str) -> list[Event]:
    """The history lines that take ``option`` (one per allowed amount)."""
    kind = option.kind
    if kind is ActionKind.FOLD:
        return [Fold(player)]
    if kind is ActionKind.CHECK:
        return [Check(player)]
    out: list[Event] = []
    for amount in option.amounts:
        if kind is ActionKind.CALL:
            out.append(Call(player, amount))
        elif kind is ActionKind.BRING_IN:
            out.append(BringIn(player, amount))
        elif kind is ActionKind.COMPLETE:
            out.append(Complete(player, amount))
        elif kind is ActionKind.BET:
            out.append(Bet(player, amount))
        elif kind is ActionKind.RAISE:
            out.append(Raise(player, by=amount, to=amount))
    return out


def _options_events(options: tuple[LegalAction, ...], player: str) -> list[Event]:
    return [e for o in options for e in _events_of(o, player)]
