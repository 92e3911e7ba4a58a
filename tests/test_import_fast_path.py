"""The workers' fast paths store exactly what the plain formulations would.

``BatchRows``, ``facts_rows`` and ``FactsBatch`` exist for speed; these tests pin them to
the plain formulations (``add_hand`` into column lists, ``facts_columns``, ``facts_rows``)
on the real PokerStars hands, and check that a hand whose facts fail is quarantined alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipelines import facts_hook, workers
from pipelines.batches import BatchRows, add_hand, empty_batch, to_tables
from pipelines.facts_batch import FactsBatch
from pipelines.stats.facts_table import COLUMNS, facts_columns, facts_rows
from stud_hh.dialects import hand_starts
from stud_hh.events import Hand, ParseError
from stud_hh.parse import parse_raw
from stud_hh.reader import RawHand, read_hands
from stud_hh.validate import validate


@pytest.fixture(scope="module")
def raws(stars_files: list[Path]) -> list[RawHand]:
    found = [r for p in stars_files for r in read_hands(p, boundary=hand_starts())]
    assert found, "no PokerStars hands in the real corpus"
    return found


@pytest.fixture(scope="module")
def hands(raws: list[RawHand]) -> list[tuple[RawHand, Hand, list[Any]]]:
    out = []
    for raw in raws:
        hand = parse_raw(raw)
        if not isinstance(hand, ParseError):
            out.append((raw, hand, validate(hand)))
    assert len(out) > 20
    return out


def test_rows_make_the_same_tables_as_column_lists(
    hands: list[tuple[RawHand, Hand, list[Any]]],
) -> None:
    rows = BatchRows()
    batch = empty_batch()
    for local, (raw, hand, found) in enumerate(hands):
        rows.add_hand(local, hand, found, raw.path, raw.line)
        add_hand(batch, local, hand, found, raw.path, raw.line)
    fast, plain = rows.tables(), to_tables(batch)
    for table in ("hands", "hand_players", "actions", "violations"):
        assert fast[table].schema == plain[table].schema, table
        assert fast[table].to_pylist() == plain[table].to_pylist(), table
    assert fast["actions"].num_rows > 10 * len(hands)  # rows were really written


def test_facts_rows_are_the_facts_columns(hands: list[tuple[RawHand, Hand, list[Any]]]) -> None:
    all_hands = [hand for _, hand, _ in hands]
    columns = facts_columns(all_hands)
    rows = [row for hand in all_hands for row in facts_rows(hand, ("x",))]
    assert len(rows) == len(columns["player"]) > len(all_hands)
    assert all(row[0] == "x" for row in rows)
    for i, name in enumerate(COLUMNS, start=1):
        assert [row[i] for row in rows] == columns[name], name


def test_a_hand_whose_facts_fail_is_quarantined_alone(
    raws: list[RawHand], monkeypatch: pytest.MonkeyPatch
) -> None:
    chunk = raws[:12]
    victim = parse_raw(chunk[5])
    assert not isinstance(victim, ParseError)
    facts_of = FactsBatch.of

    def failing(hand: Hand) -> list[Any]:
        if hand.hand_id == victim.hand_id:
            raise ValueError("boom")
        return facts_of(hand)

    assert isinstance(facts_hook.collector(), FactsBatch)
    monkeypatch.setattr(FactsBatch, "of", staticmethod(failing))
    workers.set_rules(None)
    batch = workers.process_chunk(chunk)
    stored = batch["hands"].column("hand_id").to_pylist()
    assert victim.hand_id not in stored
    assert len(stored) + len(batch["quarantine"]["kind"]) == len(chunk)
    assert any("facts failed" in e and "boom" in e for e in batch["quarantine"]["error"])
    facts = batch["player_facts"]
    assert set(facts.column("hand_id").to_pylist()) == set(stored)
    # every facts row points at the batch-local number of its own hand
    local_of = dict(zip(stored, batch["hands"].column("local").to_pylist(), strict=True))
    for hand_id, local in zip(facts.column("hand_id").to_pylist(),
                              facts.column("local").to_pylist(), strict=True):
        assert local_of[hand_id] == local
