"""Screen names and table names that look like PokerStars', drawn from a seeded generator.

Why: parsers break on real names (spaces, dots, underscores, digits), so the simulated
ones have the same shapes as the corpus ("Nikolay Zem", "u.pressure", "trs2758",
"MasterTrini1"); table names follow the client's "Atalante II" style.

>>> import random
>>> rng = random.Random(3)
>>> names = {player_name(rng) for _ in range(200)}
>>> len(names) > 150, all(n and n == n.strip() and ":" not in n for n in names)
(True, True)
"""

from __future__ import annotations

import random

__all__ = ["player_name", "table_name"]

_WORDS = (
    "road", "devil", "master", "trini", "silk", "zone", "poco", "noman", "smoothie", "gash",
    "denny", "laina", "rahat", "soroka", "tom", "sludge", "kobreli", "manga", "trackr", "geo",
    "willy", "kurczak", "razzle", "stud", "eight", "lowball", "ace", "king", "queen", "river",
    "fish", "shark", "lucky", "bluff", "grind", "tilt", "nuts", "wheel", "scoop", "door",
    "bring", "chip", "stack", "felt", "rail", "donk", "nit", "maniac", "rock", "moon",
)
_FIRST = (
    "Nikolay", "Anna", "Pedro", "Jens", "Marta", "Olli", "Sven", "Ivo", "Luca", "Ines",
    "Tomas", "Kari", "Mika", "Rosa", "Dario", "Elif", "Hugo", "Nora", "Pavel", "Zoe",
)
_LAST = ("Zem", "Kov", "Silva", "Berg", "Rossi", "Lind", "Novak", "Costa", "Horn", "Varga")
_TABLES = (
    "Atalante", "Dawn", "Gotha", "Laomedon", "Educatio", "Hesperia", "Kallisto", "Nausikaa",
    "Pallas", "Thisbe", "Urania", "Vesta", "Zephyr", "Andromeda", "Bellona", "Ceres",
    "Dione", "Eunomia", "Flora", "Galatea", "Hygiea", "Iris", "Juno", "Klotho",
)
_NUMERALS = ("", " II", " III", " IV", " V", " VI", " VII", " VIII", " IX", " X")


def player_name(rng: random.Random) -> str:
    """One screen name; callers keep names unique per table."""
    shape = rng.randrange(6)
    word = rng.choice(_WORDS)
    if shape == 0:
        return f"{word}{rng.randrange(10, 10000)}"
    if shape == 1:
        return f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    if shape == 2:
        return f"{word[0]}.{rng.choice(_WORDS)}"
    if shape == 3:
        return f"{word}_{rng.randrange(1, 1000)}"
    if shape == 4:
        return f"{word.capitalize()}{rng.choice(_WORDS).capitalize()}{rng.randrange(1, 10)}"
    return f"{rng.choice(_WORDS)}{rng.choice(_WORDS)}"


def table_name(rng: random.Random) -> str:
    return f"{rng.choice(_TABLES)}{rng.choice(_NUMERALS)}"
