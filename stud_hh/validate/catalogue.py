"""The violation catalogue: stable codes, severity, rule-book section and a plain sentence.

Codes are data, not scattered strings: every check builds its record through
:func:`violation`, so a code cannot be reported without a catalogue entry, and the CLI,
``docs/violations.md`` and the importer all read the same table. Sections refer to
``../shared/spec/stud-rules.md``.

>>> v = violation("1", "CHECK_FACING_BET", street=None, action_index=4, player="Ann",
...               to_call="$0.04")
>>> v.severity, v.rule
('error', '4.7 betting round')
>>> v.message
'Ann checked while facing a bet: $0.04 to call'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import msgspec

from stud_hh.events import Street


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    """One catalogue entry. ``template`` is ``str.format``-ed with the check's details."""

    code: str
    severity: Severity
    rule: str
    template: str
    summary: str


class Violation(msgspec.Struct, frozen=True, gc=False):
    """One breach (docs/architecture.md, "Validation record").

    ``action_index`` is the 0-based position among ``Hand.player_actions()``; ``None`` for
    hand-level record checks. ``street`` is the street number (3..7) or ``None``.
    ``caused_by``: ``None`` for a root finding; for a consequence, the index (within the
    hand's findings) of the root it follows from (docs/violations.md, "Roots and
    consequences").
    """

    hand_id: str
    code: str
    severity: str
    street: Street | None
    action_index: int | None
    player: str | None
    rule: str
    message: str
    caused_by: int | None = None


_E, _W = Severity.ERROR, Severity.WARNING

_ENTRIES: tuple[Code, ...] = (
    Code("WRONG_BRING_IN_PLAYER", _E, "4.3 bring-in",
         "{player} brought in, but {expected} must bring in ({reason})",
         "the bring-in was posted by someone other than the player with the lowest upcard "
         "(highest in razz; suits break ties)"),
    Code("WRONG_BRING_IN_AMOUNT", _E, "4.3 bring-in",
         "{player} brought in for {amount}; the bring-in is {expected}",
         "the bring-in is not the table's bring-in amount"),
    Code("WRONG_FIRST_ACTOR", _E, "4.6 first actor",
         "{player} acted first on {street}, but {expected} must start ({reason})",
         "from 4th street on, the best showing hand acts first (razz: the lowest)"),
    Code("OUT_OF_TURN", _E, "4.4 order of action",
         "{player} acted out of turn: expected {expected}",
         "a player acted when it was someone else's turn"),
    Code("ACTION_AFTER_FOLD", _E, "4.4 order of action",
         "{player} acted after folding",
         "a player who folded acted again"),
    Code("ACTION_BY_ALL_IN_PLAYER", _E, "6 all-in",
         "{player} acted after going all-in",
         "a player who is all-in has no further decisions"),
    Code("CHECK_FACING_BET", _E, "4.7 betting round",
         "{player} checked while facing a bet: {to_call} to call",
         "a check is only possible when nothing is owed"),
    Code("BET_SIZE", _E, "5 bet sizes",
         "{player}: {action} is the wrong amount, expected {expected}",
         "a bet, raise, completion or call of the wrong amount for the street and limit"),
    Code("RAISE_BEFORE_COMPLETION", _E, "4.4 completion",
         "{player} raised to {amount} before anyone completed to {expected}",
         "over a bring-in the first increase must be the completion to the small bet"),
    Code("RAISE_CAP_EXCEEDED", _E, "5 raise cap",
         "{player} made raise number {count} on {street}; the cap is {cap}",
         "one bet and at most the capped number of raises per betting round"),
    Code("BIG_BET_WITHOUT_OPEN_PAIR", _E, "5 open pair",
         "{player} bet {amount} (the big bet) on {street} without an open pair",
         "a big bet before 5th street needs an open pair on 4th street (per the rule set)"),
    Code("SMALL_RAISE_AFTER_BIG_BET", _E, "5 open pair",
         "{player} raised by {amount} after a big bet; every further raise must be {expected}",
         "once a big bet is made on 4th street, every further bet and raise is big"),
    Code("BET_EXCEEDS_STACK", _E, "6 all-in",
         "{player} put in {amount} but had only {stack} behind",
         "a player cannot put in more chips than are in front of him"),
    Code("ANTE_MISSING", _E, "4.1 ante",
         "{player} was dealt in without posting the ante",
         "every player dealt in posts the ante"),
    Code("ANTE_AMOUNT", _E, "4.1 ante",
         "{player} posted an ante of {amount}; the ante is {expected}",
         "an ante of a different amount from the table's ante (and not all-in)"),
    Code("DUPLICATE_CARD", _E, "1 deck",
         "{card} appears twice: {where}",
         "one deck: no card can be held twice"),
    Code("WRONG_CARD_COUNT", _E, "8 showdown",
         "{player} {detail}",
         "more than seven cards, too many cards dealt on a street, or a hand "
         "shown at showdown without all its cards"),
    Code("UNCALLED_RETURN_MISMATCH", _E, "4.7 betting round",
         "uncalled bet returned: {actual}, expected {expected}",
         "the uncalled part of the last bet is returned to its bettor, no more and no less"),
    Code("POT_TOTAL_MISMATCH", _E, "8 pot",
         "summary says total pot {actual}, the actions put in {expected}",
         "the summary's total pot must equal the chips put in less uncalled bets"),
    Code("COLLECTED_MISMATCH", _E, "8 pot",
         "{detail}",
         "what players collected plus rake must equal the pot (and each side pot)"),
    Code("WRONG_WINNER", _E, "8 showdown",
         "{detail}",
         "the pot (high, low, each side pot, odd chip) went to someone the showdown did "
         "not make a winner"),
    Code("SHOWDOWN_ORDER", _W, "8 showdown",
         "{player} showed first, but {expected} should show first ({reason})",
         "the last aggressor on the river shows first; if checked through, the first actor"),
    Code("INCOMPLETE_HAND", _E, "4.7 betting round",
         "{detail}",
         "a betting round left open (the hand stops, or the next street is dealt, with a "
         "player still to act), or a hand without a result"),
    # Engine refusals that name a different breach from the ones above.
    Code("BET_FACING_BET", _E, "4.7 betting round",
         "{player} bet while facing a bet (a raise or call was due)",
         "'bets' is the opening bet; facing a bet a player calls, raises or folds"),
    Code("NOTHING_TO_CALL", _E, "4.7 betting round",
         "{player} called with nothing to call",
         "a call needs a bet to call"),
    Code("RAISE_NOT_REOPENED", _E, "6 all-in",
         "{player} raised although a short all-in did not reopen the betting",
         "a short all-in below the reopening threshold lets players who acted only call "
         "or fold"),
    Code("BRING_IN_MISSING", _E, "4.3 bring-in",
         "3rd street started with {player}'s action instead of the bring-in",
         "3rd street opens with the bring-in (or its completion)"),
    Code("BRING_IN_NOT_DUE", _E, "4.3 bring-in",
         "{player} posted a bring-in when none was due",
         "there is one bring-in, on 3rd street, by the player due to bring in"),
    Code("ACTION_WHEN_NOT_BETTING", _E, "4.7 betting round",
         "{player} acted when no betting was open",
         "an action after the betting ended, or before the cards were dealt"),
    Code("UNKNOWN_PLAYER", _E, "4.4 order of action",
         "{player} is not dealt in but acted",
         "only players dealt in can act"),
    Code("NO_OPPONENT", _E, "6 all-in",
         "{player} bet or raised with every opponent all-in",
         "nobody is left to call a bet or raise when every opponent is all-in"),
    Code("ILLEGAL_ACTION", _E, "4 structure of a hand",
         "{player}: {detail}",
         "any other action the rules engine refuses (its own words are the message)"),
)

CATALOGUE: dict[str, Code] = {c.code: c for c in _ENTRIES}


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def violation(
    hand_id: str,
    code: str,
    *,
    street: Street | None,
    action_index: int | None,
    player: str | None,
    message: str | None = None,
    **details: Any,
) -> Violation:
    """Build a record for catalogue ``code``; a typo in ``code`` raises ``KeyError``.

    ``message`` replaces the template (the engine words its own refusals).
    """
    entry = CATALOGUE[code]
    if message is None:
        fields = _Missing(details)
        fields.setdefault("player", player)
        if street is not None:
            fields.setdefault("street", Street(street).label)
        message = entry.template.format_map(fields)
    return Violation(
        hand_id=hand_id,
        code=code,
        severity=entry.severity.value,
        street=street,
        action_index=action_index,
        player=player,
        rule=entry.rule,
        message=message,
    )


def has_errors(violations: list[Violation]) -> bool:
    return any(v.severity == Severity.ERROR for v in violations)


def roots(violations: list[Violation]) -> list[Violation]:
    """The root findings (``caused_by`` None): what a count of breaches counts."""
    return [v for v in violations if v.caused_by is None]
