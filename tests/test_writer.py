"""The PokerStars writer: byte-for-byte the client's format, and the parser's exact inverse.

The strongest checks: every real PokerStars hand the corpus holds is written back exactly
as the client wrote it, and simulated hands survive ``parse_text(write_hand(h)) == h``.

Fields the text cannot carry (normalised before comparing, nothing else is):
* ``Hand.source``: where the text was read from;
* ``Header.ante`` / ``Header.bring_in``: PokerStars never prints them; the parser infers
  them from the posted amounts (so a hand where the bring-in player completed, or every
  ante was all-in, reads back ``None``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_hh.cards import parse_cards
from stud_hh.dialects.pokerstars.writer import (
    find_hero,
    format_date,
    format_event,
    format_money,
    write_hand,
    write_hands,
)
from stud_hh.events import (
    Ante,
    BoardCard,
    BringIn,
    Call,
    Collect,
    Complete,
    Deal,
    Game,
    Hand,
    Header,
    ParseError,
    Raise,
    Seat,
    SeatResult,
    Street,
    StreetStart,
    Summary,
)
from stud_hh.parse import parse_text
from stud_hh.reader import read_hands
from stud_hh.simulate import simulate_hands
from stud_hh.simulate.session import EASTERN

DUAL_ZONE = "CET ["  # a header printing local time and ET: the writer prints ET only


def _normalised(parsed: Hand, original: Hand) -> Hand:
    header = msgspec.structs.replace(
        parsed.header, ante=original.header.ante, bring_in=original.header.bring_in
    )
    return msgspec.structs.replace(parsed, header=header, source=None)


def _parse_one(text: str) -> Hand:
    results = list(parse_text(text))
    assert len(results) == 1
    result = results[0]
    assert not isinstance(result, ParseError), f"{result}\n{text}"
    return result


# --- real hands, byte for byte ------------------------------------------------------------


def test_real_pokerstars_hands_are_written_back_byte_for_byte(stars_files: list[Path]) -> None:
    from stud_hh.dialects import hand_starts

    checked = 0
    for path in stars_files:
        for raw in read_hands(path, boundary=hand_starts()):
            hand = _parse_one(raw.text)
            original = raw.text.rstrip("\n").split("\n")
            written = write_hand(hand).rstrip("\n").split("\n")
            if DUAL_ZONE in original[0]:
                original, written = original[1:], written[1:]
            assert written == original, f"{path.name} hand {hand.hand_id}"
            checked += 1
    assert checked >= 29


def test_real_files_are_rebuilt_with_the_clients_separators(stars_files: list[Path]) -> None:
    path = next(p for p in stars_files if p.name == "Razz-USD-0.04-0.08-200911.txt")
    text = path.read_text(encoding="utf-8")
    hands = [h for h in parse_text(text) if isinstance(h, Hand)]
    assert write_hands(hands) == text


# --- lines the corpus does not show -----------------------------------------------------------


def _hand(events: tuple, currency: str | None = "USD", **header: object) -> Hand:
    fields: dict = {
        "site": "pokerstars", "hand_id": "1", "game": Game.STUD, "small_bet": 50,
        "big_bet": 100, "started_at": datetime(2010, 6, 25, 18, 44, 14, tzinfo=EASTERN),
        "table": "Juno II", "currency": currency, "max_seats": 8,
    }
    fields.update(header)
    return Hand(header=Header(**fields), seats=(Seat(1, "A b", 1000), Seat(4, "c.d", 25)),
                events=events)


def test_money_and_dates_as_the_client_prints_them() -> None:
    assert format_money(4, "USD") == "$0.04"
    assert format_money(100, "USD") == "$1"
    assert format_money(110, "USD") == "$1.10"
    assert format_money(1500, None) == "1500"
    assert format_money(7, "EUR") == "€0.07"
    moment = datetime(2009, 7, 15, 20, 36, 31, tzinfo=EASTERN)
    assert format_date(moment) == "2009/07/15 20:36:31 ET"
    assert format_date(datetime(2009, 11, 26, 9, 8, 3, tzinfo=EASTERN)) == "2009/11/26 9:08:03 ET"


def test_action_lines() -> None:
    hand = _hand(())
    assert format_event(Ante("c.d", 7, True), hand) == "c.d: posts the ante $0.07 and is all-in"
    assert format_event(BringIn("A b", 15), hand) == "A b: brings in for $0.15"
    assert format_event(Complete("c.d", 50), hand) == "c.d: completes it to $0.50"
    assert format_event(Raise("A b", 50, 100), hand) == "A b: raises $0.50 to $1"
    assert format_event(Call("c.d", 18, True), hand) == "c.d: calls $0.18 and is all-in"
    assert format_event(Collect("A b", 250, "side pot-2"), hand) == (
        "A b collected $2.50 from side pot-2"
    )


def test_side_pots_in_the_summary() -> None:
    hand = _hand(())
    one = Summary(total_pot=700, rake=30, main_pot=400, side_pots=(270,))
    assert format_event(one, hand) == (
        "*** SUMMARY ***\nTotal pot $7 Main pot $4. Side pot $2.70. | Rake $0.30"
    )
    two = Summary(total_pot=900, rake=0, main_pot=400, side_pots=(300, 200))
    assert format_event(two, hand).endswith(
        "Total pot $9 Main pot $4. Side pot-1 $3. Side pot-2 $2. | Rake $0"
    )


def test_community_card_joins_the_river_line_and_the_board_line() -> None:
    events = (
        StreetStart(Street.SEVENTH), BoardCard(parse_cards("6h")[0]),
        Summary(total_pot=56, rake=2, board=parse_cards("6h")),
        SeatResult(1, "A b", "folded", street=Street.SEVENTH),
    )
    lines = write_hand(_hand(events)).split("\n")
    assert "*** RIVER *** [6h]" in lines
    assert "Board [6h]" in lines
    assert not any(line.startswith("Board [6h]") and i < lines.index("*** SUMMARY ***")
                   for i, line in enumerate(lines))


def test_dealt_lines_show_only_the_heros_hidden_cards() -> None:
    down = (False, False, True)
    events = (
        StreetStart(Street.THIRD),
        Deal(Street.THIRD, "A b", parse_cards("Ah Kh 2c"), down),
        Deal(Street.THIRD, "c.d", parse_cards("3s 4s 5s"), down),
        StreetStart(Street.FOURTH),
        Deal(Street.FOURTH, "A b", parse_cards("9d"), (True,)),
        Deal(Street.FOURTH, "c.d", parse_cards("Td"), (True,)),
        StreetStart(Street.SEVENTH),
        Deal(Street.SEVENTH, "A b", parse_cards("Qc"), (False,)),
        Deal(Street.SEVENTH, "c.d", (None,), (False,)),
        Summary(total_pot=10, rake=0),
        SeatResult(4, "c.d", "mucked", cards=parse_cards("3s 4s 5s Td")),
    )
    hand = _hand(events)
    assert find_hero(hand) == "A b"  # c.d's hidden cards are known from his muck only
    text = write_hand(hand)
    assert "Dealt to A b [Ah Kh 2c]\n" in text
    assert "Dealt to c.d [5s]\n" in text
    assert "Dealt to A b [Ah Kh 2c] [9d]\n" in text
    assert "Dealt to c.d [5s] [Td]\n" in text
    assert "Dealt to A b [Ah Kh 2c 9d] [Qc]\n" in text
    assert "Dealt to c.d [5s Td]" not in text  # nobody sees an opponent's river card


def test_tournament_header_reads_back() -> None:
    header = {"tournament_id": "104943940", "level": "IV", "buy_in": "$10+$1 USD",
              "small_bet": 50, "big_bet": 100}
    hand = _hand(
        (Ante("A b", 5), StreetStart(Street.THIRD), Summary(total_pot=5, rake=0)),
        currency=None, table="104943940 1", **header,
    )
    text = write_hand(hand)
    assert text.startswith(
        "PokerStars Hand #1: Tournament #104943940, $10+$1 USD 7 Card Stud Limit - "
        "Level IV (50/100) - 2010/06/25 18:44:14 ET\nTable '104943940 1' 8-max\n"
        "Seat 1: A b (1000 in chips)\n"
    )


# --- the round trip over simulated hands ------------------------------------------------------


@pytest.mark.parametrize("game", ["stud", "stud8", "razz", "mixed"])
@pytest.mark.parametrize("tournament", [False, True])
def test_simulated_hands_round_trip(game: str, tournament: bool) -> None:
    for hand in simulate_hands(60, game=game, tournament=tournament, seed=21):
        text = write_hand(hand)
        parsed = _parse_one(text)
        assert _normalised(parsed, hand) == hand, text
        assert write_hand(parsed) == text


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    game=st.sampled_from(["stud", "stud8", "razz", "mixed"]),
    players=st.integers(min_value=2, max_value=8),
    tournament=st.booleans(),
)
def test_round_trip_property(seed: int, game: str, players: int, tournament: bool) -> None:
    """parse_text(write_hand(h)) == h for any seed, game, table size and format."""
    for hand in simulate_hands(8, game=game, players=players, tournament=tournament,
                               seed=seed, stakes="0.04/0.08"):
        text = write_hand(hand)
        assert _normalised(_parse_one(text), hand) == hand, text
