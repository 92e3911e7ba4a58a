"""Hands, violations and parse errors -> rows -> Arrow tables, one chunk at a time.

Workers flatten each hand in one walk over its events into row tuples (``hand_rows``),
collect a chunk's rows in ``BatchRows`` and convert them once into Arrow tables with
fixed schemas, so an empty batch still has the right column types. Arrow tables pickle as
a few flat buffers and DuckDB reads them fastest (performance notes); the single writer
then only inserts. Rows of a batch refer to their hand by ``local``, its position in the
batch; the writer swaps that for the stored ``hand_key`` after dropping duplicates.
Quarantined hands stay column lists (``add_quarantine``), to which the importer adds
whole-file rows.

Money columns are exact ints of the smallest unit throughout; nothing here is a float.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

import polars as pl
import pyarrow as pa

from pipelines.arrow_columns import rows_to_table
from stud_hh.cards import str_card
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Hand,
    Muck,
    ParseError,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)

Columns = dict[str, list[Any]]

#: Column types per table for the batch frames (the stored tables add ``hand_key`` and
#: ``import_id``; see schema.sql).
SCHEMAS: dict[str, dict[str, Any]] = {
    "hands": {
        "local": pl.Int64, "site": pl.Utf8, "hand_id": pl.Utf8, "game": pl.Utf8,
        "betting": pl.Utf8, "stakes": pl.Utf8, "small_bet": pl.Int64, "big_bet": pl.Int64,
        "ante": pl.Int64, "bring_in": pl.Int64, "currency": pl.Utf8, "play_money": pl.Boolean,
        "tournament_id": pl.Utf8, "level": pl.Utf8, "buy_in": pl.Utf8, "mixed": pl.Utf8,
        "table_name": pl.Utf8, "max_seats": pl.Int16, "started_at": pl.Int64,
        "players": pl.Int16, "last_street": pl.Int16, "showdown": pl.Boolean,
        "total_pot": pl.Int64, "rake": pl.Int64, "errors": pl.Int16, "warnings": pl.Int16,
        "source_file": pl.Utf8, "source_line": pl.Int64,
    },
    "hand_players": {
        "local": pl.Int64, "seat": pl.Int16, "player": pl.Utf8, "starting_stack": pl.Int64,
        "dealt_in": pl.Boolean, "cards_known": pl.Utf8, "door_card": pl.Utf8,
        "final_street": pl.Int16, "folded": pl.Boolean, "contributed": pl.Int64,
        "collected": pl.Int64, "net_won": pl.Int64, "rake_share": pl.Int64,
        "showed": pl.Boolean, "won_at_showdown": pl.Boolean,
    },
    "actions": {
        "local": pl.Int64, "action_index": pl.Int32, "street": pl.Int16, "player": pl.Utf8,
        "kind": pl.Utf8, "amount": pl.Int64, "raise_to": pl.Int64, "all_in": pl.Boolean,
    },
    "violations": {
        "local": pl.Int64, "code": pl.Utf8, "severity": pl.Utf8, "street": pl.Int16,
        "action_index": pl.Int32, "player": pl.Utf8, "rule": pl.Utf8, "message": pl.Utf8,
    },
    "quarantine": {
        "kind": pl.Utf8, "file": pl.Utf8, "line": pl.Int64, "hand_line": pl.Int64,
        "hand_id": pl.Utf8,
        "error": pl.Utf8, "raw_text": pl.Utf8,
    },
}

_KIND = {
    BringIn: "bring_in", Complete: "complete", Bet: "bet", Raise: "raise", Call: "call",
    Fold: "fold",
}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICRO = timedelta(microseconds=1)


def empty_batch() -> dict[str, Columns]:
    return {table: {col: [] for col in schema} for table, schema in SCHEMAS.items()}


def epoch_micros(moment: datetime) -> int:
    """Exact microseconds since the epoch (a naive time is taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return (moment - _EPOCH) // _MICRO


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


def add_quarantine(
    batch: dict[str, Columns], error: ParseError | str, *, kind: str = "hand",
    file: str | None = None, line: int | None = None, hand_id: str | None = None,
    text: str = "",
) -> None:
    """A hand (or file) that cannot be stored: its text and the reason, never dropped.

    ``line`` is where the hand starts; a parse error's own line (the offending one) goes
    in the ``line`` column and the start in ``hand_line``.
    """
    q = batch["quarantine"]
    hand_line = line
    if isinstance(error, ParseError):
        file = error.path if error.path is not None else file
        line = error.line if error.line else line
        hand_id = error.hand_id or hand_id
        text = error.text or text
        message = str(error)
    else:
        message = error
    q["kind"].append(kind)
    q["file"].append(file)
    q["line"].append(line)
    q["hand_line"].append(hand_line)
    q["hand_id"].append(hand_id)
    q["error"].append(message)
    q["raw_text"].append(text)


class BatchRows:
    """The core tables of one chunk as row tuples, turned into Arrow tables once.

    Rows are collected as tuples and converted once per chunk (``rows_table``), which
    costs a fraction of appending every value to one list per column. A hand's rows are
    all computed before any is kept, so a hand that fails to flatten leaves nothing
    behind. (``player_facts`` rows are collected beside it: ``pipelines.facts_batch``.)
    """

    __slots__ = ("actions", "hand_players", "hands", "violations")

    def __init__(self) -> None:
        self.hands: list[tuple[Any, ...]] = []
        self.hand_players: list[tuple[Any, ...]] = []
        self.actions: list[tuple[Any, ...]] = []
        self.violations: list[tuple[Any, ...]] = []

    def add_hand(
        self, local: int, hand: Hand, violations: list[Any], file: str | None, line: int,
    ) -> None:
        """Flatten one parsed, validated hand."""
        hand_row, players, actions, found = hand_rows(local, hand, violations, file, line)
        self.hands.append(hand_row)
        self.hand_players.extend(players)
        self.actions.extend(actions)
        self.violations.extend(found)

    def tables(self) -> dict[str, pa.Table]:
        """Arrow tables with the fixed schemas."""
        return {
            "hands": rows_table(self.hands, ARROW_SCHEMAS["hands"]),
            "hand_players": rows_table(self.hand_players, ARROW_SCHEMAS["hand_players"]),
            "actions": rows_table(self.actions, ARROW_SCHEMAS["actions"]),
            "violations": rows_table(self.violations, ARROW_SCHEMAS["violations"]),
        }


def rows_table(
    rows: list[tuple[Any, ...]], schema: pa.Schema | None, names: Sequence[str] = ()
) -> pa.Table:
    """Row tuples -> one Arrow table; ``names`` when there is no schema.

    With a schema, the rows are transposed in C and converted column by column
    (``pipelines.arrow_columns``): cheaper than one struct array built from the tuples.
    """
    if schema is None:
        schema = _FACTS_SCHEMAS.get(tuple(names))
    if schema is None:  # unknown columns: let Arrow infer the types
        columns = list(zip(*rows, strict=True)) if rows else [()] * len(names)
        return pa.table({n: pa.array(c) for n, c in zip(names, columns, strict=True)})
    return rows_to_table(rows, schema)  # ValueError unless every row has len(schema) values


#: Arrow schemas of ``player_facts`` batches by their column names (set by the facts hook).
_FACTS_SCHEMAS: dict[tuple[str, ...], pa.Schema] = {}


def register_facts_schema(schema: pa.Schema) -> None:
    """Types for ``player_facts`` rows with exactly these columns (``local`` first)."""
    _FACTS_SCHEMAS[tuple(schema.names)] = schema


_ACTION_KIND = {**_KIND, Check: "check"}
_CARD_EVENTS = (Show, Muck, SeatResult)
_CARD_TEXT = tuple(str_card(c) for c in range(52))
_THIRD = Street.THIRD


def hand_rows(
    local: int, hand: Hand, violations: list[Any], file: str | None, line: int,
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]], list[tuple[Any, ...]],
           list[tuple[Any, ...]]]:
    """One hand as its ``hands`` row and its ``hand_players``, ``actions`` and
    ``violations`` rows, in the column order of ``SCHEMAS``; one walk over the events.

    Runs for every imported hand: the branches are ordered by how often they are taken
    (actions, deals, antes, shown cards).
    """
    header = hand.header
    contributed: dict[str, int] = {}
    collected: dict[str, int] = {}
    returned: dict[str, int] = {}
    on_street: dict[str, int] = {}
    known: dict[str, dict[int, None]] = {}  # insertion-ordered sets of cards
    door: dict[str, int] = {}
    folded_on: dict[str, int] = {}
    showed: set[str] = set()
    street = 3
    showdown = False
    total_pot: int | None = None
    rake: int | None = None
    actions: list[tuple[Any, ...]] = []
    append = actions.append
    index = 0
    action_kind = _ACTION_KIND

    for event in hand.events:
        kind = type(event)
        name = action_kind.get(kind)
        if name is not None:
            player = event.player  # type: ignore[union-attr]
            if kind is Check:
                append((local, index, street, player, name, None, None, False))
            elif kind is Fold:
                folded_on[player] = street
                if event.cards:  # type: ignore[union-attr]
                    held = known.setdefault(player, {})
                    for c in event.cards:  # type: ignore[union-attr]
                        if c is not None:
                            held[c] = None
                append((local, index, street, player, name, None, None, False))
            elif kind is Complete or kind is Raise:
                raise_to = event.to  # type: ignore[union-attr]
                amount = raise_to - on_street.get(player, 0)
                on_street[player] = raise_to
                append((local, index, street, player, name, amount, raise_to,
                        bool(event.all_in)))  # type: ignore[union-attr]
            else:  # bring-in, bet, call
                amount = event.amount  # type: ignore[union-attr]
                on_street[player] = on_street.get(player, 0) + amount
                append((local, index, street, player, name, amount, None,
                        bool(event.all_in)))  # type: ignore[union-attr]
            index += 1
        elif kind is Deal:
            player = event.player  # type: ignore[union-attr]
            cards = event.cards  # type: ignore[union-attr]
            held = known.setdefault(player, {})
            for c in cards:
                if c is not None:
                    held[c] = None
            if event.street is _THIRD and player not in door:  # type: ignore[union-attr]
                for c, up in zip(cards, event.up, strict=False):  # type: ignore[union-attr]
                    if up and c is not None:
                        door[player] = c
                        break
        elif kind is Ante:
            p = event.player  # type: ignore[union-attr]
            contributed[p] = contributed.get(p, 0) + event.amount  # type: ignore[union-attr]
        elif kind in _CARD_EVENTS:
            player = event.player  # type: ignore[union-attr]
            if kind is Show:
                showed.add(player)
            held = known.setdefault(player, {})
            for c in event.cards:  # type: ignore[union-attr]
                if c is not None:
                    held[c] = None
        elif kind is StreetStart:
            for p, amount in on_street.items():
                contributed[p] = contributed.get(p, 0) + amount
            on_street.clear()
            street = int(event.street)  # type: ignore[union-attr]
        elif kind is Collect:
            p = event.player  # type: ignore[union-attr]
            collected[p] = collected.get(p, 0) + event.amount  # type: ignore[union-attr]
        elif kind is UncalledReturn:
            p = event.player  # type: ignore[union-attr]
            returned[p] = returned.get(p, 0) + event.amount  # type: ignore[union-attr]
        elif kind is ShowdownStart:
            showdown = True
        elif kind is Summary:
            total_pot, rake = event.total_pot, event.rake  # type: ignore[union-attr]
    for p, amount in on_street.items():
        contributed[p] = contributed.get(p, 0) + amount
    last_street = street

    shares = _rake_shares(rake or 0, collected) if rake else {}
    text = _CARD_TEXT
    players: list[tuple[Any, ...]] = []
    dealt = 0
    for seat in hand.seats:
        name = seat.player
        dealt_in = not (seat.sitting_out or seat.out_of_hand)
        dealt += dealt_in
        won = collected.get(name, 0)
        put = contributed.get(name, 0)
        folded = name in folded_on
        cards = known.get(name)
        players.append((
            local, seat.seat, name, seat.stack, dealt_in,
            " ".join([text[c] for c in cards]) if cards else "",  # type: ignore[index]
            text[door[name]] if name in door else None,
            folded_on[name] if folded else (last_street if dealt_in else None),
            folded, put, won, won + returned.get(name, 0) - put, shares.get(name, 0),
            name in showed, showdown and not folded and won > 0,
        ))

    errors = warnings = 0
    found: list[tuple[Any, ...]] = []
    for v in violations:
        if v.severity == "error":
            errors += 1
        else:
            warnings += 1
        found.append((
            local, v.code, str(v.severity), None if v.street is None else int(v.street),
            v.action_index, v.player, v.rule, v.message,
        ))

    hand_row = (
        local, header.site, header.hand_id, str(header.game), str(header.limit),
        stakes_label(header.small_bet, header.big_bet, header.currency),
        header.small_bet, header.big_bet, header.ante, header.bring_in, header.currency,
        header.play_money, header.tournament_id, header.level, header.buy_in, header.mixed,
        header.table, header.max_seats, epoch_micros(header.started_at), dealt, last_street,
        showdown, total_pot, rake, errors, warnings, file, line,
    )
    return hand_row, players, actions, found


def add_hand(
    batch: dict[str, Columns], local: int, hand: Hand, violations: list[Any],
    file: str | None, line: int,
) -> None:
    """Flatten one hand into a batch of column lists (``BatchRows`` is the fast path)."""
    hand_row, players, actions, found = hand_rows(local, hand, violations, file, line)
    for table, rows in (("hands", [hand_row]), ("hand_players", players),
                        ("actions", actions), ("violations", found)):
        columns = batch[table]
        for name, value in zip(columns, zip(*rows, strict=True), strict=False):
            columns[name].extend(value)


def _rake_shares(rake: int, collected: dict[str, int]) -> dict[str, int]:
    """Rake split in proportion to what each winner collected; exact ints summing to rake."""
    total = sum(collected.values())
    if rake <= 0 or total <= 0:
        return {}
    shares = {p: rake * c // total for p, c in collected.items()}
    leftover = rake - sum(shares.values())
    if leftover:
        biggest = max(collected, key=lambda p: collected[p])
        shares[biggest] += leftover
    return shares


_ARROW_TYPES: dict[Any, pa.DataType] = {
    pl.Int64: pa.int64(), pl.Int32: pa.int32(), pl.Int16: pa.int16(), pl.Utf8: pa.string(),
    pl.Boolean: pa.bool_(),
}


def arrow_schema(schema: dict[str, Any]) -> pa.Schema | None:
    """The Arrow schema for a Polars one, or None if it has a type not mapped here."""
    fields = []
    for name, dtype in schema.items():
        if isinstance(dtype, pl.Datetime):
            fields.append(pa.field(name, pa.timestamp(dtype.time_unit, tz=dtype.time_zone)))
        elif dtype in _ARROW_TYPES:
            fields.append(pa.field(name, _ARROW_TYPES[dtype]))
        else:
            return None
    return pa.schema(fields)


ARROW_SCHEMAS: dict[str, pa.Schema] = {
    table: arrow_schema(
        {**schema, "started_at": pl.Datetime("us", "UTC")} if table == "hands" else schema
    )
    for table, schema in SCHEMAS.items()
}


def to_tables(batch: dict[str, Any]) -> dict[str, pa.Table]:
    """The batch as Arrow tables with the fixed schemas (what DuckDB reads fastest: ~6.8M
    rows/s, performance notes); tables the workers built already pass through, column
    lists are converted (``started_at`` becomes an instant)."""
    return {
        table: value if isinstance(value := batch[table], pa.Table)
        else pa.Table.from_pydict(value, schema=ARROW_SCHEMAS[table])
        for table in SCHEMAS
    }


def to_frames(batch: dict[str, Columns]) -> dict[str, pl.DataFrame]:
    """The batch as Polars frames (for inspection and tests)."""
    return {table: pl.from_arrow(t) for table, t in to_tables(batch).items()}  # type: ignore[misc]
