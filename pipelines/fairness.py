"""The deal audit's sample from the database: ``deal_hands(con, player)``.

The import stores each player's ``cards_known`` (first seen first) and ``door_card``.
From them, per hand in time order:

* the hero: the player whose downcards the history logs in every hand he plays. Known
  cards that start with two downcards and then the door card say whose downcards were
  seen, but a showdown reveals them too (shown or mucked face up), and a start seen
  because its player went to showdown is chosen by play. So the heroes are the players
  whose downcards are known in some hand they folded, and in each hand the hero is one of
  them (``--player NAME`` names him, if he is one); his start is used in every hand he is
  dealt, folded or not;
* each player's upcards: the first ``min(final street, 6) - 2`` of his known cards (the
  door card first), after the hero's two downcards;
* every card the hand shows, for the duplicate check.

The statistics are ``stud_hh.fairness``; nothing here judges.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

import duckdb

from stud_hh.cards import card
from stud_hh.events import Game
from stud_hh.fairness import DealHand

_QUERY = """
SELECT h.hand_key, h.game, h.table_name, hp.player, hp.cards_known, hp.door_card,
       hp.final_street, hp.folded
FROM hands h JOIN hand_players hp USING (hand_key)
WHERE hp.dealt_in {only} {game} {latest}
ORDER BY h.started_at, h.hand_key, hp.seat
"""
_ONLY = ("AND h.hand_key IN (SELECT hand_key FROM hand_players "
         "WHERE player = ? AND dealt_in)")


_LATEST = ("AND h.hand_key IN (SELECT hand_key FROM hands ORDER BY started_at DESC, "
           "hand_key DESC LIMIT ?)")


def deal_hands(con: duckdb.DuckDBPyConnection, player: str | None = None,
               game: str | None = None, latest: int | None = None) -> list[DealHand]:
    """Every stored hand (or ``player``'s, or one game's; with ``latest``, only among the
    latest so many), oldest first, as the deal audit reads it."""
    query = _QUERY.format(only=_ONLY if player else "", game="AND h.game = ?" if game else "",
                          latest=_LATEST if latest is not None else "")
    params: list[object] = [p for p in (player, game, latest) if p is not None]
    rows = con.execute(query, params).fetchall()
    heroes = {r[3] for r in rows if _logged(r) and r[7]}
    if player is not None:  # his starts count only if they are logged whatever he does
        heroes &= {player}
    return [_hand(list(seats), heroes) for _, seats in groupby(rows, key=lambda r: r[0])]


def _cards(text: str | None) -> list[int]:
    return [card(t) for t in (text or "").split()]


def _logged(row: Sequence[Any]) -> bool:
    """Known cards that begin with two downcards, then the door card."""
    known, door = (row[4] or "").split(), row[5]
    return len(known) >= 3 and door is not None and known[0] != door and known[2] == door


def _hand(seats: Sequence[Any], heroes: set[str]) -> DealHand:
    game, table = Game(seats[0][1]), seats[0][2]
    doors: list[int | None] = []
    upcards: list[tuple[int, ...]] = []
    every: list[int] = []
    hero: int | None = None
    start: tuple[int, int, int] | None = None
    for i, row in enumerate(seats):
        name, door_text, final = row[3], row[5], row[6]
        known = _cards(row[4])
        door = card(door_text) if door_text else None
        every += known
        doors.append(door)
        logged = _logged(row)
        if logged and hero is None and name in heroes:
            hero, start = i, (known[0], known[1], known[2])
        ups = min(int(final or 3), 6) - 2
        first = 2 if logged else 0
        upcards.append(tuple(known[first:first + ups]) if door is not None else ())
    return DealHand(game, table, tuple(doors), tuple(upcards), tuple(every), hero, start)
