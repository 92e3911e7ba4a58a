"""The first two lines of a PokerStars hand: the header's fields and the table line.

The header's format is the grammar's ``HEADER`` terminal: its ``(?P<field>)`` groups are
read here by name, with the very regex Lark lexes the line with (``HeaderFields.read``).
The header is read before the rest of the hand, because it says whether the hand is stud at
all: a mixed-game file (HORSE, 8-Game, Home Games) interleaves hold'em, Omaha and draw
hands, which come back as ``OtherGame``, unparsed.

Words are matched in any case (tracker exports write ``7 CARD STUD HI/LO LIMIT``); the
game, limit and zone are read case-insensitively, the rest is kept as printed.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from stud_hh.dialects import clock
from stud_hh.dialects.money import currency_of, unit
from stud_hh.events import Game, Header, Limit

SITE = "pokerstars"

_GAMES = {"7 card stud": Game.STUD, "7 card stud hi/lo": Game.STUD8, "razz": Game.RAZZ}
_LIMITS = {"limit": Limit.FIXED, "pot limit": Limit.POT, "no limit": Limit.NO_LIMIT}

#: every other game PokerStars deals, as it spells them (``OtherGame.game``)
OTHER_GAMES = (
    "Hold'em", "6+ Hold'em", "Split Hold'em", "Omaha", "Omaha Hi/Lo", "5 Card Omaha",
    "5 Card Omaha Hi/Lo", "6 Card Omaha", "6 Card Omaha Hi/Lo", "Omaha 5 Cards",
    "Omaha 6 Cards", "Courchevel", "Courchevel Hi/Lo", "Fusion", "Badugi",
    "Triple Draw 2-7 Lowball", "Single Draw 2-7 Lowball", "Triple Draw A-5 Lowball",
    "Single Draw A-5 Lowball", "5 Card Draw", "5 Card Stud",
)
OTHER_LIMITS = ("Limit", "Fixed Limit", "Pot Limit", "No Limit",
                "Pot Limit Pre-Flop, No Limit Post-Flop")
_SPELLING = {name.casefold(): name for name in OTHER_GAMES + OTHER_LIMITS}


class HeaderFields(NamedTuple):
    """The header's groups, as printed (``None`` where the header has no such part)."""

    hand_id: str
    club: str | None  # a Home Game's club: "{Dazzle's Room}" -> "Dazzle's Room"
    tournament_id: str | None
    buy_in: str | None
    mixed: str | None
    game: str | None  # a stud game; None for another game
    limit: str | None
    level: str | None
    small: str | None
    big: str | None
    currency: str | None  # the code after the stakes ("USD"), as printed
    date: str | None
    zone: str | None
    date_et: str | None  # the Eastern time PokerStars adds in brackets
    other_game: str | None  # hold'em, Omaha, draw: the hand is skipped
    other_limit: str | None

    @staticmethod
    def read(header: re.Pattern[str], text: str) -> HeaderFields | None:
        """The fields of the header at the start of ``text``, or None if it is none."""
        match = header.match(text)
        if match is None:
            return None
        return HeaderFields._make(match.group(*HeaderFields._fields))

    def other(self) -> str | None:
        """The game and limit of a hand that is not stud (``Hold'em No Limit``), else None."""
        if self.other_game is None:
            return None
        game = _SPELLING.get(self.other_game.casefold(), self.other_game)
        limit = _SPELLING.get((self.other_limit or "").casefold(), self.other_limit)
        return f"{game} {limit}"

    def hand_currency(self) -> str | None:
        """The money unit of the whole hand: the stakes' code, else their symbol."""
        return currency_of(self.currency, self.small)


class TableLine(NamedTuple):
    """``Table 'NAME' 8-max (Play Money)``: the name, the seats, and what follows the name."""

    name: str
    max_seats: int | None
    after: str


@lru_cache(maxsize=256)  # a session is played at a few tables
def read_table(line: str) -> TableLine:
    name_end = line.rindex("'")
    after = line[name_end + 1 :]
    max_seats = None
    if "-max" in after:
        max_seats = int(after[: after.index("-max")].split()[-1])
    return TableLine(line[7:name_end], max_seats, after)


#: a tournament bought into with play money: bare numbers, no currency (``100+9``)
_PLAY_MONEY_BUY_IN = re.compile(r"\d[\d.,]*(?:\+\d[\d.,]*)*")


def _play_money(fields: HeaderFields, currency: str | None, table: TableLine) -> bool:
    """Chips that are not a tournament's: play-money tables and play-money tournaments."""
    if currency is not None:
        return False
    if fields.tournament_id is None or "(Play Money)" in table.after:
        return True
    return _PLAY_MONEY_BUY_IN.fullmatch(fields.buy_in or "") is not None


def read_header(fields: HeaderFields, currency: str | None, table_line: str, ante: int | None,
                bring_in: int | None) -> Header:
    """The ``Header`` of a stud hand in ``currency`` (``fields.hand_currency()``); ``ante``
    and ``bring_in`` are what was posted."""
    money = unit(currency)
    game_text = (fields.game or "").casefold()
    game = _GAMES.get(game_text, Game.STUD)
    limit = _LIMITS[(fields.limit or "Limit").casefold()]
    if fields.date_et:
        started_at = clock.started_at(fields.date_et, "ET")
    else:
        started_at = clock.started_at(fields.date or "", fields.zone or "ET")
    table = read_table(table_line)
    return Header(
        site=SITE,
        hand_id=fields.hand_id,
        game=game,
        small_bet=money(fields.small or ""),
        big_bet=money(fields.big or ""),
        started_at=started_at,
        table=table.name,
        limit=limit,
        ante=ante,
        bring_in=bring_in,
        currency=currency,
        play_money=_play_money(fields, currency, table),
        max_seats=table.max_seats,
        tournament_id=fields.tournament_id,
        level=fields.level,
        buy_in=fields.buy_in,
        mixed=fields.mixed,
    )


__all__ = ["OTHER_GAMES", "SITE", "HeaderFields", "TableLine", "read_header", "read_table"]
