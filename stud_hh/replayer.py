"""A hand as the replayer shows it: one step per thing that happened, the table after it.

The replayer (in ``stud-hh serve`` and in the static report pages) steps through a hand
street by street. Each ``Step`` carries the whole table after it: every player's cards
(down or up, ``None`` where the history does not reveal them), stack, chips bet on the
street, whether he folded, the pot, and the findings of the validator marked at the action
they concern. The table is computed here, once, from the hand's events exactly as the
history tells them (an illegal action moves the chips it says it moved); the page only
draws it. Steps read like the history: each one's ``lines`` are the hand-history lines
that make it (``stud_hh.dialects.pokerstars.writer.format_event``).

Grouping: a street's header and its ``Dealt to`` lines are one step, the antes one step,
each betting decision, show, muck and collection one step, and the summary the last.
Cards a player shows at the end are known from the start (the trackers' convention): they
are drawn face down until the player turns them up.

>>> from stud_hh.simulate import simulate_hands
>>> hand = next(simulate_hands(1, game="razz", players=3, seed=1))
>>> r = replay(hand)
>>> r.steps[0].lines[0].startswith("Seat 1:"), r.steps[-1].pot
(True, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from stud_hh.cards import str_card
from stud_hh.dialects.pokerstars.writer import (
    CURRENCY_SYMBOLS,
    GAME_NAMES,
    LIMIT_NAMES,
    find_hero,
    format_date,
    format_event,
    format_money,
)
from stud_hh.events import (
    Ante,
    BoardCard,
    Chat,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Hand,
    Muck,
    PlayerAction,
    Raise,
    SeatResult,
    Show,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
    Wager,
)

#: One card as drawn: its text ("Ah", None when unknown) and whether it is face up.
Card = tuple[str | None, bool]


class Step(msgspec.Struct, frozen=True, kw_only=True):
    """The table after one step of the hand (index ``i`` of ``Replay.steps``)."""

    street: int  # 3..7; the summary keeps the last street
    lines: tuple[str, ...]  # the hand-history lines of this step
    actor: str | None = None
    action_index: int | None = None  # the step's place among Hand.player_actions()
    pot: int = 0  # chips in the middle, this street's bets included
    stacks: tuple[int, ...] = ()  # per seat (Replay.seats order)
    bets: tuple[int, ...] = ()  # chips each put in on this street
    folded: tuple[bool, ...] = ()
    cards: tuple[tuple[Card, ...], ...] = ()
    board: tuple[str, ...] = ()  # the community card, when the deck ran out
    findings: tuple[dict[str, Any], ...] = ()


class Replay(msgspec.Struct, frozen=True, kw_only=True):
    site: str
    hand_id: str
    game: str
    title: str  # "Razz Limit ($10/$20 USD), table 'Alpha', 2009/11/26 10:08:43 ET"
    currency: str | None  # money in cents of it; None: chips
    symbol: str  # "$", "€", "" for chips
    seats: tuple[tuple[int, str], ...]  # (seat number, player) of the players dealt in
    steps: tuple[Step, ...]
    findings: int = 0  # findings in all


def finding_record(finding: object) -> dict[str, Any]:
    """A validator ``Violation`` (or a stored row as a mapping) as the replayer shows it.

    Every field is kept but ``hand_id``, so fields the validator adds later (a finding's
    cause, say) reach the page without a change here.
    """
    if isinstance(finding, Mapping):
        record = dict(finding)
    elif isinstance(finding, msgspec.Struct):
        record = msgspec.structs.asdict(finding)
    else:
        record = dict(vars(finding))
    record.pop("hand_id", None)
    street = record.get("street")
    if street is not None:
        record["street"] = int(street)
    return {k: (str(v) if k == "severity" and v is not None else v) for k, v in record.items()}


class _Table:
    """The running state while the events are walked."""

    def __init__(self, hand: Hand) -> None:
        dealt = [s for s in hand.seats if not (s.sitting_out or s.out_of_hand)]
        self.index = {s.player: i for i, s in enumerate(dealt)}
        self.stacks = [s.stack for s in dealt]
        self.bets = [0] * len(dealt)
        self.folded = [False] * len(dealt)
        self.cards: list[list[Card]] = [[] for _ in dealt]
        self.board: list[str] = []
        self.pot = 0
        self.street = 3

    def put_in(self, player: str, amount: int, bet: bool = True) -> None:
        """Chips from a player's stack to the middle; an ante is not a bet of the street."""
        i = self.index.get(player)
        if i is None:
            return
        self.stacks[i] -= amount
        if bet:
            self.bets[i] += amount
        self.pot += amount

    def fold(self, player: str) -> None:
        i = self.index.get(player)
        if i is not None:
            self.folded[i] = True

    def take(self, player: str, amount: int, returned: bool) -> None:
        i = self.index.get(player)
        if i is None:
            return
        self.stacks[i] += amount
        self.pot -= amount
        if returned:
            self.bets[i] -= amount

    def deal(self, event: Deal) -> None:
        i = self.index.get(event.player)
        if i is not None:
            self.cards[i].extend(
                (None if c is None else str_card(c), up)
                for c, up in zip(event.cards, event.up, strict=False))

    def reveal(self, player: str, shown: Iterable[int], turn_up: bool) -> None:
        """Fill the player's unknown cards with the ones shown (in the order dealt)."""
        i = self.index.get(player)
        if i is None:
            return
        held = self.cards[i]
        known = {c for c, _ in held if c is not None}
        rest = [t for t in map(str_card, shown) if t not in known]
        for k, (card, up) in enumerate(held):
            if card is None and rest:
                held[k] = (rest.pop(0), up)
        held.extend((c, False) for c in rest)
        if turn_up:
            self.cards[i] = [(c, True) if c is not None else (c, up) for c, up in held]

    def step(self, lines: list[str], actor: str | None = None,
             action_index: int | None = None) -> Step:
        return Step(
            street=self.street,
            lines=tuple(part for line in lines if line for part in line.split("\n")),
            actor=actor, action_index=action_index, pot=self.pot,
            stacks=tuple(self.stacks), bets=tuple(self.bets), folded=tuple(self.folded),
            cards=tuple(tuple(c) for c in self.cards), board=tuple(self.board),
        )


def _chips(event: Wager, table: _Table) -> int:
    """Chips a wager adds: its amount, or for a completion or raise what it takes the
    player's street total to (``to``) less what he had in."""
    if isinstance(event, (Complete, Raise)):
        i = table.index.get(event.player)
        already = table.bets[i] if i is not None else 0
        return max(event.to - already, 0)
    return int(getattr(event, "amount", 0))


_SILENT = (TableNote, Chat)


def _steps(hand: Hand) -> list[Step]:
    """The seats, then one step per action and per other event; antes, a street's deal
    and the summary are one step each (``_Steps``)."""
    steps = _Steps(hand)
    for event in hand.events:
        if not isinstance(event, _SILENT):
            steps.add(event)
    steps.close()
    return steps.steps


class _Steps:
    """The replay's steps as they are built: the table as the events change it, and the
    lines of the group being gathered; a step records the table as it is when its lines
    are done, so a group is closed before the next event changes the table."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.hero = find_hero(hand)
        self.table = table = _Table(hand)
        money = hand.header.currency
        seat_lines = [f"Seat {s.seat}: {s.player} ({format_money(s.stack, money)} in chips)"
                      for s in hand.seats if not (s.sitting_out or s.out_of_hand)]
        self.steps: list[Step] = [table.step(seat_lines)]
        self.pending: list[str] = []  # lines of a step still being grouped
        self.group: str | None = None  # "antes", "deal" or "summary"
        self.action_index = 0

    def close(self) -> None:
        """The group gathered so far becomes a step."""
        if self.group is not None:
            self.steps.append(self.table.step(self.pending))
            self.pending = []
            self.group = None

    def _join(self, group: str) -> None:
        if self.group != group:
            self.close()
            self.group = group

    def _alone(self, text: str, player: str | None = None) -> None:
        """A step of its own, after the group before it."""
        self.steps.append(self.table.step([text], player))

    def add(self, event: Event) -> None:
        table = self.table
        text = format_event(event, self.hand, self.hero)
        match event:
            case Ante():
                self._join("antes")
                table.put_in(event.player, event.amount, bet=False)
            case StreetStart():
                self.close()
                table.street = int(event.street)
                table.bets = [0] * len(table.bets)
                self.group = "deal"
            case Deal():
                self._join("deal")
                table.deal(event)
            case BoardCard():
                table.board.append(str_card(event.card))
            case Summary():
                self.close()
                self.group = "summary"
                table.pot -= event.rake  # what stays in the middle is the house's
            case SeatResult():
                if event.cards:
                    table.reveal(event.player, event.cards, turn_up=False)
            case PlayerAction():
                self.close()
                self._act(event)
                self.steps.append(table.step([text], event.player, self.action_index))
                self.action_index += 1
                return
            case Show() | Muck():
                self.close()
                if event.cards:
                    table.reveal(event.player, event.cards, turn_up=isinstance(event, Show))
                self._alone(text, event.player)
                return
            case UncalledReturn() | Collect():
                self.close()
                table.take(event.player, event.amount, returned=isinstance(event, UncalledReturn))
                self._alone(text, event.player)
                return
            case _:
                self.close()
                self._alone(text, getattr(event, "player", None))
                return
        self.pending.append(text)

    def _act(self, event: PlayerAction) -> None:
        if isinstance(event, Wager):
            self.table.put_in(event.player, _chips(event, self.table))
        elif isinstance(event, Fold):
            self.table.fold(event.player)
            if event.cards:
                self.table.reveal(event.player, event.cards, turn_up=True)


def _title(hand: Hand) -> str:
    h = hand.header
    stakes = f"{format_money(h.small_bet, h.currency)}/{format_money(h.big_bet, h.currency)}"
    if h.currency:
        stakes += f" {h.currency}"
    kind = f"tournament {h.tournament_id}, " if h.tournament_id else ""
    return (f"{GAME_NAMES[h.game]} {LIMIT_NAMES[h.limit]} ({stakes}), {kind}"
            f"table '{h.table}', {format_date(h.started_at)}")


def _place(steps: list[Step], finding: dict[str, Any]) -> int:
    """The step a finding belongs to: its action's, else its street's first, else the last."""
    index = finding.get("action_index")
    if index is not None:
        for i, step in enumerate(steps):
            if step.action_index == index:
                return i
    street = finding.get("street")
    if street is not None:
        for i, step in enumerate(steps):
            if step.street == street and i > 0:
                return i
    return len(steps) - 1


def replay(hand: Hand, findings: Iterable[object] = ()) -> Replay:
    """The hand's steps, each finding (``Violation`` or stored row) at its action."""
    steps = _steps(hand)
    records = [finding_record(f) for f in findings]
    placed: dict[int, list[dict[str, Any]]] = {}
    for record in records:
        placed.setdefault(_place(steps, record), []).append(record)
    steps = [msgspec.structs.replace(s, findings=tuple(placed[i])) if i in placed else s
             for i, s in enumerate(steps)]
    h = hand.header
    return Replay(
        site=h.site, hand_id=h.hand_id, game=str(h.game), title=_title(hand),
        currency=h.currency,
        symbol=CURRENCY_SYMBOLS.get(h.currency, "$") if h.currency else "",
        seats=tuple((s.seat, s.player) for s in hand.seats
                    if not (s.sitting_out or s.out_of_hand)),
        steps=tuple(steps), findings=len(records),
    )


def replay_data(replay_: Replay) -> dict[str, Any]:
    """The replay as plain data for a page: each step keeps only what changed since the
    step before it (the page carries the rest forward), which makes a hand ~5x smaller."""
    data: dict[str, Any] = msgspec.to_builtins(replay_)
    previous: dict[str, Any] = {}
    compact = []
    for step in data["steps"]:
        changed = {k: v for k, v in step.items()
                   if k in ("lines", "actor", "action_index", "findings")
                   or previous.get(k) != v}
        for key in ("actor", "action_index"):
            if changed.get(key) is None:
                changed.pop(key, None)
        if not changed.get("findings"):
            changed.pop("findings", None)
        compact.append(changed)
        previous = step
    data["steps"] = compact
    return data
