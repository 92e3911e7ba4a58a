"""Records the engine hands out: frozen, hashable, comparable, cheap.

Everything a caller reads from the engine is one of these: what is legal now
(``LegalAction``), what dealing is due (``DealDue``), why something was refused
(``IllegalAction``), and the money (``Pot``, ``Share``, ``PotAward``, ``HandResult``).
Players are addressed by their index ``0..n-1`` in seat order (the order of
``Hand.seats``); index 0 sits at the "dealer's left" (see docs/engine-api.md).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import Enum, StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from stud_hh.events import Street

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_R = TypeVar("_R", bound="DataclassInstance")


def _quick_init(cls: type[_R]) -> type[_R]:
    """The same ``__init__`` as the frozen dataclass's, storing through the slots directly.

    A frozen dataclass sets each field with ``object.__setattr__``, which looks the field
    up on the type every time; the engine builds these records on its hot paths (awards,
    uncalled bets, actions), so each field is stored through its slot descriptor instead.
    Same parameters and defaults; equality, hashing, ``repr`` and immutability are the
    dataclass's, untouched.
    """
    names = [f.name for f in fields(cls)]
    defaults = tuple(f.default for f in fields(cls) if f.default is not MISSING)
    env = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    body = "".join(f"    _set_{n}(self, {n})\n" for n in names)
    ns: dict[str, Any] = {}
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", env, ns)
    init = ns["__init__"]
    init.__defaults__ = defaults or None
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(cls.__init__.__annotations__)
    setattr(cls, "__init__", init)  # noqa: B010 (a method is replaced, not an attribute read)
    return cls


class Phase(Enum):
    """What the hand waits for next."""

    ANTES = "antes"  # antes are due: post_ante / post_antes
    DEALING = "dealing"  # cards are due: deal / deal_community / deal_from
    BETTING = "betting"  # ``to_act`` must act (bring-in on 3rd street first)
    SHOWDOWN = "showdown"  # betting over: optional show/muck, then award(rake)
    OVER = "over"  # awarded; ``result`` is final


class ActionKind(StrEnum):
    """A betting decision. ``amount`` semantics are in ``Action``."""

    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


@_quick_init
@dataclass(frozen=True, slots=True)
class Action:
    """One betting decision.

    ``amount`` by kind (``None`` = "the legal size", handy for fixed limit):

    * ``BRING_IN``: chips posted (the bring-in, or less when all-in).
    * ``COMPLETE`` / ``BET`` / ``RAISE``: the player's *total* for the street after the
      action ("to"), as in ``raises 10 to 20``; the bring-in counts toward it.
    * ``CALL``: chips added by the call (may be less than owed when all-in).
    * ``CHECK`` / ``FOLD``: ignored.

    ``player`` is the player's index, or his name (the engine looks it up).
    """

    kind: ActionKind
    player: int | str
    amount: int | None = None


@lru_cache(maxsize=65_536)  # amounts differ by stakes: keep the memo bounded
def named_action(kind: ActionKind, player: int | str, amount: int | None = None) -> Action:
    """``Action(kind, player, amount)``: the one constructor the engine names its
    actions with (a replay's lines are memoised one level up, ``bridge.betting_action``)."""
    return Action(kind, player, amount)


@_quick_init
@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action ``to_act`` may take now, with every allowed amount.

    ``amounts`` follows ``Action.amount``: the "to" totals for COMPLETE/BET/RAISE (fixed
    limit: one or two values, e.g. small and big bet with an open pair on 4th street, or
    a short all-in total), the chips added for CALL and BRING_IN, empty for CHECK/FOLD.
    """

    kind: ActionKind
    amounts: tuple[int, ...] = ()

    @property
    def min_amount(self) -> int | None:
        return min(self.amounts) if self.amounts else None

    @property
    def max_amount(self) -> int | None:
        return max(self.amounts) if self.amounts else None


@_quick_init
@dataclass(frozen=True, slots=True)
class DealDue:
    """The dealing the engine waits for.

    ``players``: who still needs cards this street, in dealing order (clockwise from the
    dealer's left). ``up``: the face-up flags of one player's cards this street, in order
    (3rd street ``(False, False, True)``, 4th-6th ``(True,)``, 7th ``(False,)``).
    ``community``: True when the deck ran out (rule book 7) and one community card is
    due instead (``deal_community``); ``players`` is then empty.
    """

    street: Street
    players: tuple[int, ...]
    up: tuple[bool, ...]
    community: bool = False


class Code(StrEnum):
    """Stable codes of refused actions; the first block matches the validator's codes."""

    WRONG_BRING_IN_PLAYER = "WRONG_BRING_IN_PLAYER"
    WRONG_BRING_IN_AMOUNT = "WRONG_BRING_IN_AMOUNT"
    WRONG_FIRST_ACTOR = "WRONG_FIRST_ACTOR"
    OUT_OF_TURN = "OUT_OF_TURN"
    ACTION_AFTER_FOLD = "ACTION_AFTER_FOLD"
    ACTION_BY_ALL_IN_PLAYER = "ACTION_BY_ALL_IN_PLAYER"
    CHECK_FACING_BET = "CHECK_FACING_BET"
    BET_SIZE = "BET_SIZE"
    RAISE_BEFORE_COMPLETION = "RAISE_BEFORE_COMPLETION"
    RAISE_CAP_EXCEEDED = "RAISE_CAP_EXCEEDED"
    BIG_BET_WITHOUT_OPEN_PAIR = "BIG_BET_WITHOUT_OPEN_PAIR"
    SMALL_RAISE_AFTER_BIG_BET = "SMALL_RAISE_AFTER_BIG_BET"
    BET_EXCEEDS_STACK = "BET_EXCEEDS_STACK"
    ANTE_MISSING = "ANTE_MISSING"
    ANTE_AMOUNT = "ANTE_AMOUNT"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    WRONG_CARD_COUNT = "WRONG_CARD_COUNT"
    # engine-only codes
    CALL_AMOUNT = "CALL_AMOUNT"  # a call of the wrong size
    BET_FACING_BET = "BET_FACING_BET"  # "bets" when there is a bet to call or raise
    NOTHING_TO_CALL = "NOTHING_TO_CALL"  # "calls" with nothing to call
    RAISE_NOT_REOPENED = "RAISE_NOT_REOPENED"  # short all-in did not reopen the betting
    BRING_IN_EXPECTED = "BRING_IN_EXPECTED"  # 3rd street starts with the bring-in
    BRING_IN_NOT_DUE = "BRING_IN_NOT_DUE"  # a bring-in at any other moment
    NOT_BETTING = "NOT_BETTING"  # an action while antes/cards are due or the hand is over
    NOT_DEALING = "NOT_DEALING"  # cards given when no dealing is due
    ROUND_OPEN = "ROUND_OPEN"  # the next street dealt with a betting round still open
    UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
    NO_OPPONENT = "NO_OPPONENT"  # a bet or raise when every opponent is all-in


@dataclass(frozen=True, slots=True)
class IllegalInfo:
    """The immutable content of an ``IllegalAction`` (usable as a dict key, comparable)."""

    code: Code
    rule: str  # rule-book section, e.g. "4.6 first actor"
    message: str  # a sentence a player understands
    player: int | None = None  # who acted (None for hand-level checks)
    expected: int | None = None  # the player who should have acted, when relevant


class IllegalAction(Exception):
    """A refused action: raised by ``apply``/``x(...)``, *returned* by ``verify_x``.

    Carries a stable ``code``, the rule-book ``rule`` section and a plain ``message``.
    Equality and hashing go through ``info`` so records compare by content.
    """

    __slots__ = ("info",)

    def __init__(self, info: IllegalInfo) -> None:
        super().__init__(info.message)
        self.info = info

    @property
    def code(self) -> Code:
        return self.info.code

    @property
    def rule(self) -> str:
        return self.info.rule

    @property
    def message(self) -> str:
        return self.info.message

    @property
    def player(self) -> int | None:
        return self.info.player

    @property
    def expected(self) -> int | None:
        return self.info.expected

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[IllegalInfo]]:
        return (IllegalAction, (self.info,))  # pickles across worker processes

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IllegalAction) and other.info == self.info

    def __hash__(self) -> int:
        return hash(self.info)

    def __repr__(self) -> str:
        return f"IllegalAction({self.code.value}, {self.rule!r}, {self.message!r})"


class Half(StrEnum):
    """Which part of a pot a share comes from."""

    WHOLE = "whole"  # stud, razz, or hi/lo without a qualifying low
    HIGH = "high"
    LOW = "low"


@_quick_init
@dataclass(frozen=True, slots=True)
class Pot:
    """A pot (index 0 = main pot) and who may win it (live players who matched it)."""

    amount: int
    eligible: tuple[int, ...]


@_quick_init
@dataclass(frozen=True, slots=True)
class Share:
    player: int
    amount: int
    half: Half


@_quick_init
@dataclass(frozen=True, slots=True)
class PotAward:
    """How one pot was awarded: ``amount`` is after ``rake``; shares add up to it."""

    index: int
    amount: int
    rake: int
    eligible: tuple[int, ...]
    shares: tuple[Share, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(s.player for s in self.shares))


@_quick_init
@dataclass(frozen=True, slots=True)
class UncalledBet:
    """Chips returned because nobody matched them (rule book 4.7)."""

    player: int
    amount: int
    street: Street


@_quick_init
@dataclass(frozen=True, slots=True)
class HandResult:
    """The final money: ``sum(collected) + rake == total_pot``; stacks are after awards."""

    pots: tuple[PotAward, ...]
    rake: int
    total_pot: int  # after uncalled bets were returned, before rake
    contributions: tuple[int, ...]  # per player, after uncalled returns
    collected: tuple[int, ...]  # per player
    stacks: tuple[int, ...]  # final stacks
    uncalled: tuple[UncalledBet, ...]

    @property
    def net(self) -> tuple[int, ...]:
        return tuple(c - p for c, p in zip(self.collected, self.contributions, strict=True))


@dataclass(frozen=True, slots=True)
class Stakes:
    """Forced bets and limits of a fixed-limit stud game, in the smallest unit.

    The bring-in is normally above the ante and below the small bet (rule book 4.3);
    the engine does not insist, since tournaments and sites print odd structures.
    """

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int

    def __post_init__(self) -> None:
        if min(self.ante, self.bring_in) < 0 or min(self.small_bet, self.big_bet) <= 0:
            raise ValueError(f"impossible stakes: {self}")
