"""A hand's findings: engine refusals turned into catalogue violations, in the site's words.

The engine speaks in raw units and its own codes; an auditor reads the catalogue's codes
and the site's money. ``Findings`` collects one hand's violations in the order they were
found, rewording what the engine said and dropping what is not a second breach (the player
an out-of-turn action skipped, acting next). Linking a consequence to its root finding
belongs here too: every violation of the replay passes through ``Findings.add``.
"""

from __future__ import annotations

from typing import Any

from stud_hh.engine import IllegalAction, LegalAction
from stud_hh.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Hand,
    PlayerAction,
    Raise,
    Street,
)
from stud_hh.validate.catalogue import CATALOGUE, Violation, violation
from stud_hh.validate.money import money

#: Engine codes that name the same breach under another word in the catalogue.
_RENAMED = {
    "CALL_AMOUNT": "BET_SIZE",
    "BRING_IN_EXPECTED": "BRING_IN_MISSING",
    "NOT_BETTING": "ACTION_WHEN_NOT_BETTING",
    "ROUND_OPEN": "INCOMPLETE_HAND",  # the replay words it itself (``Replay._left_open``)
}
#: Codes whose engine message carries raw amounts: reworded with the site's money.
_SIZED = frozenset(
    {"CHECK_FACING_BET", "BET_SIZE", "RAISE_BEFORE_COMPLETION", "BIG_BET_WITHOUT_OPEN_PAIR",
     "SMALL_RAISE_AFTER_BIG_BET", "WRONG_BRING_IN_AMOUNT", "BET_FACING_BET", "NOTHING_TO_CALL"}
)
#: Engine codes the record checks report once for the whole hand (see consistency.py).
_LEFT_TO_RECORD_CHECKS = frozenset(
    {"ANTE_MISSING", "ANTE_AMOUNT", "DUPLICATE_CARD", "WRONG_CARD_COUNT", "NOT_DEALING",
     "BET_EXCEEDS_STACK"}
)


def catalogue_code(engine_code: str) -> str | None:
    """The catalogue code for an engine refusal; ``None`` when the record checks own it.

    A refusal the catalogue does not know yet is kept as ``ILLEGAL_ACTION`` with the
    engine's message, so nothing the engine finds is lost.
    """
    if engine_code in _LEFT_TO_RECORD_CHECKS:
        return None
    code = _RENAMED.get(engine_code, engine_code)
    return code if code in CATALOGUE else "ILLEGAL_ACTION"


def did(event: PlayerAction, hand: Hand) -> str:
    """What the history says the player did, in its money: ``raised to $0.16``."""
    h = hand.header
    match event:
        case Check():
            return "checked"
        case Fold():
            return "folded"
        case Call(amount=amount):
            return f"called {money(amount, h)}"
        case Bet(amount=amount):
            return f"bet {money(amount, h)}"
        case BringIn(amount=amount):
            return f"brought in for {money(amount, h)}"
        case Complete(to=to):
            return f"completed to {money(to, h)}"
        case Raise(to=to):
            return f"raised to {money(to, h)}"
    raise TypeError(f"not a betting action: {event!r}")


class Findings:
    """One hand's violations, in the order found, and where the replay stands."""

    __slots__ = ("_last_out_of_turn", "_players", "_skipped", "action_index", "bring_in",
                 "due", "hand", "open_rounds", "options", "out", "street")

    def __init__(self, hand: Hand, players: tuple[str, ...] = ()) -> None:
        self.hand = hand
        self._players = players  # the engine's, by index
        self.out: list[Violation] = []
        # what ``causes`` reads to link consequences to their roots: by action index, what
        # the actor could have done when it was his turn, and who was due instead; the
        # rounds the history left open, with who was to act and what he could have done
        self.options: dict[int, tuple[LegalAction, ...]] = {}
        self.due: dict[int, str] = {}
        self.open_rounds: list[tuple[Street, str | None, tuple[LegalAction, ...]]] = []
        self.bring_in: int | None = None  # the structure's, when the posted one is not it
        self.street: Street = Street.THIRD  # where the replay stands
        self.action_index = -1
        self._skipped: str | None = None  # the player an out-of-turn action passed over
        self._last_out_of_turn = -2

    def add(self, code: str, *, player: str | None, message: str | None = None,
            street: Street | None = None, action_index: int | None = None,
            at_action: bool = True, **details: Any) -> None:
        """A violation at the current action (``at_action``), or at the hand level."""
        if at_action:
            street, action_index = self.street, self.action_index
        self.out.append(violation(self.hand.header.hand_id, code, street=street,
                                  action_index=action_index, player=player,
                                  message=message, **details))

    def has(self, code: str) -> bool:
        """Whether ``code`` was already found at the current action."""
        return any(v.code == code and v.action_index == self.action_index for v in self.out)

    def worded(self, code: str, player: str | None, **details: Any) -> str:
        """``code``'s catalogue sentence for ``player``."""
        return violation(self.hand.header.hand_id, code, street=self.street,
                         action_index=self.action_index, player=player, **details).message

    def refusal(self, err: IllegalAction, event: PlayerAction, expected: str,
                reading: str | None = None) -> None:
        """An engine refusal of ``event``; ``expected``: what the engine would have taken;
        ``reading``: how the replay followed the history, when it could be read two ways."""
        code = catalogue_code(err.code.value)
        if code is None:
            return
        player = event.player
        message = err.message
        if code in _SIZED:
            # The engine counts in raw units; say it in the site's money instead.
            message = f"{player} {did(event, self.hand)}; expected {_for(expected, player)}"
        elif expected and code != "ACTION_WHEN_NOT_BETTING":
            message = f"{message} (expected {expected})"
        if reading:
            message = f"{message}; {reading}"
        if code == "OUT_OF_TURN" and self._catching_up(err, player):
            return
        self.add(code, player=player, message=message)

    def _catching_up(self, err: IllegalAction, player: str) -> bool:
        """The player passed over by an out-of-turn action acting next is the history
        catching up with itself, not a second breach."""
        skipped = self._skipped
        self._skipped = None if err.expected is None else self._players[err.expected]
        index = self.action_index
        if skipped is not None and player == skipped and self._last_out_of_turn == index - 1:
            return True
        self._last_out_of_turn = index
        return False


def _for(expected: str, player: str) -> str:
    """``Bob to act: fold, call $0.04`` reads better as ``fold, call $0.04`` for Bob."""
    prefix = f"{player} to act: "
    return expected[len(prefix):] if expected.startswith(prefix) else expected
