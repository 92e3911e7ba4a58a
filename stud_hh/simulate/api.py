"""The simulator's entry points: stream hands, or write them as PokerStars files.

Why streaming: tests and benchmarks ask for millions of hands. ``simulate_hands`` is a
generator over table sessions (only the current table is alive), and ``simulate_to``
writes each hand as soon as it is played, one file per table session, so memory stays
flat for any ``n``. Everything is derived from ``seed``: the same seed gives the same
bytes (sessions, deals, decisions and faults each draw from their own seeded generator).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
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


def _config(game: str, players: int, stakes: str | tuple[int, int], tournament: bool,
            seed: int, options: dict[str, Any]) -> SimConfig:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    if not 2 <= players <= 8:
        raise ValueError(f"players must be 2 to 8, not {players}")
    cents = parse_stakes(stakes) if isinstance(stakes, str) else stakes
    return SimConfig(game=game, players=players, stakes=cents, tournament=tournament,
                     seed=seed, **options)


def simulate_games(
    n: int, game: str = "stud", players: int = 6, stakes: str | tuple[int, int] = "0.5/1",
    tournament: bool = False, seed: int = 0, **options: Any,
) -> Iterator[SimulatedHand]:
    """``n`` hands with what only the simulator knows (profiles, session number).

    ``options`` are further ``SimConfig`` fields (``rake``, ``session_hands``,
    ``hero_profile``, ``noise``).
    """
    config = _config(game, players, stakes, tournament, seed, options)
    master = random.Random(seed)
    hand_id = master.randrange(20_000_000_000, 40_000_000_000)
    clock = EPOCH + timedelta(seconds=master.randrange(86_400 * 365))
    produced = 0
    index = 0
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
    faults: float = 0.0, manifest: str | Path | None = None, **options: Any,
) -> list[Path]:
    """Write ``n`` hands as PokerStars text and return the files written.

    ``out`` is a directory (one file per table session, created if needed) or, when it
    ends in ``.txt``, one file for every session. With ``faults`` > 0 that share of hands
    is mutated by ``stud_hh.faults.inject`` and ``manifest`` receives a JSON list of what
    the audit must find.
    """
    return simulate_to_result(out, n, game, players, stakes, tournament, seed, faults,
                              manifest, **options).files


def simulate_to_result(
    out: str | Path, n: int, game: str = "stud", players: int = 6,
    stakes: str | tuple[int, int] = "0.5/1", tournament: bool = False, seed: int = 0,
    faults: float = 0.0, manifest: str | Path | None = None, **options: Any,
) -> SimulationResult:
    """``simulate_to`` with counts and the fault records."""
    if not 0.0 <= faults <= 1.0:
        raise ValueError(f"fault rate must be between 0 and 1, not {faults}")
    target = Path(out)
    single = target.suffix.lower() == ".txt"
    if single:
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        target.mkdir(parents=True, exist_ok=True)
    fault_rng = random.Random(seed ^ _FAULT_SALT)
    result = SimulationResult()
    handle: IO[str] | None = None
    current_session = -1
    first_in_file = True
    try:
        if single:
            handle = target.open("w", encoding="utf-8", newline="\n")
            result.files.append(target)
        for simulated in simulate_games(n, game, players, stakes, tournament, seed, **options):
            hand = simulated.hand
            if not single and simulated.session != current_session:
                if handle is not None:
                    handle.close()
                path = target / _file_name(hand, simulated.session)
                handle = path.open("w", encoding="utf-8", newline="\n")
                result.files.append(path)
                current_session = simulated.session
                first_in_file = True
            text = None
            if faults and fault_rng.random() < faults:
                injected, text, refused = _inject(hand, fault_rng)
                result.unconfirmed += refused
                if injected is not None:
                    result.faults.append(FaultRecord(
                        hand.hand_id, injected.kind, str(injected.code), injected.action_index,
                        result.files[-1].name,
                    ))
            assert handle is not None
            if not first_in_file:
                handle.write(HAND_SEPARATOR)
            handle.write(text if text is not None else write_hand(hand, HERO))
            first_in_file = False
            result.hands += 1
    finally:
        if handle is not None:
            handle.close()
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

