"""iPoker and Merge, the XML sites (issue 19 item 1): the hand-written hands of
``tests/hands/ipoker`` and ``tests/hands/merge`` and the real ones of ``../shared/corpus``
parse, audit clean, add up, read back the same from PokerStars text, import into a real
DuckDB file and show in the stats; iPoker's own per-player totals (``bet``, ``win``) agree
with the events; hostile XML (an entity bomb, an external entity) is refused without
expansion or a read; a truncated or broken file loses nothing.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from site_checks import check_money
from test_sites_ftp_bovada_winning import check_hand

from stud_hh.cli import main
from stud_hh.dialects import detect
from stud_hh.dialects.merge.hand import MERGE_TIME
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Collect,
    Complete,
    Game,
    Hand,
    OtherGame,
    ParseError,
    Raise,
    Show,
    StreetStart,
    TableNote,
    UncalledReturn,
)
from stud_hh.formats import FileKind, recognise
from stud_hh.parse import parse_file

HANDS = Path(__file__).parent / "hands"
SITES = ("ipoker", "merge")
#: each site's corpus folders: stud hands, other games (iPoker's five card stud file,
#: Merge's no-limit stud hi/lo file)
CORPUS_DIRS = {
    "ipoker": (("cash/iPoker/Stud", "tour/iPoker/Stud"), 124, 1),
    "merge": (("cash/Merge/Stud",), 4, 1),
}
SIDE_FILES = (".hp", ".hands", ".gt")


def _files(site: str) -> list[Path]:
    return sorted(p for p in (HANDS / site).iterdir() if p.is_file())


def _results(paths: list[Path]) -> list[Hand | ParseError | OtherGame]:
    return [r for path in paths for r in parse_file(path)]


def _corpus(corpus_dir: Path, site: str) -> list[Path]:
    return sorted(p for folder in CORPUS_DIRS[site][0] for p in (corpus_dir / folder).glob("*")
                  if p.suffix not in SIDE_FILES)


# --- the hand-written hands -------------------------------------------------------------------


@pytest.mark.parametrize("site", SITES)
def test_handwritten_hands_parse_audit_add_up_and_read_back(site: str) -> None:
    results = _results(_files(site))
    hands = [r for r in results if isinstance(r, Hand)]
    assert not [r for r in results if isinstance(r, ParseError)], results
    assert hands and {h.header.site for h in hands} == {site}
    for hand in hands:
        check_money(hand)
        check_hand(hand)
    assert any(isinstance(r, OtherGame) for r in results)  # another game: named, skipped
    assert any(any(getattr(e, "all_in", False) for e in h.events) for h in hands)
    assert any(len([e for e in h.events if isinstance(e, Collect)]) > 1 for h in hands)
    assert any(any(isinstance(e, UncalledReturn) for e in h.events) for h in hands)


def test_ipoker_tournament_all_in_and_side_pot() -> None:
    [hand] = _results([HANDS / "ipoker" / "tour-razz-allin-sidepot.xml"])
    assert isinstance(hand, Hand)
    h = hand.header
    assert (h.game, h.tournament_id, h.table, h.buy_in, h.currency) == (
        Game.RAZZ, "123456789", "987654321", "$5+$0.50", None)
    assert (h.ante, h.bring_in, h.small_bet, h.big_bet) == (10, 20, 80, 160)
    assert h.started_at.isoformat() == "2012-03-19T20:46:31+00:00"
    assert [s.player for s in hand.seats] == ["Shorty", "Villain", "Hero"]  # the empty seat
    # listed by seat, played in the order of their numbers
    bets = [e for e in hand.events if isinstance(e, BringIn | Complete | Call | Raise | Bet)]
    assert bets[:6] == [BringIn("Shorty", 20), Complete("Villain", 80), Call("Hero", 80),
                        Raise("Shorty", 40, 120, True), Call("Villain", 40), Call("Hero", 40)]
    assert Raise("Villain", 160, 320) in bets
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, Collect)] == [
        ("Shorty", 390), ("Hero", 800)]  # "win" 960 less his river bet nobody called
    assert UncalledReturn("Hero", 160) in hand.events
    shown = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    assert set(shown) == {"Shorty", "Hero"} and len(shown["Shorty"]) == 7


def test_ipoker_cash_cp1252_currency_rake_and_notes() -> None:
    [hand] = _results([HANDS / "ipoker" / "cash-stud8-eur-cp1252.xml"])
    assert isinstance(hand, Hand)
    assert (hand.header.game, hand.header.currency) == (Game.STUD8, "EUR")
    assert (hand.header.small_bet, hand.header.big_bet, hand.header.bring_in) == (10, 20, 5)
    assert [s.player for s in hand.seats if not s.sitting_out] == ["Héro", "Villain"]
    assert [e.kind for e in hand.events if isinstance(e, TableNote)] == [
        "sitting_out", "no_action"]
    summary = hand.events[-1]
    assert (summary.total_pot, summary.rake) == (104, 4)  # type: ignore[union-attr]
    assert Complete("Villain", 10) in hand.events and Raise("Héro", 10, 20) in hand.events


def test_merge_seats_pots_and_clock() -> None:
    first, second = _results([HANDS / "merge" / "stud-allin-sidepot.txt"])
    assert isinstance(first, Hand) and isinstance(second, Hand)
    assert [(s.seat, s.player, s.sitting_out) for s in first.seats] == [
        (1, "Shorty", False), (3, "Villain", False), (5, "Hero", False), (7, "Sleeper", True)]
    assert first.header.table == "Testbed (90000001)" and first.header.max_seats == 8
    assert first.header.started_at == first.header.started_at.replace(tzinfo=MERGE_TIME)
    assert [(e.player, e.amount, e.pot) for e in first.events if isinstance(e, Collect)] == [
        ("Shorty", 850, "main pot"), ("Hero", 1400, "side pot-1")]
    assert first.events[-1].rake == 50  # type: ignore[union-attr]
    assert Raise("Shorty", 90, 290, True) in first.events  # ALL_IN: chips added
    assert second.header.bring_in == 25 and isinstance(second.events[-2], Collect)


@pytest.mark.parametrize("line, site", [
    ('<?xml version="1.0" encoding="utf-8"?><session sessioncode="2752856781">', "ipoker"),
    ('<session sessioncode="6249559275">', "ipoker"),
    ('<description type="Razz" stakes="Limit $0.50/$1"/>', "merge"),
    ('<game id="43618199-14" starttime="20111115223628" numholecards="7">', "merge"),
])
def test_detected_by_content(line: str, site: str) -> None:
    assert detect(line).name == site
    assert recognise(f"{line}\n".encode()).dialect == site


# --- the real hands ---------------------------------------------------------------------------


@pytest.mark.parametrize("site", SITES)
def test_every_real_stud_hand_parses_audits_and_reads_back(site: str, corpus_dir: Path) -> None:
    _, stud, other = CORPUS_DIRS[site]
    paths = _corpus(corpus_dir, site)
    assert all(recognise(p.read_bytes()).kind is FileKind.SUPPORTED for p in paths)
    results = _results(paths)
    assert Counter(type(r).__name__ for r in results) == Counter(
        {"Hand": stud, "OtherGame": other})
    for result in results:
        if isinstance(result, Hand):
            assert result.header.site == site
            check_money(result)
            check_hand(result)
    games = sorted(r.game for r in results if isinstance(r, OtherGame))
    assert games == (["5 Card Stud L $0.05/$0.10"] if site == "ipoker"
                     else ["7-Stud H/L8 No Limit ($0.01/$0.02/$0.10)"])


def _ipoker_totals(path: Path) -> dict[str, dict[str, tuple[str, str]]]:
    """iPoker's own ``bet`` and ``win`` per player per game (the test's independent read)."""
    data = path.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        data = data.decode("cp1252").encode("utf-8")
    root = ET.fromstring(data)
    return {game.get("gamecode", ""): {p.get("name", ""): (p.get("bet", ""), p.get("win", ""))
                                       for p in game.iter("player") if p.get("name")}
            for game in root.iter("game")}


def _number(text: str, cents: bool) -> int:
    text = text.lstrip("$€£").replace(",", "")
    return round(float(text) * 100) if cents else int(text)


#: (game, player) whose ``bet`` iPoker overstates by one ante: the tournament's pot (no
#: rake: the players' ``win`` add up to it) is what the actions put in, one ante less. Game
#: 4044887621: Player20 and Player11 post 10, put 80, 80, 160, 160 and 480 (river: bet 160,
#: raise to 320, raise to 480, call 160): 970 each, ``bet="980"``; the ``win`` total, 2,160,
#: is the 2,160 the six players' actions add to, not the 2,180 of their ``bet``s.
ANTE_COUNTED_TWICE = {
    ("4044860560", "Player20"), ("4044887186", "Player11"), ("4044887621", "Player20"),
    ("4044887621", "Player11"), ("4044888659", "Player11"), ("4044922307", "Player11"),
    ("4044980553", "Player10"), ("4044980553", "Player19"), ("4044982218", "Player1"),
    ("4045005614", "Player11"), ("4045005684", "Player11"), ("4045005684", "Player19"),
    ("4045005928", "Player13"), ("4045005928", "Player19"), ("4045006063", "Player1"),
    ("4045033373", "Player6"), ("4045034332", "Player11"),
}


def test_ipoker_totals_agree_with_the_events(corpus_dir: Path) -> None:
    """What each player collected plus his bets nobody called is the game's ``win``; what
    he put in is its ``bet`` (but where iPoker counts an ante twice, see above)."""
    checked = 0
    overstated = set()
    for path in _corpus(corpus_dir, "ipoker") + _files("ipoker"):
        hands = [h for h in parse_file(path) if isinstance(h, Hand)]
        totals = _ipoker_totals(path) if hands else {}
        for hand in hands:
            cents = hand.header.currency is not None
            put, won = _put_and_won(hand)
            for player, (bet, win) in totals[hand.hand_id].items():
                assert won[player] == _number(win, cents), (path.name, hand.hand_id, player)
                if put[player] != _number(bet, cents):
                    assert _number(bet, cents) - put[player] == hand.header.ante
                    assert hand.header.tournament_id is not None
                    assert sum(_number(w, cents) for _, w in totals[hand.hand_id].values()) \
                        == sum(put.values())
                    overstated.add((hand.hand_id, player))
            checked += 1
    assert checked == 126
    assert overstated == ANTE_COUNTED_TWICE


def _put_and_won(hand: Hand) -> tuple[Counter[str], Counter[str]]:
    """Each player's chips in, and what came back to him (collected or not called)."""
    put: Counter[str] = Counter()
    street: dict[str, int] = {}
    won: Counter[str] = Counter()
    for e in hand.events:
        if isinstance(e, StreetStart):
            put.update(street)
            street = {}
        elif isinstance(e, Ante):
            put[e.player] += e.amount
        elif isinstance(e, BringIn | Bet | Call):
            street[e.player] = street.get(e.player, 0) + e.amount
        elif isinstance(e, Raise | Complete):
            street[e.player] = e.to
        elif isinstance(e, UncalledReturn | Collect):
            won[e.player] += e.amount
    put.update(street)
    return put, won


def test_real_hands_import_and_show_in_the_stats(
    corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "xml.duckdb"
    paths = [str(corpus_dir / folder) for site in SITES for folder in CORPUS_DIRS[site][0]]
    assert main(["import", "--db", str(db), *paths]) == 0
    out = capsys.readouterr().out
    assert "other games skipped: 2 hands" in out
    assert main(["stats", "--db", str(db), "--format", "json", "--min-hands", "1"]) == 0
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert {"Player11", "WurmX", "Hero", "Player0"} <= set(rows)
    con = duckdb.connect(str(db), read_only=True)
    try:
        sites = dict(con.execute("SELECT site, count(*) FROM hands GROUP BY site").fetchall())
        quarantined = con.execute("SELECT count(*) FROM quarantine").fetchone()
    finally:
        con.close()
    assert sites == {"ipoker": 124, "merge": 4}
    assert quarantined == (0,)


# --- a hand's context line read once per file ------------------------------------------------


def _shape(text: str, root: bool) -> object:
    """What a reader sees of ``text``'s elements (or the error it gets)."""
    from stud_hh.dialects.xml_stream import XmlError, elements, line_of, whole_elements

    out = []
    for read in (elements, whole_elements):
        try:
            found = read(text, root)
        except XmlError as exc:
            out.append((str(exc), exc.line, exc.ended_early))
            continue
        out.append([(e.tag, e.attrib, e.text, line_of(text, found, e)) for e in found])
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.tuples(
    st.integers(0, 10**6),
    st.sampled_from([b"<", b">", b"/>", b"</game>", b"<game ", b'"', b"&amp;", b"<!--", b"-->",
                     b"\n", b"</session>", b"<general>", b"<x/>", b"<!DOCTYPE x>"])),
    max_size=3))
def test_hands_read_in_two_parts_read_as_whole(index: int,
                                                edits: list[tuple[int, bytes]]) -> None:
    """``elements`` reads a hand's context line apart from its game (once per file): the
    same elements, text, lines and errors as the whole text read at once, damaged or not."""
    from stud_hh.dialects.ipoker import IPoker
    from stud_hh.dialects.merge import Merge

    files = [(p, IPoker(), False) for p in sorted((HANDS / "ipoker").iterdir())]
    files += [(p, Merge(), True) for p in sorted((HANDS / "merge").iterdir())]
    path, dialect, root = files[index % len(files)]
    raws = list(dialect.split(path.open("rb"), str(path)))
    text = raws[index % len(raws)].text
    for at, piece in edits:
        cut = at % (len(text) + 1)
        text = text[:cut] + piece.decode() + text[cut:]
    first, whole = _shape(text, root)  # type: ignore[misc]
    assert first == whole
