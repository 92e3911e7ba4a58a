"""Hand -> PHH, the TOML Poker Hand History format of PokerKit (variants ``F7S``, ``F7S/8``,
``FR``), so that a stored hand can be replayed by PokerKit or read by any PHH tool, and
read back by stud_hh (``stud_hh.dialects.phh``) as the same hand.

The standard fields carry the game: ``variant``, ``antes`` (what each player posted),
``bring_in``, ``small_bet``, ``big_bet``, ``starting_stacks``, the ``actions``, and who
played where and when (``players``, ``seats``, ``seat_count``, ``table``, ``hand``, the
date, ``time`` and ``time_zone`` of the start, ``currency``, ``event`` and ``level`` for a
tournament, ``finishing_stacks`` and ``winnings`` as the history printed them). Players are
numbered ``p1``, ``p2``, ... in seat order, the dealt-in players only. Amounts are chips, or
whole units of the ``currency`` (``0.04`` for four US cents), as the specification says.

Actions follow the PHH notation: ``d dh p1 ????7s`` deals p1 two unknown down cards and the
seven of spades up (a street's cards in the order dealt), ``d db 6h`` the community card
when the deck runs out, ``p1 pb`` the bring-in, ``p2 cbr 0.2`` completes, bets or raises
*to* 0.20, ``p3 cc`` checks or calls, ``p1 f`` folds, ``p1 sm AsKd...`` shows all seven
cards in the order dealt (its commentary is the site's description), ``p1 sm`` mucks.

What the notation cannot say is written so that PokerKit ignores it and stud_hh reads it
back (``stud_hh.dialects.phh.notation``): a commentary on an action where the site printed
something other than the notation implies (``p3 cc # calls 0.07``), no-op actions for the
site's records in their place (``# showdown``, ``# uncalled bet 0.08 returned to p2``,
``# p2 collected 0.80 from main pot``, ``# 4th street`` where no card shows the street's
start, ``# p5 mucks []`` for a muck once the others folded), and user-defined fields (``_site``, the summary's
``_total_pot``, ``_rake``, ``_main_pot`` and ``_side_pots``, seats not dealt in, header
details PHH has no field for). Chat, table notes and the summary's seat lines are left out:
``docs/phh.md`` lists what a PHH file does not keep.

PokerKit itself does not follow every PokerStars rule (it never allows the 4th-street
double bet on an open pair, and breaks first-actor ties by seat, not suit: see
``tests/test_pokerkit_diff.py``), so a legal PokerStars hand may not replay there.

>>> from stud_hh.simulate import simulate_hands
>>> text = write_phh(next(simulate_hands(1, game="razz", players=3, seed=1)))
>>> text.splitlines()[0]
'variant = "FR"'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, time
from decimal import Decimal
from zoneinfo import ZoneInfo

from stud_hh.dialects.phh.betting import Chips
from stud_hh.dialects.phh.notation import (
    NO_OP_EVENTS,
    VARIANTS,
    Money,
    cards_text,
    no_op,
    phrase,
    street_remark,
    uncontested,
)
from stud_hh.events import (
    Ante,
    BoardCard,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Hand,
    Header,
    Limit,
    Muck,
    Raise,
    Seat,
    Show,
    Street,
    StreetStart,
    Summary,
)
from stud_hh.events import (
    Bet as BetEvent,
)

#: A TOML value as this writer writes it.
Value = bool | int | Decimal | str | time | list["Value"] | dict[str, "Value"]


class NotExportable(ValueError):
    """A hand PHH has no variant for (pot-limit or no-limit stud)."""


def phh_fields(hand: Hand) -> dict[str, Value]:
    """The PHH fields of the hand, in the order written (``write_phh`` formats them)."""
    header = hand.header
    if header.limit is not Limit.FIXED:
        raise NotExportable(f"hand {header.hand_id}: PHH has no variant for {header.limit} "
                            f"{header.game} (only fixed-limit stud, stud8 and razz)")
    money = Money.for_currency(header.currency)
    dealt = [s for s in hand.seats if not (s.sitting_out or s.out_of_hand)]
    play = _Play(hand, dealt, money, _nominal_bring_in(header))
    fields: dict[str, Value] = {
        "variant": VARIANTS[header.game],
        "ante_trimming_status": True,
        "antes": [money.value(play.antes[s.player]) for s in dealt],
        "bring_in": money.value(play.chips.bring_in),
        "small_bet": money.value(header.small_bet),
        "big_bet": money.value(header.big_bet),
        "starting_stacks": [money.value(s.stack) for s in dealt],
        "actions": list(play.actions),
        "players": [s.player for s in dealt],
        "seats": [s.seat for s in dealt],
        "finishing_stacks": [money.value(s.stack + play.net[s.player]) for s in dealt],
        "winnings": [money.value(play.won[s.player]) for s in dealt],
        "hand": header.hand_id,
        "table": header.table,
        **_when(header.started_at),
    }
    if header.max_seats is not None:
        fields["seat_count"] = header.max_seats
    if header.currency is not None:
        fields["currency"] = header.currency
    if header.tournament_id is not None:
        fields["event"] = f"Tournament #{header.tournament_id}"
    level = _level_number(header.level)
    if level is not None:
        fields["level"] = level
    fields["_site"] = header.site
    fields.update(_summary_fields(play.summary, play.board, money))
    fields.update(_header_extras(header, level))
    not_dealt: list[Value] = [_seat_table(s, money) for s in hand.seats
                              if s.sitting_out or s.out_of_hand]
    if not_dealt:
        fields["_not_dealt"] = not_dealt
    return fields


def _nominal_bring_in(header: Header) -> int:
    """The bring-in PHH requires: the header's, else the validator's fallback for a table
    whose history never said it (``stud_hh.validate.setup``)."""
    if header.bring_in is not None:
        return header.bring_in
    return max((header.ante or 0) + 1, header.small_bet // 2)


class _Play:
    """One pass over the events: the actions, and the money each player put in and got."""

    def __init__(self, hand: Hand, dealt: list[Seat], money: Money, bring_in: int) -> None:
        players = [s.player for s in dealt]
        self.labels = {p: f"p{i}" for i, p in enumerate(players, 1)}
        self.money = money
        self.chips = Chips(players, [s.stack for s in dealt], bring_in)
        self.antes = dict.fromkeys(players, 0)
        self.net = dict.fromkeys(players, 0)
        self.won = dict.fromkeys(players, 0)
        self.actions: list[str] = []
        self.summary: Summary | None = None
        self.board: list[int] = []
        self.folded: set[str] = set()
        # a street begun and not yet shown by a card (said only if an action comes first)
        self.unshown_street: Street | None = None
        for event in hand.events:
            self._event(event)
        self.net = {p: self.chips.behind[p] - s.stack + self.won[p]
                    for p, s in zip(players, dealt, strict=True)}

    def _event(self, event: Event) -> None:
        labels, chips = self.labels, self.chips
        match event:
            case Ante(player=player, amount=amount) if player in labels:
                self.antes[player] += amount
            case StreetStart(street=street):
                chips.new_street(street)
                self.unshown_street = street
            case Deal(player=player, cards=cards) if player in labels:
                self.unshown_street = None
                self.actions.append(f"d dh {labels[player]} {cards_text(cards)}")
            case BoardCard(card=card):
                self.unshown_street = None
                self.board.append(card)
                self.actions.append(f"d db {cards_text((card,))}")
            case BringIn() | Complete() | BetEvent() | Raise() | Call() | Check() | Fold() \
                    if event.player in labels:
                if isinstance(event, Fold):
                    self.folded.add(event.player)
                self._say(self._decision(event))
            case Show() | Muck() if event.player in labels and len(self.folded) + 1 == len(labels):
                self._say(uncontested(event, labels))  # the others folded: the hand is over
            case Show(player=player, cards=cards, description=description) \
                    if player in labels:
                said = f" # {description}" if description else ""
                self._say(f"{labels[player]} sm {cards_text(cards)}{said}")
            case Muck(player=player, cards=cards) if player in labels:
                said = f" # {cards_text(cards)}" if cards else ""
                self._say(f"{labels[player]} sm{said}")
            case Summary():
                self.summary = event
            case _ if isinstance(event, NO_OP_EVENTS):
                written = no_op(event, labels, self.money)
                if written is not None:
                    self._say(written)
                if isinstance(event, Collect) and event.player in labels:
                    self.won[event.player] += event.amount
        chips.apply(event)

    def _say(self, action: str) -> None:
        """An action other than a deal: after the start of its street, if no card said it
        (PHH's streets follow from the cards: ``# 4th street`` where none was printed)."""
        if self.unshown_street is not None:
            self.actions.append(street_remark(self.unshown_street))
            self.unshown_street = None
        self.actions.append(action)

    def _decision(self, event: BringIn | Complete | BetEvent | Raise | Call | Check | Fold
                  ) -> str:
        """``p2 cbr 0.08``, with the site's words after `` # `` where the notation alone
        would mean something else."""
        chips = self.chips
        text = f"{self.labels[event.player]} "
        if isinstance(event, BringIn):
            text += "pb"
            implied = chips.implied(event.player, "pb")
        elif isinstance(event, Complete | BetEvent | Raise):
            to = chips.to(event)
            if to <= chips.top:  # all-in without raising the level: a call to PHH
                text += "cc"
                implied = chips.implied(event.player, "cc")
            elif chips.street is Street.THIRD and not chips.top and to <= chips.bring_in:
                text += "pb"  # all-in for no more than the bring-in, before anyone: posts it
                implied = chips.implied(event.player, "pb")
            else:
                text += f"cbr {self.money.text(to)}"
                implied = chips.implied(event.player, "cbr", to)
        elif isinstance(event, Call | Check):
            text += "cc"
            implied = chips.implied(event.player, "cc")
        else:
            text += "f"
            implied = chips.implied(event.player, "f")
        if implied != event:
            text += f" # {phrase(event, self.money)}"
        return text


def _when(started_at: datetime) -> dict[str, Value]:
    """The start as PHH dates it: the local date and time in an IANA zone (UTC when the
    moment carries no named zone)."""
    zone = started_at.tzinfo
    if isinstance(zone, ZoneInfo):
        local, name = started_at, zone.key
    else:
        local = started_at.astimezone(UTC) if zone is not None else started_at
        name = "UTC"
    return {"year": local.year, "month": local.month, "day": local.day,
            "time": local.time().replace(tzinfo=None), "time_zone": name}


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _level_number(level: str | None) -> int | None:
    """A tournament level as PHH's integer: ``"IV"`` -> 4, ``"12"`` -> 12 (None: none)."""
    if level is None:
        return None
    if level.isdigit():
        return int(level)
    values = [_ROMAN.get(ch) for ch in level.upper()]
    if not values or None in values:
        return None
    total = 0
    for i, value in enumerate(values):
        assert value is not None
        following = values[i + 1] if i + 1 < len(values) else None
        total += -value if following is not None and following > value else value
    return total


def _summary_fields(summary: Summary | None, board: list[int],
                    money: Money) -> dict[str, Value]:
    """The summary's totals, which PHH leaves to the reader to work out."""
    if summary is None:
        return {}
    fields: dict[str, Value] = {"_total_pot": money.value(summary.total_pot),
                                "_rake": money.value(summary.rake)}
    if summary.main_pot is not None:
        fields["_main_pot"] = money.value(summary.main_pot)
    if summary.side_pots:
        fields["_side_pots"] = [money.value(p) for p in summary.side_pots]
    if list(summary.board) != board:
        fields["_board"] = cards_text(summary.board)
    return fields


def _header_extras(header: Header, level: int | None) -> dict[str, Value]:
    """What the header says that PHH has no field for, each only when it is set."""
    extras: dict[str, Value] = {}
    if header.bring_in is None:
        extras["_bring_in_estimated"] = True
    if header.play_money:
        extras["_play_money"] = True
    if header.tournament_id is not None:
        extras["_tournament"] = header.tournament_id
    if header.level is not None and str(level) != header.level:
        extras["_level"] = header.level
    for key, value in (("_buy_in", header.buy_in), ("_mixed", header.mixed),
                       ("_button_seat", header.button_seat)):
        if value is not None:
            extras[key] = value
    return extras


def _seat_table(seat: Seat, money: Money) -> dict[str, Value]:
    table: dict[str, Value] = {"seat": seat.seat, "player": seat.player,
                               "stack": money.value(seat.stack)}
    if seat.sitting_out:
        table["sitting_out"] = True
    if seat.out_of_hand:
        table["out_of_hand"] = True
    return table


# --- TOML ---------------------------------------------------------------------------------------

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}
#: what a TOML basic string may not hold raw (and lone surrogates, which UTF-8 cannot)
_TO_ESCAPE = re.compile('["\\\\\x00-\x1f\x7f\ud800-\udfff]')


def _escaped(found: re.Match[str]) -> str:
    ch = found.group()
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    return "\ufffd" if ord(ch) >= 0xD800 else f"\\u{ord(ch):04X}"


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped (TOML
    forbids them raw); a lone surrogate, which no UTF-8 file can hold, becomes U+FFFD.

    >>> toml_string('say "hi"\\x7f')
    '"say \\\\"hi\\\\"\\\\u007F"'
    """
    if _TO_ESCAPE.search(text) is None:  # nearly every name and action
        return f'"{text}"'
    return '"' + _TO_ESCAPE.sub(_escaped, text) + '"'


def toml_value(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)  # int, or a Decimal of the currency ("0.04")


def write_phh(hand: Hand) -> str:
    """The hand as a PHH (TOML) document, ending with a newline; one action a line."""
    lines = []
    for key, value in phh_fields(hand).items():
        if key == "actions" and isinstance(value, list) and value:
            lines.append("actions = [")
            lines.extend(f"  {toml_value(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def write_phhs(hands: Iterable[Hand], first: int = 1) -> Iterator[str]:
    """The hands as the sections of a ``.phhs`` collection (``[1]``, ``[2]``, ...), each
    ending with a blank line: join them, or write them one by one (flat memory)."""
    for number, hand in enumerate(hands, first):
        yield f"[{number}]\n{write_phh(hand)}\n"


__all__ = ["NotExportable", "phh_fields", "toml_string", "toml_value", "write_phh",
           "write_phhs"]
