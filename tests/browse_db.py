"""A small real database in three money units, for the browse tests (show, units, app).

Simulated PokerStars text, imported by the real pipeline: Seven Card Stud at $0.50/$1 USD
(with injected rule breaches), Razz at €0.10/€0.20 EUR (the same text with euro marks),
and a Stud Hi/Lo tournament in chips. The hero is renamed to a hostile name, so every page
also proves that names stay text.
"""

from __future__ import annotations

from pathlib import Path

XSS = "<img src=x onerror=alert(1)>"

#: (file name, game, stakes, tournament, hands, faults)
PARTS = (
    ("usd-stud.txt", "stud", "0.5/1", False, 120, 0.08),
    ("eur-razz.txt", "razz", "0.1/0.2", False, 80, 0.0),
    ("chips-stud8.txt", "stud8", "0.5/1", True, 80, 0.0),
)


def to_euros(text: str) -> str:
    return text.replace("$", "€").replace(" USD)", " EUR)")


def make_mixed_database(folder: Path, hero: str = XSS, seed: int = 3) -> Path:
    from pipelines import import_paths
    from stud_hh.simulate import simulate_to

    hands_dir = folder / "hands"
    hands_dir.mkdir(parents=True)
    for i, (name, game, stakes, tournament, n, faults) in enumerate(PARTS):
        raw = simulate_to(folder / f"raw-{i}.txt", n, game=game, stakes=stakes,
                          tournament=tournament, seed=seed + i, faults=faults, players=6)
        text = "".join(p.read_text(encoding="utf-8") for p in raw).replace("Hero", hero)
        if name.startswith("eur"):
            text = to_euros(text)
        (hands_dir / name).write_text(text, encoding="utf-8")
    db = folder / "mixed.duckdb"
    result = import_paths([hands_dir], db=db, jobs=1)
    assert result.imported >= 270, result
    return db
