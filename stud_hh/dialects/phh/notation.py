"""The PHH vocabulary the writer (``stud_hh.phh``) and the reader (this dialect) share.

PHH (the TOML Poker Hand History format of PokerKit, https://phh.readthedocs.io) names
players ``p1``, ``p2``, ... in seat order, writes cards as ``As`` (``??`` for one nobody
saw) and amounts in the unit of the game: chips, or the ``currency`` in whole units
(``0.04`` for four US cents). stud_hh counts money in the smallest unit, so a currency
game's amounts are cents here and ``Money`` converts both ways, exactly.

What the PHH action notation says by itself (``p2 cbr 8``: p2 completes, bets or raises to
8; ``p3 cc``: checks or calls) is worked out by ``stud_hh.dialects.phh.betting``. When a
site printed something else (a raise where the notation implies a completion, a call of the
wrong amount, an all-in the stacks do not show), the action carries it as a *commentary*,
the part after `` # ``, in the words below (``p3 cc # calls 7``), so that an audit of the
re-read hand sees what the site printed. The site's records that have a place in the hand
but no PHH action (a showdown starting, an uncalled bet returned, a pot collected) are
no-op actions of commentary alone (``# p3 collected 0.80 from main pot``).

>>> money = Money.for_currency("USD")
>>> money.text(4), money.text(150), money.amount("0.04")
('0.04', '1.5', 4)
>>> phrase(Raise("Hero", 4, 8), money)
'raises 0.04 to 0.08'
>>> read_phrase("raises 0.04 to 0.08 and is all-in", "Hero", money)
Raise(player='Hero', by=4, to=8, all_in=True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation

from stud_hh.cards import CardError, card, str_card
from stud_hh.events import (
    Bet,
    BettingCapped,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    DoubleBetAllowed,
    Event,
    Fold,
    Game,
    Muck,
    NoLowHand,
    NoShow,
    Raise,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturn,
)

#: The PHH variant code of each game stud_hh reads.
VARIANTS: dict[Game, str] = {Game.STUD: "F7S", Game.STUD8: "F7S/8", Game.RAZZ: "FR"}
GAMES: dict[str, Game] = {code: game for game, code in VARIANTS.items()}
#: The other variants of the PHH specification, by the name it gives them (``OtherGame``).
OTHER_VARIANTS: dict[str, str] = {
    "FT": "Fixed-limit Texas hold 'em",
    "NT": "No-limit Texas hold 'em",
    "NS": "No-limit short-deck hold 'em",
    "PO": "Pot-limit Omaha hold 'em",
    "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}
#: The smallest units in one unit of a currency: stud_hh keeps currency games in cents.
CENTS = 100


class NotationError(ValueError):
    """PHH text that does not say what stud_hh needs (the reader makes it a ParseError)."""


class Money:
    """Amounts between stud_hh's smallest unit and PHH's unit of the game."""

    __slots__ = ("unit",)

    def __init__(self, unit: int) -> None:
        self.unit = unit  # smallest units in one PHH unit: 100 (currency) or 1 (chips)

    @classmethod
    def for_currency(cls, currency: str | None) -> Money:
        return cls(CENTS if currency is not None else 1)

    def text(self, amount: int) -> str:
        """``amount`` (smallest units) as a PHH number: ``4`` cents -> ``0.04``."""
        if self.unit == 1:
            return str(amount)
        sign = "-" if amount < 0 else ""
        whole, part = divmod(abs(amount), self.unit)
        if not part:
            return f"{sign}{whole}"
        return f"{sign}{whole}.{part:02d}".rstrip("0")

    def value(self, amount: int) -> int | Decimal:
        """``amount`` as the TOML value of a field (an int, or a decimal of the currency)."""
        return amount if self.unit == 1 else Decimal(self.text(amount))

    def amount(self, value: object) -> int:
        """A PHH number (TOML int or float, or action text) in smallest units; raises
        ``NotationError`` for anything else, or an amount finer than the smallest unit."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal | float | str):
            raise NotationError(f"not an amount: {value!r}")
        try:
            number = Decimal(str(value)) * self.unit
        except InvalidOperation:
            raise NotationError(f"not an amount: {value!r}") from None
        if not number.is_finite() or number != number.to_integral_value():
            finer = "a cent" if self.unit == CENTS else "a chip"
            raise NotationError(f"amount {value} is not a whole number of {finer}s"
                                if number.is_finite() else f"not an amount: {value!r}")
        return int(number)


def cards_text(cards: Sequence[int | None]) -> str:
    """``As??7c``: PHH writes cards back to back, ``??`` for a card nobody saw."""
    return "".join("??" if c is None else str_card(c) for c in cards)


def read_cards(text: str) -> tuple[int | None, ...]:
    """The cards of ``As??7c``; raises ``NotationError`` for anything else."""
    if len(text) % 2 or not text:
        raise NotationError(f"not cards: {text!r}")
    try:
        return tuple(None if text[i:i + 2] == "??" else card(text[i:i + 2])
                     for i in range(0, len(text), 2))
    except CardError:
        raise NotationError(f"not cards: {text!r}") from None


def known_cards(text: str) -> tuple[int, ...]:
    """Cards that must all be known (shown or mucked face up)."""
    cards = read_cards(text)
    known = tuple(c for c in cards if c is not None)
    if len(known) != len(cards):
        raise NotationError(f"unknown card among {text!r}")
    return known


# --- commentary on a player's action ----------------------------------------------------------

_ALL_IN = " and is all-in"
_AMOUNT = r"(-?[0-9]+(?:\.[0-9]+)?)"
#: The wagers of one amount, each with its words.
_WAGER_PHRASES: tuple[tuple[Callable[[str, int, bool], Event], re.Pattern[str]], ...] = (
    (BringIn, re.compile(rf"brings in for {_AMOUNT}")),
    (Complete, re.compile(rf"completes it to {_AMOUNT}")),
    (Bet, re.compile(rf"bets {_AMOUNT}")),
    (Call, re.compile(rf"calls {_AMOUNT}")),
)
_RAISES = re.compile(rf"raises {_AMOUNT} to {_AMOUNT}")
_FOLDS = re.compile(r"folds(?: ([2-9TJQKA][cdhs](?:[2-9TJQKA][cdhs])*))?")


def phrase(event: Event, money: Money) -> str:
    """What the site printed for a betting decision, in the commentary's words."""
    text = _phrase(event, money)
    return text + _ALL_IN if getattr(event, "all_in", False) else text


def _phrase(event: Event, money: Money) -> str:
    m = money.text
    match event:
        case BringIn(amount=amount):
            return f"brings in for {m(amount)}"
        case Complete(to=to):
            return f"completes it to {m(to)}"
        case Bet(amount=amount):
            return f"bets {m(amount)}"
        case Raise(by=by, to=to):
            return f"raises {m(by)} to {m(to)}"
        case Call(amount=amount):
            return f"calls {m(amount)}"
        case Check():
            return "checks"
        case Fold(cards=cards):
            return f"folds {cards_text(cards)}" if cards else "folds"
    raise NotationError(f"no phrase for {type(event).__name__}")  # pragma: no cover


def read_phrase(text: str, player: str, money: Money) -> Event | None:
    """The betting decision a commentary states, or None when it states none (a foreign
    file's own remark: the notation then says what happened)."""
    text = text.strip()
    all_in = text.endswith(_ALL_IN)
    body = text.removesuffix(_ALL_IN)
    if body == "checks":
        return None if all_in else Check(player)
    folds = _FOLDS.fullmatch(body)
    if folds:
        shown = known_cards(folds.group(1)) if folds.group(1) else ()
        return None if all_in else Fold(player, shown)
    raised = _RAISES.fullmatch(body)
    if raised:
        return Raise(player, money.amount(raised.group(1)), money.amount(raised.group(2)),
                     all_in)
    for wager, pattern in _WAGER_PHRASES:
        found = pattern.fullmatch(body)
        if found:
            return wager(player, money.amount(found.group(1)), all_in)
    return None


# --- records with a place in the hand but no PHH action: no-op commentaries -------------------

#: Remarks without a player: each one's words.
_REMARK_EVENTS: dict[str, Event] = {
    "showdown": ShowdownStart(),
    "betting is capped": BettingCapped(),
    "a double bet is allowed": DoubleBetAllowed(),
    "no low hand qualified": NoLowHand(),
}
_REMARKS: dict[type[Event], str] = {type(e): text for text, e in _REMARK_EVENTS.items()}
#: A street that starts without a card the file shows (a site that prints no deals, or none
#: for the players left): PHH's streets follow from the cards, so this one is said.
_STREET_WORDS: dict[Street, str] = {
    street: f"{street.value}{'rd' if street is Street.THIRD else 'th'} street"
    for street in Street
}
_STREET_REMARKS: dict[str, Street] = {words: street for street, words in _STREET_WORDS.items()}
_WHO = r"(p[1-9][0-9]*)"
_LABEL = re.compile(_WHO, re.ASCII)
_DOES_NOT_SHOW = re.compile(rf"{_WHO} does not show")
_UNCALLED = re.compile(rf"uncalled bet {_AMOUNT} returned to {_WHO}")
_COLLECTED = re.compile(rf"{_WHO} collected {_AMOUNT} from (\S.*)")
#: A show or muck after everyone else folded: the hand is over for PHH (PokerKit refuses an
#: ``sm`` then), but some sites print one (Full Tilt: "arjun1111 mucks").
_UNCONTESTED = re.compile(rf"{_WHO} (shows|mucks) \[([^\]]*)\](?: (.*))?")

#: The records written as no-op commentaries.
NO_OP_EVENTS = (*_REMARKS, NoShow, UncalledReturn, Collect)


def street_remark(street: Street) -> str:
    """``# 4th street``: the no-op for a street whose start no card shows."""
    return f"# {_STREET_WORDS[street]}"


def uncontested(event: Show | Muck, labels: Mapping[str, str]) -> str:
    """``# p5 mucks []``, ``# p5 shows [AsKd] a pair of Aces``: a show or muck once the
    others have folded, a no-op (``_UNCONTESTED``)."""
    if isinstance(event, Show):
        said = f" {event.description}" if event.description else ""
        return f"# {labels[event.player]} shows [{cards_text(event.cards)}]{said}"
    return f"# {labels[event.player]} mucks [{cards_text(event.cards)}]"


def no_op(event: Event, labels: Mapping[str, str], money: Money) -> str | None:
    """The no-op action for a record (``# showdown``), or None when its player has no
    ``pN`` (not dealt in: PHH cannot name him)."""
    words = _REMARKS.get(type(event))
    if words is not None:
        return f"# {words}"
    match event:
        case NoShow(player=player) if player in labels:
            return f"# {labels[player]} does not show"
        case UncalledReturn(player=player, amount=amount) if player in labels:
            return f"# uncalled bet {money.text(amount)} returned to {labels[player]}"
        case Collect(player=player, amount=amount, pot=pot) if player in labels:
            return f"# {labels[player]} collected {money.text(amount)} from {pot}"
    return None


def read_no_op(text: str, players: Sequence[str], money: Money) -> Event | None:
    """The record a no-op's commentary states, or None (a remark of someone else's)."""
    text = text.strip()
    remark = _REMARK_EVENTS.get(text)
    if remark is not None:
        return remark
    found = _DOES_NOT_SHOW.fullmatch(text)
    if found:
        return NoShow(player_named(found.group(1), players))
    found = _UNCALLED.fullmatch(text)
    if found:
        return UncalledReturn(player_named(found.group(2), players), money.amount(found.group(1)))
    found = _COLLECTED.fullmatch(text)
    if found:
        return Collect(player_named(found.group(1), players), money.amount(found.group(2)),
                       found.group(3))
    street = _STREET_REMARKS.get(text)
    if street is not None:
        return StreetStart(street)
    found = _UNCONTESTED.fullmatch(text)
    if found:
        who, verb, cards, said = found.groups()
        shown = known_cards(cards) if cards else ()
        if verb == "mucks":
            return Muck(player_named(who, players), shown) if said is None else None
        return Show(player_named(who, players), shown, said)
    return None


def player_named(label: str, players: Sequence[str]) -> str:
    """The player ``p3`` stands for; ``NotationError`` when there is no such player."""
    if _LABEL.fullmatch(label) and int(label[1:]) <= len(players):
        return players[int(label[1:]) - 1]
    raise NotationError(f"no player {label!r} in this hand ({len(players)} players)")


__all__ = [
    "CENTS", "GAMES", "NO_OP_EVENTS", "OTHER_VARIANTS", "VARIANTS", "Money", "NotationError",
    "cards_text", "known_cards", "no_op", "phrase", "player_named", "read_cards",
    "read_no_op", "read_phrase", "street_remark", "uncontested",
]
