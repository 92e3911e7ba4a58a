"""One PHH hand's text -> ``Hand``, ``OtherGame`` or ``ParseError``; never raises.

The text is one ``.phh`` document, or one ``[n]`` section of a ``.phhs`` collection (its
fields are then that table's). Errors name the line they are on: TOML's own, or the line of
the field or action that is wrong.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from stud_hh.dialects.phh.actions import ActionError, Actions
from stud_hh.dialects.phh.fields import (
    SITE,
    FieldError,
    Fields,
    header_of,
    players_of,
    seats_of,
)
from stud_hh.dialects.phh.notation import (
    GAMES,
    OTHER_VARIANTS,
    Money,
    NotationError,
    known_cards,
)
from stud_hh.events import Ante, Game, Hand, OtherGame, Parsed, ParseError, Source, Summary
from stud_hh.reader import RawHand

_TOML_PLACE = re.compile(r" \(at line (\d+), column (\d+)\)$")
_HAND_KEY = re.compile(r"^[ \t]*hand[ \t]*=[ \t]*[\"']?([^\"'\n#]*)", re.MULTILINE)
#: TOML errors at the end of the document that are not about the text stopping early
_NOT_CUT = ("Cannot overwrite", "Cannot declare", "Cannot mutate")


def parse_phh(raw: RawHand) -> Parsed:
    try:
        document = tomllib.loads(raw.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        return _toml_error(exc, raw)
    except (ValueError, RecursionError) as exc:  # pragma: no cover - tomllib raises its own
        return _error(f"not TOML: {exc}", raw, 1)
    table = _hand_table(document)
    if table is None:
        return _error("not a PHH hand: no 'variant' field", raw, 1)
    try:
        return _hand(table, raw)
    except ActionError as exc:
        return _error(str(exc), raw, _action_line(raw.text, exc.index))
    except FieldError as exc:
        return _error(str(exc), raw, _field_line(raw.text, exc.field))
    except NotationError as exc:
        return _error(str(exc), raw, 1)
    except Exception as exc:  # never let one hand stop a file
        return _error(f"unreadable PHH hand ({type(exc).__name__}: {exc})", raw, 1)


def _hand_table(document: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The hand's fields: the document's, or its one table's (a ``.phhs`` section)."""
    if "variant" in document:
        return document
    tables = [v for v in document.values() if isinstance(v, dict)]
    if len(document) == 1 and len(tables) == 1 and "variant" in tables[0]:
        return tables[0]
    return None


def _hand(table: Mapping[str, Any], raw: RawHand) -> Parsed:
    variant = table["variant"]
    game = GAMES.get(variant) if isinstance(variant, str) else None
    if game is None:
        if isinstance(variant, str) and variant in OTHER_VARIANTS:
            hand = table.get("hand")
            return OtherGame(site=str(table.get("_site") or SITE), game=OTHER_VARIANTS[variant],
                             path=raw.path, line=raw.line,
                             hand_id=str(hand) if hand is not None else None)
        raise FieldError("variant", f"unknown PHH variant {variant!r}")
    currency = Fields(table, Money(1)).get("currency", str)
    fields = Fields(table, Money.for_currency(currency))
    stacks = fields.amounts("starting_stacks")
    if not stacks:
        raise FieldError("starting_stacks", "required field 'starting_stacks' is missing")
    players = players_of(fields, len(stacks))
    antes = fields.amounts("antes", len(stacks))
    if antes is None:
        raise FieldError("antes", "required field 'antes' is missing")
    actions = Actions(players, stacks, fields.amount("bring_in"), fields.money)
    actions.antes(antes, stacks)
    actions.read(fields.need("actions", list))
    summary = _summary(fields, actions, game, stacks)
    events = actions.events + ([summary] if summary is not None else [])
    posted = [e.amount for e in events if isinstance(e, Ante) and not e.all_in]
    header = header_of(fields, game, max(posted) if posted else None)
    return Hand(header=header, seats=seats_of(fields, players, stacks), events=tuple(events),
                source=Source(raw.path, raw.line))


def _summary(fields: Fields, actions: Actions, game: Game,
             stacks: list[int]) -> Summary | None:
    """stud_hh's summary fields, or, for a file without them, the summary worked out."""
    if "_total_pot" not in fields.table:
        return actions.settle(game, stacks, fields.amounts("winnings", len(stacks)),
                              fields.amounts("finishing_stacks", len(stacks)))
    side = fields.amounts("_side_pots") or []
    main = fields.amount("_main_pot") if "_main_pot" in fields.table else None
    board_text = fields.get("_board", str)
    try:
        board = known_cards(board_text) if board_text else tuple(actions.board)
    except NotationError as exc:
        raise FieldError("_board", f"field '_board': {exc}") from None
    return Summary(fields.amount("_total_pot"), fields.amount("_rake"), main, tuple(side),
                   board)


# --- errors ------------------------------------------------------------------------------------


def _error(message: str, raw: RawHand, line: int, incomplete: bool = False,
           column: int | None = None) -> ParseError:
    """``line`` is 1-based in the hand's text."""
    found = _HAND_KEY.search(raw.text)
    hand_id = found.group(1).strip() or None if found else None
    return ParseError(message=message, path=raw.path, line=raw.line + line - 1, column=column,
                      hand_id=hand_id, text=raw.text, incomplete=incomplete)


def _toml_error(exc: tomllib.TOMLDecodeError, raw: RawHand) -> ParseError:
    message = str(exc)
    place = _TOML_PLACE.search(message)
    last = max(1, raw.text.count("\n"))
    if place:
        line = int(place.group(1))
        cut = line >= last  # the text stops inside a value: a file cut short
        what = "hand ends too early" if cut else "not valid TOML"
        return _error(f"{what}: {message[:place.start()]}", raw, line,
                      column=int(place.group(2)), incomplete=cut)
    reason = message.removesuffix(" (at end of document)")
    cut = not reason.startswith(_NOT_CUT)
    what = "hand ends too early" if cut else "not valid TOML"
    return _error(f"{what}: {reason}", raw, last, incomplete=cut)


def _field_line(text: str, field: str) -> int:
    """The line where ``field`` is set (1 when it is not: a missing field)."""
    found = re.search(rf"^[ \t]*[\"']?{re.escape(field)}[\"']?[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def _action_line(text: str, index: int) -> int:
    """The line of action number ``index`` (0-based): counted from the ``actions`` line,
    one string after another (the writer puts one a line; a one-line array stays on it)."""
    found = re.search(r"^[ \t]*[\"']?actions[\"']?[ \t]*=", text, re.MULTILINE)
    if found is None:
        return 1
    strings = re.finditer(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'", text[found.end():])
    for k, string in enumerate(strings):
        if k == index:
            return text.count("\n", 0, found.end() + string.start()) + 1
    return text.count("\n", 0, found.start()) + 1


__all__ = ["parse_phh"]
