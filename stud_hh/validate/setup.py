"""The table a hand is replayed at: who is dealt in, their stacks, the ante and the bring-in.

PokerStars prints neither ante nor bring-in, and its parser fills the header from what was
posted, so the posted amounts are not evidence of themselves: the ante is the one most
players posted (``consistency.ante_of``), and a posted bring-in must be more than the ante
and less than the small bet (rule book 4.3), and equal to the header's when another dialect
printed one that differs. All of it is read from the whole hand (the ``Ledger``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from stud_hh.engine import Stakes
from stud_hh.events import Ante, BringIn, Hand, Header
from stud_hh.validate.consistency import ante_of
from stud_hh.validate.ledger import Ledger
from stud_hh.validate.money import money


@dataclass(frozen=True, slots=True)
class Setup:
    """What the engine is built with, and what the history got wrong about it.

    ``players``: everyone dealt in, anteing or acting who has a seat with chips, in seat
    order; ``stacks``: theirs. ``bring_in_problem``: why the posted bring-in cannot be the
    table's (``None`` when it can). ``antes_as_due``: the antes are one from each player, at
    the table ante, so they are posted as the engine asks for them.
    """

    players: list[str]
    stacks: list[int]
    stakes: Stakes
    bring_in_problem: str | None
    antes_as_due: bool


def setup_for(hand: Hand, ledger: Ledger) -> Setup:
    """The hand's table, read from its ledger (``ValueError`` for impossible stakes)."""
    seat_stacks = {s.player: s.stack for s in hand.seats}  # a name on two seats: the last
    players = participants(hand, ledger)
    stakes, problem = stakes_for(hand, ledger)
    return Setup(players, [seat_stacks[p] for p in players], stakes, problem,
                 _antes_as_due(ledger.antes, players, stakes.ante))


def participants(hand: Hand, ledger: Ledger) -> list[str]:
    """Players dealt in, in seat order: the engine's players."""
    return [s.player for s in hand.seats if s.player in ledger.took_part and s.stack > 0]


def stakes_for(hand: Hand, ledger: Ledger) -> tuple[Stakes, str | None]:
    """The hand's stakes, and why the posted bring-in cannot be the table's, if it cannot."""
    return _stakes(hand.header, ante_of(ledger.antes, hand.header), ledger.bring_in)


def _stakes(h: Header, table_ante: int | None,
            posted: BringIn | None) -> tuple[Stakes, str | None]:
    ante = table_ante or 0
    fallback = max(ante + 1, h.small_bet // 2)
    declared = h.bring_in if h.bring_in is not None and ante < h.bring_in < h.small_bet \
        else None
    problem: str | None = None
    if posted is None or posted.all_in:
        bring_in = declared or fallback
    elif not ante < posted.amount < h.small_bet:
        bring_in = declared if declared is not None and declared != posted.amount \
            else fallback
        problem = (f"more than the ante ({money(ante, h)}) and less than the small bet "
                   f"({money(h.small_bet, h)})")
    elif declared is not None and declared != posted.amount:
        bring_in = declared
        problem = money(declared, h)
    else:
        bring_in = posted.amount
    return _stakes_of(ante, bring_in, h.small_bet, h.big_bet), problem


@lru_cache(maxsize=1024)
def _stakes_of(ante: int, bring_in: int, small_bet: int, big_bet: int) -> Stakes:
    """``Stakes`` are immutable values and a session's hands share a few: built once each."""
    return Stakes(ante=ante, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet)


def _antes_as_due(antes: list[Ante], players: list[str], ante: int) -> bool:
    """One ante each from every player, at the table ante (posted all at once)."""
    return len(antes) == len(players) and all(
        a.amount == ante and a.player in players for a in antes
    )
