"""Hands, violations and parse errors -> column lists -> Polars frames, one batch at a time.

Workers flatten hands into plain Python lists per column (cheap to pickle, ~3x faster to
turn into a frame than row tuples, performance notes) and the writer turns each batch into
Polars frames with a fixed schema, so an empty batch still has the right column types.
Rows of a batch refer to their hand by ``local``, its position in the batch; the writer
swaps that for the stored ``hand_key`` after dropping duplicates.

Money columns are exact ints of the smallest unit throughout; nothing here is a float.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

import polars as pl

from stud_hh.cards import str_card
from stud_hh.events import (
    PLAYER_ACTIONS,
    Ante,
    Bet,
    BringIn,
    Call,
    Collect,
    Complete,
    Deal,
    Fold,
    Hand,
    Muck,
    ParseError,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)

Columns = dict[str, list[Any]]

#: Column types per table for the batch frames (the stored tables add ``hand_key`` and
#: ``import_id``; see schema.sql).
SCHEMAS: dict[str, dict[str, Any]] = {
    "hands": {
        "local": pl.Int64, "site": pl.Utf8, "hand_id": pl.Utf8, "game": pl.Utf8,
        "betting": pl.Utf8, "stakes": pl.Utf8, "small_bet": pl.Int64, "big_bet": pl.Int64,
        "ante": pl.Int64, "bring_in": pl.Int64, "currency": pl.Utf8, "play_money": pl.Boolean,
        "tournament_id": pl.Utf8, "level": pl.Utf8, "buy_in": pl.Utf8, "mixed": pl.Utf8,
        "table_name": pl.Utf8, "max_seats": pl.Int16, "started_at": pl.Int64,
        "players": pl.Int16, "last_street": pl.Int16, "showdown": pl.Boolean,
        "total_pot": pl.Int64, "rake": pl.Int64, "errors": pl.Int16, "warnings": pl.Int16,
        "source_file": pl.Utf8, "source_line": pl.Int64,
    },
    "hand_players": {
        "local": pl.Int64, "seat": pl.Int16, "player": pl.Utf8, "starting_stack": pl.Int64,
        "dealt_in": pl.Boolean, "cards_known": pl.Utf8, "door_card": pl.Utf8,
        "final_street": pl.Int16, "folded": pl.Boolean, "contributed": pl.Int64,
        "collected": pl.Int64, "net_won": pl.Int64, "rake_share": pl.Int64,
        "showed": pl.Boolean, "won_at_showdown": pl.Boolean,
    },
    "actions": {
        "local": pl.Int64, "action_index": pl.Int32, "street": pl.Int16, "player": pl.Utf8,
        "kind": pl.Utf8, "amount": pl.Int64, "raise_to": pl.Int64, "all_in": pl.Boolean,
    },
    "violations": {
        "local": pl.Int64, "code": pl.Utf8, "severity": pl.Utf8, "street": pl.Int16,
        "action_index": pl.Int32, "player": pl.Utf8, "rule": pl.Utf8, "message": pl.Utf8,
    },
    "quarantine": {
        "kind": pl.Utf8, "file": pl.Utf8, "line": pl.Int64, "hand_line": pl.Int64,
        "hand_id": pl.Utf8,
        "error": pl.Utf8, "raw_text": pl.Utf8,
    },
}

_KIND = {
    BringIn: "bring_in", Complete: "complete", Bet: "bet", Raise: "raise", Call: "call",
    Fold: "fold",
}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICRO = timedelta(microseconds=1)


def empty_batch() -> dict[str, Columns]:
    return {table: {col: [] for col in schema} for table, schema in SCHEMAS.items()}


def epoch_micros(moment: datetime) -> int:
    """Exact microseconds since the epoch (a naive time is taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return (moment - _EPOCH) // _MICRO


def stakes_label(small_bet: int, big_bet: int, currency: str | None) -> str:
    """``0.04/0.08`` for money in cents, ``50/100`` for chips; exact, no float."""
    if currency is None:
        return f"{small_bet}/{big_bet}"
    return f"{_cents(small_bet)}/{_cents(big_bet)}"


def _cents(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole}.{cents:02d}"


def add_quarantine(
    batch: dict[str, Columns], error: ParseError | str, *, kind: str = "hand",
    file: str | None = None, line: int | None = None, hand_id: str | None = None,
    text: str = "",
) -> None:
    """A hand (or file) that cannot be stored: its text and the reason, never dropped.

    ``line`` is where the hand starts; a parse error's own line (the offending one) goes
    in the ``line`` column and the start in ``hand_line``.
    """
    q = batch["quarantine"]
    hand_line = line
    if isinstance(error, ParseError):
        file = error.path if error.path is not None else file
        line = error.line if error.line else line
        hand_id = error.hand_id or hand_id
        text = error.text or text
        message = str(error)
    else:
        message = error
    q["kind"].append(kind)
    q["file"].append(file)
    q["line"].append(line)
    q["hand_line"].append(hand_line)
    q["hand_id"].append(hand_id)
    q["error"].append(message)
    q["raw_text"].append(text)


def add_hand(
    batch: dict[str, Columns], local: int, hand: Hand, violations: list[Any],
    file: str | None, line: int,
) -> None:
    """Flatten one parsed, validated hand into the batch's column lists."""
    header = hand.header
    contributed: dict[str, int] = defaultdict(int)
    collected: dict[str, int] = defaultdict(int)
    returned: dict[str, int] = defaultdict(int)
    on_street: dict[str, int] = {}
    known: dict[str, list[int]] = defaultdict(list)
    door: dict[str, int] = {}
    folded_on: dict[str, int] = {}
    showed: set[str] = set()
    street = Street.THIRD
    showdown = False
    total_pot: int | None = None
    rake: int | None = None
    acts = batch["actions"]
    index = 0

    def see(player: str, cards: tuple[int | None, ...]) -> None:
        held = known[player]
        for c in cards:
            if c is not None and c not in held:
                held.append(c)

    for event in hand.events:
        kind = type(event)
        if kind is StreetStart:
            _flush(on_street, contributed)
            street = event.street
        elif kind is Ante:
            contributed[event.player] += event.amount
        elif kind is Deal:
            see(event.player, event.cards)
            if event.street == Street.THIRD and event.player not in door:
                for c, up in zip(event.cards, event.up, strict=False):
                    if up and c is not None:
                        door[event.player] = c
                        break
        elif kind is Collect:
            collected[event.player] += event.amount
        elif kind is UncalledReturn:
            returned[event.player] += event.amount
        elif kind is Show:
            showed.add(event.player)
            see(event.player, event.cards)
        elif kind is Muck or kind is SeatResult:
            see(event.player, event.cards)
        elif kind is ShowdownStart:
            showdown = True
        elif kind is Summary:
            total_pot, rake = event.total_pot, event.rake
        if isinstance(event, PLAYER_ACTIONS):
            player = event.player
            amount: int | None = None
            raise_to: int | None = None
            if kind is Complete or kind is Raise:
                raise_to = event.to
                amount = event.to - on_street.get(player, 0)
                on_street[player] = event.to
            elif kind is Fold:
                folded_on[player] = street
                see(player, event.cards)
            elif kind is BringIn or kind is Bet or kind is Call:
                amount = event.amount
                on_street[player] = on_street.get(player, 0) + event.amount
            acts["local"].append(local)
            acts["action_index"].append(index)
            acts["street"].append(int(street))
            acts["player"].append(player)
            acts["kind"].append(_KIND.get(kind, "check"))
            acts["amount"].append(amount)
            acts["raise_to"].append(raise_to)
            acts["all_in"].append(bool(getattr(event, "all_in", False)))
            index += 1
    _flush(on_street, contributed)
    last_street = int(street)

    shares = _rake_shares(rake or 0, collected)
    hp = batch["hand_players"]
    dealt = 0
    for seat in hand.seats:
        name = seat.player
        dealt_in = not (seat.sitting_out or seat.out_of_hand)
        dealt += dealt_in
        won = collected.get(name, 0)
        put = contributed.get(name, 0)
        folded = name in folded_on
        hp["local"].append(local)
        hp["seat"].append(seat.seat)
        hp["player"].append(name)
        hp["starting_stack"].append(seat.stack)
        hp["dealt_in"].append(dealt_in)
        hp["cards_known"].append(" ".join(str_card(c) for c in known.get(name, ())))
        hp["door_card"].append(str_card(door[name]) if name in door else None)
        hp["final_street"].append(
            folded_on[name] if folded else (last_street if dealt_in else None)
        )
        hp["folded"].append(folded)
        hp["contributed"].append(put)
        hp["collected"].append(won)
        hp["net_won"].append(won + returned.get(name, 0) - put)
        hp["rake_share"].append(shares.get(name, 0))
        hp["showed"].append(name in showed)
        hp["won_at_showdown"].append(showdown and not folded and won > 0)

    errors = warnings = 0
    vs = batch["violations"]
    for v in violations:
        if v.severity == "error":
            errors += 1
        else:
            warnings += 1
        vs["local"].append(local)
        vs["code"].append(v.code)
        vs["severity"].append(str(v.severity))
        vs["street"].append(None if v.street is None else int(v.street))
        vs["action_index"].append(v.action_index)
        vs["player"].append(v.player)
        vs["rule"].append(v.rule)
        vs["message"].append(v.message)

    h = batch["hands"]
    h["local"].append(local)
    h["site"].append(header.site)
    h["hand_id"].append(header.hand_id)
    h["game"].append(str(header.game))
    h["betting"].append(str(header.limit))
    h["stakes"].append(stakes_label(header.small_bet, header.big_bet, header.currency))
    h["small_bet"].append(header.small_bet)
    h["big_bet"].append(header.big_bet)
    h["ante"].append(header.ante)
    h["bring_in"].append(header.bring_in)
    h["currency"].append(header.currency)
    h["play_money"].append(header.play_money)
    h["tournament_id"].append(header.tournament_id)
    h["level"].append(header.level)
    h["buy_in"].append(header.buy_in)
    h["mixed"].append(header.mixed)
    h["table_name"].append(header.table)
    h["max_seats"].append(header.max_seats)
    h["started_at"].append(epoch_micros(header.started_at))
    h["players"].append(dealt)
    h["last_street"].append(last_street)
    h["showdown"].append(showdown)
    h["total_pot"].append(total_pot)
    h["rake"].append(rake)
    h["errors"].append(errors)
    h["warnings"].append(warnings)
    h["source_file"].append(file)
    h["source_line"].append(line)


def _flush(on_street: dict[str, int], contributed: dict[str, int]) -> None:
    for player, amount in on_street.items():
        contributed[player] += amount
    on_street.clear()


def _rake_shares(rake: int, collected: dict[str, int]) -> dict[str, int]:
    """Rake split in proportion to what each winner collected; exact ints summing to rake."""
    total = sum(collected.values())
    if rake <= 0 or total <= 0:
        return {}
    shares = {p: rake * c // total for p, c in collected.items()}
    leftover = rake - sum(shares.values())
    if leftover:
        biggest = max(collected, key=lambda p: collected[p])
        shares[biggest] += leftover
    return shares


def to_frames(batch: dict[str, Columns]) -> dict[str, pl.DataFrame]:
    """The batch's column lists as Polars frames with the fixed schemas."""
    frames = {
        table: pl.DataFrame(batch[table], schema=schema) for table, schema in SCHEMAS.items()
    }
    frames["hands"] = frames["hands"].with_columns(
        pl.col("started_at").cast(pl.Datetime("us", "UTC"))
    )
    return frames
