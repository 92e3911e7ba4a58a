"""What an equity question is and what its answer says: frozen records, no computing.

A stud spot is each player's known cards (down and up, in any order), the dead cards (a
folded player's upcards, cards only the hero saw) and, when the deck runs out on 7th
street, the community card (rule book 7). Every card a player still lacks to make seven
is dealt from the unseen cards: his hidden downcards and the cards still to come are the
same thing to an observer, so a spot needs no street and no "unknown card" markers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from math import comb

from stud_hh.cards import DECK, str_cards
from stud_hh.events import Game

MIN_PLAYERS, MAX_PLAYERS = 2, 8
HAND_CARDS = 7
#: Default target standard error of a sampled equity (a tenth of a percentage point).
DEFAULT_STDERR = 0.001


class Method(StrEnum):
    """How the runouts were counted: all of them, or a seeded random sample."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


class EquityError(ValueError):
    """A spot that cannot happen: repeated cards, too many cards, too few in the deck."""


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's chances over the runouts; each a probability, ``equity`` an expectation.

    * ``scoop``: he takes the whole pot alone (in stud8 both halves, or the high half when
      no low qualifies).
    * ``win``: he takes some pot or half alone. In stud and razz this is ``scoop``; in
      stud8 it also counts winning one half alone while the other goes elsewhere.
    * ``tie``: he shares some pot or half with an equal hand.
    * ``equity``: his expected share of the pot (a split half counts a half, a quartered
      pot a quarter); the players' equities sum to one.
    """

    win: float
    tie: float
    scoop: float
    equity: float


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The answer: per player in the order asked, with how it was counted.

    ``stderr`` is the largest standard error among the players' equities (0 when exact);
    ``runouts`` the runouts enumerated or sampled. ``chips``, when a pot was given, is each
    player's expected chips from it, odd chips included (rule book 8).
    """

    method: Method
    players: tuple[PlayerEquity, ...]
    stderr: float
    runouts: int
    seed: int | None = None
    community: bool = False
    chips: tuple[float, ...] | None = None

    def as_json(self) -> dict[str, object]:
        """The ``stud-hh equity --format json`` object (the issue's shape, nothing more)."""
        return {
            "method": str(self.method),
            "players": [{"win": p.win, "tie": p.tie, "scoop": p.scoop, "equity": p.equity}
                        for p in self.players],
            "stderr": self.stderr,
        }


@dataclass(frozen=True, slots=True)
class Spot:
    """A checked stud spot (build it with :func:`spot`)."""

    game: Game
    hands: tuple[tuple[int, ...], ...]
    dead: tuple[int, ...]
    board: tuple[int, ...]
    community: bool

    @property
    def deck(self) -> tuple[int, ...]:
        """The unseen cards, in card order."""
        seen = {c for h in self.hands for c in h} | set(self.dead) | set(self.board)
        return tuple(c for c in DECK if c not in seen)

    @property
    def needs(self) -> tuple[int, ...]:
        """Cards each player still receives of his own."""
        own = HAND_CARDS - (1 if self.community else 0)
        return tuple(own - len(h) for h in self.hands)

    @property
    def draws_community(self) -> bool:
        """The community card is still to come."""
        return self.community and not self.board

    def exact_runouts(self) -> int:
        """How many equally likely runouts an exact count visits."""
        left = len(self.deck)
        total = 1
        if self.draws_community:
            total, left = left, left - 1
        for need in self.needs:
            total *= comb(left, need)
            left -= need
        return total


def spot(hands: list[tuple[int, ...]] | tuple[tuple[int, ...], ...], game: Game | str = Game.STUD,
         dead: tuple[int, ...] | list[int] = (), board: tuple[int, ...] | list[int] = (),
         community: bool | None = None) -> Spot:
    """Check a spot and decide the out-of-cards case.

    ``community=None`` deals a community 7th card exactly when the unseen cards cannot give
    every player a 7th card of his own (eight players to the river, or a known ``board``
    card); pass ``True``/``False`` to say what the rules and the hand did.

    >>> from stud_hh.cards import parse_cards
    >>> s = spot([parse_cards("Ah Kh Qh Jh 2c"), parse_cards("7c 7d 7s 8s 9d")], "stud")
    >>> s.needs, len(s.deck), s.exact_runouts()
    ((2, 2), 42, 671580)
    """
    game = Game(game)
    hands = tuple(tuple(h) for h in hands)
    dead, board = tuple(dead), tuple(board)
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise EquityError(f"equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                          f"not {len(hands)}")
    every = [c for h in hands for c in h] + list(dead) + list(board)
    bad = [c for c in every if not 0 <= c < len(DECK)]
    if bad:
        raise EquityError(f"not cards: {bad}")
    if len(set(every)) != len(every):
        seen: set[int] = set()
        twice = sorted({c for c in every if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
        raise EquityError(f"cards given twice: {str_cards(twice)}")
    if len(board) > 1:
        raise EquityError("stud has at most one community card")
    unseen = len(DECK) - len(every)
    if community is None:
        community = bool(board) or sum(HAND_CARDS - len(h) for h in hands) > unseen
    own = HAND_CARDS - (1 if community else 0)
    for i, h in enumerate(hands):
        if len(h) > own:
            raise EquityError(f"player {i + 1} has {len(h)} cards; a stud hand holds {own}"
                              + (" besides the community card" if community else ""))
    wanted = sum(own - len(h) for h in hands) + (1 if community and not board else 0)
    if wanted > unseen:
        raise EquityError(f"the deck has {unseen} unseen cards but the players need "
                          f"{wanted}")
    return Spot(game, hands, dead, board, community)
