"""A hand's opening (antes, street starts, deals before the first betting action), read once.

The validator's replay (``stud_hh.validate.replay``) sets the engine up from who is dealt in
and the antes, which only the opening says, and its ledger starts with the same events: so
they are read once, here, and the replay's walk carries on from where this stops, on the same
iterator. The event codes of that walk live here too, as the opening is read with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, islice
from operator import attrgetter
from typing import get_args

from stud_hh.engine import ActionKind
from stud_hh.events import (
    Ante,
    BoardCard,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Header,
    Muck,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.events import Bet as BetEvent
from stud_hh.validate.consistency import ante_of

_THIRD = Street.THIRD


#: history event -> (engine action kind, the event field holding ``Action.amount``)
_TO_ENGINE: dict[type, tuple[ActionKind, str | None]] = {
    BringIn: (ActionKind.BRING_IN, "amount"),
    Complete: (ActionKind.COMPLETE, "to"),
    BetEvent: (ActionKind.BET, "amount"),
    Raise: (ActionKind.RAISE, "to"),
    Call: (ActionKind.CALL, "amount"),
    Check: (ActionKind.CHECK, None),
    Fold: (ActionKind.FOLD, None),
}


#: What ``_Replay.run_with`` does with each event type, in one dict lookup: a small code,
#: the betting actions first (their engine kind is ``_KINDS[code]``).
_W_CALL, _W_BET, _W_BRING_IN, _W_CHECK, _W_FOLD, _W_RAISE, _W_COMPLETE = range(7)
_W_DEAL, _W_ANTE, _W_STREET, _W_SEAT, _W_SHOW, _W_MUCK = range(7, 13)
_W_RETURN, _W_COLLECT, _W_SUMMARY, _W_SHOWDOWN, _W_BOARD, _W_OTHER = range(13, 19)
_WALK: dict[type, int] = {
    **dict.fromkeys(get_args(Event), _W_OTHER),  # events with nothing to replay or count
    Call: _W_CALL,
    BetEvent: _W_BET,
    BringIn: _W_BRING_IN,
    Check: _W_CHECK,
    Fold: _W_FOLD,
    Raise: _W_RAISE,
    Complete: _W_COMPLETE,
    Deal: _W_DEAL,
    Ante: _W_ANTE,
    StreetStart: _W_STREET,
    SeatResult: _W_SEAT,
    Show: _W_SHOW,
    Muck: _W_MUCK,
    UncalledReturn: _W_RETURN,
    Collect: _W_COLLECT,
    Summary: _W_SUMMARY,
    ShowdownStart: _W_SHOWDOWN,
    BoardCard: _W_BOARD,
}
_PLAYER = attrgetter("player")
#: What ``Opening`` reads: the events of a hand's opening (any other type ends it).
_LEAD: dict[type, int] = {
    **{kind: code for kind, code in _WALK.items() if code == _W_OTHER},
    Deal: _W_DEAL,
    Ante: _W_ANTE,
    StreetStart: _W_STREET,
}


class Opening:
    """The hand's opening (antes, street starts, deals), read once for the engine and ledger.

    The engine is built from who is dealt in and the antes (the stakes and the players),
    which only the events before the first betting action say; those same events are also
    the first of the ledger's walk. So they are read once, here: the ledger's share
    (``antes``, ``dealt``, ``oversized``, ``street``) is gathered on the way, the engine
    is fed them afterwards in one go (``replay._Replay.run_with``), and the walk goes on from
    ``first``, the first event that is neither an ante, a deal, a street start nor a note
    (``stopped`` False: there is none), on the same iterator (``tail``).

    ``took`` and ``set_up_antes`` are who is dealt in and the antes before the first
    betting action (past ``first`` when a show or a summary comes before any action, as in
    a damaged history); ``bring_in`` is the hand's first bring-in (the ledger's too).
    ``uniform`` is True when the set-up antes are the opening's, all the same amount and
    none all-in: the table ante then needs no vote (``consistency.ante_of``) and the
    antes are posted at once. ``deals`` are the opening's ``(player, cards)`` for the
    engine (``StudState._force_deals``); ``interleaved``: an ante came after a deal, so
    the engine is fed the opening event by event instead.
    """

    __slots__ = (
        "antes",
        "bring_in",
        "deals",
        "dealt",
        "first",
        "interleaved",
        "oversized",
        "rest",
        "set_up_antes",
        "stopped",
        "street",
        "took",
        "uniform",
    )

    def __init__(self, events: tuple[object, ...]) -> None:
        took: set[str] = set()  # who anted or was dealt: filled after the loop
        antes: list[Ante] = []
        dealt: dict[str, list[int | None]] = {}
        oversized: list[Deal] = []
        deals: list[tuple[str, tuple[int | None, ...]]] = []
        street = third = _THIRD
        codes = _LEAD
        first = None  # the first ante's amount
        uniform = True
        interleaved = False  # an ante after a deal: the engine is fed event by event
        stopped = False
        # The walk goes on from where this loop stops, on the same iterator (``rest``,
        # ``first``): no position is counted. Subscripts, ``in`` and unpacking rather
        # than ``dict.get`` and ``len``: a call costs more.
        rest = iter(events)
        for event in rest:
            try:
                code = codes[type(event)]
            except KeyError:
                stopped = True
                break
            if code == _W_DEAL:
                player = event.player  # type: ignore[attr-defined]
                cards = event.cards  # type: ignore[attr-defined]
                if player in dealt:
                    dealt[player].extend(cards)
                else:
                    dealt[player] = list(cards)
                # WRONG_CARD_COUNT (check_cards): more than three, or more than one after
                # 3rd street (three on 3rd street: the unpacking says so without ``len``)
                try:
                    _, _, _ = cards
                except ValueError:
                    if len(cards) > 3 or (len(cards) > 1 and event.street is not third):  # type: ignore[attr-defined]
                        oversized.append(event)  # type: ignore[arg-type]
                else:
                    if event.street is not third:  # type: ignore[attr-defined]
                        oversized.append(event)  # type: ignore[arg-type]
                deals.append((player, cards))
            elif code == _W_ANTE:
                amount = event.amount  # type: ignore[attr-defined]
                if first is None:
                    first = amount
                if amount != first or event.all_in:  # type: ignore[attr-defined]
                    uniform = False
                antes.append(event)  # type: ignore[arg-type]
                if deals:
                    interleaved = True
            elif code == _W_STREET:
                street = event.street  # type: ignore[attr-defined]
        took.update(dealt)
        if antes:
            took.update(map(_PLAYER, antes))
        self.took = took
        self.antes = antes
        self.set_up_antes = antes
        self.dealt = dealt
        self.oversized = oversized
        self.deals = deals
        self.street = street
        self.uniform = uniform
        self.interleaved = interleaved
        self.rest = rest
        self.stopped = stopped
        self.first: object = event if stopped else None
        self.bring_in: BringIn | None = None
        if stopped:
            if type(event) is BringIn:
                self.bring_in = event  # type: ignore[assignment]
                return
            if type(event) not in _TO_ENGINE:
                self._set_up_from(events)
            # none before ``first``: the hand's first bring-in, wherever it is
            self.bring_in = next((e for e in events if type(e) is BringIn), None)  # type: ignore[misc]

    def stop(self, events: tuple[object, ...]) -> int:
        """Where the opening ends in ``events``: the position of ``first`` (or the end).

        ``first`` is of a type the opening does not hold, so its first occurrence is it.
        """
        if not self.stopped:
            return len(events)
        first = self.first
        return next(i for i, e in enumerate(events) if e is first)

    def tail(self) -> Iterable[object]:
        """The events after the opening, from ``first`` on (once: ``rest`` is consumed)."""
        return chain((self.first,), self.rest) if self.stopped else ()

    def _set_up_from(self, events: tuple[object, ...]) -> None:
        """A show, a summary or another record before any betting action (damaged
        histories): who is dealt in and the antes are still those before the first one."""
        set_up = list(self.antes)
        for event in islice(events, self.stop(events), None):
            kind = type(event)
            if kind is Deal:
                self.took.add(event.player)  # type: ignore[attr-defined]
            elif kind is Ante:
                set_up.append(event)  # type: ignore[arg-type]
                self.took.add(event.player)  # type: ignore[attr-defined]
            elif kind in _TO_ENGINE:
                break
        if len(set_up) > len(self.antes):
            self.set_up_antes = set_up
            self.uniform = False

    def table_ante(self, header: Header) -> int | None:
        """``consistency.ante_of`` of the set-up antes, without the vote when uniform."""
        antes = self.set_up_antes
        if self.uniform and antes:
            return antes[0].amount
        return ante_of(antes, header)
