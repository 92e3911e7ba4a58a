"""An independent counter: VPIP, saw 4th, showdown and net won per player, straight from the
hand objects (no SQL, no ``stud_hh.facts``), must equal what the import + SQL catalogue give.

It runs over the real PokerStars corpus and over simulated hands of all three games, each
imported by the real importer into a real DuckDB file. The counter is written differently on
purpose: a street is "seen" when the player is dealt a 4th-street card, a showdown is the
``*** SHOW DOWN ***`` marker, money is taken street by street from the action amounts.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
import pytest

from pipelines.importer import import_paths
from pipelines.stats import player_stats
from pipelines.stats.query import unit_columns
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Collect,
    Complete,
    Deal,
    Fold,
    Hand,
    Raise,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturn,
)
from stud_hh.parse import parse_file

Counts = dict[str, Counter[str]]


def count(hands: list[Hand]) -> Counts:
    """Per player: hands, vpip, saw4, showdown, and net per money unit ("net USD")."""
    out: Counts = {}
    for hand in hands:
        street = Street.THIRD
        dealt: list[str] = []
        folded: set[str] = set()
        voluntary: set[str] = set()
        fourth: set[str] = set()
        paid: Counter[str] = Counter()
        on_street: Counter[str] = Counter()
        got: Counter[str] = Counter()
        marker = False
        for e in hand.events:
            if isinstance(e, StreetStart):
                paid.update(on_street)
                on_street.clear()
                street = e.street
            elif isinstance(e, Ante):
                paid[e.player] += e.amount
            elif isinstance(e, Deal):
                if e.street == Street.THIRD and e.player not in dealt:
                    dealt.append(e.player)
                if e.street == Street.FOURTH:
                    fourth.add(e.player)
            elif isinstance(e, BringIn | Bet | Call):
                on_street[e.player] += e.amount
            elif isinstance(e, Complete | Raise):
                on_street[e.player] = e.to
            elif isinstance(e, UncalledReturn):
                paid[e.player] -= e.amount
            elif isinstance(e, Collect):
                got[e.player] += e.amount
            elif isinstance(e, ShowdownStart):
                marker = True
            if isinstance(e, Fold):
                folded.add(e.player)
            if street == Street.THIRD and isinstance(e, Call | Complete | Bet | Raise):
                voluntary.add(e.player)
        paid.update(on_street)
        h = hand.header
        unit = h.currency or ("play" if h.play_money else "chips")
        for p in dealt:
            c = out.setdefault(p, Counter())
            c["hands"] += 1
            c["vpip"] += p in voluntary
            c["saw4"] += p in fourth
            c["showdown"] += marker and p not in folded
            c[f"net {unit}"] += got[p] - paid[p]
            c[f"hands {unit}"] += 1
    return out


def sql_counts(db: Path) -> Counts:
    stats = player_stats(db)
    out: Counts = {}
    for row in stats.iter_rows(named=True):
        def times(key: str, row: dict[str, object] = row) -> int:
            value, n = row[key], row[f"{key}_n"]
            return 0 if value is None else round(value * n / 100)  # type: ignore[operator]

        out[row["player"]] = Counter(
            hands=row["hands"], vpip=times("vpip"), saw4=times("saw_4"),
            showdown=times("showdown"),
        )
        for unit in unit_columns(stats):  # money in each unit apart, never one total
            if row[f"net_won_{unit}_n"]:
                out[row["player"]][f"net {unit}"] = row[f"net_won_{unit}"]
                out[row["player"]][f"hands {unit}"] = row[f"net_won_{unit}_n"]
    return out


def stored_hands(db: Path, paths: list[Path]) -> list[Hand]:
    """The hands the import kept (duplicates once), parsed again from the files."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        keys = set(con.execute("SELECT site, hand_id FROM hands").fetchall())
    finally:
        con.close()
    seen: set[tuple[str, str]] = set()
    hands = []
    for path in paths:
        for hand in parse_file(path):
            key = (getattr(hand, "header", None) and (hand.header.site, hand.hand_id))
            if isinstance(hand, Hand) and key in keys and key not in seen:
                seen.add(key)  # type: ignore[arg-type]
                hands.append(hand)
    assert len(hands) == len(keys)
    return hands


def check(db: Path, paths: list[Path]) -> int:
    hands = stored_hands(db, paths)
    expected = count(hands)
    got = sql_counts(db)
    assert set(got) == set(expected)
    for player, counts in expected.items():
        assert dict(counts) == dict(got[player]), player
    return len(hands)


def test_real_pokerstars_corpus(stars_files: list[Path], tmp_path: Path) -> None:
    db = tmp_path / "stars.duckdb"
    import_paths([str(p) for p in stars_files], db=db, jobs=1)
    assert check(db, stars_files) >= 25


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_simulated_hands(game: str, tmp_path: Path) -> None:
    from stud_hh.simulate import simulate_to

    # one file (a directory of sessions names stud8 files "Hi/Lo": a slash in the name)
    files = simulate_to(tmp_path / "sim.txt", 150, game=game, players=7, seed=11)
    db = tmp_path / "sim.duckdb"
    import_paths([str(p) for p in files], db=db, jobs=1)
    assert check(db, files) == 150
