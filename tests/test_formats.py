"""``stud_hh.formats``: a file is a hand history we read, one we know of, or not one at all,
judged by its content in any encoding, never by its name."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh import formats
from stud_hh.events import Parsed
from stud_hh.formats import FileKind, Skipped, recognise, recognise_file, walk
from stud_hh.reader import RawHand

HANDS = Path(__file__).parent / "hands" / "pokerstars"
STARS = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8")

#: A first line of each known site, as their clients write it (the corpus has files of each).
SITE_LINES = {
    "Full Tilt Poker": "Full Tilt Poker Game #21536466676: Table Hagan - $3/$6 Ante $0.50 - "
                       "Limit Stud Hi - 12:18:37 ET - 2010/06/09",
    "PartyPoker": "***** Hand History for Game 9581478205 *****",
    "888poker": "***** 888poker Hand History for Game 1234567 *****",
    "Winamax": "Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud "
               "fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC",
    "Bovada": "Bovada Hand #2633952287 TBL#2027664 7CARD HiLo Fixed Limit - 2012-09-19 13:11:08",
    "Winning Poker Network": "Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - "
                             "2019/07/28 16:15:58 UTC",
    "iPoker": '<session sessioncode="2752856781">',
    "Merge": '<description type="7-Stud" stakes="Limit $0.50/$1"/>',
    "Everleaf": "Everleaf Gaming Game #285997460",
    "OnGame": "***** History for hand R5-82086688-607 *****",
    "Absolute Poker / UB": "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - "
                           "2009-03-18 19:10:00 (ET)",
    "KingsClub": "#37581152: Limit Seven Card Stud - 44/88",
}

ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_pokerstars_file_is_read_in_any_encoding(encoding: str) -> None:
    head = STARS.replace("\n", "\r\n").encode(encoding, errors="replace")
    assert recognise(head) == formats.FileFormat(FileKind.SUPPORTED, dialect="pokerstars")
    assert recognise(head[:1001]).supported  # cut anywhere, even inside a character


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1252"])
@pytest.mark.parametrize("text", [
    "variant = 'F7S'\nantes = [1, 1]\n",  # PokerKit's .phh
    "# a comment first\n\n[1]\nvariant = \"FR\"\n",  # a .phhs collection
])
def test_phh_is_read_by_its_dialect(text: str, encoding: str) -> None:
    fmt = recognise(text.encode(encoding, errors="replace"))
    assert fmt == formats.FileFormat(FileKind.SUPPORTED, dialect="phh")


@pytest.mark.parametrize("site", sorted(SITE_LINES))
@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1252"])
def test_known_sites_are_named_not_read(site: str, encoding: str) -> None:
    text = f"{SITE_LINES[site]}\nSeat 1: Player0 (1,000)\n"
    fmt = recognise(text.encode(encoding, errors="replace"))
    if site in READ_SITES:  # a dialect reads it now (issue 18)
        assert (fmt.kind, fmt.dialect) == (FileKind.SUPPORTED, READ_SITES[site])
    else:
        assert (fmt.kind, fmt.site) == (FileKind.UNSUPPORTED, site)


#: the known sites a dialect reads, and the dialect
READ_SITES = {"Full Tilt Poker": "fulltilt", "Bovada": "bovada",
              "Winning Poker Network": "winning", "PartyPoker": "partypoker",
              "Winamax": "winamax"}
READ_SITES |= {"iPoker": "ipoker", "Merge": "merge"}  # XML (issue 19)
READ_SITES |= {"Everleaf": "everleaf", "OnGame": "ongame", "Absolute Poker / UB": "absolute",
               "KingsClub": "kingsclub"}  # issue 19


@pytest.mark.parametrize("line, dialect", [
    ("Game started at: 2016/8/2 11:17:19", "winning"),  # the older WPN format
    ("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07", "bovada"),
    ("FullTiltPoker Game #1: Table T - $1/$2 Ante $0.10 - Limit Razz - 1:00:00 ET - 2008/01/01",
     "fulltilt"),
])
def test_other_first_lines_of_the_sites_read(line: str, dialect: str) -> None:
    fmt = recognise(f"{line}\n".encode("utf-16"))
    assert (fmt.kind, fmt.dialect) == (FileKind.SUPPORTED, dialect)


@pytest.mark.parametrize("content", [
    b"",
    b"   \n\n",
    b"{   u'Hero': {   'allInEV': 0,\n                  'card1': 18,\n",  # fpdb .hp
    b"(14, u'USD', 'ring', 'stud', '5studhi', 'fl', 'h', 'none', 5, 10)\n",  # fpdb .gt
    b"# My hand histories\n\nPokerStars files go here. Full Tilt too.\n",  # README
    bytes(range(256)) * 8,  # binary
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200),
    b"SQLite format 3\x00" + bytes(500),
])
def test_what_is_not_a_hand_history_is_other(content: bytes) -> None:
    assert recognise(content).kind is FileKind.OTHER


def test_a_preamble_before_the_first_hand_is_allowed() -> None:
    text = "Hand history exported by SomeTracker 2.1\nPlayer: Hero\n\n" + STARS
    assert recognise(text.encode()).supported


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_no_byte_sequence_crashes_the_recognition(data: bytes) -> None:
    assert recognise(data).kind in FileKind


def test_names_do_not_matter(tmp_path: Path) -> None:
    (tmp_path / "session.xml").write_text(STARS, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("PokerStars is a site\n", encoding="utf-8")
    assert recognise_file(tmp_path / "session.xml").supported
    assert recognise_file(tmp_path / "notes.txt").kind is FileKind.OTHER


def test_a_new_dialect_claims_its_sites_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """When a site issue adds a dialect, its files become supported with no change here."""
    import stud_hh.dialects

    class Poker888(stud_hh.dialects.TextDialect):
        name = "888poker"
        site = "888poker"
        rules = "pokerstars"
        hand_start = re.compile(r"\*{5} 888poker Hand History")

        def parse_hand(self, raw: RawHand) -> Parsed:  # pragma: no cover - not called
            raise NotImplementedError

    line = SITE_LINES["888poker"].encode()
    assert recognise(line).site == "888poker"
    stars = stud_hh.dialects.dialects()
    assert isinstance(Poker888(), stud_hh.dialects.Dialect)
    monkeypatch.setattr(stud_hh.dialects, "dialects", lambda: (*stars, Poker888()))
    assert recognise(line) == formats.FileFormat(FileKind.SUPPORTED, dialect="888poker")


def test_a_banner_under_another_sites_first_line_names_its_site() -> None:
    """888poker opens a hand with "#Game No : N", as PartyPoker's tournament files do: the
    banner under it names the site, not read yet (not PartyPoker hands that all fail)."""
    eight = b"#Game No : 585367181\n***** 888poker Hand History for Game 585367181 *****\n"
    party = b"#Game No : 11792805420\n***** Hand History for Game 11792805420 *****\n"
    assert recognise(eight) == formats.FileFormat(FileKind.UNSUPPORTED, site="888poker")
    assert recognise(party) == formats.FileFormat(FileKind.SUPPORTED, dialect="partypoker")


def test_no_site_is_both_read_and_only_recognised() -> None:
    """One registry: a site with a dialect leaves ``NOT_YET_READ``."""
    from stud_hh.dialects import NOT_YET_READ, dialects

    read = {dialect.site for dialect in dialects()}
    assert read and not read & {known.site for known in NOT_YET_READ}


def test_the_real_corpus_is_recognised_by_content(corpus_dir: Path) -> None:
    found: Counter[str] = Counter()
    for path in walk([corpus_dir]):
        fmt = recognise_file(path)
        if path.suffix in (".hp", ".hands", ".gt") or path.name == "README.md":
            assert fmt.kind is FileKind.OTHER, path
        else:
            assert fmt.kind is not FileKind.OTHER, path
            found[fmt.dialect or fmt.site or ""] += 1
    assert found["pokerstars"] == 6
    assert {"fulltilt", "bovada", "winning", "partypoker", "winamax"} <= set(found)  # issue 18
    assert {"ipoker", "merge"} <= set(found)  # issue 19, XML
    assert {"everleaf", "ongame", "absolute", "kingsclub"} <= set(found)  # issue 19


def test_walk_skips_hidden_files_and_says_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.txt").write_text(STARS)
    (tmp_path / ".hidden.txt").write_text(STARS)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_text(STARS)
    (tmp_path / "a.txt").write_text(STARS)
    assert walk([tmp_path, tmp_path / "a.txt"]) == [tmp_path / "a.txt", tmp_path / "b" / "z.txt"]
    with pytest.raises(FileNotFoundError, match=r"no such file or folder: .*nope"):
        walk([tmp_path / "nope"])


def test_skipped_lines_read_as_a_summary() -> None:
    skipped = Skipped()
    assert skipped.lines() == []
    skipped.add_file(recognise(SITE_LINES["888poker"].encode()))
    skipped.add_file(recognise(b"{'a': 1}"))
    skipped.other_games.update({"Hold'em Limit": 2, "Omaha Hi/Lo Limit": 1})
    assert skipped.lines() == [
        "888poker: 1 file, not supported yet",
        "other games skipped: 3 hands (Hold'em Limit 2, Omaha Hi/Lo Limit 1)",
        "not hand histories, skipped: 1 file",
    ]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["", "a", "PokerStars", " " * 40, "x" * 700]), max_size=40),
       st.lists(st.sampled_from(["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85",
                                 "\u2028"]), min_size=1, max_size=40))
def test_head_lines_are_splitlines(words: list[str], breaks: list[str]) -> None:
    """``recognise`` splits a head's first few thousand characters before the rest: the
    lines are the very ones ``str.splitlines`` gives, whatever the line ends around the cut
    (a CR before the cut's LF, a form feed, an empty line just before it)."""
    text = "".join(w + breaks[i % len(breaks)] for i, w in enumerate(words)) * 4
    assert list(formats._lines(text)) == text.splitlines()


def test_a_recognised_file_is_split_by_its_format(tmp_path: Path) -> None:
    """``splitter_of`` (the importer's, from the format it recognised) and ``own_splitter``
    (from the file's head) agree: text formats are cut by the reader, XML by its dialect."""
    xml = next((Path(__file__).parent / "hands").rglob("*.xml"), None)
    heads = [STARS.encode("utf-8")] + ([xml.read_bytes()[: formats.HEAD_BYTES]] if xml else [])
    for head in heads:
        assert formats.splitter_of(recognise(head)) is formats.own_splitter(head)
    assert formats.splitter_of(recognise(STARS.encode("utf-8"))) is None
