"""Dialect detection, the Dialect protocol, and the doctests of the parsing modules."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import stud_hh
import stud_hh.dialects
import stud_hh.formats
import stud_hh.parse
import stud_hh.reader
from stud_hh.dialects import Dialect, UnknownFormat, detect, dialects, find_dialect, hand_starts
from stud_hh.events import Hand, ParseError
from stud_hh.reader import RawHand

HANDS = Path(__file__).parent / "hands" / "pokerstars"


@pytest.mark.parametrize("module", [stud_hh.reader, stud_hh.dialects, stud_hh.parse,
                                    stud_hh.formats])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_every_dialect_honours_the_protocol() -> None:
    from stud_hh.rules import PRESETS

    for dialect in dialects():
        assert isinstance(dialect, Dialect)
        assert dialect.site and dialect.rules.upper() in PRESETS
    assert [d.name for d in dialects()] == ["pokerstars", "fulltilt", "winning", "bovada",
                                           "winamax", "partypoker", "phh",
                                           "ipoker", "merge", "everleaf",
                                           "ongame", "absolute", "kingsclub"]


def test_detect_by_first_line() -> None:
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8")
    assert detect("\ufeff\n\n" + text).name == "pokerstars"
    assert detect("Full Tilt Poker Game #1: Table X - $2/$4 - Limit Razz").name == "fulltilt"
    assert find_dialect("***** 888poker Hand History for Game 1 *****") is None
    with pytest.raises(UnknownFormat, match="888poker"):
        detect("***** 888poker Hand History for Game 1 *****")


def test_parse_hand_never_raises_and_reports_its_place() -> None:
    dialect = detect("PokerStars Hand #1:")
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    hand = dialect.parse_hand(RawHand("f.txt", 40, text))
    assert isinstance(hand, Hand) and hand.source is not None
    assert (hand.source.path, hand.source.line) == ("f.txt", 40)
    broken = dialect.parse_hand(RawHand("f.txt", 40, text.replace("Dealt to", "Delt to", 1)))
    assert isinstance(broken, ParseError)
    at = next(i for i, line in enumerate(text.split("\n")) if line.startswith("Dealt to"))
    assert broken.line == 40 + at and broken.column == 1
    assert broken.expected and broken.text.startswith("PokerStars Hand #200000000002")


def test_hand_starts_pattern_finds_pokerstars_headers() -> None:
    assert hand_starts().match("PokerStars Game #35874004239:  7 Card Stud Limit")
    assert hand_starts().match("PokerStars Hand #1: Tournament #2, Freeroll")
    assert not hand_starts().match("***** 888poker Hand History for Game 1 *****")


def test_package_level_entry_points() -> None:
    [hand, *_] = list(stud_hh.parse_file(HANDS / "community-card.txt"))
    assert isinstance(hand, Hand)
    assert list(stud_hh.parse_text("")) == []
