"""One stored hand by its id: the hand (its stored text parsed again, ``hand_events``) and
the validator's findings on it.

What ``stud-hh show``, the app's replayer and the report's embedded replays read. A hand
id is unique within a site; the same number at two sites needs the site to tell them apart.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb

from pipelines.hand_events import BATCH, HandNotFound, load_hand, readable_hands
from stud_hh.events import Hand

#: The stored violation columns, in the order the validator's record lists them.
FINDING_COLUMNS = ("code", "severity", "street", "action_index", "player", "rule", "message",
                   "finding", "caused_by")


@dataclass(frozen=True, slots=True)
class StoredHand:
    hand_key: int
    hand: Hand
    findings: tuple[dict[str, Any], ...]


def hand_keys(con: duckdb.DuckDBPyConnection, hand_id: str, site: str | None = None
              ) -> list[tuple[int, str]]:
    """``(hand_key, site)`` of the stored hands with this id (at ``site`` if given)."""
    sql = "SELECT hand_key, site FROM hands WHERE hand_id = ?"
    params: list[object] = [hand_id.strip().lstrip("#")]
    if site is not None:
        sql += " AND lower(site) = lower(?)"
        params.append(site)
    return [(int(k), str(s)) for k, s in con.execute(sql + " ORDER BY site", params).fetchall()]


#: The validator's order of one hand's findings (``finding``: rows of a version-3 database
#: have none, and come in action order, hand-level ones first).
_FINDING_ORDER = "finding NULLS LAST, action_index NULLS FIRST, street NULLS FIRST, code"


def findings(con: duckdb.DuckDBPyConnection, hand_key: int) -> tuple[dict[str, Any], ...]:
    """The stored violations of one hand, in the validator's order."""
    return findings_of(con, [hand_key]).get(hand_key, ())


def findings_of(con: duckdb.DuckDBPyConnection, keys: Sequence[int]
                ) -> dict[int, tuple[dict[str, Any], ...]]:
    """The stored violations of several hands in one query: ``hand_key -> findings`` (in
    the validator's order) for those that have any."""
    rows = con.execute(
        f"SELECT hand_key, {', '.join(FINDING_COLUMNS)} FROM violations "
        f"WHERE hand_key IN (SELECT unnest(?::BIGINT[])) ORDER BY hand_key, {_FINDING_ORDER}",
        [[int(key) for key in keys]]).fetchall()
    out: dict[int, list[dict[str, Any]]] = {}
    for key, *row in rows:
        out.setdefault(int(key), []).append(dict(zip(FINDING_COLUMNS, row, strict=True)))
    return {key: tuple(found) for key, found in out.items()}


def stored_hand(con: duckdb.DuckDBPyConnection, hand_key: int) -> StoredHand:
    return StoredHand(hand_key, load_hand(con, hand_key), findings(con, hand_key))


def stored_hands(con: duckdb.DuckDBPyConnection, keys: Sequence[int]
                 ) -> Iterator[tuple[int, StoredHand | None]]:
    """``(hand_key, StoredHand)`` for each of ``keys`` in order, ``BATCH`` hands and their
    findings a query each (a report embeds hundreds); None for a hand that cannot be read
    back (``hand_events.readable_hands``), so the report goes on without it."""
    for start in range(0, len(keys), BATCH):
        block = [int(key) for key in keys[start:start + BATCH]]
        found = findings_of(con, block)
        for key, hand in zip(block, readable_hands(con, block), strict=True):
            yield key, None if hand is None else StoredHand(key, hand, found.get(key, ()))


def find_hand(con: duckdb.DuckDBPyConnection, hand_id: str, site: str | None = None
              ) -> StoredHand:
    """The stored hand ``hand_id``; ``HandNotFound`` if none, or if several sites have it
    and ``site`` does not say which."""
    keys = hand_keys(con, hand_id, site)
    if not keys:
        where = f" at {site}" if site else ""
        raise HandNotFound(f"no stored hand has id {hand_id}{where}")
    if len(keys) > 1:
        sites = ", ".join(s for _, s in keys)
        raise HandNotFound(f"hand {hand_id} is stored for several sites ({sites}): "
                           "choose one with --site")
    return stored_hand(con, keys[0][0])
