"""A large PokerStars stud corpus for benchmarks: the real Stars hands, replicated.

The real corpus holds a few dozen PokerStars stud hands; speed needs tens of thousands.
``build_corpus(n)`` repeats the real hands in order, giving each copy a fresh hand id, into
one file under ``benchmarks/.cache/`` (kept between runs, rebuilt when missing). Other
benchmarks reuse it::

    from benchmarks.corpus import build_corpus
    path = build_corpus(20_000)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(__file__).resolve().parent / ".cache"
STARS = (ROOT.parent / "shared" / "corpus" / "real" / "cash" / "Stars").resolve()

_HAND_NO = re.compile(r"^(PokerStars (?:Hand|Game) #)(\d+)(:)")


def real_stars_hands(source: Path = STARS) -> list[str]:
    """The text of every real PokerStars hand (``*.txt`` files), in a stable order."""
    from stud_hh.reader import read_hands

    if not source.is_dir():
        raise FileNotFoundError(f"real PokerStars corpus not found at {source}")
    hands = [
        raw.text
        for path in sorted(source.rglob("*.txt"))
        for raw in read_hands(path)
        if raw.text.startswith("PokerStars ")
    ]
    if not hands:
        raise FileNotFoundError(f"no PokerStars hands under {source}")
    return hands


def build_corpus(n_hands: int, source: Path = STARS, cache: Path = CACHE) -> Path:
    """A UTF-8 file of ``n_hands`` PokerStars hands with unique ids (cached by size)."""
    out = cache / f"stars-{n_hands}.txt"
    if out.is_file():
        return out
    hands = real_stars_hands(source)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    base = 900_000_000_000
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        for i in range(n_hands):
            text = _HAND_NO.sub(lambda m, i=i: f"{m[1]}{base + i}{m[3]}", hands[i % len(hands)],
                                count=1)
            f.write(text)
            f.write("\n\n\n")
    tmp.replace(out)
    return out


#: the real hands of each other site's dialect, and how a hand's id is written
SITE_SOURCES: dict[str, tuple[tuple[str, ...], str]] = {
    "fulltilt": (("cash/FTP/Stud", "tour/FTP/Stud"), r"(Full Tilt Poker Game #)(\d+)(:)"),
    "bovada": (("cash/Bovada/Stud", "tour/Bovada/Stud"), r"((?:Bovada|Bodog) Hand #)(\d+)(\b)"),
    "winning": (("cash/Winning",), r"((?:Game )?Hand #|Game ID: )(\d+)( )"),
    "partypoker": (("cash/PartyPoker/Stud", "tour/PartyPoker/Stud"),
                   r"(Game #|#Game No : )(\d+)( |\n)"),
    "winamax": (("cash/Winamax/Stud",), r"(HandId: #\d+-\d+-)(\d+)( )"),
    "everleaf": (("cash/Everleaf/Stud",), r"(Everleaf Gaming Game #)(\d+)(\n)"),
    "ongame": (("cash/OnGame/Stud",), r"(History for hand R5-\d+-)(\d+)( )"),
    "absolute": (("cash/Absolute/Stud",), r"(Stage #)(\d+)(:)"),
    "kingsclub": (("cash/KingsClub/Stud",), r"(#)(\d+)(:)"),
}
REAL = (ROOT.parent / "shared" / "corpus" / "real").resolve()


def real_site_hands(site: str, source: Path = REAL) -> list[str]:
    """The text of every real stud hand of ``site`` that parses (``SITE_SOURCES``)."""
    from stud_hh.events import Hand
    from stud_hh.parse import parse_text
    from stud_hh.reader import read_hands

    folders, _ = SITE_SOURCES[site]
    hands = [raw.text for folder in folders for path in sorted((source / folder).glob("*"))
             if path.suffix not in (".hp", ".hands", ".gt") for raw in read_hands(path)]
    hands = [text for text in hands if isinstance(next(parse_text(text), None), Hand)]
    if not hands:
        raise FileNotFoundError(f"no {site} hands under {source}")
    return hands


#: the XML sites' real stud files, and how a game's number is written
XML_SOURCES: dict[str, tuple[tuple[str, ...], str]] = {
    "ipoker": (("cash/iPoker/Stud", "tour/iPoker/Stud"), r'(<game gamecode=")(\d+)(")'),
    "merge": (("cash/Merge/Stud",), r'(<game id="\d+-)(\d+)(")'),
}


def build_xml_site_corpus(site: str, n_hands: int, source: Path = REAL,
                          cache: Path = CACHE) -> Path:
    """A directory of the XML site's real stud files, each with its games replicated (fresh
    numbers) so that the files hold about ``n_hands`` games in all, in their proportions."""
    out = cache / f"{site}-{n_hands}"
    if out.is_dir():
        return out
    from stud_hh.events import Hand
    from stud_hh.parse import parse_file

    folders, pattern = XML_SOURCES[site]
    number = re.compile(pattern)
    game = re.compile(rb"<game\b.*?</game>", re.DOTALL)
    files = [path for folder in folders for path in sorted((source / folder).glob("*"))
             if path.suffix not in (".hp", ".hands", ".gt")
             and all(isinstance(r, Hand) for r in parse_file(path))]
    games = {path: game.findall(path.read_bytes()) for path in files}
    total = sum(len(found) for found in games.values())
    tmp = cache / f"{site}-{n_hands}.tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    serial = 900_000_000
    for path, found in games.items():
        data = path.read_bytes()
        head, tail = data[: data.index(found[0])], data[data.rindex(found[-1]) + len(found[-1]):]
        want = max(1, round(n_hands * len(found) / total))
        with open(tmp / f"{path.stem}.txt", "wb") as f:
            f.write(head)
            for i in range(want):
                text = found[i % len(found)].decode("utf-8", "surrogateescape")
                text = number.sub(lambda m, n=serial: f"{m[1]}{n}{m[3]}", text, count=1)
                serial += 1
                f.write(text.encode("utf-8", "surrogateescape"))
            f.write(tail)
    tmp.replace(out)
    return out


def build_site_corpus(site: str, n_hands: int, source: Path = REAL, cache: Path = CACHE) -> Path:
    """``build_corpus`` for another site's real hands (``pokerstars``: ``build_corpus``)."""
    if site == "pokerstars":
        return build_corpus(n_hands, source / "cash" / "Stars", cache)
    if site in XML_SOURCES:
        return build_xml_site_corpus(site, n_hands, source, cache)
    out = cache / f"{site}-{n_hands}.txt"
    if out.is_file():
        return out
    hands = real_site_hands(site, source)
    number = re.compile(SITE_SOURCES[site][1])
    cache.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    base = 900_000_000_000
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        for i in range(n_hands):
            f.write(number.sub(lambda m, i=i: f"{m[1]}{base + i}{m[3]}", hands[i % len(hands)],
                               count=1))
            f.write("\n\n\n")
    tmp.replace(out)
    return out


if __name__ == "__main__":
    print(build_corpus(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000))
