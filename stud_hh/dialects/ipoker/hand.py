"""One iPoker ``<game>`` -> a ``Hand`` (see ``stud_hh.dialects.ipoker``).

What the elements say, as read from the corpus (``cash/iPoker/Stud``, ``tour/iPoker/Stud``)
and fpdb's converter:

* ``<player seat name chips dealer win bet>``: ``chips`` is the stack before the hand,
  ``win`` all the player took from the pot (his own bet nobody called included), ``bet``
  all he put in. A seat with an empty name is empty.
* ``<round no="0">`` holds the antes (action type 15), ``no="2"`` to ``no="6"`` are 3rd
  street to the river. In each round, every player's ``<cards>`` (suit first, ``10`` for a
  ten, ``X`` for a card not shown) come before his decisions; the decisions' own ``no``
  says their order across players (the file lists them by seat).
* Action types: 0 fold, 3 call (``sum``: chips added), 4 check, 5 bet (the street total:
  on 3rd street, a completion), 23 raise (to the street total), 7 all-in (chips added),
  16 bring-in, 15 ante; 8 (no action this hand) and 9 (sitting out) are table notes; 1
  and 2 are hold'em blinds, an error in a stud hand.
* Cards a player showed are printed on every street (all his cards known): at the end,
  each player still in shows them, or mucks when they stay hidden.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import lru_cache

from stud_hh.cards import card as parse_card
from stud_hh.dialects.money import cents, chips
from stud_hh.dialects.xml_hand import HandError, XmlStudHand
from stud_hh.dialects.xml_stream import Element, XmlError, elements, line_of, text_of
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

SITE = "ipoker"
#: ``7 Card Stud Hi-Lo L €0.05/€0.10``; tournaments print no stakes (``7 Card Stud L``)
_GAMETYPE = re.compile(r"(?P<game>.*?)\s+(?P<limit>L|NL|PL|SL|LZ|LP)(?:\s+(?P<small>\S+)/"
                       r"(?P<big>\S+))?\s*")
_GAMES = {"7 Card Stud": Game.STUD, "7 Card Stud Hi-Lo": Game.STUD8, "Razz": Game.RAZZ}
_ROUNDS = {2: Street.THIRD, 3: Street.FOURTH, 4: Street.FIFTH, 5: Street.SIXTH,
           6: Street.SEVENTH}
_ACTIONS = {"0": "fold", "3": "call", "4": "check", "5": "bet", "23": "raise", "7": "all-in",
            "16": "bring-in"}
_NOTES = {"8": "no_action", "9": "sitting_out"}
_SYMBOLS = "$€£"
_DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
#: iPoker tournaments print no stakes. Their levels, ante -> (bring-in, small bet), as the
#: $5 Limit 7 Card Stud sit-and-go plays them (``tour/iPoker/Stud/7-StudHi-USD-STT-5-201103``,
#: every level's bring-ins and completions), for a hand that shows neither a completion nor
#: a bet (the hand's own betting says the stakes first)
TOURNAMENT_LEVELS: dict[int, tuple[int, int]] = {
    8: (15, 60), 10: (20, 80), 15: (30, 100), 20: (40, 150), 30: (60, 200), 40: (80, 300),
    50: (100, 400), 80: (150, 600), 100: (200, 800), 150: (300, 1000)}


@lru_cache(maxsize=128)
def card(text: str) -> int | None:
    """``D7`` -> 7d, ``H10`` -> Th, ``X`` -> None (not shown)."""
    if text.upper() == "X":
        return None
    suit, rank = text[:1], text[1:]
    return parse_card(("T" if rank == "10" else rank) + suit.lower())


def parse_game(raw: RawHand) -> Parsed:
    """The hand in ``raw`` (never raises: a reader's bug is an error of the hand too)."""
    try:
        return _parse_game(raw)
    except Exception as exc:  # reported with the hand's text, never raised
        return ParseError(message=f"internal parser error: {type(exc).__name__}: {exc}",
                          path=raw.path, line=raw.line, text=raw.text)


def _parse_game(raw: RawHand) -> Parsed:
    try:
        found = elements(raw.text)
    except XmlError as exc:
        return _error(raw, str(exc), exc.line, exc.ended_early)
    at = next((i for i, e in enumerate(found) if e.tag == "game"), len(found))
    session = {e.tag: e for e in found[:at]}
    game_id = next((e.attrib.get("gamecode") for e in found if e.tag == "game"), None)
    if at == len(found):
        return _error(raw, "no <game> element", 1, False, None)
    if "gametype" not in session:
        return _error(raw, "no session header (<general> with a <gametype>) before this "
                      "game: its game and stakes are unknown", 1, False, game_id)
    gametype = text_of(session["gametype"])
    match = _GAMETYPE.fullmatch(gametype)
    game = _GAMES.get(match["game"]) if match else None
    if match is None or game is None or match["limit"] != "L":
        return OtherGame(site=SITE, game=gametype or "unknown game", path=raw.path,
                         line=raw.line, hand_id=game_id)
    try:
        return _read(raw, found, session, game, match)
    except HandError as exc:
        return _error(raw, str(exc), exc.line(raw, found), False, game_id)
    except (ValueError, KeyError) as exc:  # a field the reader could not read
        return _error(raw, f"unreadable game: {exc}", 1, False, game_id)


def _error(raw: RawHand, message: str, line: int, incomplete: bool,
           hand_id: str | None = None) -> ParseError:
    if hand_id is None:
        code = re.search(r'<game gamecode="(\d+)"', raw.text)
        hand_id = code.group(1) if code else None
    return ParseError(message=("hand ends too early: " + message) if incomplete else message,
                      path=raw.path, line=max(raw.line + line - 1, 1), hand_id=hand_id,
                      text=raw.text, incomplete=incomplete)


def _read(raw: RawHand, found: list[Element], session: dict[str, Element], game: Game,
          match: re.Match[str]) -> Hand:
    currency = _currency(session, match)
    money = cents if currency else chips
    tournament = session.get("tournamentname")
    at = next(i for i, e in enumerate(found) if e.tag == "game")
    game_el = found[at]
    seats, wins = _seats(game_el, money)
    level = TOURNAMENT_LEVELS.get(_first_ante(game_el, money)) if tournament is not None \
        else None
    builder = XmlStudHand(seats, level[0] if level else None)
    for round_el in game_el.iter("round"):
        _round(builder, round_el, money)
    shows = _shows(builder)
    builder.showdown(shows)
    events, seats_out = builder.finish([(p, w, "pot") for p, w in wins],
                                       raked=tournament is None)
    small, big = _stakes(builder, match, money, level)
    start = text_of(game_el.find("general/startdate"))
    header = Header(
        site=SITE, hand_id=game_el.attrib.get("gamecode", ""), game=game, small_bet=small,
        big_bet=big, started_at=_started(start, game_el),
        table=_table(session, tournament is not None), limit=Limit.FIXED,
        ante=builder.hand.ante, bring_in=builder.hand.bring_in, currency=currency,
        play_money=currency is None and tournament is None,
        tournament_id=_tournament_id(session) if tournament is not None else None,
        buy_in=text_of(session["buyin"]) if tournament is not None and "buyin" in session
        else None)
    return Hand(header=header, seats=seats_out, events=events,
                source=Source(raw.path, raw.line + line_of(raw.text, [game_el], game_el) - 1))


def _currency(session: dict[str, Element], match: re.Match[str]) -> str | None:
    if "tournamentname" in session:
        return None
    if "tablecurrency" in session and text_of(session["tablecurrency"]):
        return text_of(session["tablecurrency"]).upper()
    symbol = (match["small"] or "")[:1]
    if symbol in _SYMBOLS:
        return {"$": "USD", "€": "EUR", "£": "GBP"}[symbol]
    mode = text_of(session["mode"]) if "mode" in session else "real"
    if mode != "real":
        return None
    code = text_of(session["currency"]) if "currency" in session else ""
    return code.upper() or None


def _amount(text: str, money: object, line: Element | int) -> int:
    try:
        return money(text.strip().lstrip(_SYMBOLS) or "0")  # type: ignore[operator,no-any-return]
    except ValueError as exc:
        raise HandError(f"unreadable amount {text!r}: {exc}", line) from None


def _seats(game_el: Element, money: object) -> tuple[list[Seat], list[tuple[str, int]]]:
    seats: list[Seat] = []
    wins: list[tuple[str, int]] = []
    for e in game_el.iter("player"):
        if not e.get("name"):
            continue
        try:
            number = int(e.attrib["seat"])
        except (KeyError, ValueError):
            raise HandError(f"player without a seat: {e.attrib}", e) from None
        name = e.attrib["name"]
        seats.append(Seat(number, name, _amount(e.attrib.get("chips", "0"), money, e)))
        wins.append((name, _amount(e.attrib.get("win", "0"), money, e)))
    if not seats:
        raise HandError("no player is seated", 1)
    return seats, wins


def _round(builder: XmlStudHand, round_el: Element, money: object) -> None:
    """One ``<round>``: its street's cards first, then its decisions in their order."""
    try:
        number = int(round_el.get("no", ""))
    except ValueError:
        raise HandError(f"round without a number: {round_el.attrib}", round_el) from None
    street = _ROUNDS.get(number)
    if street is None and number > 1:
        raise HandError(f"round {number} is not a stud street", round_el)
    if street is not None:
        builder.street(street)
        for e in round_el.iter("cards"):
            _cards(builder, e)
    for e in sorted(round_el.iter("action"), key=_order):
        _action(builder, e, money, street)


def _order(e: Element) -> int:
    try:
        return int(e.attrib.get("no", ""))
    except ValueError:
        raise HandError(f"action without a number: {e.attrib}", e) from None


def _cards(builder: XmlStudHand, e: Element) -> None:
    player = e.attrib.get("player", "")
    try:
        cards = tuple(map(card, text_of(e).split()))
        builder.deal(player, cards)
    except ValueError as exc:
        raise HandError(f"{e.attrib.get('type', 'cards')} {text_of(e)!r}: {exc}", e) from None


def _action(builder: XmlStudHand, e: Element, money: object, street: Street | None) -> None:
    kind_code = e.attrib.get("type", "")
    player = e.attrib.get("player", "")
    amount = _amount(e.attrib.get("sum", "0"), money, e)
    try:
        if kind_code == "15":
            builder.ante(player, amount)
        elif kind_code in _NOTES:
            builder.note(_NOTES[kind_code], player, f"action type {kind_code}")
        elif kind_code in _ACTIONS and street is not None:
            builder.act(player, _ACTIONS[kind_code], amount)
        else:
            raise ValueError(f"action type {kind_code!r} is not a stud action here")
    except ValueError as exc:
        raise HandError(f"{player}: {exc}", e) from None


def _shows(builder: XmlStudHand) -> list[tuple[str, tuple[int, ...] | None]]:
    """Who is still in at the end, and the cards each of them shows (None: unseen)."""
    folded = builder.folded()
    still = [p for p in builder.dealt if p not in folded]
    if len(still) < 2:
        return []
    out: list[tuple[str, tuple[int, ...] | None]] = []
    for player in still:
        cards = builder.dealt[player]
        known = None if None in cards or len(cards) < 7 else tuple(c for c in cards
                                                                   if c is not None)
        out.append((player, known))
    return out


def _first_ante(game_el: Element, money: object) -> int:
    ante = next((e for e in game_el.iter("action") if e.get("type") == "15"), None)
    return _amount(ante.attrib.get("sum", "0"), money, ante) if ante is not None else 0


def _stakes(builder: XmlStudHand, match: re.Match[str], money: object,
            level: tuple[int, int] | None) -> tuple[int, int]:
    """The small and big bet: the header's, else the hand's betting, else the level's."""
    if match["small"] and match["big"]:
        return _amount(match["small"], money, 1), _amount(match["big"], money, 1)
    small = builder.small or (builder.big or 0) // 2
    if not small and level is not None:
        small = level[1]
    if not small:  # nothing says: the bring-in's usual share of the small bet
        small = 4 * (builder.hand.bring_in or 1)
    return small, 2 * small


def _started(text: str, line: Element | int) -> datetime:
    """``2014-05-10 18:02:19``: iPoker prints no zone; read as UTC (see the site's docs)."""
    t = text.strip()
    try:
        if not _DATE.fullmatch(t):
            raise ValueError(t)
        return datetime(int(t[:4]), int(t[5:7]), int(t[8:10]), int(t[11:13]), int(t[14:16]),
                        int(t[17:19]), tzinfo=UTC)
    except ValueError:
        raise HandError(f"unreadable start time {text!r}", line) from None


def _table(session: dict[str, Element], tournament: bool) -> str:
    name = text_of(session["tablename"]) if "tablename" in session else ""
    if tournament:  # "$5 Limit 7 Card Stud, 699476041, 699476041": name, tournament, table
        parts = [p.strip() for p in name.split(",")]
        return parts[-1] if len(parts) > 1 else name
    return name


def _tournament_id(session: dict[str, Element]) -> str | None:
    name = text_of(session["tablename"]) if "tablename" in session else ""
    parts = [p.strip() for p in name.split(",")]
    return parts[1] if len(parts) > 1 else (text_of(session["tournamentname"]) or None)


__all__ = ["SITE", "card", "parse_game"]
