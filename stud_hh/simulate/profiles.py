"""Player profiles: how often a simulated player plays, raises, bluffs and gives up.

Why: stats, reports and the audit must be exercised on hands that look like real stud,
where the rock folds most starts, the calling station pays off to the river and the maniac
caps 3rd street with a three-flush. A profile is data (a frozen dataclass); ``decide``
turns it into one engine action per decision.

Each profile *declares* the ranges its 3rd-street statistics must fall in over many hands
(``vpip`` and ``raise3`` as fractions of hands dealt); the simulator's tests hold it to
them. VPIP counts a call, completion or raise on 3rd street (posting the bring-in is not
voluntary); ``raise3`` counts a completion or raise on 3rd street.

Decisions, as a stud player makes them:

* 3rd street ranks the start by its percentile among all starts (``starts``): rolled-up
  trips, buried and split pairs, three-flushes and three-straights, razz low cards.
* Steals: when everybody folded to a player whose door card beats the door cards of the
  (at most two) players left to act, he completes with a much wider range.
* Later streets compare the player's prospects with what each opponent's upcards prove;
  a player who is beaten on board folds (a calling station mostly does not).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stud_hh.engine import Action, ActionKind, LegalAction
from stud_hh.events import Game, Street
from stud_hh.simulate.starts import start_table
from stud_hh.simulate.strength import board_strength, strength

# Enum members bound once: a class attribute lookup on an enum costs ~0.2 us, and the
# hand loop makes thousands.
_BET = ActionKind.BET
_BRING_IN = ActionKind.BRING_IN
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_COMPLETE = ActionKind.COMPLETE
_FOLD = ActionKind.FOLD
_RAISE = ActionKind.RAISE
_THIRD = Street.THIRD

__all__ = ["PROFILES", "Profile", "decide", "profile"]


@dataclass(frozen=True, slots=True)
class Profile:
    """A playing style. Fractions are of hands dealt / of decisions of that kind."""

    name: str
    play: float  # share of starts played when only the bring-in is in
    complete: float  # share of starts completed/raised on 3rd street
    steal: float  # extra share completed in a steal spot
    defend: float  # share of ``play`` that still calls a completion
    aggression: float  # chance to bet/raise a strong hand (and scale of bluffs)
    bluff: float  # chance to bet with nothing when checked to
    call_floor: float  # weakest strength that calls a bet on later streets
    fold_beaten: float  # chance to fold when an opponent's board beats the hand
    vpip: tuple[float, float]  # declared range of VPIP
    raise3: tuple[float, float]  # declared range of 3rd-street completion/raise rate
    chatty: float = 0.0  # chance per hand of a chat line


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile("rock", play=0.15, complete=0.06, steal=0.06, defend=0.5, aggression=0.35,
                bluff=0.02, call_floor=0.45, fold_beaten=0.95, vpip=(0.08, 0.22),
                raise3=(0.02, 0.10)),
        Profile("tag", play=0.26, complete=0.14, steal=0.20, defend=0.55, aggression=0.75,
                bluff=0.08, call_floor=0.40, fold_beaten=0.9, vpip=(0.16, 0.34),
                raise3=(0.08, 0.22), chatty=0.01),
        Profile("lag", play=0.45, complete=0.26, steal=0.30, defend=0.6, aggression=0.85,
                bluff=0.18, call_floor=0.36, fold_beaten=0.75, vpip=(0.30, 0.55),
                raise3=(0.15, 0.35), chatty=0.02),
        Profile("station", play=0.62, complete=0.03, steal=0.02, defend=0.85,
                aggression=0.15, bluff=0.01, call_floor=0.22, fold_beaten=0.35,
                vpip=(0.48, 0.75), raise3=(0.0, 0.06), chatty=0.03),
        Profile("fish", play=0.48, complete=0.06, steal=0.04, defend=0.7, aggression=0.3,
                bluff=0.04, call_floor=0.30, fold_beaten=0.6, vpip=(0.35, 0.60),
                raise3=(0.02, 0.12), chatty=0.05),
        Profile("maniac", play=0.75, complete=0.50, steal=0.30, defend=0.85,
                aggression=0.95, bluff=0.45, call_floor=0.25, fold_beaten=0.4,
                vpip=(0.60, 0.90), raise3=(0.35, 0.70), chatty=0.06),
    )
}


def profile(name: str) -> Profile:
    return PROFILES[name]


def _pick(legal: tuple[LegalAction, ...], kind: ActionKind) -> LegalAction | None:
    for option in legal:
        if option.kind is kind:
            return option
    return None


def _first(legal: tuple[LegalAction, ...], *kinds: ActionKind) -> tuple[ActionKind, int | None]:
    for kind in kinds:
        option = _pick(legal, kind)
        if option is not None:
            return kind, (option.amounts[0] if option.amounts else None)
    raise ValueError(f"none of {kinds} is legal among {legal}")


def _aggressive(st: Any, p: int, big: bool) -> Action | None:
    """The completion, bet or raise open to ``p`` (smallest or biggest size), if any.

    Why ask the engine only here: whether a raise is still open (cap, short all-in,
    every opponent all-in) is the engine's call, but checking, calling and folding are
    plain from the bet level, so most decisions never build the list of legal actions.
    """
    for option in st.legal_actions():
        kind = option.kind
        if kind is _COMPLETE or kind is _BET or kind is _RAISE:
            amounts = option.amounts
            if not amounts:
                return Action(kind, p, None)
            return Action(kind, p, max(amounts) if big else min(amounts))
    return None


def _passive(p: int, facing: bool) -> Action:
    """Check, or call when facing a bet (the engine sizes the call, all-in included)."""
    return Action(_CALL if facing else _CHECK, p, None)


def _give_up(p: int, facing: bool) -> Action:
    """Check when free, else fold."""
    return Action(_FOLD if facing else _CHECK, p, None)


def _door_beats(game: Game, mine: int, theirs: int) -> bool:
    if game is Game.RAZZ:
        mine_low = 1 if (mine >> 2) == 12 else (mine >> 2) + 2
        their_low = 1 if (theirs >> 2) == 12 else (theirs >> 2) + 2
        return mine_low < their_low
    return (mine >> 2) > (theirs >> 2)


def _bring_in(st: Any, p: int, pct: float, prof: Profile) -> Action:
    """The forced player: bring in or complete (or fold, where the rules allow it)."""
    legal = st.legal_actions()
    if pct >= 1 - prof.complete:
        kind, amount = _first(legal, _COMPLETE, _BRING_IN)
    else:
        kind, amount = _first(legal, _BRING_IN, _FOLD)
    return Action(kind, p, amount)


def _start_percentiles(st: Any, game: Game) -> list[float]:
    """Every player's starting-hand percentile (his three cards do not change on 3rd)."""
    table = start_table(game)
    return [table[h[0] * 2704 + h[1] * 52 + h[2]] for h in st.hole]


def _third_street(
    st: Any, p: int, prof: Profile, game: Game, facing: bool, rng: random.Random,
    memo: dict[int, Any],
) -> Action:
    pcts = memo.get(0)
    if pcts is None:
        pcts = memo[0] = _start_percentiles(st, game)
    pct = pcts[p]
    if not facing and st.bet_level == 0:  # nothing in yet: the bring-in is due
        return _bring_in(st, p, pct, prof)
    if not st.completed:
        if pct >= 1 - prof.complete or (
            pct >= 1 - prof.complete - prof.steal and _steal_spot(st, p, game)
        ):
            return _aggressive(st, p, big=False) or _passive(p, facing)
        if pct >= 1 - prof.play:
            return _passive(p, facing)
        return _give_up(p, facing)
    # facing a completion or raises
    if pct >= 1 - prof.complete * 0.35 and rng.random() < prof.aggression:
        choice = _aggressive(st, p, big=False)
        if choice is not None:
            return choice
    invested = st.street_bets[p] > 0
    threshold = prof.play * prof.defend * (1.3 if invested else 1.0) / (1 + 0.3 * st.raises)
    if pct >= 1 - threshold:
        return _passive(p, facing)
    return _give_up(p, facing)


def _steal_spot(st: Any, p: int, game: Game) -> bool:
    """Everybody folded to ``p``, at most two players (bring-in included) left behind him,
    and his door card beats each of their door cards."""
    n = st.n
    bring_in = st.bring_in_player
    if bring_in is None:
        return False
    folded = st.folded
    behind: list[int] = []
    q = (p + 1) % n
    while True:
        if not folded[q]:
            behind.append(q)
        if q == bring_in:
            break
        q = (q + 1) % n
    if len(behind) > 2 or n - sum(folded) != len(behind) + 1:
        return False
    door = st.upcards(p)[0]
    return all(_door_beats(game, door, st.upcards(q)[0]) for q in behind)


def _later_street(
    st: Any, p: int, prof: Profile, game: Game, facing: bool, rng: random.Random,
    memo: dict[int, Any],
) -> Action:
    street = st.street
    seen = memo.get(street)
    folded = st.folded
    if seen is None:  # cards change only between streets: one estimate per player and street
        seen = memo[street] = (
            [None] * st.n,
            [0.0 if folded[q] else board_strength(game, st.upcards(q)) for q in range(st.n)],
        )
    own, boards = seen
    mine = own[p]
    if mine is None:
        mine = own[p] = strength(game, st.cards(p))  # the simulator knows every card
    threat = 0.0
    for q, b in enumerate(boards):
        if b > threat and q != p and not folded[q]:
            threat = b
    if facing:
        if threat > mine + 0.02 and rng.random() < prof.fold_beaten:  # beaten on board
            return Action(_FOLD, p, None)
        if mine >= 0.62 - 0.15 * prof.aggression and rng.random() < prof.aggression * 0.6:
            choice = _aggressive(st, p, big=True)
            if choice is not None:
                return choice
        floor = prof.call_floor + 0.04 * (street - 4) + 0.05 * st.raises
        if mine >= floor or rng.random() < prof.bluff * 0.3:
            return Action(_CALL, p, None)
        return Action(_FOLD, p, None)
    if (mine >= 0.45 - 0.2 * prof.aggression and rng.random() < prof.aggression + 0.15) or (
        rng.random() < prof.bluff
    ):
        choice = _aggressive(st, p, big=mine > 0.5)
        if choice is not None:
            return choice
    return Action(_CHECK, p, None)


def decide(
    st: Any, prof: Profile, game: Game, rng: random.Random,
    memo: dict[int, Any] | None = None,
) -> Action:
    """The action ``st.to_act`` takes now, as an engine ``Action``.

    ``memo``: one dict per hand (0 -> starting-hand percentiles; a later street -> each
    player's own and board strength), so that estimates are made once per player and
    street, not at every decision.
    Check, call and fold carry no amount (the engine sizes them); only completions, bets
    and raises consult ``legal_actions``.
    """
    p = st.to_act
    facing = st.bet_level > st.street_bets[p]
    if memo is None:
        memo = {}
    if st.street is _THIRD:
        return _third_street(st, p, prof, game, facing, rng, memo)
    return _later_street(st, p, prof, game, facing, rng, memo)
