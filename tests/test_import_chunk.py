"""A worker's chunk: a hand whose facts or rows fail is quarantined alone, and every facts
row points at its own hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipelines import batches, workers
from pipelines.rows import HandRows, hand_rows
from stud_hh.dialects import hand_starts
from stud_hh.events import Hand, ParseError
from stud_hh.facts import FactColumns, write_facts
from stud_hh.parse import parse_raw
from stud_hh.reader import RawHand, read_hands
from stud_hh.recap import Recap


@pytest.fixture(scope="module")
def raws(stars_files: list[Path]) -> list[RawHand]:
    found = [r for p in stars_files for r in read_hands(p, boundary=hand_starts())]
    assert len(found) > 12, "too few PokerStars hands in the real corpus"
    return found


@pytest.mark.parametrize("stage", ["facts", "flattening"])
def test_a_hand_whose_facts_or_rows_fail_is_quarantined_alone(
    raws: list[RawHand], monkeypatch: pytest.MonkeyPatch, stage: str,
) -> None:
    chunk = raws[:12]
    victim = parse_raw(chunk[5])
    assert isinstance(victim, Hand)

    def failing_facts(c: FactColumns, hand: Hand, seen: Recap) -> int:
        written = write_facts(c, hand, seen)  # the victim's rows are written, then dropped
        if hand.hand_id == victim.hand_id:
            raise ValueError("boom")
        return written

    def failing_rows(local: int, hand: Hand, *rest: Any) -> HandRows:
        if hand.hand_id == victim.hand_id:
            raise ValueError("boom")
        return hand_rows(local, hand, *rest)

    if stage == "facts":
        monkeypatch.setattr(batches, "write_facts", failing_facts)
    else:
        monkeypatch.setattr(workers, "hand_rows", failing_rows)
    workers.set_rules(None)
    batch = workers.process_chunk(chunk)
    hands = batch.tables["hands"]
    stored = hands.column("hand_id").to_pylist()
    assert victim.hand_id not in stored
    assert len(stored) + len(batch.quarantine) == len(chunk)
    assert any(f"{stage} failed" in row["error"] and "boom" in row["error"]
               for row in batch.quarantine)
    assert hands.column("local").to_pylist() == list(range(len(stored)))  # no gap
    facts = batch.tables["player_facts"]
    assert set(facts.column("hand_id").to_pylist()) == set(stored)
    # every facts row, and every child row, points at the batch-local number of its hand
    local_of = dict(zip(stored, hands.column("local").to_pylist(), strict=True))
    for hand_id, local in zip(facts.column("hand_id").to_pylist(),
                              facts.column("local").to_pylist(), strict=True):
        assert local_of[hand_id] == local
    assert set(batch.tables["actions"].column("local").to_pylist()) == set(local_of.values())


def test_parse_errors_keep_their_text_and_lines(raws: list[RawHand]) -> None:
    broken = RawHand(text=raws[0].text.replace("*** 3rd STREET ***", "*** 3rd STREAT ***"),
                     path="x.txt", line=40)
    parsed = parse_raw(broken)
    assert isinstance(parsed, ParseError)
    workers.set_rules(None)
    batch = workers.process_chunk([raws[1], broken])
    (row,) = batch.quarantine
    assert row["kind"] == "hand" and row["raw_text"] == broken.text
    assert row["hand_line"] == 40 and row["line"] == parsed.line and row["file"] == "x.txt"
    assert batch.tables["hands"].num_rows == 1


def test_chunk_tables_hold_each_hand_and_fact(raws: list[RawHand]) -> None:
    """The ``hand_events`` column holds each hand's text as read, which parses back to
    the hand; the ``player_facts`` columns are each fact row's values in order (records
    read back); an empty chunk still makes valid tables of the schemas' types."""
    from msgspec.structs import astuple

    from pipelines.batches import Batch, Chunk

    for table in Chunk().tables().values():
        table.validate(full=True)
        assert table.num_rows == 0
    batch, chunk = Batch(), Chunk()
    added = []
    for raw in raws[:12]:
        hand = parse_raw(raw)
        if isinstance(hand, Hand):
            workers.add_audited(batch, chunk, raw, hand, [])
            added.append((raw, hand))
    tables = chunk.tables()
    events = tables["hand_events"]
    events.validate(full=True)
    assert events.column_names == ["local", "text"]
    assert events.column("local").to_pylist() == list(range(len(added))) and added
    texts = events.column("text").to_pylist()
    assert texts == [raw.text for raw, _ in added]
    assert [parse_raw(RawHand(raw.path, raw.line, text))
            for (raw, _), text in zip(added, texts, strict=True)] == [h for _, h in added]
    facts = tables["player_facts"].to_pylist()
    records = chunk.facts.records()
    assert len(facts) == len(records) > 0
    for row, record in zip(facts, records, strict=True):
        assert row["player"] == record.player and row["calls_3rd"] == record.calls_3rd
        for street, values in zip((4, 5, 6, 7), record.streets, strict=True):
            assert row[f"bets_{street}"] == values.bets and row[f"saw_{street}"] == values.saw
            assert tuple(row[f"{name}_{street}"] for name in values.__struct_fields__) \
                == astuple(values)
