"""Every real PokerStars hand parses, and its events account for every line of its text.

The accounting is checked against the text with patterns independent of the grammar:
collected plus rake equals the total pot; every card printed in a ``Dealt to`` or ``shows``
line is in that player's events; every betting line became exactly one betting event, in
order. The same checks run over the hand-written hands in ``tests/hands/pokerstars``.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from stud_hh.cards import card
from stud_hh.dialects import dialects
from stud_hh.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Hand,
    ParseError,
    Raise,
    Show,
    Summary,
)
from stud_hh.parse import parse_file
from stud_hh.reader import read_hands

HANDS = Path(__file__).parent / "hands" / "pokerstars"

_DEALT = re.compile(r"^Dealt to (.+?)((?: \[[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*\])+)$")
_SHOWS = re.compile(r"^(.+?): shows \[([^\]]*)\]")
_ACTION = re.compile(
    r"^(.+): (brings in for|completes it to|bets|raises|calls|checks|folds)\b(.*)$"
)
_KIND = {
    "brings in for": BringIn, "completes it to": Complete, "bets": Bet, "raises": Raise,
    "calls": Call, "checks": Check, "folds": Fold,
}


def _money(text: str, cents: bool) -> int:
    value = Decimal(text.strip().lstrip("$€£₹").replace(",", ""))
    return int(value * 100) if cents else int(value)


def check_accounts(hand: Hand, text: str) -> None:
    """Assert that ``hand`` accounts for the lines of ``text`` (see the module docstring)."""
    events = hand.events
    cents = hand.header.currency is not None
    summary = next(e for e in events if type(e) is Summary)
    collected = sum(e.amount for e in events if type(e) is Collect)
    assert collected + summary.rake == summary.total_pot, hand.hand_id
    total = re.search(r"^Total pot (\S+)", text, re.M)
    assert total is not None
    assert summary.total_pot == _money(total[1], cents)

    lines = text.splitlines()
    # every card in a Dealt line is among that player's Deal events
    dealt: dict[str, set[int]] = {}
    for event in events:
        if type(event) is Deal:
            dealt.setdefault(event.player, set()).update(c for c in event.cards if c is not None)
    for line in lines:
        match = _DEALT.match(line)
        if match:
            printed = {card(c) for c in re.findall(r"[2-9TJQKA][cdhs]", match[2])}
            assert printed <= dealt.get(match[1], set()), line
    # every card in a shows line is in a Show event of that player
    shown = {(e.player, e.cards) for e in events if type(e) is Show}
    for line in lines:
        match = _SHOWS.match(line)
        if match:
            cards = tuple(card(c) for c in match[2].split())
            assert (match[1], cards) in shown, line
    # every betting line became one betting event, in the same order
    printed_actions = []
    for line in lines:
        match = _ACTION.match(line)
        if match and not line.startswith(("Seat ", "Dealt to ")):
            printed_actions.append((match[1], _KIND[match[2]]))
    actions = [(e.player, type(e)) for _, _, e in hand.player_actions()]
    assert actions == printed_actions, hand.hand_id


def _parsed(paths: list[Path]) -> list[tuple[Path, Hand | ParseError, str]]:
    out = []
    for path in paths:
        texts = [raw.text for raw in read_hands(path)]
        results = list(parse_file(path))
        assert len(results) == len(texts), path
        out.extend((path, result, text) for result, text in zip(results, texts, strict=True))
    return out


def test_every_real_pokerstars_hand_parses_and_accounts(stars_files: list[Path]) -> None:
    results = _parsed(stars_files)
    assert len(results) >= 30
    errors = [str(r) for _, r, _ in results if isinstance(r, ParseError)]
    assert errors == []
    games = Counter(r.header.game for _, r, _ in results if isinstance(r, Hand))
    assert set(games) == {"stud", "stud8", "razz"}
    for _, hand, text in results:
        assert isinstance(hand, Hand)
        check_accounts(hand, text)


def test_handwritten_hands_parse_and_account() -> None:
    paths = sorted(HANDS.glob("*.txt"))
    assert paths, "hand-written fixtures are missing"
    results = _parsed(paths)
    assert len(results) >= 6
    for _, hand, text in results:
        assert isinstance(hand, Hand), str(hand)
        check_accounts(hand, text)


def test_real_hands_know_their_hero_and_fill_shown_hole_cards(stars_files: list[Path]) -> None:
    """The hero's three 3rd-street cards are known; a shown hand's hole cards are filled."""
    for _, hand, _ in _parsed(stars_files):
        assert isinstance(hand, Hand)
        third = [e for e in hand.events if type(e) is Deal and e.street == 3]
        assert all(len(d.cards) == 3 and d.up == (False, False, True) for d in third)
        for show in (e for e in hand.events if type(e) is Show and len(e.cards) >= 3):
            deal = next(d for d in third if d.player == show.player)
            assert deal.cards == show.cards[:3], hand.hand_id


def test_whole_real_corpus_never_crashes(corpus_dir: Path) -> None:
    """All sites, all files: PokerStars hands parse; everything else is a clean ParseError."""
    seen_errors = 0
    for path in sorted(p for p in corpus_dir.rglob("*") if p.is_file()):
        for result in parse_file(path):
            if isinstance(result, ParseError):
                seen_errors += 1
                assert result.path == str(path)
                assert result.line >= 1
                assert result.message
                assert result.text or result.line == 0
                if result.text.lstrip().startswith("PokerStars "):
                    pytest.fail(f"a PokerStars hand failed: {result}")
            elif isinstance(result, Hand):
                assert result.header.site in {d.name for d in dialects()}
    assert seen_errors > 0  # the other sites' files are there and were reported, not skipped


def test_benchmark_corpus_replicates_real_hands_with_fresh_ids(
    stars_dir: Path, tmp_path: Path
) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "bench_corpus", Path(__file__).parent.parent / "benchmarks" / "corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = module.build_corpus(75, source=stars_dir, cache=tmp_path)
    hands = list(parse_file(path))
    assert len(hands) == 75 and all(isinstance(h, Hand) for h in hands)
    assert len({h.hand_id for h in hands}) == 75
    assert module.build_corpus(75, source=stars_dir, cache=tmp_path) == path  # cached
