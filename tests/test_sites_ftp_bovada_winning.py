"""Full Tilt, Bovada/Bodog and the Winning Poker Network (issue 18): the hand-written hands
of ``tests/hands/<site>/`` and the real ones of ``../shared/corpus`` parse, audit clean,
read back the same from PokerStars text, import into a real DuckDB file and show in the
stats; every line kind of each grammar is written in the hand-written hands.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import lark
import msgspec
import pytest

from stud_hh.cli import main
from stud_hh.dialects import detect
from stud_hh.dialects.pokerstars.writer import write_hand
from stud_hh.events import (
    Chat,
    Collect,
    Game,
    Hand,
    OtherGame,
    ParseError,
    Raise,
    Show,
    Street,
    Summary,
    TableNote,
    UncalledReturn,
)
from stud_hh.parse import parse_file, parse_text
from stud_hh.rules import preset
from stud_hh.validate import default_rules, validate

HANDS = Path(__file__).parent / "hands"
SITES = ("fulltilt", "bovada", "winning")
CORPUS = (Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "real")
#: each site's folders in the corpus, and its stud hands / other-game hands / incomplete
#: hands there (the last hand of 7-Stud-HL-8max-USD-1.00-2.00-201608 is cut off mid-hand)
CORPUS_DIRS = {
    "fulltilt": (("cash/FTP/Stud", "tour/FTP/Stud"), 22, 1, 0),
    "bovada": (("cash/Bovada/Stud", "tour/Bovada/Stud"), 46, 0, 0),
    "winning": (("cash/Winning",), 6, 0, 1),
}


def _files(site: str) -> list[Path]:
    return sorted((HANDS / site).glob("*.txt"))


def _results(paths: list[Path]) -> list[Hand | ParseError | OtherGame]:
    return [r for path in paths for r in parse_file(path)]


def comparable(hand: Hand) -> Hand:
    """A hand as PokerStars text can hold it: the site's own noise lines and fields aside
    (the writer leaves another site's table notes out; the header names PokerStars)."""
    events = tuple(e for e in hand.events if not isinstance(e, (TableNote, Chat)))
    header = msgspec.structs.replace(hand.header, site="", mixed=None)
    return msgspec.structs.replace(hand, header=header, events=events, source=None)


def check_hand(hand: Hand) -> None:
    """Audits clean with its site's rules; written as PokerStars text, reads back the same."""
    assert validate(hand) == [], hand.hand_id
    back = list(parse_text(write_hand(hand)))
    assert len(back) == 1 and isinstance(back[0], Hand), back
    assert comparable(back[0]) == comparable(hand)


# --- the hand-written hands -----------------------------------------------------------------


@pytest.mark.parametrize("site", SITES)
def test_handwritten_hands_parse_audit_and_read_back(site: str) -> None:
    results = _results(_files(site))
    hands = [r for r in results if isinstance(r, Hand)]
    assert not [r for r in results if isinstance(r, ParseError)]
    assert len(hands) >= 3 and {h.header.site for h in hands} == {site}
    for hand in hands:
        check_hand(hand)
    assert any(isinstance(r, OtherGame) for r in results)  # another game is named, skipped
    assert any(h.header.tournament_id for h in hands)
    assert any(h.header.currency == "USD" for h in hands)
    assert any(any(getattr(e, "all_in", False) for e in h.events) for h in hands)
    assert any(len([e for e in h.events if isinstance(e, Collect)]) > 1 for h in hands)


def _line_kinds(parser: lark.Lark) -> set[str]:
    """The grammar's line kinds: the terminals its rules and ``%ignore`` name."""
    kinds = {symbol.name for rule in parser.rules for symbol in rule.expansion
             if isinstance(symbol, lark.grammar.Terminal)}
    return kinds | set(parser.ignore_tokens)


@pytest.mark.parametrize("site", SITES)
def test_every_line_kind_is_in_a_handwritten_hand(site: str) -> None:
    from importlib import import_module

    grammar = import_module(f"stud_hh.dialects.{site}.hand").parser(False)
    seen: set[str] = set()
    source = grammar._lark.source_grammar
    names = [t.name for t in lark.Lark(source, parser="lalr", lexer="contextual").terminals]
    # every token the contextual lexer makes, table noise included, as the dialect sees them
    parser = lark.Lark(source, parser="lalr", lexer="contextual",
                       lexer_callbacks=dict.fromkeys(names, lambda t: seen.add(t.type) or t))
    for path in _files(site):
        for block in path.read_text(encoding="utf-8").split("\n\n"):
            text = block.strip("\n") + "\n"
            if grammar.header_fields(text) is None or _other(grammar, text):
                continue
            parser.parse(text)
    missing = _line_kinds(parser) - seen
    assert not missing, f"no hand-written {site} hand has a line of kind {sorted(missing)}"


def _other(grammar: object, text: str) -> bool:
    fields = grammar.header_fields(text)  # type: ignore[attr-defined]
    return fields is not None and grammar._other_game(fields) is not None  # type: ignore[attr-defined]


# --- what each site writes, read exactly ----------------------------------------------------


def test_full_tilt_times_tournaments_and_raises() -> None:
    hands = {h.hand_id: h for h in _results(_files("fulltilt")) if isinstance(h, Hand)}
    sng = hands["90000000002"]
    assert sng.header.started_at.isoformat() == "2011-01-15T00:10:10-05:00"  # the ET bracket
    assert (sng.header.tournament_id, sng.header.buy_in, sng.header.table) == (
        "123456789", "$5+$0.50", "1")
    assert sng.header.currency is None and not sng.header.play_money
    raises = [e for e in sng.events if isinstance(e, Raise)]
    assert [(r.by, r.to) for r in raises] == [(100, 200), (100, 300)]  # "raises to 200"
    summary = next(e for e in sng.events if isinstance(e, Summary))
    assert (summary.main_pot, summary.side_pots) == (45, (570,))
    assert [e.pot for e in sng.events if isinstance(e, Collect)] == ["side pot", "main pot"]
    play = hands["90000000004"]
    assert play.header.play_money and play.header.currency is None
    assert default_rules(sng).name == "FULLTILT"


def test_bovada_players_cards_and_stakes() -> None:
    hands = {h.hand_id: h for h in _results(_files("bovada")) if isinstance(h, Hand)}
    cash = hands["3000000001"]
    assert [s.player for s in cash.seats] == ["Seat+1", "Hero", "Seat+5"]
    assert (cash.header.small_bet, cash.header.big_bet, cash.header.bring_in) == (100, 200, 50)
    folded = next(e for e in cash.events if getattr(e, "player", "") == "Seat+5"
                  and getattr(e, "street", None) is Street.THIRD)
    assert None not in folded.cards  # type: ignore[union-attr]  # everyone's cards are known
    shown = next(e for e in cash.events if isinstance(e, Show))
    assert len(shown.cards) == 7 and shown.description == "Two pair"
    assert hands["3000000003"].header.small_bet == 10  # from the 4th-street double bet
    tour = hands["3000000002"]
    assert tour.header.level == "8" and tour.header.currency is None
    assert [(e.amount, e.pot) for e in tour.events if isinstance(e, Collect)] == [
        (710, "side pot"), (1595, "pot")]


#: (hand-written file, a line, the same line with an amount no money reads): lines inside
#: the tokens of several lines (seats and antes, a street and its uncalled bet, a showdown
#: and its results, the summary), and the same kinds alone after a line of noise
_BOVADA_BAD_AMOUNTS = [
    ("cash-stud-double-bet.txt", "Seat+5: $40 in chips", "Seat+5: $40.001 in chips"),
    ("cash-stud-double-bet.txt", "Seat+5 : Ante chip $0.25", "Seat+5 : Ante chip $0.255"),
    ("cash-stud-double-bet.txt", "Seat+1 : D bets $2", "Seat+1 : D bets $2.005"),
    ("cash-stud-double-bet.txt", "Seat+1 : Hand result $19", "Seat+1 : Hand result $19.005"),
    ("cash-stud-double-bet.txt", "Total Pot($19.75)", "Total Pot($19.755)"),
    ("cash-stud-noise-inside-streets.txt", "Ante chip $0.25\n*** 3RD", "Ante chip $0.255\n*** 3RD"),
    ("cash-stud-noise-inside-streets.txt", "Ante chip $0.25\n*** HOLE",
     "Ante chip $0.255\n*** HOLE"),
    ("cash-stud-noise-inside-streets.txt", "Return uncalled portion of bet $1",
     "Return uncalled portion of bet $1.005"),
    ("cash-stud-noise-inside-streets.txt", "Hand result $2.25", "Hand result $2.255"),
    ("cash-stud-noise-inside-streets.txt", "Total Pot($3.75)", "Total Pot($3.755)"),
    ("tournament-all-in-side-pot.txt", "portion of bet 20", "portion of bet 20.5"),
    ("tournament-all-in-side-pot.txt", "Hand Result 1595", "Hand Result 1595.5"),
]


@pytest.mark.parametrize(("name", "line", "bad"), _BOVADA_BAD_AMOUNTS)
def test_bovada_field_errors_name_their_line(name: str, line: str, bad: str) -> None:
    text = (HANDS / "bovada" / name).read_text(encoding="utf-8")
    assert text.count(line) == 1
    damaged = text.replace(line, bad)
    at = damaged.index(bad)  # on the damaged line
    results = list(parse_text(damaged))
    errors = [r for r in results if isinstance(r, ParseError)]
    assert len(errors) == 1 and "amount" in errors[0].message, results
    assert errors[0].line == damaged.count("\n", 0, at) + 1


def test_winning_fees_and_both_formats() -> None:
    hands = {h.hand_id: h for h in _results(_files("winning")) if isinstance(h, Hand)}
    quiet = hands["1903647500"]
    summary = next(e for e in quiet.events if isinstance(e, Summary))
    assert (summary.total_pot, summary.rake) == (44, 4)  # $0.40 shared + rake 3 + JP fee 1
    assert [e.amount for e in quiet.events if isinstance(e, UncalledReturn)] == [20]
    classic = hands["693999999"]
    assert classic.header.game is Game.STUD8 and classic.header.currency == "USD"
    summary = next(e for e in classic.events if isinstance(e, Summary))
    assert (summary.total_pot, summary.rake) == (1430, 20)
    assert default_rules(classic) == preset("WINNING")
    split = hands["1903647457"]
    assert [e.pot for e in split.events if isinstance(e, Collect)] == [
        "main pot", "main pot", "side pot-1"]
    assert split.header.started_at.isoformat() == "2023-10-22T02:49:52+00:00"


@pytest.mark.parametrize("line, site", [
    ("Full Tilt Poker Game #1: Table T - $1/$2 Ante $0.10 - Limit Razz - 1:00:00 ET - 2008/1/1",
     "fulltilt"),
    ("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07", "bovada"),
    ("Hand #1 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC", "winning"),
    ("Game started at: 2016/8/2 11:17:19", "winning"),
])
def test_detected_from_the_first_line(line: str, site: str) -> None:
    assert detect(line).name == site


# --- the real hands ---------------------------------------------------------------------------


@pytest.mark.parametrize("site", SITES)
def test_every_real_stud_hand_parses_audits_and_reads_back(site: str, corpus_dir: Path) -> None:
    folders, stud, other, incomplete = CORPUS_DIRS[site]
    paths = sorted(p for folder in folders for p in (corpus_dir / folder).glob("*")
                   if p.suffix not in (".hp", ".hands", ".gt"))
    results = _results(paths)
    kinds = Counter(type(r).__name__ for r in results)
    assert kinds == Counter({"Hand": stud, "OtherGame": other, "ParseError": incomplete}) - \
        Counter()
    for result in results:
        if isinstance(result, ParseError):  # a file cut off in the middle of its last hand
            assert result.incomplete, result
        elif isinstance(result, Hand):
            assert result.header.site == site
            check_hand(result)


def test_real_hands_import_and_show_in_the_stats(
    corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "sites.duckdb"
    paths = [str(corpus_dir / folder) for site in SITES for folder in CORPUS_DIRS[site][0]]
    assert main(["import", "--db", str(db), *paths]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--format", "json", "--min-hands", "1"]) == 0
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert {"thebear666", "Seat+1", "ChazDazzle", "Hero"} <= set(rows)  # one of each site
    total = sum(site_counts for _, site_counts, _, _ in CORPUS_DIRS.values())
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        stored = con.execute("SELECT count(*) FROM hands").fetchone()
        quarantined = con.execute("SELECT count(*) FROM quarantine").fetchone()
    finally:
        con.close()
    assert stored is not None and stored[0] == total
    assert quarantined is not None and quarantined[0] == 1  # the cut-off Winning hand


def test_site_presets_are_the_evidence_and_rules_override(corpus_dir: Path) -> None:
    """Winning gives a split pot's odd chip to the low half (game 693975843), Full Tilt lets
    a short all-in bring-in be merely called (game 28333847000): each audits clean by its
    site's preset and breaks the PokerStars rules, which ``--rules`` can still impose."""
    cases = {
        "cash/Winning/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt": "WRONG_WINNER",
        "tour/FTP/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": "BET_SIZE",
    }
    for name, code in cases.items():
        hand = next(r for r in parse_file(corpus_dir / name) if isinstance(r, Hand))
        if hand.header.site == "fulltilt":
            # Full Tilt prints no bring-in and the file holds this one hand, so nothing in
            # the text says what the full bring-in was (issue 17: never a made-up amount);
            # the structure of Full Tilt's 80/160 razz SNG level says 25
            hand = msgspec.structs.replace(
                hand, header=msgspec.structs.replace(hand.header, bring_in=25))
        assert validate(hand) == []
        assert code in {v.code for v in validate(hand, preset("POKERSTARS"))}


def test_bovada_table_notes_are_named_by_their_words() -> None:
    """Each Bovada noise line becomes the ``TableNote`` kind PokerStars' same noise gets:
    "Table leave user" is a player leaving, not joining (the first word alone named both
    "joins"), "Seat stand" leaves, "Seat sit down" joins."""
    kinds = {note.text.partition(" : ")[2]: note.kind
             for result in _results(_files("bovada")) if isinstance(result, Hand)
             for note in result.events if isinstance(note, TableNote)}
    assert kinds["Table enter user"] == "joins"
    assert kinds["Table leave user"] == "leaves"
    assert kinds["Seat sit down"] == "joins"
    assert kinds["Seat sit out"] == kinds["Sit out"] == "sitting_out"
    assert kinds["Stand"] == "leaves"
    assert kinds["Ranking 15"] == "finished"
