"""Checks every site dialect's hands must pass, whatever the site writes (test helpers).

* the money adds up: what the lines put in, less the bets given back, is the summary's
  pot, and the winners' collects plus the rake are that pot;
* the hand audits (the validator's findings, by code);
* written as PokerStars text and read back, it is the same ``Hand`` (the header's site and
  the site's own table-noise wording aside);
* damaged, it gives hands, other games or ``ParseError``s naming file, line and hand, never
  an exception.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from stud_hh.dialects.pokerstars.writer import write_hand
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Collect,
    Complete,
    Hand,
    OtherGame,
    ParseError,
    Raise,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)
from stud_hh.parse import parse_bytes, parse_file, parse_text
from stud_hh.reader import read_hands
from stud_hh.validate import validate

SIDE_FILES = (".hp", ".hands", ".gt")


def site_files(folders: list[Path]) -> list[Path]:
    """The hand-history files under ``folders`` (fpdb's side files left out)."""
    return sorted(p for folder in folders for p in folder.rglob("*")
                  if p.is_file() and p.suffix not in SIDE_FILES)


def parsed(paths: list[Path]) -> list[tuple[Hand | ParseError | OtherGame, str]]:
    """Each hand of ``paths`` with its text (the reader's split, the parser's result)."""
    out: list[tuple[Hand | ParseError | OtherGame, str]] = []
    for path in paths:
        texts = [raw.text for raw in read_hands(path, _boundary())]
        results = list(parse_file(path))
        assert len(results) == len(texts), path
        out += zip(results, texts, strict=True)
    return out


def _boundary():  # type: ignore[no-untyped-def]
    from stud_hh.dialects import hand_starts

    return hand_starts()


def put_in(hand: Hand) -> int:
    """Chips the lines put in the pot, less those given back (independent of the parser)."""
    total = 0
    street: dict[str, int] = {}
    for event in hand.events:
        if type(event) is StreetStart:
            total += sum(street.values())
            street = {}
        elif type(event) is Ante:
            total += event.amount
        elif type(event) in (BringIn, Bet, Call):
            street[event.player] = street.get(event.player, 0) + event.amount  # type: ignore[union-attr]
        elif type(event) in (Raise, Complete):
            street[event.player] = event.to  # type: ignore[union-attr]
        elif type(event) is UncalledReturn:
            total -= event.amount
    return total + sum(street.values())


def check_money(hand: Hand) -> None:
    [summary] = [e for e in hand.events if type(e) is Summary]
    collected = sum(e.amount for e in hand.events if type(e) is Collect)
    assert summary.total_pot == put_in(hand), hand.hand_id
    assert collected + summary.rake == summary.total_pot, hand.hand_id
    assert summary.rake >= 0


def findings(hand: Hand) -> list[str]:
    return sorted(v.code for v in validate(hand))


def same_after_pokerstars_text(hand: Hand) -> None:
    """Written as PokerStars text and read back: the same hand but for the site."""
    text = write_hand(hand)
    [back] = list(parse_text(text))
    assert isinstance(back, Hand), f"{back}\n{text}"
    events = tuple(e for e in hand.events if type(e) is not TableNote)
    assert back.events == events, text
    assert back.seats == hand.seats
    header = msgspec.structs.replace(hand.header, site="pokerstars")
    assert back.header == header


def check_damaged(results: list[Hand | ParseError | OtherGame]) -> None:
    for result in results:
        assert isinstance(result, Hand | ParseError | OtherGame)
        if isinstance(result, ParseError):
            assert result.line >= 1 and result.text and result.message
            assert "internal parser error" not in result.message, result.message


def damaged(data: bytes, path: str = "damaged.txt") -> list[Hand | ParseError | OtherGame]:
    return list(parse_bytes(data, path=path))


__all__ = ["check_damaged", "check_money", "damaged", "findings", "parsed", "put_in",
           "same_after_pokerstars_text", "site_files"]
