"""The fields of one PHH hand, checked: the table (seats, stacks, stakes) and the header.

TOML gives each field a type; PHH says which type each field must have. ``Fields`` hands
them out checked, and a field of the wrong type or length is a ``FieldError`` naming it,
which the reader turns into a ``ParseError`` at the field's line. stud_hh's own fields
(``_site``, ``_not_dealt``, ...: see ``stud_hh.phh``) are read when present; a file from
another tool has none of them, and the header is then made from what PHH says: the site is
``phh``, a hand without a number is named by a hash of its fields, one without a date is
dated 1970-01-01 UTC.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, time, tzinfo
from typing import TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from stud_hh.dialects.clock import ClockError, zone
from stud_hh.dialects.phh.notation import Money, NotationError
from stud_hh.events import Game, Header, Seat

T = TypeVar("T")
#: The site of a hand whose file does not say where it was played.
SITE = "phh"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class FieldError(NotationError):
    """A field missing, or of the wrong type; ``field`` names it (for the error's line)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class Fields:
    """One hand's TOML table, each field checked as it is taken."""

    def __init__(self, table: Mapping[str, object], money: Money) -> None:
        self.table = table
        self.money = money

    def get(self, name: str, kind: type[T] | tuple[type, ...],
            default: T | None = None) -> T | None:
        """The field's value, ``default`` when absent; ``FieldError`` for another type."""
        value = self.table.get(name)
        if value is None:
            return default
        if not isinstance(value, kind) or isinstance(value, bool) != (kind is bool):
            raise FieldError(name, f"field {name!r} is not {_kind_name(kind)}: {value!r}")
        return value  # type: ignore[return-value]

    def need(self, name: str, kind: type[T]) -> T:
        value = self.get(name, kind)
        if value is None:
            raise FieldError(name, f"required field {name!r} is missing")
        return value

    def amount(self, name: str) -> int:
        value = self.table.get(name)
        if value is None:
            raise FieldError(name, f"required field {name!r} is missing")
        return self._amount(name, value)

    def amounts(self, name: str, count: int | None = None) -> list[int] | None:
        """A list of amounts, one per player when ``count`` is given; None when absent."""
        values = self.get(name, list)
        if values is None:
            return None
        if count is not None and len(values) != count:
            raise FieldError(name, f"field {name!r} has {len(values)} entries for "
                                   f"{count} players")
        return [self._amount(name, v) for v in values]

    def strings(self, name: str, count: int) -> list[str] | None:
        return self._list_of(name, count, str)

    def integers(self, name: str, count: int) -> list[int] | None:
        return self._list_of(name, count, int)

    def _list_of(self, name: str, count: int, kind: type[T]) -> list[T] | None:
        values = self.get(name, list)
        if values is None:
            return None
        if len(values) != count or not all(isinstance(v, kind) and not isinstance(v, bool)
                                           for v in values):
            raise FieldError(name, f"field {name!r} is not {count} {_kind_name(kind)}s")
        return values

    def _amount(self, name: str, value: object) -> int:
        try:
            amount = self.money.amount(value)
        except NotationError as exc:
            raise FieldError(name, f"field {name!r}: {exc}") from None
        if amount < 0:
            raise FieldError(name, f"field {name!r} has a negative amount: {value}")
        return amount


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {str: "a string", int: "an integer", bool: "true or false", list: "an array",
             dict: "a table", time: "a time"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def players_of(fields: Fields, count: int) -> list[str]:
    """The dealt-in players' names (``p1``... for a file without names or an empty one)."""
    names = fields.strings("players", count) or [""] * count
    players = [name or f"p{i}" for i, name in enumerate(names, 1)]
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise FieldError("players", f"two players are named {twice!r}")
    return players


def seats_of(fields: Fields, players: list[str], stacks: list[int]) -> tuple[Seat, ...]:
    """Every seat: the dealt-in players in PHH order, and with stud_hh's ``_not_dealt``
    seats, all of them in seat order (the order a history lists them)."""
    numbers = fields.integers("seats", len(players)) or list(range(1, len(players) + 1))
    seats = [Seat(n, p, s) for n, p, s in zip(numbers, players, stacks, strict=True)]
    absent = fields.get("_not_dealt", list)
    if absent:
        seats = sorted(seats + [_absent_seat(fields, entry) for entry in absent],
                       key=lambda seat: seat.seat)
    return tuple(seats)


def _absent_seat(fields: Fields, entry: object) -> Seat:
    if not isinstance(entry, dict):
        raise FieldError("_not_dealt", f"field '_not_dealt' holds {entry!r}, not a table")
    seat = Fields(entry, fields.money)
    try:
        return Seat(seat.need("seat", int), seat.need("player", str), seat.amount("stack"),
                    sitting_out=bool(seat.get("sitting_out", bool, False)),
                    out_of_hand=bool(seat.get("out_of_hand", bool, False)))
    except FieldError as exc:
        raise FieldError("_not_dealt", f"field '_not_dealt': {exc}") from None


def header_of(fields: Fields, game: Game, ante: int | None) -> Header:
    """The hand's header."""
    get = fields.get
    tournament = get("_tournament", str) or get("event", str)
    level = get("_level", str)
    if level is None and get("level", int) is not None:
        level = str(get("level", int))
    hand = get("hand", (str, int))
    return Header(
        site=get("_site", str) or SITE,
        hand_id=str(hand) if hand is not None else _content_id(fields.table),
        game=game,
        small_bet=fields.amount("small_bet"),
        big_bet=fields.amount("big_bet"),
        started_at=started_at(fields),
        table=str(get("table", (str, int)) or ""),
        ante=ante,
        bring_in=None if get("_bring_in_estimated", bool) else fields.amount("bring_in"),
        currency=get("currency", str),
        play_money=bool(get("_play_money", bool, False)),
        max_seats=get("seat_count", int),
        tournament_id=tournament,
        level=level,
        buy_in=get("_buy_in", str),
        mixed=get("_mixed", str),
        button_seat=get("_button_seat", int),
    )


def _content_id(table: Mapping[str, object]) -> str:
    """A number for a hand whose file gives none, from its fields (not its layout or
    comments): the same hand, the same number, so that reading it again finds it stored."""
    canonical = json.dumps(table, sort_keys=True, default=str, ensure_ascii=False)
    return "phh-" + hashlib.blake2b(canonical.encode("utf-8", "replace"),
                                    digest_size=8).hexdigest()


def started_at(fields: Fields) -> datetime:
    """The start: date, time and zone fields (UTC without a zone; 1970-01-01 without a
    date, which no real hand has)."""
    year = fields.get("year", int)
    if year is None:
        return _EPOCH
    month = fields.get("month", int, 1) or 1
    day = fields.get("day", int, 1) or 1
    clock = fields.get("time", time, time()) or time()
    where = _zone(fields.get("time_zone", str))
    try:
        return datetime(year, month, day, clock.hour, clock.minute, clock.second,
                        clock.microsecond, tzinfo=where)
    except ValueError as exc:
        raise FieldError("year", f"not a date: {year}-{month}-{day} ({exc})") from None


def _zone(name: str | None) -> tzinfo:
    """An IANA zone (``America/New_York``), or a label sites print (``ET``)."""
    if name is None:
        return UTC
    attempts: tuple[Callable[[str], tzinfo], ...] = (ZoneInfo, zone)
    for attempt in attempts:
        try:
            return attempt(name)
        except (ZoneInfoNotFoundError, ClockError, ValueError, OSError):
            continue
    raise FieldError("time_zone", f"unknown time zone {name!r}")


__all__ = ["SITE", "FieldError", "Fields", "header_of", "players_of", "seats_of",
           "started_at"]
