"""Player profiles: how often a simulated player plays, raises, bluffs and gives up.

Why: stats, reports and the audit must be exercised on hands that look like real stud,
where the rock folds most starts, the calling station pays off to the river and the maniac
caps 3rd street with a three-flush. A profile is data (a frozen dataclass); ``decide``
turns it (through its ``Style``, the thresholds worked out once) into one decision code
per decision.

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

Why decisions are codes, not engine actions: whether a completion, bet or raise is still
open (cap, short all-in, every opponent all-in) is the engine's call, made once when the
action is applied; ``play_hand`` falls back to checking or calling when it is closed, so a
decision never lists the legal actions first. Every estimate is read from the hand's
``HandView`` (cards recorded as dealt, strengths cached per street).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from stud_hh.events import Game, Street
from stud_hh.simulate.view import HandView

_THIRD = Street.THIRD
_RAZZ = Game.RAZZ

#: What ``decide`` returns; ``play_hand`` turns it into the engine action.
GIVE_UP = 0  # check when free, else fold
PASSIVE = 1  # check, or call when facing a bet
AGGRESSIVE = 2  # complete, bet or raise the smallest size; passive when none is open
AGGRESSIVE_BIG = 3  # the same, the biggest size (a double bet on 4th street)
BRING_IN = 4  # post the bring-in
COMPLETE = 5  # complete instead of bringing in (bring in when completing is not open)

__all__ = [
    "AGGRESSIVE",
    "AGGRESSIVE_BIG",
    "BRING_IN",
    "COMPLETE",
    "GIVE_UP",
    "PASSIVE",
    "PROFILES",
    "Profile",
    "Style",
    "decide",
    "profile",
    "style_of",
]


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


def _door_beats(game: Game, mine: int, theirs: int) -> bool:
    if game is _RAZZ:
        mine_low = 1 if (mine >> 2) == 12 else (mine >> 2) + 2
        their_low = 1 if (theirs >> 2) == 12 else (theirs >> 2) + 2
        return mine_low < their_low
    return (mine >> 2) > (theirs >> 2)


class Style:
    """A profile's decision thresholds, worked out once (``style_of``), so that a decision
    compares numbers instead of recomputing ``1 - prof.complete`` and the like each time.
    Every threshold is the same expression as in the rules above, so decisions are
    exactly the ones the profile's fields describe."""

    __slots__ = (
        "aggression",
        "bet_at",
        "bet_odds",
        "bluff",
        "bluff_call",
        "call_floor",
        "complete_at",
        "defend",
        "fold_beaten",
        "play_at",
        "profile",
        "raise_at",
        "raise_odds",
        "reraise_at",
        "steal_at",
    )

    def __init__(self, prof: Profile) -> None:
        self.profile = prof
        self.complete_at = 1 - prof.complete  # complete or raise a start this good
        self.steal_at = 1 - prof.complete - prof.steal  # ... or this good in a steal spot
        self.play_at = 1 - prof.play  # play (call) a start this good
        self.reraise_at = 1 - prof.complete * 0.35  # re-raise a completion
        self.aggression = prof.aggression
        self.defend = prof.play * prof.defend  # share of starts that call a completion
        self.fold_beaten = prof.fold_beaten
        self.raise_at = 0.62 - 0.15 * prof.aggression  # raise a bet with this strength
        self.raise_odds = prof.aggression * 0.6
        self.call_floor = prof.call_floor
        self.bluff_call = prof.bluff * 0.3
        self.bet_at = 0.45 - 0.2 * prof.aggression  # bet when checked to
        self.bet_odds = prof.aggression + 0.15
        self.bluff = prof.bluff


@lru_cache(maxsize=256)
def style_of(prof: Profile) -> Style:
    """The ``Style`` of ``prof`` (one per distinct profile: profiles are frozen values)."""
    return Style(prof)


def _steal_spot(st: Any, view: HandView, p: int) -> bool:
    """Everybody folded to ``p``, at most two players (bring-in included) left behind him,
    and his door card beats each of their door cards."""
    n = view.n
    bring_in = st.bring_in_player
    if bring_in is None:
        return False
    folded = view.folded
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
    game = view.game
    ups = view.ups
    door = ups[p][0]
    return all(_door_beats(game, door, ups[q][0]) for q in behind)


def decide(
    st: Any, view: HandView, p: int, facing: bool, style: Style, rng: random.Random
) -> int:
    """What ``p`` (``st.to_act``, facing a bet or not) does now: one of the codes above.

    ``view`` holds the hand's cards, folds and street bets as ``play_hand`` recorded
    them (read there, not rebuilt by the engine for each decision); ``style``
    is ``style_of`` the player's profile. One function, not one per street: a hand makes
    a dozen decisions and each call costs more than the comparisons it makes.
    """
    if st.street is _THIRD:
        pct = view.pcts[p]
        if not st.completed:
            if not facing and st.bet_level == 0:  # nothing in yet: the bring-in is due
                return COMPLETE if pct >= style.complete_at else BRING_IN
            if pct >= style.complete_at or (
                pct >= style.steal_at and _steal_spot(st, view, p)
            ):
                return AGGRESSIVE
            return PASSIVE if pct >= style.play_at else GIVE_UP
        # facing a completion or raises (a re-raise that is not open is a call: its
        # threshold is above every profile's calling threshold)
        if pct >= style.reraise_at and rng.random() < style.aggression:
            return AGGRESSIVE
        invested = view.bets[p] > 0
        threshold = style.defend * (1.3 if invested else 1.0) / (1 + 0.3 * st.raises)
        return PASSIVE if pct >= 1 - threshold else GIVE_UP
    mine = view.strength(p)
    if facing:
        if view.threat(p) > mine + 0.02 and rng.random() < style.fold_beaten:  # beaten
            return GIVE_UP
        if mine >= style.raise_at and rng.random() < style.raise_odds:
            return AGGRESSIVE_BIG
        floor = style.call_floor + 0.04 * (st.street - 4) + 0.05 * st.raises
        if mine >= floor or rng.random() < style.bluff_call:
            return PASSIVE
        return GIVE_UP
    if (mine >= style.bet_at and rng.random() < style.bet_odds) or rng.random() < style.bluff:
        return AGGRESSIVE_BIG if mine > 0.5 else AGGRESSIVE
    return PASSIVE
