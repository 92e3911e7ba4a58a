"""One Merge Network ``<game>`` -> a ``Hand`` (see ``stud_hh.dialects.merge``).

What the elements say, as read from the corpus (``cash/Merge/Stud``) and fpdb's converter:

* ``<description type="7-Stud H/L8" stakes="Limit $0.25/$0.50"/>`` before the games: the
  game (``7-Stud``, ``7-Stud H/L8``, ``Razz``) and the stakes (the small and big bet).
* ``<game id starttime data>``: ``id`` is the hand number (``40263637-116``), ``data`` holds
  the table's name (its second ``|`` field); ``starttime`` is ``YYYYMMDDhhmmss`` at UTC-5 all
  year (each event's ``timestamp`` is epoch milliseconds: the five files' first event lies
  within three minutes of ``starttime`` read at UTC-5, in February, July and November alike).
* ``<player seat nickname balance dealtin>``: seats count from 0 (stud_hh, as the client and
  fpdb, counts from 1); ``balance`` is the stack before the hand; events name the seat.
* Rounds ``BLINDS`` (antes), ``BRING_IN``, ``THIRD_STREET`` to ``SEVENTH_STREET``,
  ``SHOWDOWN``, ``END_OF_FOLDED_GAME``, ``END_OF_GAME``. Each street's ``<cards>`` come after
  its events and list every card the player holds (``null`` or empty: hidden): the last one
  is the street's. ``HOLE`` cards are the hero's; ``SHOWN`` and ``MUCKED`` a hand shown.
* Events: ``ANTE``, ``BRING_IN``, ``CALL`` (chips added), ``BET``, ``COMPLETE`` and
  ``RAISE`` (the street total), ``ALL_IN`` (chips added), ``CHECK``, ``FOLD``, ``SHOW``,
  ``MUCK``. ``<winner amount potnumber player>``: what one player took from pot
  ``potnumber`` (a bet nobody called included; ``uncalled="true"``: that bet alone).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache

from stud_hh.cards import card as parse_card
from stud_hh.dialects.money import cents, chips
from stud_hh.dialects.xml_hand import HandError, XmlStudHand
from stud_hh.dialects.xml_stream import Element, XmlError, elements, line_of
from stud_hh.events import (
    Game,
    Hand,
    Header,
    Limit,
    OtherGame,
    Parsed,
    ParseError,
    Seat,
    Source,
    Street,
)
from stud_hh.reader import RawHand

SITE = "merge"
#: Merge's clock: UTC-5 all year (see the module docstring)
MERGE_TIME = timezone(timedelta(hours=-5), "UTC-5")
_GAMES = {"7-Stud": Game.STUD, "7-Stud H/L8": Game.STUD8, "Razz": Game.RAZZ}
_STAKES = re.compile(r"Limit (?P<small>[^/\s]+)/(?P<big>[^/\s]+)")
_STREETS = {"BRING_IN": Street.THIRD, "THIRD_STREET": Street.THIRD,
            "FOURTH_STREET": Street.FOURTH, "FIFTH_STREET": Street.FIFTH,
            "SIXTH_STREET": Street.SIXTH, "SEVENTH_STREET": Street.SEVENTH}
_ACTIONS = {"FOLD": "fold", "CHECK": "check", "CALL": "call", "BET": "bet",
            "COMPLETE": "complete", "RAISE": "raise", "ALL_IN": "all-in",
            "BRING_IN": "bring-in"}
_IGNORED = {"SHOW", "MUCK"}
_DEALT = ("DRAW_DRAWN_CARDS", "HOLE")  # the cards say it (SHOWN, MUCKED)
_NOTES = {"SIT_OUT": "sitting_out", "SIT_IN": "sitting_in", "LEAVE": "leaves",
          "JOIN": "joins", "DISCONNECT": "disconnected", "RECONNECT": "connected"}


@lru_cache(maxsize=128)
def card(text: str) -> int | None:
    """``7s`` -> 7s, ``null`` or empty -> None (hidden)."""
    text = text.strip()
    return None if text in ("", "null") else parse_card(text)


def parse_game(raw: RawHand) -> Parsed:
    """The hand in ``raw`` (never raises: a reader's bug is an error of the hand too)."""
    try:
        return _parse_game(raw)
    except Exception as exc:  # reported with the hand's text, never raised
        return ParseError(message=f"internal parser error: {type(exc).__name__}: {exc}",
                          path=raw.path, line=raw.line, text=raw.text)


def _parse_game(raw: RawHand) -> Parsed:
    hand_id = _hand_id(raw.text)
    try:
        found = elements(raw.text, root=True)
    except XmlError as exc:
        return _error(raw, str(exc), exc.line, exc.ended_early, hand_id)
    description = next((e for e in found if e.tag == "description"), None)
    at = next((i for i, e in enumerate(found) if e.tag == "game"), None)
    if at is None:
        return _error(raw, "no <game> element", 1, False, hand_id)
    kind = description.attrib.get("type", "") if description is not None else ""
    stakes = description.attrib.get("stakes", "") if description is not None else ""
    game = _GAMES.get(kind)
    limit = _STAKES.fullmatch(stakes)
    if game is None or limit is None:
        line = raw.line + line_of(raw.text, found, found[at]) - 1
        return OtherGame(site=SITE, game=f"{kind} {stakes}".strip() or "unknown game",
                         path=raw.path, line=line, hand_id=hand_id)
    try:
        return _read(raw, found[at], game, limit)
    except HandError as exc:
        return _error(raw, str(exc), exc.line(raw, found), False, hand_id)
    except (ValueError, KeyError) as exc:
        return _error(raw, f"unreadable game: {exc}", line_of(raw.text, found, found[at]), False,
                      hand_id)


def _hand_id(text: str) -> str | None:
    match = re.search(r'<game id="([^"]+)"', text)
    return match.group(1) if match else None


def _error(raw: RawHand, message: str, line: int, incomplete: bool,
           hand_id: str | None) -> ParseError:
    return ParseError(message=("hand ends too early: " + message) if incomplete else message,
                      path=raw.path, line=max(raw.line + line - 1, 1), hand_id=hand_id,
                      text=raw.text, incomplete=incomplete)


def _read(raw: RawHand, game_el: Element, game: Game, limit: re.Match[str]) -> Hand:
    real = game_el.attrib.get("realmoney", "true") == "true"
    currency = "USD" if real and limit["small"].startswith("$") else (
        "EUR" if real and limit["small"].startswith("€") else None)
    money = cents if currency else chips
    seats, names = _seats(game_el, money)
    builder = XmlStudHand(seats)
    wins: list[tuple[str, int, int]] = []
    shown: dict[str, tuple[int, ...]] = {}
    for round_el in game_el.iter("round"):
        round_id = round_el.get("id", "")
        street = _STREETS.get(round_id)
        if street is not None and round_id != "THIRD_STREET":
            builder.street(street)
            # this street's cards are listed after its events: they are dealt first
            for e in round_el.iter("cards"):
                if e.get("type") in _DEALT:
                    _cards(builder, e, names, street)
        for e in round_el:
            tag = e.tag
            if tag == "event":
                _event(builder, e, names, money)
            elif tag == "cards" and e.get("type") in ("SHOWN", "MUCKED"):
                shown[_player(names, e)] = tuple(
                    c for c in map(card, e.get("cards", "").split(",")) if c is not None)
            elif tag == "winner":  # an "uncalled" one too: the return is taken out below
                wins.append((_player(names, e), _amount(e.get("amount", ""), money, e),
                             _number(e.get("potnumber", "1"), e)))
    folded = builder.folded()
    still = [p for p in builder.dealt if p not in folded]
    shows = [(p, _showing(builder.dealt[p], shown.get(p, ()))) for p in still] \
        if len(still) > 1 else []
    builder.showdown(shows)
    pots = {pot for _, _, pot in wins}
    named = [(p, amount, _pot(pot, len(pots))) for p, amount, pot in wins]
    events, seats_out = builder.finish(named, raked=True)
    small = _amount(limit["small"], money, game_el)
    big = _amount(limit["big"], money, game_el)
    data = game_el.attrib.get("data", "").split("|")
    header = Header(
        site=SITE, hand_id=game_el.attrib.get("id", ""), game=game, small_bet=small,
        big_bet=big, started_at=_started(game_el.attrib.get("starttime", ""), game_el),
        table=data[1] if len(data) > 1 else "", limit=Limit.FIXED, ante=builder.hand.ante,
        bring_in=builder.hand.bring_in, currency=currency, play_money=not real,
        max_seats=int(game_el.attrib["seats"]) if game_el.attrib.get("seats", "").isdigit()
        else None)
    return Hand(header=header, seats=seats_out, events=events,
                source=Source(raw.path, raw.line + line_of(raw.text, [game_el], game_el) - 1))


def _showing(dealt: list[int | None], shown: tuple[int, ...]) -> tuple[int, ...] | None:
    """The cards a player still in at the end shows: all seven when the streets and his
    shown cards (an all-in player shows his first ones early) make them known."""
    full = list(dealt)
    for i, c in enumerate(shown[: len(full)]):
        if full[i] is None:
            full[i] = c
    if len(full) == 7 and None not in full:
        return tuple(c for c in full if c is not None)
    return shown or None


def _number(text: str, line: Element) -> int:
    if not text.isdigit():
        raise HandError(f"pot number {text!r}", line)
    return int(text)


def _pot(number: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    return "main pot" if number == 1 else f"side pot-{number - 1}"


def _amount(text: str, money: object, line: Element | int) -> int:
    try:
        return money(text.strip().lstrip("$€£") or "0")  # type: ignore[operator,no-any-return]
    except ValueError as exc:
        raise HandError(f"unreadable amount {text!r}: {exc}", line) from None


def _seats(game_el: Element, money: object) -> tuple[list[Seat], dict[str, str]]:
    seats: list[Seat] = []
    names: dict[str, str] = {}
    for e in game_el.iter("player"):
        seat, name = e.attrib.get("seat", ""), e.attrib.get("nickname", "")
        if not seat.isdigit() or not name:
            raise HandError(f"player without a seat or a name: {e.attrib}", e)
        names[seat] = name
        seats.append(Seat(int(seat) + 1, name,
                          _amount(e.attrib.get("balance", "0"), money, e),
                          sitting_out=e.attrib.get("dealtin") == "false"))
    if not seats:
        raise HandError("no player is seated", 1)
    return seats, names


def _player(names: dict[str, str], e: Element) -> str:
    seat = e.attrib.get("player", "")
    if seat not in names:
        raise HandError(f"no player in seat {seat!r}", e)
    return names[seat]


def _cards(builder: XmlStudHand, e: Element, names: dict[str, str], street: Street) -> None:
    player = _player(names, e)
    if player in builder.folded():
        return  # a folded player's cards go on being listed
    listed = e.get("cards", "").split(",")
    have = len(builder.dealt.get(player, ()))
    try:
        if len(listed) != street:
            raise ValueError(f"{len(listed)} cards listed on {street.label}")
        if have != street - 1 and street is not Street.THIRD:
            raise ValueError(f"{have} cards dealt before {street.label}")
        builder.deal(player, tuple(map(card, listed if street is Street.THIRD
                                       else listed[have:])))
    except ValueError as exc:
        raise HandError(f"{e.attrib.get('type', 'cards')} {e.attrib.get('cards')!r}: {exc}",
                        e) from None


def _event(builder: XmlStudHand, e: Element, names: dict[str, str], money: object) -> None:
    kind = e.attrib.get("type", "")
    player = _player(names, e)
    amount = _amount(e.attrib.get("amount", "0"), money, e)
    try:
        if kind == "ANTE":
            builder.ante(player, amount)
        elif kind in _ACTIONS:
            builder.act(player, _ACTIONS[kind], amount)
        elif kind in _NOTES:
            builder.note(_NOTES[kind], player, kind)
        elif kind not in _IGNORED:
            raise ValueError(f"event {kind!r} is not a stud event")
    except ValueError as exc:
        raise HandError(f"{player}: {exc}", e) from None


def _started(text: str, line: Element | int) -> datetime:
    try:
        if len(text) != 14 or not text.isdigit():
            raise ValueError(text)
        return datetime(int(text[:4]), int(text[4:6]), int(text[6:8]), int(text[8:10]),
                        int(text[10:12]), int(text[12:14]), tzinfo=MERGE_TIME)
    except ValueError:
        raise HandError(f"unreadable start time {text!r}", line) from None


__all__ = ["MERGE_TIME", "SITE", "card", "parse_game"]
