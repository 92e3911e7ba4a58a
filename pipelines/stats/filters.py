"""Which hands a stat, a chart or a list of hands covers: one definition for every reader.

``stud-hh stats``, the report, and every figure, table and drill-down of ``stud-hh
serve`` select their ``player_facts`` rows with ``Filters.where``, so "razz, cash, $10/$20,
last month" means the same rows everywhere.

Money units: a row's ``unit`` is its currency code (``USD``, ``EUR``, ...), ``chips`` for
tournament chips, ``play`` for play money. Sums of money are only ever taken within one
unit (``UNIT_SQL``); win rates in big or small bets are unit-free and may combine them.
Whether a hand is a tournament or play-money hand lives in ``hands``, so those two
questions join it by ``hand_key`` (a database holding only ``player_facts``, as some tests
build, treats a row without a currency as tournament chips).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta

GAME_ALIASES = {
    "stud": "stud", "7stud": "stud", "stud-hi": "stud", "studhi": "stud",
    "stud8": "stud8", "hilo": "stud8", "stud-hilo": "stud8", "studhilo": "stud8",
    "stud/8": "stud8", "razz": "razz",
}
KINDS = ("cash", "tournament")
_CURRENCY_MARKS = str.maketrans("", "", "$€£ ")
_UNIT_NAME = re.compile(r"^[A-Za-z]{2,12}$")


class StatsError(ValueError):
    """A filter the query cannot use, or a database without facts."""


def normalise_game(game: str) -> str:
    try:
        return GAME_ALIASES[game.strip().lower()]
    except KeyError:
        raise StatsError(f"unknown game {game!r}: use stud, stud8 or razz") from None


def normalise_stakes(stakes: str) -> str:
    """``$0.04/$0.08`` -> ``0.04/0.08`` (the stored label)."""
    return stakes.translate(_CURRENCY_MARKS).replace("USD", "").replace("EUR", "")


def normalise_kind(kind: str) -> str:
    text = kind.strip().lower()
    if text in ("cash", "ring"):
        return "cash"
    if text in ("tournament", "tourney", "mtt", "sng"):
        return "tournament"
    raise StatsError(f"unknown kind {kind!r}: use cash or tournament")


def normalise_unit(unit: str) -> str:
    """``usd`` -> ``USD``; ``chips`` (tournament chips) and ``play`` (play money) stay."""
    text = unit.strip()
    if text.lower() in ("chips", "tournament", "t"):
        return "chips"
    if text.lower() in ("play", "play money"):
        return "play"
    if not _UNIT_NAME.match(text):
        raise StatsError(f"unknown currency {unit!r}: a code such as USD or EUR, "
                         "chips (tournament chips) or play (play money)")
    return text.upper()


def bound(value: date | datetime | str, end: bool) -> datetime:
    """A filter bound as an aware UTC time; a bare date ``until`` includes the whole day.

    >>> bound("2009-11-26", end=True).isoformat()
    '2009-11-27T00:00:00+00:00'
    >>> bound("2009-11-26T10:00", end=False).isoformat()
    '2009-11-26T10:00:00+00:00'
    """
    if isinstance(value, str):
        text = value.strip()
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            raise StatsError(f"not a date: {value!r} (use YYYY-MM-DD)") from None
        value = parsed.date() if len(text) == 10 else parsed
    if isinstance(value, datetime):
        moment = value
    else:
        moment = datetime.combine(value + timedelta(days=1) if end else value, time())
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def unit_sql(alias: str = "", with_hands: bool = True) -> str:
    """The money unit of a ``player_facts`` row (``alias.`` prefixes its columns)."""
    a = f"{alias}." if alias else ""
    if not with_hands:
        return f"coalesce({a}currency, 'chips')"
    return (f"coalesce({a}currency, CASE WHEN {a}hand_key IN "
            "(SELECT hand_key FROM hands WHERE play_money) THEN 'play' ELSE 'chips' END)")


@dataclass(frozen=True)
class Filters:
    """Rows of ``player_facts`` to use; every field None (or empty) means "all".

    ``players``: these players only; ``game``: stud, stud8 or razz (aliases accepted);
    ``stakes``: the stored label (``0.04/0.08``, ``50/100``); ``kind``: cash or
    tournament; ``unit``: a currency code, ``chips`` or ``play``; ``since``/``until``:
    inclusive days (UTC); ``min_hands``: players with at least that many hands (applied
    by the callers that group by player).
    """

    players: tuple[str, ...] = ()
    game: str | None = None
    stakes: str | None = None
    kind: str | None = None
    unit: str | None = None
    since: date | datetime | str | None = None
    until: date | datetime | str | None = None
    min_hands: int = 0
    #: whether the database has ``hands`` (kind and play money need it)
    with_hands: bool = field(default=True, compare=False)

    def normalised(self) -> Filters:
        """The same filters with every value in its stored form (raises ``StatsError``)."""
        return replace(
            self,
            game=None if self.game is None else normalise_game(self.game),
            stakes=None if self.stakes is None else normalise_stakes(self.stakes),
            kind=None if self.kind is None else normalise_kind(self.kind),
            unit=None if self.unit is None else normalise_unit(self.unit),
            since=None if self.since is None else bound(self.since, end=False),
            until=None if self.until is None else bound(self.until, end=True),
            min_hands=max(int(self.min_hands), 0),
        )

    def where(self, alias: str = "") -> tuple[str, dict[str, object]]:
        """SQL conditions on ``player_facts`` rows and their named parameters.

        Call it on ``normalised()`` filters. Parameter names start with ``f_`` so that a
        caller can add its own.
        """
        a = f"{alias}." if alias else ""
        clauses: list[str] = []
        params: dict[str, object] = {}
        if self.players:
            names = []
            for i, player in enumerate(self.players):
                params[f"f_player{i}"] = player
                names.append(f"$f_player{i}")
            clauses.append(f"{a}player IN ({', '.join(names)})")
        for name in ("game", "stakes"):
            value = getattr(self, name)
            if value is not None:
                clauses.append(f"{a}{name} = $f_{name}")
                params[f"f_{name}"] = value
        if self.kind is not None:
            if self.with_hands:
                tournament = "IS NOT NULL" if self.kind == "tournament" else "IS NULL"
                clauses.append(f"{a}hand_key IN (SELECT hand_key FROM hands "
                               f"WHERE tournament_id {tournament})")
            else:
                clauses.append(f"{a}currency IS {'' if self.kind == 'tournament' else 'NOT '}"
                               "NULL")
        if self.unit is not None:
            clauses.append(f"{unit_sql(alias, self.with_hands)} = $f_unit")
            params["f_unit"] = self.unit
        if self.since is not None:
            clauses.append(f"{a}started_at >= $f_since")
            params["f_since"] = self.since
        if self.until is not None:
            clauses.append(f"{a}started_at < $f_until")
            params["f_until"] = self.until
        return " AND ".join(clauses) or "TRUE", params

    def hands_where(self, alias: str = "h") -> tuple[str, dict[str, object]]:
        """The same filters on rows of ``hands`` (the audit's tables): a hand matches
        when it has the game, stakes, kind, unit and time, and one of the players."""
        a = f"{alias}." if alias else ""
        clauses: list[str] = []
        params: dict[str, object] = {}
        if self.players:
            names = []
            for i, player in enumerate(self.players):
                params[f"f_player{i}"] = player
                names.append(f"$f_player{i}")
            clauses.append(f"{a}hand_key IN (SELECT hand_key FROM hand_players "
                           f"WHERE player IN ({', '.join(names)}))")
        for name in ("game", "stakes"):
            value = getattr(self, name)
            if value is not None:
                clauses.append(f"{a}{name} = $f_{name}")
                params[f"f_{name}"] = value
        if self.kind is not None:
            clauses.append(f"{a}tournament_id IS {'NOT ' if self.kind == 'tournament' else ''}"
                           "NULL")
        if self.unit is not None:
            clauses.append(f"coalesce({a}currency, CASE WHEN {a}play_money THEN 'play' "
                           "ELSE 'chips' END) = $f_unit")
            params["f_unit"] = self.unit
        if self.since is not None:
            clauses.append(f"{a}started_at >= $f_since")
            params["f_since"] = self.since
        if self.until is not None:
            clauses.append(f"{a}started_at < $f_until")
            params["f_until"] = self.until
        return " AND ".join(clauses) or "TRUE", params
