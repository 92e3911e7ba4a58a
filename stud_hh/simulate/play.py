"""One simulated hand: the engine decides what is legal and who wins, profiles decide the
actions, and every step becomes the event PokerStars would print.

Why the engine drives: a simulator with its own rules would test the validator against a
second opinion of the rules, not against the rules. Here the ``pokerstars`` preset deals
(``Deck``), orders the action, sizes every bet, builds side pots and awards them; this
module only translates engine steps into ``stud_hh.events`` and adds what the engine does
not know: the hero's view of the cards, show/muck choices, rake and table noise.

Why so little asking: every engine read builds a tuple and every legality query lists
all actions, a dozen times per hand. The cards dealt and the folds are recorded in a
``HandView`` as they happen, checks, calls and folds are prebuilt per seat and applied
without a legality query, and a completion, bet or raise is simply applied: the engine
sizes it, or refuses it (then the player checks or calls).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from stud_hh.engine import (
    Action,
    ActionKind,
    Deck,
    HandResult,
    IllegalAction,
    Phase,
    Stakes,
    StudState,
)
from stud_hh.evaluate import high_value, low8_value, razz_value, value_description
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
from stud_hh.simulate.profiles import (
    AGGRESSIVE_BIG,
    BRING_IN,
    COMPLETE,
    GIVE_UP,
    PASSIVE,
    Profile,
    Style,
    decide,
    style_of,
)
from stud_hh.simulate.view import HandView

# Enum members bound once: a class attribute lookup on an enum costs ~0.2 us, and the
# hand loop makes thousands.
_BET = ActionKind.BET
_BRING_IN = ActionKind.BRING_IN
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
    #: the dealt players' profiles in seat order (else looked up in ``profiles`` by name)
    dealt_profiles: list[Profile] | None = None
    #: ``style_of`` each of ``dealt_profiles`` (else worked out from them)
    dealt_styles: list[Style] | None = None


@dataclass(slots=True)
class Played:
    hand: Hand
    stacks: dict[str, int]  # after the hand, for every player dealt in
    showdown: bool


_NO_LOW = -(1 << 60)


@cache
def _stakes(ante: int, bring_in: int, small_bet: int, big_bet: int) -> Stakes:
    """One ``Stakes`` per level (a session plays hundreds of hands at one)."""
    return Stakes(ante=ante, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet)


def _value(game: Game, cards: Sequence[int]) -> tuple[int, int]:
    """(high key, low key), both greater-is-better; unused halves are 0."""
    if game is Game.STUD:
        return high_value(cards), 0
    if game is Game.RAZZ:
        return 0, -razz_value(cards)
    low = low8_value(cards)
    return high_value(cards), (-low if low is not None else _NO_LOW)


@lru_cache(maxsize=4096)
def _describe(game: Game, high: int, low: int) -> str:
    """What the client prints after a shown hand, from the hand's ``_value`` keys.

    Why by value: the description names the hand's category and ranks, which its high
    and low keys fix, and a showdown has ranked the hand already; the same hands come back
    (a pair of Aces), and evaluating the cards again costs some 17 us a call.
    """
    if game is Game.RAZZ:
        return value_description(game.value, high, -low)
    if game is Game.STUD8:
        return value_description(game.value, high, None if low == _NO_LOW else -low)
    return value_description(game.value, high, None)


def _pot_names(count: int) -> list[str]:
    if count == 1:
        return ["pot"]
    if count == 2:
        return ["main pot", "side pot"]
    return ["main pot"] + [f"side pot-{i}" for i in range(1, count)]


@cache
def _up_positions(up: tuple[bool, ...]) -> tuple[int, ...]:
    """Deal pattern -> positions of its face-up cards (``(False, False, True)`` -> (2,))."""
    return tuple(i for i, face_up in enumerate(up) if face_up)


@cache
def _actions(n: int) -> tuple[list[Action], list[Action], list[Action]]:
    """Per player index: the check, call and fold actions (immutable, built once)."""
    return ([Action(_CHECK, p, None) for p in range(n)],
            [Action(_CALL, p, None) for p in range(n)],
            [Action(_FOLD, p, None) for p in range(n)])


#: street -> its (frozen, shared) ``StreetStart`` event
_STREET_STARTS = {street: StreetStart(street) for street in Street}
#: card -> what an opponent's 3rd-street line holds: two hidden cards, then the door card
_HIDDEN_THIRD = tuple((None, None, c) for c in range(52))
_HIDDEN_ONE = (None,)


def play_hand(setup: HandSetup, rng: random.Random, deck: Deck | None = None) -> Played:
    """Play one hand; ``deck`` (shuffled) defaults to a fresh one drawn from ``rng``.

    The phases in the order a dealer runs them: antes, then each street dealt and bet,
    the showdown, the pots, the summary's seat lines.
    """
    hand = _HandInPlay(setup, rng)
    hand.post_antes()
    hand.play_streets(shuffled_deck(rng) if deck is None else deck)
    hand.showdown()
    result = hand.award_pots()
    hand.seat_results(result)
    return hand.played(result)


class _HandInPlay:
    """One hand as it is played: the engine's state, and what the history needs beside it.

    Beside the engine it keeps the events written so far, what the simulated players read
    (``HandView``: every card, the upcards, folds, street bets), on which street each
    player folded (the summary says so), where an opponent's hidden cards were printed as
    unknown (filled in if he shows or mucks), and the last betting round's first actor and
    last aggressor (where the showdown starts).

    Why the chips are counted here: whether a player faces a bet, and whether an action
    puts him all-in, is asked at every decision; the engine would answer by rebuilding
    its ``street_bets`` and ``stacks`` tuples each time, while the amounts it returns for
    every applied action (and its uncalled returns) keep two lists exact for free.
    """

    __slots__ = (
        "append", "bets", "calls", "checks", "dealt", "descriptions", "events", "fold_street",
        "folds", "game", "hero", "hidden_deals", "mucked", "n", "names", "new_round",
        "open_pair", "reached_fourth", "rng", "round_aggressor", "round_first", "setup",
        "showdown_reached", "shown", "st", "stacks", "street", "styles", "uncalled_seen",
        "view",
    )

    def __init__(self, setup: HandSetup, rng: random.Random) -> None:
        header = setup.header
        game = self.game = header.game
        dealt = self.dealt = [s for s in setup.seats if not s.sitting_out and not s.out_of_hand]
        names = self.names = tuple([s.player for s in dealt])
        n = self.n = len(names)
        stakes = _stakes(setup.ante, setup.bring_in, header.small_bet, header.big_bet)
        self.st = StudState(game, stakes, tuple([s.stack for s in dealt]), rules=setup.rules,
                            players=names)
        self.setup = setup
        self.rng = rng
        self.styles = _styles(setup, names)
        self.hero = setup.hero
        self.events: list[Event] = []
        self.append = self.events.append
        self.stacks: list[int] = []
        self.view = HandView(game, n)
        self.bets = self.view.bets
        self.checks, self.calls, self.folds = _actions(n)
        self.fold_street: dict[int, Street] = {}
        self.hidden_deals: list[tuple[int, int]] = []  # (event position, player): None cards
        self.reached_fourth = False
        self.open_pair = game in setup.rules.open_pair_games
        self.uncalled_seen = 0
        self.street = _THIRD
        # the last betting round with any action: its first actor and its last aggressor
        # (where the showdown starts, see ``_show_order``)
        self.round_first: int | None = None
        self.round_aggressor: int | None = None
        self.new_round = True
        self.shown: dict[int, tuple[int, ...]] = {}
        self.descriptions: dict[int, str] = {}
        self.mucked: dict[int, tuple[int, ...]] = {}
        self.showdown_reached = False

    def post_antes(self) -> None:
        st = self.st
        st.post_antes()
        names, append = self.names, self.append
        stacks = self.stacks = list(st.stacks)  # nobody has folded: all-in is an empty stack
        for i, paid in enumerate(st.contributions):
            if paid:
                append(Ante(names[i], paid, stacks[i] == 0))

    def play_streets(self, deck: Deck) -> None:
        """Deal each street and play its betting round, as the engine calls them, until
        the showdown (or everyone but one has folded)."""
        st = self.st
        turn, deal_street = self.turn, self.deal_street  # bound once: called ~30 times a hand
        while True:
            phase = st.phase
            if phase is _BETTING:
                turn()
                if st.phase is not _BETTING:
                    self.return_uncalled()
            elif phase is _DEALING:
                deal_street(deck)
            elif phase is _SHOWDOWN:
                break
            elif phase is _ANTES:  # pragma: no cover - antes are posted first
                st.post_antes()
            else:  # pragma: no cover
                break
        if len(st.uncalled) > self.uncalled_seen:  # returned as the betting ended
            for back in st.uncalled[self.uncalled_seen:]:
                self.append(UncalledReturn(self.names[back.player], back.amount))

    def deal_street(self, deck: Deck) -> None:
        """The street the engine says is due: its ``Deal`` lines (or the community card),
        then a fresh round of bets, and the open pair's double bet on 4th street."""
        st = self.st
        due = st.deal_due
        assert due is not None  # dealing: cards are due
        street = self.street = due.street
        self.append(_STREET_STARTS[street])
        self.new_round = True
        if street is not _THIRD:
            self.reached_fourth = True
            self.bets = self.view.bets = [0] * self.n
        st.deal_from(deck)
        if due.community:
            self.append(BoardCard(st.board[0]))
        else:
            _record_deal(st, due.up, due.players, street, self.names, self.hero, self.view,
                         self.events, self.hidden_deals)
        self.view.street_dealt()
        if self.open_pair and street is _FOURTH and st.phase is _BETTING and st.open_pair:
            self.append(DoubleBetAllowed())

    def turn(self) -> None:
        """The player to act decides (``profiles.decide``) and the engine applies it."""
        st = self.st
        p = st.to_act
        assert p is not None  # betting: someone is to act
        facing = st.bet_level > self.bets[p]
        if self.new_round:
            self.round_first, self.round_aggressor, self.new_round = p, None, False
        choice = decide(st, self.view, p, facing, self.styles[p], self.rng)
        if choice == PASSIVE:
            if facing:
                self.call(p)
            else:
                self.check(p)
        elif choice == GIVE_UP:
            if facing:
                self.fold(p)
            else:
                self.check(p)
        else:
            self.wager(p, choice, facing)

    def check(self, p: int) -> None:
        self.st.apply(self.checks[p])
        self.append(Check(self.names[p]))

    def call(self, p: int) -> None:
        # the engine returns the action as applied: CALL carries the chips added
        amount = self.st.apply(self.calls[p]).amount or 0
        self.bets[p] += amount
        left = self.stacks[p] = self.stacks[p] - amount
        self.append(Call(self.names[p], amount, left == 0))

    def fold(self, p: int) -> None:
        self.st.apply(self.folds[p])
        self._folded(p)

    def _folded(self, p: int) -> None:
        self.append(Fold(self.names[p]))
        self.fold_street[p] = self.street
        self.view.folded[p] = True

    def wager(self, p: int, choice: int, facing: bool) -> None:
        """The bring-in, a completion, bet or raise: the engine sizes it, or refuses it
        (then ``_aggressive`` checks or calls instead)."""
        st = self.st
        before = self.bets[p]
        level = st.bet_level
        capped = st.capped
        if choice == BRING_IN:
            action = st.apply(Action(_BRING_IN, p, None))
        else:
            action = _aggressive(st, p, choice, self.street, facing, self.checks, self.calls)
        kind = action.kind
        if kind is _FOLD:  # pragma: no cover - an aggressive choice never folds
            self._folded(p)
            return
        if kind is _CHECK:
            self.append(Check(self.names[p]))
            return
        # BRING_IN and CALL carry the chips put in, the others their "to" total
        amount = action.amount or 0
        if kind is _CALL or kind is _BRING_IN:
            chips = amount
        else:
            chips = amount - before
            self.round_aggressor = p
        self.bets[p] = before + chips
        left = self.stacks[p] = self.stacks[p] - chips
        all_in = left == 0
        name = self.names[p]
        append = self.append
        if kind is _CALL:
            append(Call(name, amount, all_in))
        elif kind is _BET:
            append(Bet(name, amount, all_in))
        elif kind is _RAISE:
            append(Raise(name, amount - level, amount, all_in))
        elif kind is _COMPLETE:
            append(Complete(name, amount, all_in))
        else:
            self.round_aggressor = p
            append(BringIn(name, amount, all_in))
        if st.capped and not capped:
            append(BettingCapped())

    def return_uncalled(self) -> None:
        """The round closed: bets nobody matched come back."""
        uncalled = self.st.uncalled
        if len(uncalled) > self.uncalled_seen:
            for back in uncalled[self.uncalled_seen:]:
                self.stacks[back.player] += back.amount
                self.append(UncalledReturn(self.names[back.player], back.amount))
            self.uncalled_seen = len(uncalled)

    def showdown(self) -> None:
        """Players show in turn from the opener (``_show_order``); one who cannot win a
        pot he is in mucks, but an all-in player and the first to show always show."""
        st = self.st
        live = st.live
        if len(live) <= 1:
            return
        self.showdown_reached = True
        self.append(ShowdownStart())
        stacks_now = st.stacks
        if any(stacks_now[q] == 0 for q in live):  # side pots only come from all-ins
            eligibles = [pot.eligible for pot in st.pots]
        else:
            eligibles = [live]
        best: list[list[int]] = [[-(1 << 62), -(1 << 62)] for _ in eligibles]
        opener = self.round_aggressor if self.round_aggressor is not None else self.round_first
        board = tuple(st.board)
        for p in _show_order(st.showdown_order, opener):
            cards = self.view.cards[p]
            full = cards + board
            high, low = _value(self.game, full)
            show = stacks_now[p] == 0 or not self.shown  # an all-in player always shows
            if show or _may_win(self.game, p, high, low, eligibles, best):
                for index, eligible in enumerate(eligibles):
                    if p in eligible:
                        best[index][0] = max(best[index][0], high)
                        best[index][1] = max(best[index][1], low)
                description = _describe(self.game, high, low)
                self.shown[p] = cards
                self.descriptions[p] = description
                self.append(Show(self.names[p], cards, description))
            else:
                st.muck(p)
                self.mucked[p] = cards
                self.append(Muck(self.names[p]))
        self._reveal_hidden_cards()

    def _reveal_hidden_cards(self) -> None:
        """The history now tells the shown and mucked players' hidden cards."""
        shown, mucked, events = self.shown, self.mucked, self.events
        for pos, p in self.hidden_deals:
            if p in shown or p in mucked:
                deal = events[pos]
                assert isinstance(deal, Deal)
                real = self.view.cards[p]
                cards = real[:3] if deal.street is _THIRD else real[6:7]
                events[pos] = Deal(deal.street, deal.player, cards, deal.up)

    def award_pots(self) -> HandResult:
        """Rake, then the engine awards each pot: ``Collect`` lines (side pots first, as
        PokerStars prints them) and the summary's pot line."""
        st = self.st
        rake = self.setup.rake.of(st.total_pot, self.reached_fourth)
        result = st.award(rake=rake)
        awards = result.pots
        pot_names = _pot_names(len(awards))
        names, append = self.names, self.append
        for award in reversed(awards):
            merged: dict[int, int] = {}
            for share in award.shares:
                if share.amount:
                    merged[share.player] = merged.get(share.player, 0) + share.amount
            for p, amount in merged.items():
                append(Collect(names[p], amount, pot_names[award.index]))
        side = tuple(a.amount for a in awards[1:])
        append(Summary(result.total_pot, result.rake, awards[0].amount if side else None,
                       side, tuple(st.board)))
        return result

    def seat_results(self, result: HandResult) -> None:
        """The summary's line per seat dealt in: folded (and on which street), showed,
        mucked or collected."""
        ante = self.setup.ante
        contributions = result.contributions
        collected = result.collected
        names, append = self.names, self.append
        # positional fields (seat, player, outcome, won, cards, street, didnt_bet, description)
        for p, seat in enumerate(self.dealt):
            name = names[p]
            if p in self.fold_street:
                street = self.fold_street[p]
                didnt_bet = street is _THIRD and contributions[p] <= ante
                append(SeatResult(seat.seat, name, "folded", None, (), street, didnt_bet))
            elif p in self.shown:
                append(SeatResult(seat.seat, name, "showed", collected[p] or None, self.shown[p],
                                  None, False, self.descriptions[p]))
            elif p in self.mucked:
                append(SeatResult(seat.seat, name, "mucked", None, self.mucked[p]))
            else:
                append(SeatResult(seat.seat, name, "collected", collected[p]))

    def played(self, result: HandResult) -> Played:
        setup = self.setup
        if setup.noise:
            _add_noise(self.events, setup.noise)
        hand = Hand(header=setup.header, seats=setup.seats, events=tuple(self.events))
        stacks_after = dict(zip(self.names, result.stacks, strict=True))
        return Played(hand, stacks_after, self.showdown_reached)


def _styles(setup: HandSetup, names: tuple[str, ...]) -> list[Style]:
    """The dealt players' styles, in seat order."""
    if setup.dealt_styles is not None:
        return setup.dealt_styles
    profiles = setup.dealt_profiles
    if profiles is None:
        profiles = [setup.profiles[name] for name in names]
    return [style_of(prof) for prof in profiles]


def _may_win(game: Game, p: int, high: int, low: int, eligibles: list[tuple[int, ...]],
             best: list[list[int]]) -> bool:
    """Whether ``p``'s hand ties or beats the best shown so far in a pot he is in (the
    low half only counts in stud/8 when he has a low)."""
    show = False
    for index, eligible in enumerate(eligibles):
        if p not in eligible:
            continue
        best_high, best_low = best[index]
        if game is Game.STUD:
            show = show or high >= best_high
        elif game is Game.RAZZ:
            show = show or low >= best_low
        else:
            show = show or high >= best_high or (low > _NO_LOW and low >= best_low)
    return show


def _record_deal(
    st: StudState, up: tuple[bool, ...], players: Sequence[int], street: Street,
    names: tuple[str, ...], hero: str | None, view: HandView, events: list[Event],
    hidden_deals: list[tuple[int, int]],
) -> None:
    """One street's ``Deal`` events, and the cards recorded in ``view``.

    An opponent's line shows his upcards only: (None, None, door) on 3rd street, (None,)
    on 7th; the real cards replace them when he shows or mucks (``hidden_deals``).
    """
    append = events.append
    k = len(up)
    if 2 * len(players) > len(names):  # most players: one tuple of everyone's cards
        hole = st.hole
        held_now = [hole[p] for p in players]
    else:
        cards_of = st.cards
        held_now = [cards_of(p) for p in players]
    held = view.cards
    ups = view.ups
    shown_at = _up_positions(up)
    if k == 1:  # 4th to 6th street face up, the river face down
        if shown_at:
            for p, cards in zip(players, held_now, strict=True):
                held[p] = cards  # type: ignore[assignment]
                card = cards[-1]
                ups[p].append(card)  # type: ignore[arg-type]
                append(Deal(street, names[p], (card,), up))
        else:
            for p, cards in zip(players, held_now, strict=True):
                held[p] = cards  # type: ignore[assignment]
                name = names[p]
                if name == hero:
                    append(Deal(street, name, cards[-1:], up))
                else:
                    hidden_deals.append((len(events), p))
                    append(Deal(street, name, _HIDDEN_ONE, up))
        return
    if k == 3 and shown_at == (2,):  # 3rd street: two down, the door card up
        for p, cards in zip(players, held_now, strict=True):
            held[p] = cards  # type: ignore[assignment]
            door = cards[-1]
            ups[p].append(door)  # type: ignore[arg-type]
            name = names[p]
            if name == hero:
                append(Deal(street, name, cards[-3:], up))
            else:
                hidden_deals.append((len(events), p))
                append(Deal(street, name, _HIDDEN_THIRD[door], up))  # type: ignore[index]
        return
    for p, cards in zip(players, held_now, strict=True):  # pragma: no cover - not stud
        held[p] = cards  # type: ignore[assignment]
        new = cards[-k:]
        for i in shown_at:
            ups[p].append(new[i])  # type: ignore[arg-type]
        name = names[p]
        if len(shown_at) < k and name != hero:
            hidden_deals.append((len(events), p))
            new = tuple([c if u else None for c, u in zip(new, up, strict=True)])
        append(Deal(street, name, new, up))


def _aggressive(
    st: StudState, p: int, choice: int, street: Street, facing: bool,
    checks: list[Action], calls: list[Action],
) -> Action:
    """Complete, bet or raise (the completion instead of the bring-in when ``choice`` is
    ``COMPLETE``); the passive action when the engine says none is open.

    The engine sizes the action (``amount`` None: the fixed-limit size, or the chips left
    when short); only a big bet needs the sizes listed: two are open only on 4th street
    with an open pair.
    """
    if choice == COMPLETE:
        try:
            return st.apply(Action(_COMPLETE, p, None))
        except IllegalAction:
            return st.apply(Action(_BRING_IN, p, None))
    if street is _THIRD and not st.completed:
        kind = _COMPLETE
    elif st.bet_level == 0:
        kind = _BET
    elif st.capped:  # the last raise is in: no need to hear it from the engine
        return st.apply(calls[p] if facing else checks[p])
    else:
        kind = _RAISE
    amount = None
    if choice == AGGRESSIVE_BIG and street is _FOURTH and st.open_pair:
        option = next((o for o in st.legal_actions() if o.kind is kind), None)
        if option is None or not option.amounts:
            return st.apply(calls[p] if facing else checks[p])
        amount = max(option.amounts)
    try:
        return st.apply(Action(kind, p, amount))
    except IllegalAction:
        return st.apply(calls[p] if facing else checks[p])


def _show_order(order: Sequence[int], opener: int | None) -> list[int]:
    """The engine's showdown order, started at ``opener``: the last player to bet or raise
    on the last round that had any action, or that round's first actor when it was checked
    through (an all-in can end the betting before the river: the validator judges by that
    round). ``_HandInPlay`` keeps both as it applies the actions."""
    order = list(order)
    if opener is not None and opener in order:
        i = order.index(opener)
        return order[i:] + order[:i]
    return order


_NOISE_BEFORE = (BringIn, Complete, Bet, Raise, Call, Check, Fold, Show, Muck, Collect)
_NOISE_TYPES = frozenset(_NOISE_BEFORE)  # events are final structs: a set lookup suffices


def _add_noise(events: list[Event], noise: list[tuple[float, Event]]) -> None:
    """Slip table notes and chat between the lines of the hand, where the client prints
    them as they happen: before an action, a shown or mucked hand, or a collected pot.

    In place, last spot first, so that the earlier positions still hold."""
    types = _NOISE_TYPES
    spots = [i for i, e in enumerate(events) if type(e) in types]
    last = len(spots) - 1
    slots: dict[int, list[Event]] = {}
    for where, event in noise:
        at = spots[min(last, int(where * len(spots)))]
        slot = slots.get(at)
        if slot is None:
            slots[at] = [event]
        else:
            slot.append(event)
    for at in sorted(slots, reverse=True):
        events[at:at] = slots[at]
