"""PHH in and out: the writer (``stud_hh.phh``) and the reader (``stud_hh.dialects.phh``).

A hand written as PHH and read back is the same hand, but for what PHH does not keep
(``NOT_KEPT``, as docs/phh.md lists it): the round trips run over simulated hands of each
game (hypothesis), the real corpus of every site (antes aside: PHH keeps them in seat order)
and the hand-written PokerStars files. Files
from other tools (``tests/hands/phh``) read as the hands they describe; broken ones are a
``ParseError`` naming the file, the line and the hand, and nothing raises on any input.
"""

from __future__ import annotations

import codecs
import doctest
import io
import random
import re
from decimal import Decimal
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from site_checks import site_files

import stud_hh.dialects.phh as phh_dialect
import stud_hh.phh
from stud_hh.cards import card
from stud_hh.dialects import find_dialect
from stud_hh.dialects.phh import PHH, actions, betting, fields, notation, reader, split
from stud_hh.events import (
    Ante,
    BringIn,
    Call,
    Chat,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    OtherGame,
    ParseError,
    Raise,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)
from stud_hh.formats import FileKind, recognise
from stud_hh.parse import parse_bytes, parse_file, parse_text
from stud_hh.phh import NotExportable, phh_fields, write_phh, write_phhs
from stud_hh.reader import RawHand
from stud_hh.simulate import simulate_hands
from stud_hh.validate import validate

HANDS = Path(__file__).parent / "hands"
PHH_HANDS = HANDS / "phh"
#: what a PHH file does not keep of a hand (docs/phh.md)
NOT_KEPT = (Chat, TableNote, SeatResult)


def kept(hand: Hand) -> Hand:
    """The hand as PHH keeps it: without ``NOT_KEPT`` events and where it was read from."""
    events = tuple(e for e in hand.events if not isinstance(e, NOT_KEPT))
    return msgspec.structs.replace(hand, events=events, source=None)


def read_back(hand: Hand) -> Hand:
    parsed = PHH().parse_hand(RawHand("x.phh", 1, write_phh(hand)))
    assert isinstance(parsed, Hand), parsed
    return parsed


def test_doctests() -> None:
    for module in (stud_hh.phh, phh_dialect, notation, betting, split, fields, actions,
                   reader):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- round trips ------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["stud", "stud8", "razz"]), players=st.integers(2, 8),
       tournament=st.booleans(), seed=st.integers(0, 2**31))
def test_simulated_hands_come_back_the_same(game: str, players: int, tournament: bool,
                                            seed: int) -> None:
    for hand in simulate_hands(4, game=game, players=players, tournament=tournament,
                               seed=seed):
        assert kept(read_back(hand)) == kept(hand)


def test_real_pokerstars_hands_come_back_the_same(stars_files: list[Path]) -> None:
    files = [*stars_files, *sorted((HANDS / "pokerstars").glob("*.txt"))]
    hands = [h for f in files for h in parse_file(f) if isinstance(h, Hand)]
    assert len(hands) >= 40
    for hand in hands:
        again = read_back(hand)
        assert kept(again) == kept(hand), hand.hand_id
        assert validate(again) == validate(hand)


def antes_by_seat(hand: Hand) -> Hand:
    """The hand with its antes in seat order: PHH has one ``antes`` list, in seat order,
    so the order a site printed them in (Full Tilt's, Bovada's: as posted) is not kept."""
    start = next(i for i, e in enumerate(hand.events) if isinstance(e, StreetStart))
    seat = {s.player: s.seat for s in hand.seats}
    antes = iter(sorted((e for e in hand.events[:start] if isinstance(e, Ante)),
                        key=lambda e: seat[e.player]))
    events = tuple(next(antes) if isinstance(e, Ante) else e for e in hand.events[:start])
    return msgspec.structs.replace(hand, events=events + hand.events[start:])


def test_real_hands_of_every_site_come_back_the_same(corpus_dir: Path) -> None:
    """Every site's hands, its own ways included: Everleaf's streets without a card shown
    (``# 4th street``), Full Tilt's muck after the others folded (``# p5 mucks []``)."""
    hands = [h for f in site_files([corpus_dir]) for h in parse_file(f) if isinstance(h, Hand)]
    assert len({h.header.site for h in hands}) >= 12 and len(hands) >= 270
    for hand in hands:
        again = read_back(hand)
        assert antes_by_seat(kept(again)) == antes_by_seat(kept(hand)), hand.hand_id
        assert validate(again) == validate(hand), hand.hand_id


def test_the_writer_reads_its_own_file_back_byte_for_byte() -> None:
    """A stud_hh PHH file, read and written again, is the same text (comments aside)."""
    for path in sorted(PHH_HANDS.glob("pokerstars-*.phh")):
        text = path.read_text(encoding="utf-8")
        body = "".join(line for line in text.splitlines(True) if not line.startswith("#"))
        (hand,) = parse_file(path)
        assert isinstance(hand, Hand)
        assert write_phh(hand) == body


def test_a_collection_reads_back_hand_by_hand(tmp_path: Path) -> None:
    hands = list(simulate_hands(30, game="stud8", players=5, seed=12))
    path = tmp_path / "all.phhs"
    path.write_text("".join(write_phhs(hands)), encoding="utf-8")
    again = list(parse_file(path))
    assert [kept(h) for h in again if isinstance(h, Hand)] == [kept(h) for h in hands]
    lines = path.read_text(encoding="utf-8").splitlines()
    for hand in again:
        assert isinstance(hand, Hand) and hand.source is not None
        assert lines[hand.source.line - 1] == f"[{again.index(hand) + 1}]"


# --- what the writer writes -------------------------------------------------------------------


def test_currency_amounts_are_whole_units_and_exact() -> None:
    (hand,) = [h for h in parse_file(PHH_HANDS / "pokerstars-export.phh")]
    assert isinstance(hand, Hand)
    fields_ = phh_fields(hand)
    assert fields_["small_bet"] == Decimal("0.04") and fields_["starting_stacks"] == [
        Decimal("1.5"), Decimal("0.8"), Decimal("1.2"), 3]
    assert hand.header.small_bet == 4 and hand.seats[0].stack == 150


def test_what_the_notation_cannot_say_is_a_commentary() -> None:
    """PokerStars' ``raises $0.02 to $0.04`` over a bring-in is a completion to PHH: the
    commentary keeps the site's words, and the audit of the hand read back sees them."""
    (hand,) = [h for h in parse_file(PHH_HANDS / "pokerstars-export.phh")]
    assert isinstance(hand, Hand)
    assert Raise("Dee", 2, 4) in hand.events
    odd = msgspec.structs.replace(hand, events=tuple(
        Call("Hero", 3) if e == Call("Hero", 4) else e for e in hand.events))
    text = write_phh(odd)
    assert '"p4 cc # calls 0.03",' in text
    assert kept(read_back(odd)) == kept(odd)
    assert [v.code for v in validate(read_back(odd))] == [v.code for v in validate(odd)]


def test_seats_not_dealt_and_header_details_are_kept() -> None:
    cash = next(h for h in simulate_hands(200, game="razz", players=8, seed=5)
                if any(s.sitting_out for s in h.seats))
    tournament = next(simulate_hands(1, game="stud", players=8, seed=5, tournament=True))
    assert "_not_dealt = [{seat = " in write_phh(cash)
    assert "_level = " in write_phh(tournament) and "_buy_in = " in write_phh(tournament)
    for hand in (cash, tournament):
        assert read_back(hand).seats == hand.seats
        assert read_back(hand).header == hand.header


def test_names_are_toml_strings_whatever_they_hold() -> None:
    hand = next(simulate_hands(1, game="stud", players=3, seed=2))
    weird = 'Jo "the" \\ \x7f\t\u2603'
    renamed = msgspec.json.decode(msgspec.json.encode(hand).replace(
        b'"Hero"', msgspec.json.encode(weird)), type=Hand)
    assert weird in renamed.players()
    assert kept(read_back(renamed)) == kept(renamed)


def test_pot_limit_stud_is_not_exportable() -> None:
    hand = next(simulate_hands(1, game="stud", players=3, seed=2))
    pot_limit = msgspec.structs.replace(
        hand, header=msgspec.structs.replace(hand.header, limit=Limit.POT))
    with pytest.raises(NotExportable, match="no variant for pot"):
        write_phh(pot_limit)


# --- files of other tools ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "game", "collected"), [
    ("stud.phh", Game.STUD, {"Cid": 106}),
    ("razz.phh", Game.RAZZ, {"Bob": 71}),
    ("stud8.phh", Game.STUD8, {"Ann": 215, "Bob": 215}),
])
def test_hand_written_files_read_as_their_hands(name: str, game: Game,
                                                collected: dict[str, int]) -> None:
    (hand,) = parse_file(PHH_HANDS / name)
    assert isinstance(hand, Hand)
    assert hand.header.game is game and hand.header.site == "phh"
    assert validate(hand) == []
    got = {e.player: e.amount for e in hand.events if isinstance(e, Collect)}
    assert got == collected
    summary = hand.events[-1]
    assert isinstance(summary, Summary) and summary.rake == 0
    assert summary.total_pot == sum(collected.values())


@pytest.mark.parametrize("name", ["stud.phh", "razz.phh", "stud8.phh"])
def test_without_a_result_the_engine_works_it_out(name: str) -> None:
    """PokerKit's files often state no winnings: the pots and showdown decide."""
    text = (PHH_HANDS / name).read_text(encoding="utf-8")
    bare = re.sub(r"(?m)^(winnings|finishing_stacks) = .*\n", "", text)
    (stated,) = parse_text(text)
    (worked_out,) = parse_text(bare)
    assert isinstance(stated, Hand) and isinstance(worked_out, Hand)
    assert worked_out.events == stated.events
    assert validate(worked_out) == []


def test_stud_events_from_pokerkit_notation() -> None:
    (hand,) = parse_file(PHH_HANDS / "stud.phh")
    assert isinstance(hand, Hand)
    events = hand.events
    assert Deal(Street.THIRD, "Dee", (None, None, card("8d")), (False, False, True)) in events
    assert Deal(Street.SEVENTH, "Cid", (card("Kc"),), (False,)) in events
    assert [e for e in events if isinstance(e, BringIn | Complete | Raise)][:3] == [
        BringIn("Bob", 2), Complete("Cid", 5), Raise("Ann", 5, 10)]
    show = events.index(next(e for e in events if isinstance(e, Show)))
    assert isinstance(events[show - 1], ShowdownStart)
    assert Muck("Ann") in events and Fold("Dee") in events


def test_a_collection_skips_other_games_and_keeps_its_numbers() -> None:
    parsed = list(parse_file(PHH_HANDS / "collection.phhs"))
    assert [type(p).__name__ for p in parsed] == ["Hand", "OtherGame", "Hand"]
    first, holdem, third = parsed
    assert isinstance(holdem, OtherGame) and holdem.game == "No-limit Texas hold 'em"
    assert holdem.line == 16 and holdem.hand_id == "2"
    assert isinstance(first, Hand) and first.header.tournament_id == "Razz freeroll"
    assert first.header.level == "1" and first.header.hand_id == "1"
    assert UncalledReturn("Ann", 10) in first.events and Collect("Ann", 15) in first.events
    assert isinstance(third, Hand) and third.header.currency == "USD"


def test_a_hand_without_a_number_is_named_by_its_fields() -> None:
    text = (PHH_HANDS / "stud.phh").read_text(encoding="utf-8")
    moved = text.replace("# Seven", "#  Seven").replace("'p4 f',", "'p4 f',  # gone")
    (a,), (b,) = parse_text(text), parse_text(moved.replace("\n", "\r\n"))
    assert isinstance(a, Hand) and isinstance(b, Hand)
    assert a.header.hand_id == b.header.hand_id and a.header.hand_id.startswith("phh-")
    assert a.header.started_at.year == 1970  # no date in the file


# --- recognising and splitting ----------------------------------------------------------------


def test_phh_files_are_recognised_by_content() -> None:
    for path in PHH_HANDS.iterdir():
        fmt = recognise(path.read_bytes())
        assert (fmt.kind, fmt.dialect) == (FileKind.SUPPORTED, "phh"), path.name
    assert recognise(b"[tool.ruff]\nline-length = 100\n").kind is FileKind.OTHER
    assert find_dialect("# " + "x" * 300 + "\nvariant = 'FR'\n") is not None


def test_split_keeps_subtables_and_a_single_hands_tables() -> None:
    text = (b"[1]\nvariant = 'FR'\n[1.extra]\nnote = 1\n\n[2]\nvariant = 'FR'\n")
    raws = list(split.split_phh(io.BytesIO(text), "c.phhs"))
    assert [(r.line, r.text.count("\n")) for r in raws] == [(1, 5), (6, 2)]
    single = b"variant = 'FR'\n[_mine]\nx = 1\n[_other]\ny = 2\n"
    assert len(list(split.split_phh(io.BytesIO(single), "h.phh"))) == 1


# --- errors: file, line, hand; never raising --------------------------------------------------


def _error(text: str) -> ParseError:
    parsed = list(parse_bytes(text.encode(), "bad.phhs"))
    errors = [p for p in parsed if isinstance(p, ParseError)]
    assert len(errors) == 1, parsed
    return errors[0]


GOOD = (PHH_HANDS / "razz.phh").read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "words"), [
    (("small_bet = 4", "small_bet = = 4"), "not valid TOML"),
    (("small_bet = 4", "small_bet = 'four'"), "field 'small_bet'"),
    (("antes = [1, 1, 1]", "antes = [1, 1]"), "2 entries for 3 players"),
    (('"p1 cbr 16",', '"p1 cbr sixteen",'), "not an amount"),
    (('"d dh p2 8c",', '"d dh p9 8c",'), "no player 'p9'"),
    (('"d dh p2 8c",', '"d dh p2 8x",'), "not cards"),
    (('"p2 cc",\n  "p1 cbr 8",', '"p2 sd 8c",\n  "p1 cbr 8",'), "not a stud action"),
    (('time_zone = "Europe/Paris"', 'time_zone = "Mars/Olympus"'), "unknown time zone"),
    (('variant = "FR"', 'variant = "F5S"'), "unknown PHH variant"),
])
def test_errors_name_the_line_and_hand(change: tuple[str, str], words: str) -> None:
    assert change[0] in GOOD
    bad = GOOD.replace(change[0], change[1], 1)
    error = _error(bad)
    assert words in error.message
    assert error.line == bad[:bad.index(change[1])].count("\n") + 1, error.message
    assert error.path == "bad.phhs" and error.hand_id == "7"
    assert error.text == bad


def test_a_hand_cut_short_is_incomplete_and_the_others_are_read() -> None:
    hands = list(simulate_hands(3, game="razz", players=4, seed=8))
    sections = list(write_phhs(hands))
    text = "".join(sections[:2]) + sections[2][: len(sections[2]) // 2]
    parsed = list(parse_bytes(text.encode(), "cut.phhs"))
    assert [kept(p) for p in parsed[:2] if isinstance(p, Hand)] == [kept(h) for h in hands[:2]]
    cut = parsed[2]
    assert isinstance(cut, ParseError) and cut.incomplete
    assert cut.text == sections[2][: len(sections[2]) // 2].rstrip("\n") + "\n"
    assert cut.hand_id is None or cut.hand_id == hands[2].hand_id


def _perturbed(text: str, rng: random.Random) -> bytes:
    """The same document as an editor or another tool might save it."""
    lines = text.splitlines()
    out = []
    for line in lines:
        if rng.random() < 0.2:
            out.append(rng.choice(["", "# a note", "   ", "\t# another"]))
        out.append(line + rng.choice(["", " ", "\t", "  # trailing note"])
                   if not line.endswith("[") else line)
    body = rng.choice(["\n", "\r\n", "\r\n"]).join(out) + "\n"
    encoding = rng.choice(["utf-8", "utf-8-sig", "utf-16"])
    return body.encode(encoding) if encoding != "utf-8-sig" else codecs.BOM_UTF8 + body.encode()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), game=st.sampled_from(["stud", "stud8", "razz"]))
def test_perturbed_files_read_the_same(seed: int, game: str) -> None:
    hand = next(simulate_hands(1, game=game, players=6, seed=seed))
    data = _perturbed(write_phh(hand), random.Random(seed))
    (again,) = parse_bytes(data, "p.phh")
    assert isinstance(again, Hand), again
    assert kept(again) == kept(hand)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400), st.integers(0, 2000))
def test_no_bytes_make_it_raise(noise: bytes, cut: int) -> None:
    text = GOOD.encode()
    for data in (noise, b"variant = 'FR'\n" + noise, text[:cut] + noise + text[cut:],
                 b"[1]\n" + text[:cut] + b"\n[2]\n" + noise):
        for parsed in parse_bytes(data, "n.phhs"):
            assert isinstance(parsed, Hand | ParseError | OtherGame)
            if isinstance(parsed, ParseError):
                assert parsed.path == "n.phhs" and parsed.line >= 1 and parsed.text


def test_every_hand_of_a_file_is_accounted_for() -> None:
    """Nothing is lost: the hands' texts are the file's text, but for blank lines and
    comments between hands."""
    data = (PHH_HANDS / "collection.phhs").read_text(encoding="utf-8")
    raws = list(split.split_phh(io.BytesIO(data.encode()), "c.phhs"))
    joined = "".join(r.text for r in raws)
    assert [ln for ln in joined.splitlines() if ln.strip() and not ln.startswith("#")] == [
        ln for ln in data.splitlines() if ln.strip() and not ln.startswith("#")]


def test_header_and_seats_of_a_minimal_file() -> None:
    text = ("variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
            "starting_stacks = [50, 60]\nactions = ['d dh p1 AsKsQs', 'd dh p2 ????2c', "
            "'p2 pb', 'p1 f']\nplayers = ['', 'Bo']\nseats = [3, 7]\n")
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand)
    assert hand.seats == (Seat(3, "p1", 50), Seat(7, "Bo", 60))
    assert hand.header == Header(
        site="phh", hand_id=hand.header.hand_id, game=Game.STUD, small_bet=5, big_bet=10,
        started_at=hand.header.started_at, table="", ante=1, bring_in=2)
