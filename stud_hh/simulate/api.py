"""The simulator's entry points: stream hands, or write them as PokerStars files.

Why streaming: tests and benchmarks ask for millions of hands. ``simulate_hands`` is a
generator over table sessions (only the current table is alive), and ``simulate_to``
writes each hand as soon as it is played, one file per table session, so memory stays
flat for any ``n``. Everything is derived from ``seed``: the same seed gives the same
bytes (sessions, deals, decisions and faults each draw from their own seeded generator).

Why blocks: ``n`` hands are cut into blocks of ``BLOCK_HANDS`` hands, each seeded from
``(seed, block)`` alone, with its own range of hand ids, session numbers and start time.
A block never waits for the one before it, so ``simulate_to(..., jobs=N)`` plays blocks
in N worker processes and still writes the same bytes as one process: the cut depends on
``n`` only, never on the number of workers. Block 0 is seeded exactly as a single stream.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO, Any

from stud_hh.dialects.pokerstars.writer import GAME_NAMES, HAND_SEPARATOR, format_money, write_hand
from stud_hh.events import Hand
from stud_hh.simulate.session import (
    EASTERN,
    HERO,
    SimConfig,
    SimulatedHand,
    TableSession,
    parse_stakes,
)

__all__ = [
    "FaultRecord",
    "SimulationResult",
    "simulate_games",
    "simulate_hands",
    "simulate_to",
]

GAMES = ("stud", "stud8", "razz", "mixed")
#: the first hand's moment: the corpus' own first hand, shifted by the seed
EPOCH = datetime(2009, 11, 26, 10, 8, 43, tzinfo=EASTERN)
_FAULT_SALT = 0x5EED_FA17
#: hands per independently seeded block (the unit of parallel work)
BLOCK_HANDS = 2_000
#: session numbers of block k start at k * BLOCK_SESSIONS (a session has at least one hand,
#: and at most 100 sessions in a row may deal none)
BLOCK_SESSIONS = 10_000
#: hand ids of block k start BLOCK_ID_SPAN * k above block 0's: at most 400 ids per hand
#: and 100,000 between sessions, so blocks never share an id
BLOCK_ID_SPAN = (BLOCK_HANDS + 101) * 100_400
#: block k starts this much later than block 0 (a block lasts a few days of play)
BLOCK_TIME_SPAN = timedelta(days=7)


def _config(game: str, players: int, stakes: str | tuple[int, int], tournament: bool,
            seed: int, options: dict[str, Any]) -> SimConfig:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    if not 2 <= players <= 8:
        raise ValueError(f"players must be 2 to 8, not {players}")
    cents = parse_stakes(stakes) if isinstance(stakes, str) else stakes
    return SimConfig(game=game, players=players, stakes=cents, tournament=tournament,
                     seed=seed, **options)


def _blocks(n: int) -> list[tuple[int, int]]:
    """(block number, hands) for ``n`` hands: a function of ``n`` alone."""
    size = BLOCK_HANDS
    return [(k, min(size, n - k * size)) for k in range((n + size - 1) // size)]


def _block_games(config: SimConfig, block: int, n: int) -> Iterator[SimulatedHand]:
    """The ``n`` hands of one block, seeded from ``(config.seed, block)`` only."""
    origin = random.Random(config.seed)
    hand_id = origin.randrange(20_000_000_000, 40_000_000_000) + block * BLOCK_ID_SPAN
    clock = EPOCH + timedelta(seconds=origin.randrange(86_400 * 365)) + block * BLOCK_TIME_SPAN
    master = origin if block == 0 else random.Random(f"{config.seed}/{block}")
    produced = 0
    index = block * BLOCK_SESSIONS
    idle = 0
    while produced < n:
        session = TableSession(config, index, random.Random(master.getrandbits(64)),
                               hand_id, clock)
        before = produced
        for simulated in session.hands(n - produced):
            yield simulated
            produced += 1
        idle = idle + 1 if produced == before else 0
        if idle > 100:  # pragma: no cover - a configuration that can deal no hand
            raise RuntimeError("the simulator cannot seat a table with these settings")
        hand_id = session.next_hand_id + master.randint(1_000, 100_000)
        clock = session.clock + timedelta(minutes=master.randint(1, 180))
        index += 1


def simulate_games(
    n: int, game: str = "stud", players: int = 6, stakes: str | tuple[int, int] = "0.5/1",
    tournament: bool = False, seed: int = 0, **options: Any,
) -> Iterator[SimulatedHand]:
    """``n`` hands with what only the simulator knows (profiles, session number).

    ``options`` are further ``SimConfig`` fields (``rake``, ``session_hands``,
    ``hero_profile``, ``noise``).
    """
    config = _config(game, players, stakes, tournament, seed, options)
    for block, size in _blocks(n):
        yield from _block_games(config, block, size)


def simulate_hands(
    n: int, game: str = "stud", players: int = 6, stakes: str | tuple[int, int] = "0.5/1",
    tournament: bool = False, seed: int = 0, **options: Any,
) -> Iterator[Hand]:
    """``n`` simulated hands, played by the engine under the ``pokerstars`` preset.

    >>> hands = list(simulate_hands(3, game="razz", seed=1))
    >>> len(hands), hands[0].header.game.value
    (3, 'razz')
    """
    for simulated in simulate_games(n, game, players, stakes, tournament, seed, **options):
        yield simulated.hand


@dataclass(frozen=True, slots=True)
class FaultRecord:
    """One manifest entry: which hand was broken, how, and what the audit must report."""

    hand_id: str
    kind: str
    code: str
    action_index: int | None
    file: str


@dataclass(slots=True)
class SimulationResult:
    files: list[Path] = field(default_factory=list)
    hands: int = 0
    faults: list[FaultRecord] = field(default_factory=list)
    unconfirmed: int = 0  # injections skipped because the audit would not report them


def _file_name(hand: Hand, session: int) -> str:
    header = hand.header
    day = header.started_at.astimezone(EASTERN).strftime("%Y%m%d")
    game = (header.mixed or f"{GAME_NAMES[header.game]} Limit").replace("/", "-")
    if header.tournament_id is not None:
        return f"HH{day} T{header.tournament_id} {game} - S{session:05d}.txt"
    money = header.currency
    stakes = f"{format_money(header.small_bet, money)}-{format_money(header.big_bet, money)}"
    return f"HH{day} {header.table} - {stakes} - {money} {game} - S{session:05d}.txt"


def _confirmed(text: str, code: str, action_index: int | None) -> bool:
    """Does the audit of the written text report ``code`` at ``action_index``?"""
    from stud_hh.parse import parse_text
    from stud_hh.validate import validate

    parsed = list(parse_text(text))
    if len(parsed) != 1 or not isinstance(parsed[0], Hand):
        return False
    return any(v.code == code and v.action_index == action_index for v in validate(parsed[0]))


def _inject(hand: Hand, rng: random.Random) -> tuple[Any, str, int]:
    """A fault the audit of the written text confirms: (injected, its text, kinds refused).

    Kinds are tried in a seeded random order; a kind whose edit the hand has no place for,
    or whose expected finding the audit would not report at the expected action, is
    skipped (and counted), so that the manifest states only what the audit must find.
    """
    from stud_hh.faults import FAULT_KINDS, inject

    kinds = sorted(FAULT_KINDS)
    rng.shuffle(kinds)
    refused = 0
    for kind in kinds:
        injected = inject(hand, kind, rng)
        if injected is None:
            continue
        text = write_hand(injected.hand, HERO)
        if _confirmed(text, str(injected.code), injected.action_index):
            return injected, text, refused
        refused += 1
    return None, write_hand(hand, HERO), refused


def simulate_to(
    out: str | Path, n: int, game: str = "stud", players: int = 6,
    stakes: str | tuple[int, int] = "0.5/1", tournament: bool = False, seed: int = 0,
    faults: float = 0.0, manifest: str | Path | None = None, jobs: int | None = 1,
    **options: Any,
) -> list[Path]:
    """Write ``n`` hands as PokerStars text and return the files written.

    ``out`` is a directory (one file per table session, created if needed) or, when it
    ends in ``.txt``, one file for every session. With ``faults`` > 0 that share of hands
    is mutated by ``stud_hh.faults.inject`` and ``manifest`` receives a JSON list of what
    the audit must find. ``jobs`` worker processes (``None``: one per core) play the
    blocks; the bytes written do not depend on it.
    """
    return simulate_to_result(out, n, game, players, stakes, tournament, seed, faults,
                              manifest, jobs, **options).files


_BUFFER = 1 << 18  # bytes buffered per open file before a write to disk


class _Sink:
    """Where hands go: a new file per session (a directory) or one ``.txt`` file."""

    def __init__(self, target: Path, single: bool) -> None:
        self.target = target
        self.single = single
        self.handle: IO[bytes] | None = None
        self.session = -1
        self.first = True
        self.files: list[Path] = []
        if single:
            self.handle = target.open("wb", buffering=_BUFFER)
            self.files.append(target)

    def write(self, simulated: SimulatedHand, text: str) -> None:
        """Append one hand's text (UTF-8, ``\\n`` line ends as written).

        Why bytes: a text file encodes and buffers every call in small chunks; one
        ``encode`` per hand into a large binary buffer writes the same bytes for less.
        """
        if not self.single and simulated.session != self.session:
            self.close()
            path = self.target / _file_name(simulated.hand, simulated.session)
            self.handle = path.open("wb", buffering=_BUFFER)
            self.files.append(path)
            self.session = simulated.session
            self.first = True
        assert self.handle is not None
        if self.first:
            self.handle.write(text.encode())
            self.first = False
        else:
            self.handle.write((HAND_SEPARATOR + text).encode())

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None


def _fault_rng(seed: int, block: int) -> random.Random:
    if block == 0:
        return random.Random(seed ^ _FAULT_SALT)
    return random.Random(f"{seed ^ _FAULT_SALT}/{block}")


def _write_block(config: SimConfig, block: int, n: int, faults: float, sink: _Sink,
                 result: SimulationResult) -> None:
    fault_rng = _fault_rng(config.seed, block)
    for simulated in _block_games(config, block, n):
        hand = simulated.hand
        text = None
        if faults and fault_rng.random() < faults:
            injected, text, refused = _inject(hand, fault_rng)
            result.unconfirmed += refused
            if injected is not None:
                name = sink.target.name if sink.single else _file_name(hand, simulated.session)
                result.faults.append(FaultRecord(
                    hand.hand_id, injected.kind, str(injected.code), injected.action_index,
                    name,
                ))
        sink.write(simulated, text if text is not None else write_hand(hand, HERO))
        result.hands += 1


def _write_part(config: SimConfig, block: int, n: int, faults: float, target: str,
                single: bool) -> SimulationResult:
    """One block in a worker process: its session files, or a part of the single file."""
    result = SimulationResult()
    sink = _Sink(Path(target), single)
    try:
        _write_block(config, block, n, faults, sink, result)
    finally:
        sink.close()
    result.files = sink.files
    return result


def _part_path(target: Path, block: int) -> Path:
    return target.with_name(f".{target.name}.part{block:06d}")


def _warm(config: SimConfig, faults: float) -> None:
    """Build the lazy tables (starting hands, evaluator, parser) once, before forking.

    Forked workers inherit them instead of each building its own: the same wall time on
    an idle machine, a second or more of CPU saved per extra worker on a busy one.
    """
    games = ("razz", "stud", "stud8") if config.game == "mixed" else (config.game,)
    for game in games:
        quiet = replace(config, game=game, noise=False, tournament=False)
        for simulated in _block_games(quiet, 0, 2):
            if faults:
                _confirmed(write_hand(simulated.hand, HERO), "", None)


def _write_parallel(config: SimConfig, blocks: list[tuple[int, int]], faults: float,
                    target: Path, single: bool, jobs: int) -> SimulationResult:
    """Blocks played by ``jobs`` processes, merged in block order (same bytes as one)."""
    result = SimulationResult()
    _warm(config, faults)
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        futures = [
            pool.submit(_write_part, config, block, size, faults,
                        str(_part_path(target, block) if single else target), single)
            for block, size in blocks
        ]
        parts = [f.result() for f in futures]
    for part in parts:
        result.hands += part.hands
        result.unconfirmed += part.unconfirmed
        # a part of the single file names itself in its records: name the file instead
        result.faults.extend(replace(f, file=target.name) if single else f
                             for f in part.faults)
        if not single:
            result.files.extend(part.files)
    if single:
        with target.open("w", encoding="utf-8", newline="\n") as handle:
            for index, part in enumerate(parts):
                for path in part.files:
                    if index:
                        handle.write(HAND_SEPARATOR)
                    handle.write(path.read_text(encoding="utf-8"))
                    path.unlink()
        result.files.append(target)
    return result


def simulate_to_result(
    out: str | Path, n: int, game: str = "stud", players: int = 6,
    stakes: str | tuple[int, int] = "0.5/1", tournament: bool = False, seed: int = 0,
    faults: float = 0.0, manifest: str | Path | None = None, jobs: int | None = 1,
    **options: Any,
) -> SimulationResult:
    """``simulate_to`` with counts and the fault records."""
    if not 0.0 <= faults <= 1.0:
        raise ValueError(f"fault rate must be between 0 and 1, not {faults}")
    config = _config(game, players, stakes, tournament, seed, options)
    target = Path(out)
    single = target.suffix.lower() == ".txt"
    if single:
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        target.mkdir(parents=True, exist_ok=True)
    blocks = _blocks(n)
    workers = min(len(blocks), jobs if jobs is not None else os.cpu_count() or 1)
    if workers > 1:
        result = _write_parallel(config, blocks, faults, target, single, workers)
    else:
        result = SimulationResult()
        sink = _Sink(target, single)
        try:
            for block, size in blocks:
                _write_block(config, block, size, faults, sink, result)
        finally:
            sink.close()
        result.files = sink.files
    if manifest is not None:
        write_manifest(manifest, result, seed=seed, rate=faults)
    return result


def write_manifest(path: str | Path, result: SimulationResult, seed: int, rate: float) -> Path:
    """The JSON ground truth for ``stud-hh audit``: one record per injected fault."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    body = {
        "seed": seed,
        "rate": rate,
        "hands": result.hands,
        "files": [p.name for p in result.files],
        "faults": [
            {"hand_id": f.hand_id, "kind": f.kind, "code": f.code,
             "action_index": f.action_index, "file": f.file}
            for f in result.faults
        ],
    }
    target.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")
    return target

