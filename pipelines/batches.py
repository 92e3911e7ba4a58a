"""A chunk of hands on its way to the database: rows collected per table, then Arrow tables.

Workers collect each hand's rows (``pipelines.rows``) and facts (``stud_hh.facts``) in a
``Chunk`` and turn them into Arrow tables once, with the tables' schemas from
``pipelines.schema`` (so an empty chunk still has the right column types). Arrow tables
travel between processes as a few flat buffers and DuckDB reads them fastest (performance
notes); the single writer then only inserts. Quarantined hands stay rows until the writer
(the importer adds whole-file rows to a worker's ``Batch``).

The per-chunk work (``Chunk``, ``facts_table``) is pure: a Dask executor can run it and
write Parquet with the same schemas.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

import numpy as np
import pyarrow as pa

from pipelines.hand_events import texts_table
from pipelines.rows import HandRows, Row
from pipelines.schema import (
    ACTIONS,
    FACTS_HAND_COLUMNS,
    HAND_PLAYERS,
    HANDS,
    PLAYER_FACTS,
    QUARANTINE,
    VIOLATIONS,
)
from stud_hh.cards import str_card
from stud_hh.events import Hand, ParseError
from stud_hh.facts import LATER_STREETS, FactColumns, write_facts
from stud_hh.recap import Action, Recap

#: The tables a chunk of hands fills, in the order the writer inserts them.
HAND_TABLES = ("hands", "hand_players", "actions", "violations")
#: The tables whose rows are tuples (``pipelines.rows``); ``actions`` is made of the
#: recap's decisions (``actions_table``).
_SCHEMAS = {t.name: t.batch_schema for t in (HANDS, HAND_PLAYERS, VIOLATIONS)}
#: Places in the row tuples (``local`` first): the hand's ``ev_street``, a player's name
#: and ``ev_net``.
_EV_STREET = _SCHEMAS["hands"].get_field_index("ev_street")
_PLAYER = _SCHEMAS["hand_players"].get_field_index("player")
_EV_NET = _SCHEMAS["hand_players"].get_field_index("ev_net")


_CARD_TEXT = pa.array([str_card(c) for c in range(52)], pa.string())


@dataclass(slots=True)
class Batch:
    """What a worker hands the writer for one chunk: Arrow tables of the hands and their
    rows (``hands``, ``hand_players``, ``actions``, ``violations``, ``player_facts``,
    ``hand_events``), the quarantined hands and files as rows of ``quarantine`` column
    values, and the hands of other games (a mixed-game file's hold'em, Omaha, draw)
    counted per file and game (file -> game -> hands), not stored."""

    tables: dict[str, pa.Table] = field(default_factory=dict)
    quarantine: list[dict[str, Any]] = field(default_factory=list)
    other_games: dict[str, dict[str, int]] = field(default_factory=dict)

    def quarantine_table(self) -> pa.Table:
        return pa.Table.from_pylist(self.quarantine, schema=QUARANTINE.batch_schema)

    @property
    def quarantined_hands(self) -> int:
        return sum(row["kind"] == "hand" for row in self.quarantine)


def add_quarantine(
    batch: Batch, error: ParseError | str, *, kind: str = "hand", file: str | None = None,
    line: int | None = None, hand_id: str | None = None, text: str = "",
) -> None:
    """A hand (or file) that cannot be stored: its text and the reason, never dropped.

    ``line`` is where the hand starts; a parse error's own line (the offending one) goes
    in the ``line`` column and the start in ``hand_line``.
    """
    hand_line = line
    if isinstance(error, ParseError):
        file = error.path if error.path is not None else file
        line = error.line if error.line else line
        hand_id = error.hand_id or hand_id
        text = error.text or text
    batch.quarantine.append({
        "kind": kind, "file": file, "line": line, "hand_line": hand_line, "hand_id": hand_id,
        "error": str(error), "raw_text": text,
    })


class Chunk:
    """The rows, facts and texts of one chunk's hands, numbered ``local`` 0, 1, ... as
    added.

    A hand goes in in two steps, ``add_facts`` then ``add`` (its rows and text), so a
    failure in either names its stage; the facts of a hand whose rows fail are dropped
    again (``drop_facts``).
    """

    __slots__ = ("actions", "decisions", "facts", "facts_ev", "facts_local", "rows", "texts")

    def __init__(self) -> None:
        #: each hand's text as read (``hand_events``); None for a hand made otherwise
        #: (simulated, or re-read to rebuild the facts), whose text is not kept
        self.texts: list[str | None] = []
        self.rows: dict[str, list[Row]] = {name: [] for name in _SCHEMAS}
        self.actions: list[Action] = []  # every hand's decisions, hand after hand
        self.decisions: list[int] = []  # how many of them each hand made
        #: rows up to len(facts_local) are added hands'; room made for a full chunk's
        #: players at once (a worker's ~1,000 hands of up to 8)
        self.facts = FactColumns(8192)
        self.facts_local: list[int] = []
        self.facts_ev: list[float | None] = []  # each row's player's all-in ev_net

    def __len__(self) -> int:
        return len(self.texts)

    def add_facts(self, hand: Hand, seen: Recap) -> None:
        """The next hand's facts (``seen``: its ``Recap``), written into the chunk's
        columns; none stay if this fails."""
        first = self.facts.size
        try:
            write_facts(self.facts, hand, seen)
        except BaseException:
            self.facts.drop_from(first)
            raise

    def drop_facts(self) -> None:
        """Forget the facts ``add_facts`` wrote for a hand that is not added."""
        self.facts.drop_from(len(self.facts_local))

    def add(self, rows: HandRows, text: str | None) -> None:
        """A hand whose facts are added already: its rows (``local`` must be
        ``len(self)``) and its text as read (``RawHand.text``), which ``hand_events``
        keeps."""
        local = rows.hand[0]
        if local != len(self):
            raise ValueError(f"hand {local} added as number {len(self)} of its chunk")
        self.texts.append(text)
        self.rows["hands"].append(rows.hand)
        self.rows["hand_players"] += rows.players
        self.actions += rows.actions
        self.decisions.append(len(rows.actions))
        self.rows["violations"] += rows.violations
        first, size = len(self.facts_local), self.facts.size
        self.facts_local += [local] * (size - first)
        if rows.hand[_EV_STREET] is None:  # most hands: no all-in EV
            self.facts_ev += [None] * (size - first)
        else:
            ev = {row[_PLAYER]: row[_EV_NET] for row in rows.players}
            self.facts_ev += [ev.get(p) for p in self.facts.own.player[first:size]]

    def tables(self) -> dict[str, pa.Table]:
        tables = {name: actions_table(self.actions, self.decisions) if name == "actions"
                  else rows_table(self.rows[name], _SCHEMAS[name]) for name in HAND_TABLES}
        tables["player_facts"] = facts_table(self.facts, self.facts_local, tables["hands"],
                                             self.facts_ev)
        tables["hand_events"] = texts_table(self.texts)
        return tables


def rows_table(rows: Sequence[Row], schema: pa.Schema) -> pa.Table:
    """Row tuples in ``schema``'s column order -> one Arrow table of that schema.

    pyarrow converts the tuples as one struct array (a row is a struct's values in field
    order) and the table takes its fields as columns: no transposing in Python.
    """
    return pa.Table.from_struct_array(pa.array(rows, pa.struct(schema)))


_kind_name = attrgetter("name")


def actions_table(actions: Sequence[Action], decisions: Sequence[int]) -> pa.Table:
    """The ``actions`` rows of a chunk: ``actions``, the hands' ``Action`` tuples hand after
    hand, ``decisions[i]`` of them hand ``local == i``'s.

    Why columns and not a row tuple per decision: the decisions are most of a chunk's rows
    (~18 a hand), and their own tuples transposed by ``zip`` need no second tuple each;
    ``local`` and ``action_index`` (each hand's decisions counted from 0) are NumPy ranges,
    not a Python int per row.
    """
    counts = np.asarray(decisions, np.int64)
    starts = np.cumsum(counts) - counts  # where each hand's decisions begin
    columns: dict[str, Any] = {
        "local": np.repeat(np.arange(len(counts), dtype=np.int64), counts),
        "action_index": np.arange(len(actions), dtype=np.int64) - np.repeat(starts, counts),
    }
    names = ("street", "player", "kind", "amount", "raise_to", "all_in")
    if actions:
        columns.update(zip(names, zip(*actions, strict=True), strict=True))
        columns["kind"] = list(map(_kind_name, columns["kind"]))
    else:
        columns.update((name, []) for name in names)
    return pa.Table.from_pydict(columns, schema=ACTIONS.batch_schema)


def facts_table(
    facts: FactColumns, local: Sequence[int], hands: pa.Table,
    ev_net: Sequence[float | None] | None = None,
) -> pa.Table:
    """``player_facts`` rows: each row's hand columns (taken from ``hands``, the chunk's
    ``hands`` table, whose row ``i`` is ``local == i``), then the facts' own columns and
    each street's as ``<name>_<street>``, all converted by pyarrow with their types from
    the schema (a flag, count or amount from its ``array`` as a NumPy array: no Python
    object per value); the door card becomes its text (``"Ah"``); ``ev_net`` each row's
    ``hand_players.ev_net`` (None: all null)."""
    local_array = pa.array(local, pa.int64())
    columns: dict[str, Any] = {"local": local_array}
    for name in FACTS_HAND_COLUMNS:
        columns[name] = hands.column(name).take(local_array)
    own, streets = facts.columns()
    columns.update((name, _values(column)) for name, column in own.items())
    for street, street_columns in zip(LATER_STREETS, streets, strict=True):
        columns.update((f"{name}_{int(street)}", _values(column))
                       for name, column in street_columns.items())
    columns["door_card"] = _CARD_TEXT.take(pa.array(own["door_card"], pa.int8()))
    columns["ev_net"] = (pa.nulls(len(local), pa.float64()) if ev_net is None
                         else pa.array(ev_net, pa.float64()))
    return pa.Table.from_pydict(columns, schema=PLAYER_FACTS.batch_schema)


#: NumPy's type for each ``array`` type of ``FactColumns``: flags (0 or 1), int64.
_NUMPY = {"b": np.bool_, "q": np.int64}


def _values(column: Any) -> Any:
    """A ``FactColumns`` column as pyarrow takes it: an ``array`` as a NumPy array (a
    copy: the table must not change with the chunk's columns), a list as it is."""
    if isinstance(column, array):
        return np.frombuffer(column, dtype=_NUMPY[column.typecode]).copy()
    return column
