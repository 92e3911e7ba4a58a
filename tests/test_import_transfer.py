"""A worker's batch survives ``pack`` -> pickle -> ``unpack`` unchanged (the pool's path)."""

from __future__ import annotations

import pickle
from multiprocessing.reduction import ForkingPickler
from pathlib import Path

import pyarrow as pa

from pipelines import workers
from pipelines.transfer import pack, unpack
from stud_hh.dialects import hand_starts
from stud_hh.reader import RawHand, read_hands
from stud_hh.simulate import simulate_to


def test_a_packed_batch_unpacks_to_the_same_tables(tmp_path: Path) -> None:
    (path,) = simulate_to(tmp_path / "s.txt", 30, game="stud8", players=6, seed=5)
    raws = list(read_hands(path, boundary=hand_starts()))
    raws.append(RawHand(text="PokerStars Hand #1: garbage", path=str(path), line=9999))
    workers.set_rules(None)
    batch = workers.process_chunk(raws)
    packed = pack(batch)
    assert all(isinstance(v, pa.Buffer) for v in packed.streams.values())
    back = unpack(pickle.loads(ForkingPickler.dumps(packed)))
    assert back.tables.keys() == batch.tables.keys()
    for name, table in batch.tables.items():
        assert back.tables[name].schema == table.schema, name
        assert back.tables[name].equals(table), name
    assert back.quarantine == batch.quarantine
    assert back.tables["hands"].num_rows == 30 and back.tables["player_facts"].num_rows > 30
    assert [row["kind"] for row in back.quarantine] == ["hand"]
