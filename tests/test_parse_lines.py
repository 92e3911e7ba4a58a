"""Each PokerStars line kind becomes the event it means (hand-written hands of our own)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from stud_hh.cards import parse_cards
from stud_hh.events import (
    Ante,
    Bet,
    BettingCapped,
    BoardCard,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    DoubleBetAllowed,
    Fold,
    Game,
    Hand,
    Limit,
    Muck,
    NoLowHand,
    NoShow,
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
from stud_hh.parse import parse_file, parse_text

HANDS = Path(__file__).parent / "hands" / "pokerstars"


def _hands(name: str) -> dict[str, Hand]:
    out: dict[str, Hand] = {}
    for result in parse_file(HANDS / name):
        assert isinstance(result, Hand), str(result)
        out[result.hand_id] = result
    return out


@pytest.fixture(scope="module")
def hands() -> dict[str, Hand]:
    found: dict[str, Hand] = {}
    for path in sorted(HANDS.glob("*.txt")):
        found.update(_hands(path.name))
    return found


def _one(text: str) -> Hand:
    results = list(parse_text(text))
    assert len(results) == 1
    assert isinstance(results[0], Hand), str(results[0])
    return results[0]


def test_tournament_header_level_buy_in_and_chips(hands: dict[str, Hand]) -> None:
    h = hands["200000000001"].header
    assert (h.game, h.limit, h.tournament_id, h.level, h.buy_in) == (
        Game.RAZZ, Limit.FIXED, "3000000001", "IV", "$10+$1 USD")
    assert (h.small_bet, h.big_bet, h.currency, h.play_money) == (50, 100, None, False)
    assert (h.ante, h.bring_in, h.table, h.max_seats) == (10, 15, "3000000001 7", 8)
    # the ET bracket wins over the CET local time, and the datetime is aware
    assert h.started_at == datetime(2020, 3, 5, 20, 15, 3, tzinfo=UTC)
    assert h.started_at.tzinfo is not None


def test_freeroll_with_mixed_label_and_out_of_hand_seat(hands: dict[str, Hand]) -> None:
    hand = hands["200000000004"]
    h = hand.header
    assert (h.buy_in, h.mixed, h.game, h.level, h.small_bet) == (
        "Freeroll", "Triple Stud", Game.STUD, "I", 10)
    assert h.started_at == datetime(2019, 6, 1, 15, 0, 0, tzinfo=UTC)
    assert hand.seats[1] == Seat(2, "Villain", 1500, out_of_hand=True)
    assert Raise("Third Guy", 18, 28, all_in=True) in hand.events
    assert Complete("Hero", 10) in hand.events


def test_cash_mixed_game_label_cents_and_capped_betting(hands: dict[str, Hand]) -> None:
    hand = hands["200000000002"]
    h = hand.header
    assert (h.mixed, h.game, h.currency, h.small_bet, h.big_bet) == (
        "HORSE", Game.STUD8, "USD", 100, 200)
    assert hand.seats[0] == Seat(2, 'Al "Ace" Smith', 5000)
    assert hand.seats[3] == Seat(8, "zed", 4000, sitting_out=True)
    ev = hand.events
    assert TableNote("sitting_out", "zed", "zed: sits out") in ev
    assert BringIn("Çelik", 25) in ev
    assert Complete('Al "Ace" Smith', 100) in ev
    assert Raise("bob.the.builder", 100, 200) in ev
    assert Call("Çelik", 175) in ev
    assert BettingCapped() in ev and DoubleBetAllowed() in ev
    assert Call("Çelik", 200, all_in=True) in ev
    assert TableNote("disconnected", "Çelik", "Çelik is disconnected") in ev
    assert TableNote("connected", "Çelik", "Çelik is connected") in ev
    assert TableNote("leaves", "zed", "zed leaves the table") in ev
    assert Collect("bob.the.builder", 400, "side pot") in ev
    assert Collect("bob.the.builder", 2930, "main pot") in ev
    assert Summary(3430, 100, 2930, (400,)) in ev
    show = next(e for e in ev if type(e) is Show and e.player == "bob.the.builder")
    assert show.description == "HI: a straight, Ace to Five; LO: 5,4,3,2,A"
    result = next(e for e in ev if type(e) is SeatResult and e.player == "bob.the.builder")
    assert (result.outcome, result.won, result.seat) == ("showed", 3330, 4)
    lost = next(e for e in ev if type(e) is SeatResult and e.player == "Çelik")
    assert (lost.outcome, lost.won, lost.description) == ("showed", None, "HI: a pair of Eights")


def test_names_with_brackets_colons_quotes_and_non_ascii(hands: dict[str, Hand]) -> None:
    hand = hands["200000000001"]
    assert hand.players() == ("PC [Mittel]", "delta:6", "Jörg Müller", "O'Brien.Jr")
    ev = hand.events
    assert Deal(Street.FOURTH, "PC [Mittel]", parse_cards("8h"), (True,)) in ev
    assert Call("delta:6", 45, all_in=True) in ev
    assert Chat("Jörg Müller", "nh") in ev
    assert UncalledReturn("PC [Mittel]", 100) in ev
    assert TableNote("finished", "delta:6",
                     "delta:6 finished the tournament in 7th place and received $14.20.") in ev
    assert ev[0] == TableNote("rebuy", "O'Brien.Jr",
                              "O'Brien.Jr re-buys and receives 1200 chips for $10.00")
    bounty = next(e for e in ev if type(e) is TableNote and e.kind == "bounty")
    assert bounty.player == "PC [Mittel]" and "for eliminating delta:6" in bounty.text
    play = hands["200000000003"]
    assert Chat("Ben Z", 'good "luck": all') in play.events
    euro = hands["200000000006"]
    assert euro.players() == ("名人", "x (y)")
    community = hands["200000000005"]
    assert "[d4]" in community.players() and "Фёдор" in community.players()


def test_side_pots_and_hidden_cards_filled_from_showdown(hands: dict[str, Hand]) -> None:
    ev = hands["200000000001"].events
    assert Summary(685, 0, 575, (110,)) in ev
    assert [e for e in ev if type(e) is Collect] == [
        Collect("PC [Mittel]", 110, "side pot"), Collect("PC [Mittel]", 575, "main pot")]
    third = {e.player: e for e in ev if type(e) is Deal and e.street is Street.THIRD}
    # shown at showdown: hole cards filled in; O'Brien.Jr folded unseen: hidden
    assert third["PC [Mittel]"].cards == parse_cards("6c 4h 7c")
    assert third["O'Brien.Jr"].cards == (None, None, *parse_cards("5c"))
    assert third["Jörg Müller"].cards == parse_cards("3h 2s 4d")  # the hero
    river = [e for e in ev if type(e) is Deal and e.street is Street.SEVENTH]
    assert river == [Deal(Street.SEVENTH, "PC [Mittel]", parse_cards("Tc"), (False,)),
                     Deal(Street.SEVENTH, "delta:6", parse_cards("5h"), (False,))]
    assert [e.street for e in ev if type(e) is StreetStart] == list(Street)
    assert ShowdownStart() in ev


def test_river_deals_for_players_still_in_when_not_shown(hands: dict[str, Hand]) -> None:
    """Freeroll hand: the hero's river card is known, the other's is filled from the show."""
    ev = hands["200000000004"].events
    river = [e for e in ev if type(e) is Deal and e.street is Street.SEVENTH]
    assert river == [Deal(Street.SEVENTH, "Hero", parse_cards("Kd"), (False,)),
                     Deal(Street.SEVENTH, "Third Guy", parse_cards("2c"), (False,))]


def test_unshown_river_card_is_a_hidden_deal() -> None:
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    # drop the showdown's cards: Al and Celik no longer reveal anything
    text = text.replace('Al "Ace" Smith: shows [Ks 9h Qs Qd 7c 7d 3d] (HI: two pair, Queens '
                        'and Sevens)', 'Al "Ace" Smith: mucks hand')
    text = text.replace("Seat 2: Al \"Ace\" Smith showed [Ks 9h Qs Qd 7c 7d 3d] and lost with "
                        "HI: two pair, Queens and Sevens", "Seat 2: Al \"Ace\" Smith folded on "
                        "the River")
    hand = _one(text)
    river = [e for e in hand.events if type(e) is Deal and e.street is Street.SEVENTH]
    assert river[0] == Deal(Street.SEVENTH, 'Al "Ace" Smith', (None,), (False,))
    assert river[1] == Deal(Street.SEVENTH, "bob.the.builder", parse_cards("4c"), (False,))
    assert Muck('Al "Ace" Smith') in hand.events


def test_play_money_old_game_header_and_table_noise(hands: dict[str, Hand]) -> None:
    hand = hands["200000000003"]
    h = hand.header
    assert (h.play_money, h.currency, h.small_bet, h.big_bet, h.game) == (
        True, None, 10, 20, Game.STUD)
    assert h.started_at == datetime(2008, 1, 2, 8, 4, 5, tzinfo=UTC)
    ev = hand.events
    assert ev[0] == TableNote("joins", "dave", "dave joins the table at seat #4")
    assert ev[1] == TableNote("removed", "ed",
                              "ed was removed from the table for failing to post")
    assert Ante("Ben Z", 1) in ev
    assert Bet("cy", 20) in ev
    assert Fold("ann") in ev and Check not in map(type, ev)
    assert TableNote("timed_out", "cy", "cy has timed out") in ev
    assert NoShow("Ben Z") in ev
    assert UncalledReturn("Ben Z", 20) in ev
    results = [e for e in ev if type(e) is SeatResult]
    assert results == [
        SeatResult(1, "ann", "folded", street=Street.THIRD, didnt_bet=True),
        SeatResult(2, "Ben Z", "collected", won=103),
        SeatResult(3, "cy", "folded", street=Street.FIFTH),
    ]


def test_euro_cash_with_local_zone_only(hands: dict[str, Hand]) -> None:
    h = hands["200000000006"].header
    assert (h.currency, h.small_bet, h.ante, h.bring_in) == ("EUR", 10, 2, 5)
    assert h.started_at == datetime(2015, 7, 1, 18, 0, 0, tzinfo=UTC)  # CEST


def test_community_card(hands: dict[str, Hand]) -> None:
    ev = hands["200000000005"].events
    board = [e for e in ev if type(e) is BoardCard]
    assert len(board) == 1
    river_at = ev.index(StreetStart(Street.SEVENTH))
    assert ev[river_at + 1] == board[0]
    assert not [e for e in ev if type(e) is Deal and e.street is Street.SEVENTH]
    summary = next(e for e in ev if type(e) is Summary)
    assert summary.board == (board[0].card,)
    assert len([e for e in ev if type(e) is Check]) == 24


def test_no_low_hand_and_mucked_cards() -> None:
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    text = text.replace("bob.the.builder collected $4 from side pot\n",
                        "No low hand qualified\nbob.the.builder collected $4 from side pot\n")
    text = text.replace("Al \"Ace\" Smith: shows [Ks 9h Qs Qd 7c 7d 3d] (HI: two pair, Queens "
                        "and Sevens)", "Al \"Ace\" Smith: mucks [Ks 9h Qs Qd 7c 7d 3d]")
    hand = _one(text)
    assert NoLowHand() in hand.events
    assert Muck('Al "Ace" Smith', parse_cards("Ks 9h Qs Qd 7c 7d 3d")) in hand.events


@pytest.mark.parametrize(
    ("replace", "by", "message"),
    [
        ("*** 4th STREET ***", "*** 5th STREET ***", "unexpected line"),
        ("Çelik: brings in for $0.25", "Çelik: brings in for lots", "unexpected line"),
        ("Dealt to Çelik [2h]", "Dealt to Çelik [2x]", "unexpected line"),
        ("$0.25", "$0.255", "more than two decimals"),
        ("- 2021/11/06 21:30:00 ET", "- 2021/11/06 21:30:00 XYZ", "unknown time zone"),
        ("*** SUMMARY ***\n", "", "unexpected line"),
    ],
)
def test_bad_lines_become_parse_errors_with_place(replace: str, by: str, message: str) -> None:
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8")
    first = text.split("\n\n\n\n")[0] + "\n"
    assert replace in first
    bad = first.replace(replace, by, 1)
    results = list(parse_text(bad + "\n\n" + first, path="x.txt"))
    assert len(results) == 2
    error, good = results
    assert isinstance(error, ParseError) and isinstance(good, Hand)  # the next hand survives
    assert message in error.message
    assert error.hand_id == "200000000002" and error.path == "x.txt" and error.text
    lines = bad.split("\n")
    wrong = by.split("\n")[0] if by else "Total pot $34.30"
    assert wrong in lines[error.line - 1], (error, lines[error.line - 1])
    assert good.source is not None and good.source.line == bad.count("\n") + 3


def test_truncated_hand_is_an_error_not_a_crash() -> None:
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    cut = "\n".join(text.split("\n")[:20])
    [error] = list(parse_text(cut))
    assert isinstance(error, ParseError)
    assert error.message == "hand ends too early" or "expected" in error.message


def test_non_stud_games_are_skipped_and_unknown_formats_are_parse_errors() -> None:
    holdem = ("PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET\n"
              "Table 'T' 9-max Seat #1 is the button\n")
    [skipped] = list(parse_text(holdem + "\n\n***** 888poker Hand History for Game 2 *****\n"))[:1]
    assert skipped == OtherGame(site="pokerstars", game="Hold'em No Limit", path=None, line=1,
                                hand_id="1")
    other = list(parse_text("***** 888poker Hand History for Game 2 *****\nstuff\n"))
    assert isinstance(other[0], ParseError)
    assert "not a hand history format" in other[0].message


def test_pure_lark_and_lark_cython_agree(hands: dict[str, Hand]) -> None:
    from stud_hh.dialects.pokerstars.parser import PokerStarsParser
    from stud_hh.reader import read_hands

    pure = PokerStarsParser(use_cython=False)
    for path in sorted(HANDS.glob("*.txt")):
        for raw in read_hands(path):
            hand = pure.parse_hand(raw)
            assert isinstance(hand, Hand)
            assert hand == hands[hand.hand_id]


def test_all_in_ante_bounty_seats_and_folded_cards(hands: dict[str, Hand]) -> None:
    hand = hands["200000000007"]
    h = hand.header
    assert (h.buy_in, h.game, h.level, h.max_seats, h.ante, h.bring_in) == (
        "100 FPP", Game.STUD8, "II", 6, 3, 5)
    assert hand.seats[0] == Seat(1, "short", 3)
    ev = hand.events
    assert ev[0] == Ante("short", 3, all_in=True)
    assert Fold("quitter", parse_cards("Ad 5s 7s")) in ev
    assert Call("mid", 12, all_in=True) in ev
    assert UncalledReturn("big", 3) in ev
    river = [e for e in ev if type(e) is Deal and e.street is Street.SEVENTH]
    assert [d.player for d in river] == ["short", "mid", "big"]  # 6th-street order
    assert all(d.cards[0] is not None for d in river)  # all shown
    assert Summary(46, 0, 12, (34,)) in ev


def test_numbered_side_pots() -> None:
    text = (HANDS / "tournament-hilo-all-in-antes.txt").read_text(encoding="utf-8")
    text = text.replace("Total pot 46 Main pot 12. Side pot 34. | Rake 0",
                        "Total pot 46 Main pot 12. Side pot-1 20. Side pot-2 14. | Rake 0")
    text = text.replace("big collected 17 from side pot", "big collected 17 from side pot-1")
    hand = _one(text)
    assert Summary(46, 0, 12, (20, 14)) in hand.events
    assert Collect("big", 17, "side pot-1") in hand.events


def test_summary_mucked_with_a_result() -> None:
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    text = text.replace("Seat 6: Çelik showed [6d 8s 2h 4h Kh 8h Tc] and lost with HI: a pair "
                        "of Eights", "Seat 6: Çelik mucked [6d 8s 2h 4h Kh 8h Tc] and lost with "
                        "HI: a pair of Eights")
    hand = _one(text)
    result = next(e for e in hand.events if type(e) is SeatResult and e.player == "Çelik")
    assert (result.outcome, result.won, result.description) == (
        "mucked", None, "HI: a pair of Eights")
    assert result.cards == parse_cards("6d 8s 2h 4h Kh 8h Tc")


@pytest.mark.parametrize(
    ("header", "hand_id", "started_at"),
    [
        ("PokerStars Hand #77:  HORSE (7 Card Stud Hi/Lo Limit, $1/$2 USD) - 2021/11/07 1:02:03"
         " CET", "77", datetime(2021, 11, 7, 0, 2, 3, tzinfo=UTC)),
        ("PokerStars Game #78:  HORSE (7 Card Stud Hi/Lo Limit, $1/$2 USD) - 2021/07/06 - "
         "21:30:00 (ET)", "78", datetime(2021, 7, 7, 1, 30, tzinfo=UTC)),
        ("PokerStars Hand #79:  HORSE (7 Card Stud Hi/Lo Limit, $1/$2 USD) - 2021/11/06 21:30:00"
         " CET [2021/11/06 16:30:00 ET]", "79", datetime(2021, 11, 6, 20, 30, tzinfo=UTC)),
    ],
)
def test_headers_of_one_session_keep_their_own_number_and_date(
    header: str, hand_id: str, started_at: datetime
) -> None:
    """The second header with the same game and stakes takes the remembered groups; its
    number, date and zone are still its own (and as the first such header's would be)."""
    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8")
    first = text.split("\n\n\n\n")[0] + "\n"
    again = header + "\n" + first.split("\n", 1)[1]
    results = list(parse_text(first + "\n\n" + again + "\n\n" + again))
    assert all(isinstance(r, Hand) for r in results), results
    one, two, three = results
    assert isinstance(two, Hand) and isinstance(one, Hand) and isinstance(three, Hand)
    assert (two.hand_id, two.header.started_at) == (hand_id, started_at)
    assert two.header.mixed == one.header.mixed == "HORSE"
    assert (two.header.game, two.header.small_bet, two.header.currency) == (
        one.header.game, one.header.small_bet, one.header.currency)
    from stud_hh.dialects.pokerstars.parser import PokerStarsParser
    from stud_hh.reader import RawHand

    fresh = PokerStarsParser(use_cython=False).parse_hand(RawHand(None, 1, again))
    assert isinstance(fresh, Hand)
    for hand in (three, fresh):
        assert (hand.header, hand.seats, hand.events) == (two.header, two.seats, two.events)


@pytest.mark.parametrize("use_cython", [False, None])
@pytest.mark.parametrize(
    ("replace", "by"),
    [
        ("Dealt to Çelik [2h]", "Dealt to Çelik [2x]"),  # no line kind matches
        ("*** 4th STREET ***", "*** 5th STREET ***"),  # a line out of order
        ("$0.25", "$0.255"),  # a field error inside a run of lines
        ("*** SUMMARY ***\n", ""),  # the hand ends early
    ],
)
def test_error_lines_and_columns_come_from_text_positions(
    replace: str, by: str, use_cython: bool | None
) -> None:
    """Lark counts no lines here: an error's line and column are found from its position;
    they point at the damaged line, its first column, on either Lark path."""
    from stud_hh.dialects.pokerstars.parser import PokerStarsParser
    from stud_hh.reader import RawHand

    text = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8")
    bad = text.split("\n\n\n\n")[0].replace(replace, by, 1) + "\n"
    error = PokerStarsParser(use_cython=use_cython).parse_hand(RawHand("x.txt", 11, bad))
    assert isinstance(error, ParseError)
    lines = bad.split("\n")
    wrong = by.split("\n")[0] if by else "Total pot $34.30"
    assert wrong in lines[error.line - 11], (error, lines[error.line - 11])
    assert error.column in (1, None)
    assert error == PokerStarsParser(use_cython=not use_cython).parse_hand(
        RawHand("x.txt", 11, bad))
