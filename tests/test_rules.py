"""RuleSet and presets: the rule book's section 11 table, and PokerStars' evidence.

The PokerStars checks read the real files in ../shared/corpus/real/cash/Stars (skipped with
a reason when absent) with a few line patterns: just enough to count raises before
"Betting is capped", live players per street, and the "Pair on board" line. They are
evidence for the POKERSTARS preset, not a parser.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from stud_hh.cards import parse_cards
from stud_hh.engine import showing
from stud_hh.events import Game
from stud_hh.rules import (
    PAGAT,
    POKERSTARS,
    PRESETS,
    ROBERTS,
    TDA,
    AllInAnteBringIn,
    CommunityActor,
    OddChipCards,
    OpenPair,
    OutOfCards,
    RuleSet,
    TieBreak,
    preset,
)


def test_presets_are_frozen_rulesets_by_name() -> None:
    assert set(PRESETS) == {"ROBERTS", "TDA", "PAGAT", "POKERSTARS", "FULLTILT", "WINNING",
                            "LIVE", "ABSOLUTE", "KINGSCLUB"}
    for name, rules in PRESETS.items():
        assert isinstance(rules, RuleSet) and rules.name == name
        assert preset(name.lower()) is rules
        with pytest.raises(dataclasses.FrozenInstanceError):
            rules.raise_cap = 9  # type: ignore[misc]
    with pytest.raises(KeyError, match="known: ROBERTS"):
        preset("everleaf")


def test_defaults_are_the_rule_book_defaults() -> None:
    r = RuleSet()
    assert r.showing_tie_break is TieBreak.SEAT
    assert r.open_pair_double_bet is OpenPair.FOURTH_STREET_ONLY
    assert (r.raise_cap, r.heads_up_uncapped, r.max_players) == (3, True, 8)
    assert r.out_of_cards is OutOfCards.RESHUFFLE_THEN_COMMUNITY
    assert r.odd_chip_cards is OddChipCards.BEST_FIVE
    assert r.short_all_in_reopen_pct == 50
    assert r.bring_in_above_ante and r.tie_break_by_game == ()
    assert r.with_(raise_cap=None).raise_cap is None and r.raise_cap == 3


def test_live_is_the_2023_wsop_rules() -> None:
    """Rule book section 11, LIVE: a bet and four raises even heads-up, no double bet on
    4th street, stud8 and razz ties by seat, stud high by suit, bring-in as designated."""
    live = preset("live")
    assert (live.raise_cap, live.heads_up_uncapped) == (4, False)
    assert live.open_pair_double_bet is OpenPair.OFF and not live.open_pair_games
    assert live.tie_break(Game.STUD) is TieBreak.SUIT
    assert live.tie_break(Game.STUD8) is live.tie_break(Game.RAZZ) is TieBreak.SEAT
    assert not live.bring_in_above_ante
    assert live.odd_chip_cards is OddChipCards.BEST_FIVE
    assert all(p.tie_break(g) is p.showing_tie_break for p in PRESETS.values()
               if p is not live for g in Game)


@pytest.mark.parametrize(
    ("field", "roberts", "pagat", "tda"),
    [
        ("showing_tie_break", TieBreak.SEAT, TieBreak.SUIT, TieBreak.SUIT),
        ("open_pair_double_bet", OpenPair.FOURTH_STREET_ONLY, OpenPair.ANY_STREET,
         OpenPair.OFF),
        ("raise_cap", 3, 3, 3),
        ("heads_up_uncapped", True, True, False),
        ("out_of_cards", OutOfCards.RESHUFFLE_THEN_COMMUNITY, OutOfCards.COMMUNITY,
         OutOfCards.COMMUNITY),
        ("community_first_actor", CommunityActor.BEST_SHOWING, CommunityActor.BEST_SHOWING,
         CommunityActor.SIXTH_STREET),
        ("odd_chip_cards", OddChipCards.ALL_CARDS, OddChipCards.BEST_FIVE,
         OddChipCards.BEST_FIVE),
        ("short_all_in_reopen_pct", 50, 50, 50),
        ("all_in_ante_bring_in", AllInAnteBringIn.NEXT_PLAYER_OPTION,
         AllInAnteBringIn.NEXT_PLAYER, AllInAnteBringIn.NEXT_PLAYER),
    ],
)
def test_section_11_preset_table(field: str, roberts: object, pagat: object,
                                 tda: object) -> None:
    assert getattr(ROBERTS, field) == roberts
    assert getattr(PAGAT, field) == pagat
    assert getattr(TDA, field) == tda


def test_section_11_open_pair_games() -> None:
    assert ROBERTS.open_pair_games == {Game.STUD}  # "stud high only"
    assert Game.STUD8 in PAGAT.open_pair_games  # "any open pair"
    assert not TDA.open_pair_games
    assert all(Game.RAZZ not in r.open_pair_games for r in PRESETS.values())


# --- PokerStars evidence ------------------------------------------------------------------

_STREET = re.compile(r"^\*\*\* (3rd STREET|4th STREET|5th STREET|6th STREET|RIVER) \*\*\*")
_ACTION = re.compile(r"^(?P<who>.+?): (?P<what>folds|checks|calls|bets|raises|brings in|"
                     r"completes)")
_DEALT = re.compile(r"^Dealt to (?P<who>.+?) (?P<cards>\[.*\])$")


def _hands(files: list[Path]) -> list[str]:
    out = []
    for f in files:
        text = f.read_text(encoding="utf-8-sig", errors="replace")
        out += [h for h in re.split(r"\n\s*\n", text) if h.startswith("PokerStars")]
    return out


def _rounds(hand: str) -> list[dict[str, object]]:
    """Per street: live players at its start, its lines, upcards after the deal."""
    rounds: list[dict[str, object]] = []
    live: set[str] = set()
    ups: dict[str, list[int]] = {}
    for line in hand.splitlines():
        m = _STREET.match(line)
        if m:
            ups = {k: list(v) for k, v in ups.items()}
            rounds.append({"street": m.group(1), "live": set(live), "lines": [],
                           "ups": ups})
            continue
        if line.startswith("*** "):
            break
        if not rounds:
            continue
        d = _DEALT.match(line)
        if d:
            who = d.group("who")
            live.add(who)
            rounds[-1]["live"].add(who)  # type: ignore[union-attr]
            last = re.findall(r"\[([^\]]*)\]", d.group("cards"))[-1]
            cards = parse_cards(last)
            ups[who] = ([cards[-1]] if rounds[-1]["street"] == "3rd STREET"
                        else ups.get(who, []) + list(cards))
            continue
        rounds[-1]["lines"].append(line)  # type: ignore[union-attr]
        a = _ACTION.match(line)
        if a and a.group("what") == "folds":
            live.discard(a.group("who"))
    return rounds


def test_pokerstars_caps_after_three_raises_even_heads_up(stars_files: list[Path]) -> None:
    capped = []
    for hand in _hands(stars_files):
        for r in _rounds(hand):
            lines = r["lines"]
            if "Betting is capped" in lines:  # type: ignore[operator]
                before = lines[: lines.index("Betting is capped")]  # type: ignore[union-attr]
                raises = sum(1 for x in before if ": raises " in x)
                completes = sum(1 for x in before if ": completes " in x)
                capped.append((len(r["live"]), raises - (1 if r["street"] == "3rd STREET"  # type: ignore[arg-type]
                                                          and not completes else 0)))
    assert capped, "no capped round in the PokerStars corpus"
    assert {raises for _, raises in capped} == {POKERSTARS.raise_cap}
    assert any(n == 2 for n, _ in capped)  # heads-up and still capped
    assert POKERSTARS.heads_up_uncapped is False


def test_pokerstars_double_bet_line_exactly_on_stud_high_fourth_street_pairs(
    stars_files: list[Path],
) -> None:
    """The line appears iff a live player pairs his board on 4th street in stud high."""
    seen: dict[tuple[Game, bool], int] = {}
    for hand in _hands(stars_files):
        game = Game.RAZZ if "Razz" in hand[:120] else (
            Game.STUD8 if "Hi/Lo" in hand[:120] else Game.STUD)
        for r in _rounds(hand):
            lines = r["lines"]
            line = "Pair on board - a double bet is allowed" in lines  # type: ignore[operator]
            if r["street"] != "4th STREET":
                assert not line
                continue
            ups: dict[str, list[int]] = r["ups"]  # type: ignore[assignment]
            paired = any(len(u) == 2 and u[0] >> 2 == u[1] >> 2
                         for n, u in ups.items() if n in r["live"])  # type: ignore[operator]
            if paired:
                seen[game, line] = seen.get((game, line), 0) + 1
                assert line is (game in POKERSTARS.open_pair_games)
            else:
                assert not line
    assert seen.get((Game.STUD, True), 0) >= 1
    assert seen.get((Game.STUD8, False), 0) >= 1  # Hi/Lo board pair: no double bet
    assert POKERSTARS.open_pair_games == {Game.STUD}
    assert POKERSTARS.open_pair_double_bet is OpenPair.FOURTH_STREET_ONLY


def test_pokerstars_first_actor_ties_match_the_preset(stars_files: list[Path]) -> None:
    """Every tied board in the corpus is resolved the way POKERSTARS' tie break says."""
    ties = 0
    for hand in _hands(stars_files):
        game = Game.RAZZ if "Razz" in hand[:120] else (
            Game.STUD8 if "Hi/Lo" in hand[:120] else Game.STUD)
        seat_of = {m.group(2): int(m.group(1))
                   for m in re.finditer(r"^Seat (\d+): (.+?) \(", hand, re.M)}
        for r in _rounds(hand):
            if r["street"] in ("3rd STREET", "RIVER"):
                continue
            ups: dict[str, list[int]] = r["ups"]  # type: ignore[assignment]
            names = sorted((n for n in r["live"] if n in ups), key=seat_of.__getitem__)  # type: ignore[union-attr]
            first = next((m.group("who") for x in r["lines"]  # type: ignore[union-attr]
                          if (m := _ACTION.match(x))), None)
            if first is None or len(names) < 2:
                continue
            keys = [showing.showing_key(ups[n], game) for n in names]
            if keys.count(max(keys)) < 2:
                continue
            ties += 1
            board = [ups[n] for n in names]
            pick = showing.first_actor(board, range(len(names)), game,
                                       POKERSTARS.showing_tie_break)
            assert names[pick] == first
    assert ties >= 1
