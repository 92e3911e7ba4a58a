"""One hand as the rows it adds to ``hands``, ``hand_players``, ``actions`` and ``violations``.

Rows are tuples in the column order of the tables' batch schemas (``pipelines.schema``:
``local`` first, the hand's position in its batch), built from the hand's ``Recap``
(``stud_hh.recap``, where each event type is read) so no event is classified here again.
The ``actions`` rows are the recap's own ``Action`` tuples, as they are: the chunk turns
them into columns (``batches.actions_table``), numbering them per hand there.
Money is an exact int of the smallest unit throughout; the one float is the all-in EV
(``ev_equity``, ``ev_net``): an expectation, not an amount that changed hands.

All-in EV (``stud_hh.equity.all_in_ev``) is computed here, for the few hands whose recap
saw an all-in (``Recap.all_in``): the rest cost one attribute read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from stud_hh.cards import str_card
from stud_hh.events import Hand
from stud_hh.facts import rake_shares
from stud_hh.recap import Action, Recap
from stud_hh.rules import RuleSet
from stud_hh.validate import Violation

if TYPE_CHECKING:
    from stud_hh.equity.allin import AllInEV

Row = tuple[Any, ...]
_CARD_TEXT = tuple(str_card(c) for c in range(52))


@dataclass(slots=True)
class HandRows:
    """A hand's rows on their way into its chunk. Not frozen: a frozen dataclass sets each
    field through ``object.__setattr__`` (~0.3 µs a hand, 4 times a plain one's cost)."""

    hand: Row
    players: list[Row]
    #: the hand's decisions in order (``action_index`` 0, 1, ...): ``Recap.actions()``
    actions: list[Action]
    violations: list[Row]


@lru_cache(maxsize=256)
def stakes_label(small_bet: int, big_bet: int, currency: str | None) -> str:
    """``0.04/0.08`` for money in cents, ``50/100`` for chips; exact, no float."""
    if currency is None:
        return f"{small_bet}/{big_bet}"
    return f"{_cents(small_bet)}/{_cents(big_bet)}"


def _cents(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole}.{cents:02d}"


def hand_rows(
    local: int, hand: Hand, seen: Recap, violations: Sequence[Violation], file: str | None,
    line: int, rules: RuleSet | None = None,
) -> HandRows:
    """The rows of one parsed, validated hand (``seen`` is its ``Recap``); ``rules``: the
    rule set the hand was validated under (None: its site's preset), whose odd-chip rule
    the all-in EV follows."""
    ev = all_in_expectation(hand, seen, rules)
    players = player_rows(local, hand, seen, ev)
    dealt = sum([row[4] for row in players])
    return HandRows(
        hands_row(local, hand, seen, violations, dealt, file, line, ev), players,
        list(seen.actions()), violation_rows(local, violations),
    )


def all_in_expectation(hand: Hand, seen: Recap, rules: RuleSet | None = None
                       ) -> AllInEV | None:
    """The hand's all-in EV when it qualifies (docs/equity.md), else None."""
    if not seen.all_in:
        return None
    from stud_hh.equity.allin import all_in_ev  # NumPy and the tables: when first needed

    return all_in_ev(hand, rules)


def hands_row(
    local: int, hand: Hand, seen: Recap, violations: Sequence[Violation], dealt: int,
    file: str | None, line: int, ev: AllInEV | None = None,
) -> Row:
    h = hand.header
    # the hand's breaches: its root findings (consequences are folded under them)
    roots = [v for v in violations if v.caused_by is None]
    errors = sum(v.severity == "error" for v in roots)
    summary = seen.summary
    return (
        local, h.site, h.hand_id, str(h.game), str(h.limit),
        stakes_label(h.small_bet, h.big_bet, h.currency), h.small_bet, h.big_bet, h.ante,
        h.bring_in, h.currency, h.play_money, h.tournament_id, h.level, h.buy_in, h.mixed,
        h.table, h.max_seats, h.started_at, dealt, seen.last_street, seen.showdown,
        None if summary is None else summary.total_pot,
        None if summary is None else summary.rake,
        errors, len(roots) - errors, file, line,
        None if ev is None else ev.street, None if ev is None else str(ev.method),
    )


def player_rows(local: int, hand: Hand, seen: Recap, ev: AllInEV | None = None) -> list[Row]:
    """One row per seat: cards seen, door card, money in and out, rake share, showdown,
    and the all-in EV of a dealt-in player when the hand has one."""
    rake = 0 if seen.summary is None else seen.summary.rake
    shares = rake_shares(rake, seen.collected, hand.seats)
    showed = {show.player for show in seen.shows}
    expected = {} if ev is None else {p.player: p for p in ev.players}
    # the recap's dicts as locals: read once or more per seat
    folded_on, collected, contributed, returned = (
        seen.folded_on, seen.collected, seen.contributed, seen.returned)
    cards, doors, last_street, showdown = seen.cards, seen.door, seen.last_street, seen.showdown
    rows = []
    for seat in hand.seats:
        name = seat.player
        dealt_in = not (seat.sitting_out or seat.out_of_hand)
        final = folded_on.get(name)
        folded = final is not None
        if not folded and dealt_in:
            final = last_street
        won = collected.get(name, 0)
        put = contributed.get(name, 0)
        door = doors.get(name)
        mine = expected.get(name) if dealt_in else None
        seen_cards = tuple(cards.get(name, ()))
        rows.append((
            local, seat.seat, name, seat.stack, dealt_in, _cards_known(seen_cards),
            None if door is None else _CARD_TEXT[door], final, folded, put, won,
            won + returned.get(name, 0) - put, shares.get(name, 0), name in showed,
            showdown and not folded and won > 0,
            None if mine is None else mine.equity, None if mine is None else mine.ev_net,
        ))
    return rows


@lru_cache(maxsize=4096)
def _cards_known(cards: tuple[int | None, ...]) -> str:
    """The cards a player was seen with, first seen first, each once: ``"3d Th As"``.

    Remembered: most seats show the same few patterns (two hidden cards and a door card:
    52 of them), and the text cost ~1.4 µs a seat."""
    return " ".join([_CARD_TEXT[c] for c in dict.fromkeys(cards) if c is not None])


def violation_rows(local: int, violations: Sequence[Violation]) -> list[Row]:
    return [(local, v.code, str(v.severity), None if v.street is None else int(v.street),
             v.action_index, v.player, v.rule, v.message, k, v.caused_by)
            for k, v in enumerate(violations)]
