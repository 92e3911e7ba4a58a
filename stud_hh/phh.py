"""Hand -> PHH, the TOML Poker Hand History format of PokerKit (variants ``F7S``, ``F7S/8``,
``FR``), so a stored hand can be replayed by PokerKit or any PHH reader.

A small writer: the fields PokerKit needs to rebuild the hand (``variant``, ``antes``,
``bring_in``, ``small_bet``, ``big_bet``, ``starting_stacks``, ``actions``) and the ones
that say which hand it is (``players``, ``seats``, ``table``, ``hand``, the time in UTC,
``currency``, the stacks at the end). Issue #19 builds the full exporter on it.

Actions follow the PHH notation: ``d dh p1 ????7s`` deals player 1 two unknown down cards
and the seven of spades up (a stud street's cards in the order dealt, ``??`` for a card
the history does not show), ``d db 6h`` the community card when the deck runs out,
``p1 pb`` posts the bring-in, ``p2 cbr 20`` completes, bets or raises *to* 20 (the
player's total on the street), ``p3 cc`` checks or calls, ``p1 f`` folds, ``p1 sm AsKd..``
shows the player's cards in the order dealt and ``p1 sm`` mucks. Players are numbered in
seat order, as the engine numbers them. Money is the hand's smallest unit (cents or
chips), as everywhere in stud_hh. What PHH cannot say (uncalled bets returned, who
collected which pot, the rake) PokerKit works out from the actions; ``winnings`` and
``finishing_stacks`` state what the history printed, and the user-defined fields ``_rake``
and ``_site`` the rake taken (PokerKit's default takes none) and the site.

PokerKit itself does not follow every PokerStars rule (it never allows the 4th-street
double bet on an open pair, and breaks first-actor ties by seat, not suit: see
``tests/test_pokerkit_diff.py``), so a legal PokerStars hand may not replay there.

>>> from stud_hh.simulate import simulate_hands
>>> text = write_phh(next(simulate_hands(1, game="razz", players=3, seed=1)))
>>> text.splitlines()[0]
"variant = 'FR'"
"""

from __future__ import annotations

import json
from datetime import UTC

from stud_hh.cards import str_card
from stud_hh.events import (
    Ante,
    Bet,
    BoardCard,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    Hand,
    Muck,
    Raise,
    Show,
    StreetStart,
    Summary,
    UncalledReturn,
)

VARIANTS = {Game.STUD: "F7S", Game.STUD8: "F7S/8", Game.RAZZ: "FR"}


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's: quotes, backslashes, controls)."""
    return json.dumps(text, ensure_ascii=False)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)


def _cards(cards: tuple[int | None, ...]) -> str:
    return "".join("??" if c is None else str_card(c) for c in cards)


def phh_fields(hand: Hand) -> dict[str, object]:
    """The PHH fields of the hand, in the order written (``write_phh`` formats them)."""
    header = hand.header
    dealt = [s for s in hand.seats if not (s.sitting_out or s.out_of_hand)]
    label = {s.player: f"p{i}" for i, s in enumerate(dealt, 1)}
    antes = {s.player: 0 for s in dealt}
    street_total = {s.player: 0 for s in dealt}
    net = {s.player: 0 for s in dealt}
    won = {s.player: 0 for s in dealt}
    actions: list[str] = []
    rake = 0

    def put(player: str, amount: int) -> None:
        if player in net:
            net[player] -= amount
            street_total[player] += amount

    for event in hand.events:
        if isinstance(event, Ante):
            antes[event.player] = antes.get(event.player, 0) + event.amount
            if event.player in net:
                net[event.player] -= event.amount
        elif isinstance(event, StreetStart):
            street_total = dict.fromkeys(street_total, 0)
        elif isinstance(event, Deal) and event.player in label:
            actions.append(f"d dh {label[event.player]} {_cards(event.cards)}")
        elif isinstance(event, BoardCard):
            actions.append(f"d db {str_card(event.card)}")
        elif isinstance(event, BringIn) and event.player in label:
            put(event.player, event.amount)
            actions.append(f"{label[event.player]} pb")
        elif isinstance(event, (Complete, Raise)) and event.player in label:
            put(event.player, event.to - street_total[event.player])
            actions.append(f"{label[event.player]} cbr {event.to}")
        elif isinstance(event, Bet) and event.player in label:
            put(event.player, event.amount)
            actions.append(f"{label[event.player]} cbr {street_total[event.player]}")
        elif isinstance(event, (Call, Check)) and event.player in label:
            if isinstance(event, Call):
                put(event.player, event.amount)
            actions.append(f"{label[event.player]} cc")
        elif isinstance(event, Fold) and event.player in label:
            actions.append(f"{label[event.player]} f")
        elif isinstance(event, Show) and event.player in label:
            actions.append(f"{label[event.player]} sm {_cards(event.cards)}")
        elif isinstance(event, Muck) and event.player in label:
            actions.append(f"{label[event.player]} sm")
        elif isinstance(event, Summary):
            rake += event.rake
        elif isinstance(event, (Collect, UncalledReturn)) and event.player in net:
            net[event.player] += event.amount
            if isinstance(event, Collect):
                won[event.player] += event.amount
    started = header.started_at.astimezone(UTC) if header.started_at.tzinfo else \
        header.started_at
    fields: dict[str, object] = {
        "variant": VARIANTS[header.game],
        "ante_trimming_status": True,
        "antes": [antes[s.player] for s in dealt],
        "bring_in": header.bring_in if header.bring_in is not None else 0,
        "small_bet": header.small_bet,
        "big_bet": header.big_bet,
        "starting_stacks": [s.stack for s in dealt],
        "actions": actions,
        "players": [s.player for s in dealt],
        "seats": [s.seat for s in dealt],
        "finishing_stacks": [s.stack + net[s.player] for s in dealt],
        "winnings": [won[s.player] for s in dealt],
        "hand": header.hand_id,
        "table": header.table,
        "year": started.year,
        "month": started.month,
        "day": started.day,
        "time": started.strftime("%H:%M:%S"),
        "time_zone": "UTC",
    }
    if header.max_seats is not None:
        fields["seat_count"] = header.max_seats
    if header.currency is not None:
        fields["currency"] = header.currency
    if header.tournament_id is not None:
        fields["event"] = f"tournament {header.tournament_id}"
    fields["_site"] = header.site
    fields["_rake"] = rake
    return fields


def write_phh(hand: Hand) -> str:
    """The hand as a PHH (TOML) document, ending with a newline."""
    lines = []
    for key, value in phh_fields(hand).items():
        if key == "time":  # a TOML local time, not a string
            lines.append(f"time = {value}")
        elif key == "variant":
            lines.append(f"variant = '{value}'")
        else:
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"
