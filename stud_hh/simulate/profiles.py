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


def _aggressive(
    legal: tuple[LegalAction, ...], rng: random.Random, big: bool
) -> tuple[ActionKind, int | None] | None:
    for kind in (_COMPLETE, _BET, _RAISE):
        option = _pick(legal, kind)
        if option is not None:
            amounts = option.amounts
            if not amounts:
                return kind, None
            return kind, (max(amounts) if big else min(amounts))
    return None


def _passive(legal: tuple[LegalAction, ...]) -> tuple[ActionKind, int | None]:
    return _first(legal, _CHECK, _CALL, _BRING_IN)


def _door_beats(game: Game, mine: int, theirs: int) -> bool:
    if game is Game.RAZZ:
        mine_low = 1 if (mine >> 2) == 12 else (mine >> 2) + 2
        their_low = 1 if (theirs >> 2) == 12 else (theirs >> 2) + 2
        return mine_low < their_low
    return (mine >> 2) > (theirs >> 2)


def _third_street(
    st: Any, p: int, prof: Profile, game: Game, legal: tuple[LegalAction, ...],
    rng: random.Random,
) -> tuple[ActionKind, int | None]:
    hole = st.cards(p)
    pct = start_table(game)[hole[0] * 2704 + hole[1] * 52 + hole[2]]
    kinds = {option.kind for option in legal}
    if _BRING_IN in kinds:  # the forced player: bring in or complete
        if pct >= 1 - prof.complete:
            return _first(legal, _COMPLETE, _BRING_IN)
        return _first(legal, _BRING_IN, _FOLD)
    if not st.completed:
        if pct >= 1 - prof.complete:
            return _first(legal, _COMPLETE, _CALL)
        if _steal_spot(st, p, game) and pct >= 1 - prof.complete - prof.steal:
            return _first(legal, _COMPLETE, _CALL)
        if pct >= 1 - prof.play:
            return _first(legal, _CALL, _CHECK)
        return _first(legal, _CHECK, _FOLD)
    # facing a completion or raises
    invested = st.street_bets[p] > 0
    if pct >= 1 - prof.complete * 0.35 and rng.random() < prof.aggression:
        choice = _aggressive(legal, rng, big=False)
        if choice is not None:
            return choice
    threshold = prof.play * prof.defend * (1.3 if invested else 1.0) / (1 + 0.3 * st.raises)
    if pct >= 1 - threshold:
        return _first(legal, _CALL, _CHECK)
    return _first(legal, _CHECK, _FOLD)


def _steal_spot(st: Any, p: int, game: Game) -> bool:
    """Everybody folded to ``p``, at most two players (bring-in included) left behind him,
    and his door card beats each of their door cards."""
    n = st.n
    bring_in = st.bring_in_player
    if bring_in is None:
        return False
    behind: list[int] = []
    q = (p + 1) % n
    while True:
        if not st.folded[q]:
            behind.append(q)
        if q == bring_in:
            break
        q = (q + 1) % n
    live = [q for q in range(n) if not st.folded[q]]
    if len(behind) > 2 or len(live) != len(behind) + 1:
        return False
    door = st.upcards(p)[0]
    return all(_door_beats(game, door, st.upcards(q)[0]) for q in behind)


def _later_street(
    st: Any, p: int, prof: Profile, game: Game, legal: tuple[LegalAction, ...],
    rng: random.Random, memo: dict[tuple[int, int], float],
) -> tuple[ActionKind, int | None]:
    street = st.street
    mine = memo.get((p, street))
    if mine is None:  # cards change only between streets: one estimate per street
        mine = memo[(p, street)] = strength(game, [c for c in st.cards(p) if c is not None])
    threat = 0.0
    for q in st.live:
        if q != p:
            b = memo.get((-1 - q, street))
            if b is None:
                b = memo[(-1 - q, street)] = board_strength(game, st.upcards(q))
            if b > threat:
                threat = b
    beaten = threat > mine + 0.02
    facing = _pick(legal, _CALL) is not None
    if facing:
        if beaten and rng.random() < prof.fold_beaten:
            return _first(legal, _FOLD)
        if mine >= 0.62 - 0.15 * prof.aggression and rng.random() < prof.aggression * 0.6:
            choice = _aggressive(legal, rng, big=True)
            if choice is not None:
                return choice
        floor = prof.call_floor + 0.04 * (street - 4) + 0.05 * st.raises
        if mine >= floor or rng.random() < prof.bluff * 0.3:
            return _first(legal, _CALL)
        return _first(legal, _FOLD)
    if (mine >= 0.45 - 0.2 * prof.aggression and rng.random() < prof.aggression + 0.15) or (
        rng.random() < prof.bluff
    ):
        choice = _aggressive(legal, rng, big=mine > 0.5)
        if choice is not None:
            return choice
    return _passive(legal)


def decide(
    st: Any, prof: Profile, game: Game, rng: random.Random,
    memo: dict[tuple[int, int], float] | None = None,
) -> Action:
    """The action ``st.to_act`` takes now, as an engine ``Action``.

    ``memo``: one dict per hand, so that hand-strength estimates are made once per player
    and street rather than at every decision.
    """
    p = st.to_act
    legal = st.legal_actions()
    if st.street is _THIRD:
        kind, amount = _third_street(st, p, prof, game, legal, rng)
    else:
        kind, amount = _later_street(st, p, prof, game, legal, rng, {} if memo is None else memo)
    return Action(kind, p, amount)
