"""Per-profile behaviour statistics of simulated hands: the realism check's measure.

Why here and not in ``facts``: the stats layer measures players; this measures what the
simulator promised for each *profile* (``Profile.vpip`` and ``Profile.raise3``), so
tests, the benchmark and anyone tuning a profile compute it the same way.

VPIP: the share of hands dealt in which the player called, completed or raised on 3rd
street (posting the bring-in is forced, not voluntary). Raise rate: the share in which he
completed or raised on 3rd street. Showdown rate: the share of hands with a showdown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from stud_hh.events import Call, Complete, Deal, Raise, ShowdownStart, Street, StreetStart
from stud_hh.simulate.session import SimulatedHand

__all__ = ["ProfileStats", "measure"]


@dataclass(slots=True)
class ProfileStats:
    dealt: int = 0
    vpip: int = 0
    raised: int = 0

    @property
    def vpip_rate(self) -> float:
        return self.vpip / self.dealt if self.dealt else 0.0

    @property
    def raise_rate(self) -> float:
        return self.raised / self.dealt if self.dealt else 0.0


@dataclass(slots=True)
class Measured:
    hands: int = 0
    showdowns: int = 0
    profiles: dict[str, ProfileStats] = field(default_factory=dict)

    @property
    def showdown_rate(self) -> float:
        return self.showdowns / self.hands if self.hands else 0.0


def measure(simulated: Iterable[SimulatedHand]) -> Measured:
    out = Measured()
    for item in simulated:
        out.hands += 1
        hand = item.hand
        dealt: set[str] = set()
        voluntary: set[str] = set()
        raised: set[str] = set()
        third = True
        for event in hand.events:
            kind = type(event)
            if kind is StreetStart:
                third = event.street is Street.THIRD  # type: ignore[union-attr]
            elif kind is Deal:
                if event.street is Street.THIRD:  # type: ignore[union-attr]
                    dealt.add(event.player)  # type: ignore[union-attr]
            elif kind is ShowdownStart:
                out.showdowns += 1
            elif third:
                if kind is Call:
                    voluntary.add(event.player)  # type: ignore[union-attr]
                elif kind is Complete or kind is Raise:
                    voluntary.add(event.player)  # type: ignore[union-attr]
                    raised.add(event.player)  # type: ignore[union-attr]
        for player in dealt:
            stats = out.profiles.setdefault(item.profiles[player], ProfileStats())
            stats.dealt += 1
            stats.vpip += player in voluntary
            stats.raised += player in raised
    return out
