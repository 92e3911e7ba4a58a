"""Every hand description PokerStars printed in the real corpus, reproduced from the shown cards.

The lines are read with a tiny regex here on purpose: this checks the evaluator's wording,
independently of the real parser.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from stud_hh.cards import parse_cards
from stud_hh.evaluate import show_description

HEADER = re.compile(r"^PokerStars (?:Game|Hand) #\d+:.*?(Razz|7 Card Stud Hi/Lo|7 Card Stud)")
SHOWS = re.compile(r"^.+?: shows \[(?P<cards>[^\]]*)\] \((?P<text>.*)\)\s*$")
SHOWED = re.compile(r"^Seat \d+: .+? showed \[(?P<cards>[^\]]*)\] and (?:won \([^)]*\) |lost )"
                    r"with (?P<text>.*?)\s*$")
GAMES = {"Razz": "razz", "7 Card Stud Hi/Lo": "stud8", "7 Card Stud": "stud"}


def described_shows(path: Path) -> list[tuple[str, str, str, str]]:
    """(game, cards, PokerStars' text, where) for every shown hand with a description."""
    found = []
    game = None
    for number, line in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), 1):
        if header := HEADER.match(line):
            game = GAMES[header.group(1)]
        elif (m := SHOWS.match(line) or SHOWED.match(line)) and game:
            found.append((game, m["cards"], m["text"], f"{path.name}:{number}"))
    return found


def test_descriptions_match_every_stars_shows_line(stars_files: list[Path]) -> None:
    shows = [s for path in stars_files for s in described_shows(path)]
    mismatches = [
        f"{where}: [{cards}] printed {text!r}, we say {ours!r}"
        for game, cards, text, where in shows
        if (ours := show_description(parse_cards(cards), game)) != text
    ]
    assert not mismatches, "\n".join(mismatches)
    # Each game and both line kinds were exercised.
    assert set(Counter(game for game, *_ in shows)) == {"stud", "stud8", "razz"}
    assert len(shows) >= 60
