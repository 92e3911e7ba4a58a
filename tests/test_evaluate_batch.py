"""The NumPy evaluators equal the scalar ones, hand for hand (flushes, lows, short hands)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.evaluate import high_value, low8_value, razz_value
from stud_hh.evaluate.batch import NO_LOW, high_values, low8_values, razz_values


def _hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k]


def _flushy(rng: np.random.Generator, n: int) -> np.ndarray:
    """Seven cards with five to seven of one suit: the flush path."""
    out = []
    for _ in range(n):
        s = int(rng.integers(4))
        same = int(rng.integers(5, 8))
        ranks = rng.choice(13, same, replace=False)
        others = rng.choice([c for c in range(52) if c & 3 != s], 7 - same, replace=False)
        out.append([r * 4 + s for r in ranks] + list(others))
    return np.array(out)


@settings(max_examples=7, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 7))
def test_batch_equals_scalar(seed, k):
    rng = np.random.default_rng(seed)
    hands = _hands(rng, 500, k)
    if k == 7:
        hands = np.concatenate([hands, _flushy(rng, 300)])
    rows = hands.tolist()
    assert high_values(hands).tolist() == [high_value(h) for h in rows]
    assert razz_values(hands).tolist() == [razz_value(h) for h in rows]
    assert low8_values(hands).tolist() == [
        NO_LOW if (v := low8_value(h)) is None else v for h in rows]


def test_other_integer_types_and_order_do_not_matter():
    rng = np.random.default_rng(3)
    hands = _flushy(rng, 300)
    shuffled = rng.permuted(hands, axis=1)
    for fn in (high_values, low8_values, razz_values):
        assert fn(hands.astype(np.int8)).tolist() == fn(shuffled).tolist()
