"""Lookup tables behind the evaluators, built once on first use.

Why tables: a hand's value depends only on the multiset of its ranks, plus, when five or
more cards share a suit, the set of ranks in that suit. Each card carries a weight whose
sum over a hand holds three counters that never carry into each other:

- bits 0..11: four 3-bit suit counters (at most seven cards);
- bits 12..28: the deuces to eights as a base-5 number (at most four of a rank);
- bits 29..: the nines to aces as a base-5 number.

A rank multiset's slot in the flat value arrays is ``LOW_OFFSET[low part] +
HIGH_INDEX[high part]``: high-rank multisets are numbered smallest first, so a low-rank
multiset of ``s`` cards needs room only for the high ones of at most ``7 - s`` cards,
and the 76,155 multisets of up to seven cards fill the arrays without a gap. Typed
arrays (about 1 MB in all) keep the reads in cache; a dict keyed by the multiset was
half as fast. One ``sum`` and three array reads value a seven-card hand.

Values pack the five ranks that play, in the order a player compares them, into nibbles
under a category: ``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5``.
Hands with fewer than five cards leave the trailing nibbles zero. Ranks are 2..14 (ace
high) for high hands and 1..13 (ace low) for lows.

The slot tables take a few tenths of a second to compute, so they ship computed
(``SLOTS_FILE``, ~50 KB); :func:`build` fills the module's containers in place on first
use (the CLI imports this package without paying even that), and the evaluators keep
references to the same objects.
"""

from __future__ import annotations

import lzma
import sys
from array import array
from importlib import resources

MAX_CARDS = 7
"""Hands of up to seven cards (the stud maximum) are in the tables."""

SUIT_MASK = (1 << 12) - 1
LOW_SHIFT, LOW_MASK, HIGH_SHIFT = 12, (1 << 17) - 1, 29
SPLIT = 7
"""Ranks below index 7 (deuce..eight) go in the low counter, the rest in the high one."""

# High categories, greater is better.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
# Low categories (razz), smaller is better: the number of matched cards decides.
LOW_NO_PAIR, LOW_PAIR, LOW_TWO_PAIR, LOW_TRIPS, LOW_FULL_HOUSE, LOW_QUADS = range(6)


def _weight(c: int) -> int:
    r = c >> 2
    digit: int = 5**r << LOW_SHIFT if r < SPLIT else 5 ** (r - SPLIT) << HIGH_SHIFT
    return digit | 1 << 3 * (c & 3)


WEIGHT: list[int] = [_weight(c) for c in range(52)]
"""Per-card weight: suit counter and rank digit (see the module docstring)."""

FLUSH_SUIT: list[int] = [-1] * (1 << 12)
"""Suit counters -> the suit with five or more cards, or -1."""
for _k in range(1 << 12):
    for _s in range(4):
        if (_k >> 3 * _s) & 7 >= 5:
            FLUSH_SUIT[_k] = _s

LOW_OFFSET = array("i")
"""Base-5 count of deuces..eights -> first slot of that low-rank multiset."""
HIGH_INDEX = array("i")
"""Base-5 count of nines..aces -> offset within a low-rank multiset's slots."""
HIGH = array("i")
"""Slot -> best high value ignoring flushes."""
LOW8 = array("i")
"""Slot -> eight-or-better low value, 0 without a qualifying low."""
RAZZ = array("i")
"""Slot -> ace-to-five low value."""
FLUSH_HIGH: list[int] = []
"""13-bit mask of the ranks in the flush suit -> flush or straight-flush value (0 if < 5)."""
STRAIGHT_TOP: list[int] = []
"""13-bit rank mask -> top rank (2..14, 5 for the wheel) of its best straight, 0 if none."""


def slot(key: int) -> int:
    """The value-array slot of a hand whose weights sum to ``key`` (tables must be built)."""
    return LOW_OFFSET[(key >> LOW_SHIFT) & LOW_MASK] + HIGH_INDEX[key >> HIGH_SHIFT]


def pack(category: int, ranks: list[int] | tuple[int, ...]) -> int:
    """The value of ``ranks`` (at most five, in comparison order) under ``category``."""
    v = category
    for i in range(5):
        v = (v << 4) | (ranks[i] if i < len(ranks) else 0)
    return v


def unpack(value: int) -> tuple[int, tuple[int, ...]]:
    """Inverse of :func:`pack`: the category and the non-zero rank nibbles."""
    ranks = tuple(r for r in ((value >> s) & 15 for s in (16, 12, 8, 4, 0)) if r)
    return value >> 20, ranks


def _straight_top(mask: int) -> int:
    for top in range(12, 3, -1):  # rank index 12 = ace .. 4 = six
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top + 2
    wheel = (1 << 12) | 0b1111
    return 5 if mask & wheel == wheel else 0


def _straight_ranks(top: int) -> list[int]:
    return [5, 4, 3, 2, 14] if top == 5 else [top - i for i in range(5)]


DESC: list[tuple[int, ...]] = []
"""13-bit rank mask -> its ranks (2..14) from the highest, padded with zeros to five."""
LOW_ASC: list[tuple[int, ...]] = []
"""14-bit ace-low mask (bit r = rank r, ace = 1) -> its ranks from the lowest."""


def _high(m1: int, m2: int, m3: int, m4: int) -> int:
    """Best non-flush high value of a rank multiset given as level masks.

    ``mN`` has bit ``i`` set when rank ``i + 2`` appears at least N times.
    """
    if m4:
        q = DESC[m4][0]
        k = DESC[m1 & ~(1 << (q - 2))][0]
        return (QUADS << 20) | (q << 16) | (q << 12) | (q << 8) | (q << 4) | k
    if m3:
        t = DESC[m3][0]
        p = DESC[m2 & ~(1 << (t - 2))][0]
        if p:
            return (FULL_HOUSE << 20) | (t << 16) | (t << 12) | (t << 8) | (p << 4) | p
    top = STRAIGHT_TOP[m1]
    if top:
        return pack(STRAIGHT, _straight_ranks(top))
    if m3:
        kk = DESC[m1 & ~(1 << (t - 2))]
        return (TRIPS << 20) | (t << 16) | (t << 12) | (t << 8) | (kk[0] << 4) | kk[1]
    if m2:
        pairs = DESC[m2]
        hi, lo = pairs[0], pairs[1]
        if lo:
            k = DESC[m1 & ~(1 << (hi - 2)) & ~(1 << (lo - 2))][0]
            return (TWO_PAIR << 20) | (hi << 16) | (hi << 12) | (lo << 8) | (lo << 4) | k
        kk = DESC[m1 & ~(1 << (hi - 2))]
        return (PAIR << 20) | (hi << 16) | (hi << 12) | (kk[0] << 8) | (kk[1] << 4) | kk[2]
    d = DESC[m1]
    return (d[0] << 16) | (d[1] << 12) | (d[2] << 8) | (d[3] << 4) | d[4]  # HIGH_CARD is 0


def _razz(l1: int, l2: int, l3: int, l4: int) -> int:
    """Ace-to-five low value of a rank multiset given as ace-low level masks.

    Taking one card of every rank, lowest first, then second copies, then third ones makes
    the fewest matches and, among those, the lowest ones: the best razz low. A rank kept
    three times was kept twice too, since third copies are taken only after every second.
    """
    singles = LOW_ASC[l1]
    need = 5 - len(singles)
    pairs = LOW_ASC[l2][:need]
    need -= len(pairs)
    trips = LOW_ASC[l3][:need] if need > 0 else ()
    need -= len(trips)
    quads = LOW_ASC[l4][:need] if need > 0 else ()
    seq: list[int] = []
    for r in reversed(quads):
        seq += (r, r, r, r)
    for r in reversed(trips):
        if r not in quads:
            seq += (r, r, r)
    pure_pairs = [r for r in reversed(pairs) if r not in trips]
    for r in pure_pairs:
        seq += (r, r)
    seq += [r for r in reversed(singles) if r not in pairs]
    if quads:
        category = LOW_QUADS
    elif trips:
        category = LOW_FULL_HOUSE if pure_pairs else LOW_TRIPS
    else:
        category = (LOW_NO_PAIR, LOW_PAIR, LOW_TWO_PAIR)[len(pairs)]
    return pack(category, seq)


def _multisets(ranks: int) -> list[tuple[int, int, int, int, int, int]]:
    """Multisets of up to 7 cards over ``ranks`` ranks, at most four per rank, smallest
    first: (cards, base-5 key, level masks m1..m4)."""
    states = [(0, 0, 0, 0, 0, 0)]
    for i in range(ranks):
        b, p = 1 << i, 5**i
        grown = []
        for size, key, m1, m2, m3, m4 in states:
            grown.append((size, key, m1, m2, m3, m4))
            if size <= MAX_CARDS - 1:
                grown.append((size + 1, key + p, m1 | b, m2, m3, m4))
            if size <= MAX_CARDS - 2:
                grown.append((size + 2, key + 2 * p, m1 | b, m2 | b, m3, m4))
            if size <= MAX_CARDS - 3:
                grown.append((size + 3, key + 3 * p, m1 | b, m2 | b, m3 | b, m4))
            if size <= MAX_CARDS - 4:
                grown.append((size + 4, key + 4 * p, m1 | b, m2 | b, m3 | b, m4 | b))
        states = grown
    states.sort(key=lambda st: st[0])
    return states


def _to_low(mask: int) -> int:
    """13-bit rank mask (bit 0 = deuce) -> ace-low mask (bit r = rank r, ace = 1)."""
    return ((mask & 0xFFF) << 2) | ((mask >> 12) << 1)


def build() -> None:
    """Fill every table in place (idempotent): the rank-mask tables computed (a few
    milliseconds), the slot tables read from ``SLOTS_FILE``."""
    if HIGH:
        return
    _rank_tables()
    low_offset, high_index, high, low8, razz = load_slots()
    HIGH_INDEX.extend(high_index)
    LOW_OFFSET.extend(low_offset)
    RAZZ.extend(razz)
    LOW8.extend(low8)
    HIGH.extend(high)  # last: a non-empty HIGH means every table is ready


def _rank_tables() -> None:
    # a mask's bits from the highest: its lowest bit after those of the mask without it
    bits: list[tuple[int, ...]] = [()] * (1 << 14)
    for m in range(1, 1 << 14):
        bits[m] = (*bits[m & (m - 1)], (m & -m).bit_length() - 1)
    STRAIGHT_TOP.extend(_straight_top(m) for m in range(1 << 13))
    for m in range(1 << 13):
        ranks_desc = [i + 2 for i in bits[m]]
        DESC.append((*ranks_desc, 0, 0, 0, 0, 0)[:5])
        if len(ranks_desc) < 5:
            FLUSH_HIGH.append(0)
        elif STRAIGHT_TOP[m]:
            FLUSH_HIGH.append(pack(STRAIGHT_FLUSH, _straight_ranks(STRAIGHT_TOP[m])))
        else:
            FLUSH_HIGH.append(pack(FLUSH, ranks_desc[:5]))
    LOW_ASC.extend(b[::-1] for b in bits)


#: The slot tables as ``compute_slots`` makes them, shipped with the package: computing
#: them takes ~0.3 s of CPU, which every import paid again in every worker (a day's few
#: hundred hands cost more in tables than in parsing); reading them takes ~10 ms.
#: ``python -m stud_hh.evaluate._tables`` writes it again after a change here, and
#: ``tests/test_evaluate_tables.py`` checks that it equals ``compute_slots()``.
SLOTS_FILE = "slots.xz"

Slots = tuple["array[int]", "array[int]", "array[int]", "array[int]", "array[int]"]
"""LOW_OFFSET, HIGH_INDEX, HIGH, LOW8, RAZZ."""


def compute_slots() -> Slots:
    """The slot tables from the rank multisets (needs the rank-mask tables)."""
    if not LOW_ASC:
        _rank_tables()
    highs = _multisets(13 - SPLIT)
    fits = [sum(1 for h in highs if h[0] <= n) for n in range(MAX_CARDS + 1)]
    high_index = array("i", [0]) * 5 ** (13 - SPLIT)
    for i, h in enumerate(highs):
        high_index[h[1]] = i
    low_offset = array("i", [0]) * 5**SPLIT
    high, low8, razz = array("i"), array("i"), array("i")
    low8_by_mask: dict[int, int] = {}
    for size, key, l1, l2, l3, l4 in _multisets(SPLIT):
        low_offset[key] = len(high)
        for _, _, h1, h2, h3, h4 in highs[: fits[MAX_CARDS - size]]:
            m1, m2 = l1 | h1 << SPLIT, l2 | h2 << SPLIT
            m3, m4 = l3 | h3 << SPLIT, l4 | h4 << SPLIT
            high.append(_high(m1, m2, m3, m4))
            a1 = _to_low(m1)
            asc = LOW_ASC[a1]
            if len(asc) >= 5:
                razz.append((LOW_NO_PAIR << 20) | (asc[4] << 16) | (asc[3] << 12)
                            | (asc[2] << 8) | (asc[1] << 4) | asc[0])
            else:
                razz.append(_razz(a1, _to_low(m2), _to_low(m3), _to_low(m4)))
            eights = a1 & 0x1FE
            v8 = low8_by_mask.get(eights)
            if v8 is None:
                e = LOW_ASC[eights]
                v8 = low8_by_mask[eights] = pack(0, e[4::-1]) if len(e) >= 5 else 0
            low8.append(v8)
    return low_offset, high_index, high, low8, razz


def _slots_bytes(slots: Slots) -> bytes:
    """Five little-endian int32 arrays after their lengths (5 little-endian int64)."""
    out = [array("q", [len(a) for a in slots])]
    out += [array("i", a) for a in slots]
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian
        for a in out:
            a.byteswap()
    return b"".join(a.tobytes() for a in out)


def load_slots() -> Slots:
    data = lzma.decompress(resources.files(__package__).joinpath(SLOTS_FILE).read_bytes())
    lengths = array("q")
    lengths.frombytes(data[:40])
    if sys.byteorder == "big":  # pragma: no cover
        lengths.byteswap()
    tables = []
    at = 40
    for n in lengths:
        table = array("i")
        table.frombytes(data[at:at + 4 * n])
        if sys.byteorder == "big":  # pragma: no cover
            table.byteswap()
        tables.append(table)
        at += 4 * n
    low_offset, high_index, high, low8, razz = tables
    return low_offset, high_index, high, low8, razz


def write_slots(path: str) -> None:
    with open(path, "wb") as out:
        out.write(lzma.compress(_slots_bytes(compute_slots()), preset=9))


if __name__ == "__main__":
    import os

    write_slots(os.path.join(os.path.dirname(os.path.abspath(__file__)), SLOTS_FILE))
