"""The records of a deal audit: what was observed per hand, and what each test found.

Only cards whose showing does not depend on how anyone played are observed: the hero's
three starting cards (his hole cards are logged in every hand he plays), every door card,
and the upcards of later streets, which only players still in receive (a selection the
test that uses them states).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stud_hh.events import Game


@dataclass(frozen=True, slots=True)
class DealHand:
    """One hand as the deal audit sees it, players in seat order (dealing order).

    ``doors``: each dealt-in player's door card (None if the history lacks it);
    ``hero``: the position among them of the player whose downcards are logged, with
    ``hero_start`` his two downcards then his door card; ``upcards``: each player's
    upcards in deal order, door card first; ``cards``: every card the hand shows, as
    recorded, repeats included (a fair deck has none).
    """

    game: Game
    table: str
    doors: tuple[int | None, ...]
    upcards: tuple[tuple[int, ...], ...]
    cards: tuple[int, ...]
    hero: int | None = None
    hero_start: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Category:
    """One cell of a test: how often it was seen against how often a fair deal shows it.

    ``share``: the fair probability of one observation falling here (for a test whose
    observations have different probabilities, the average).
    """

    label: str
    observed: int
    expected: float
    share: float


@dataclass(frozen=True, slots=True)
class DealTest:
    """One test of a fair deal.

    ``p_value`` is None when the sample is too small to test; ``p_adjusted`` is Holm's
    correction over the tests run; ``detectable`` says what the sample could detect with
    80 % power at the corrected level ("a 20 % excess of pairs").
    """

    name: str
    title: str
    observations: str
    n: int
    categories: tuple[Category, ...]
    statistic: float | None
    df: int
    p_value: float | None
    p_adjusted: float | None = None
    rejected: bool = False
    detectable: str = ""
    note: str = ""

    @property
    def tested(self) -> bool:
        return self.p_value is not None

    def conclusion(self) -> str:
        if self.p_value is None:
            return f"not tested: {self.note or 'too few observations'}"
        worst = max(self.categories, key=lambda c: abs(c.observed - c.expected)
                    / max(c.expected, 1e-9) ** 0.5)
        where = (f"{worst.label} {worst.observed:,} seen, {worst.expected:,.1f} expected"
                 if self.categories else "")
        if self.rejected:
            return f"rejects a fair deal: {where}"
        power = f"; could detect {self.detectable}" if self.detectable else ""
        return f"consistent with a fair deal{power}"


@dataclass(frozen=True, slots=True)
class FairnessReport:
    """Every test, corrected together; ``rejected`` when any rejects a fair deal."""

    hands: int
    alpha: float
    tests: tuple[DealTest, ...]
    conclusion: str
    player: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def rejected(self) -> bool:
        return any(t.rejected for t in self.tests)

    def as_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "player": self.player,
            "alpha": self.alpha,
            "correction": "holm",
            "rejected": self.rejected,
            "conclusion": self.conclusion,
            "tests": [{
                "name": t.name,
                "title": t.title,
                "observations": t.observations,
                "n": t.n,
                "categories": [{"label": c.label, "observed": c.observed,
                                "expected": c.expected, "share": c.share}
                               for c in t.categories],
                "statistic": t.statistic,
                "df": t.df,
                "p_value": t.p_value,
                "p_adjusted": t.p_adjusted,
                "rejected": t.rejected,
                "detectable": t.detectable,
                "note": t.note,
                "conclusion": t.conclusion(),
            } for t in self.tests],
        }
