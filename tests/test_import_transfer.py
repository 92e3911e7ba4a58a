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
    assert all(not isinstance(v, pa.Table) for v in packed.values())
    back = unpack(pickle.loads(ForkingPickler.dumps(packed)))
    assert back.keys() == batch.keys()
    for name, value in batch.items():
        if isinstance(value, pa.Table):
            assert back[name].schema == value.schema, name
            assert back[name].equals(value), name
        else:
            assert back[name] == value, name
    assert back["hands"].num_rows == 30 and back["player_facts"].num_rows > 30
    assert back["quarantine"]["kind"] == ["hand"]
