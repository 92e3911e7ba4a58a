"""PHH actions -> the events of a stud hand, in order.

Streets are not written in PHH: a player's cards are, and the street follows from how many
he holds (three on 3rd street, one more on each later street), so a ``StreetStart`` goes
before the first card of each street. Cards lie as stud deals them: the first two down, the
next four up, the river down. A betting action means what the chips say
(``stud_hh.dialects.phh.betting``) unless its commentary states what the site printed; a
no-op's commentary may state one of the site's records (``# showdown``).

A file from another tool states no records: the reader then works out what a history
prints and PHH leaves to the reader (``settle``): the uncalled bet returned, the showdown's
start (before the first ``sm``), the pots collected (from ``winnings``, else
``finishing_stacks``; neither: nobody collects, and the audit says so) and the summary's
total.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.dialects.phh.betting import Chips
from stud_hh.dialects.phh.notation import (
    Money,
    NotationError,
    known_cards,
    player_named,
    read_cards,
    read_no_op,
    read_phrase,
)
from stud_hh.events import (
    Ante,
    Bet,
    BoardCard,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Game,
    Muck,
    Raise,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.rules import OddChipCards

#: The events each betting action may stand for (a commentary stating another is ignored).
_KINDS: dict[str, tuple[type[Event], ...]] = {
    "pb": (BringIn,), "cbr": (Complete, Bet, Raise), "cc": (Check, Call), "f": (Fold,),
}
_SEVENTH = Street.SEVENTH


class ActionError(NotationError):
    """An action that is not PHH, or not stud; ``index`` is its place in ``actions``."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


class Actions:
    """The events of one hand, built action by action."""

    def __init__(self, players: Sequence[str], stacks: Sequence[int], bring_in: int,
                 money: Money) -> None:
        self.players = list(players)
        self.money = money
        self.chips = Chips(players, stacks, bring_in)
        self.events: list[Event] = []
        self.street: Street | None = None
        self.held = dict.fromkeys(players, 0)  # cards dealt to each player so far
        self.board: list[int] = []
        self.last_decision = -1  # index in events of the last betting action

    def antes(self, antes: Sequence[int], stacks: Sequence[int]) -> None:
        """Each player's ante (what he posted: all he had when that is less)."""
        for player, ante, stack in zip(self.players, antes, stacks, strict=True):
            if ante > 0:
                posted = min(ante, stack)
                self._add(Ante(player, posted, posted == stack))

    def read(self, actions: Sequence[object]) -> None:
        for index, action in enumerate(actions):
            if not isinstance(action, str):
                raise ActionError(index, f"action {index + 1} is not a string: {action!r}")
            try:
                self._action(action)
            except ActionError:
                raise
            except NotationError as exc:
                raise ActionError(index, f"action {action!r}: {exc}") from None

    def _action(self, action: str) -> None:
        body, sharp, comment = action.partition("#")
        comment = comment.strip() if sharp else ""
        words = body.split()
        match words:
            case []:
                event = read_no_op(comment, self.players, self.money) if comment else None
                if isinstance(event, StreetStart):
                    self._reach(event.street)  # a street no card shows (``# 4th street``)
                elif event is not None:
                    self._add(event)
            case ["d", "dh", who, cards]:
                self._deal(player_named(who, self.players), read_cards(cards))
            case ["d", "db", cards]:
                self._board(read_cards(cards))
            case [who, ("pb" | "cc" | "f") as kind]:
                self._decide(player_named(who, self.players), kind, 0, comment)
            case [who, "cbr", amount]:
                self._decide(player_named(who, self.players), "cbr",
                             self.money.amount(amount), comment)
            case [who, "sm", *shown] if len(shown) <= 1:
                self._showdown(player_named(who, self.players), shown, comment)
            case [_, "sd", *_]:
                raise NotationError("standing pat or discarding is not a stud action")
            case _:
                raise NotationError("not a PHH action")

    def _deal(self, player: str, cards: tuple[int | None, ...]) -> None:
        """Cards to one player: their street is the number he holds after them."""
        held = self.held[player]
        self.held[player] = held + len(cards)
        street = Street(min(max(held + len(cards), 3), 7))
        self._reach(street)
        up = tuple(2 <= k <= 5 for k in range(held, held + len(cards)))
        self._add(Deal(street, player, cards, up))

    def _board(self, cards: tuple[int | None, ...]) -> None:
        """The community card, dealt when the deck runs out on the river."""
        self._reach(_SEVENTH)
        for card in cards:
            if card is None:
                raise NotationError("an unknown community card")
            self.board.append(card)
            self._add(BoardCard(card))

    def _reach(self, street: Street) -> None:
        if self.street is None or street > self.street:
            self.street = street
            self.chips.new_street(street)
            self._add(StreetStart(street))

    def _decide(self, player: str, kind: str, to: int, comment: str) -> None:
        event = self.chips.implied(player, kind, to)
        if comment:
            stated = read_phrase(comment, player, self.money)
            if stated is not None and isinstance(stated, _KINDS[kind]):
                event = stated
        self.last_decision = len(self.events)
        self._add(event)

    def _showdown(self, player: str, shown: list[str], comment: str) -> None:
        """``sm`` with cards shows them (the commentary describes the hand); alone it
        mucks (a commentary of cards: the cards the site printed with the muck)."""
        if shown == ["-"]:
            cards = tuple(c for e in self.events if isinstance(e, Deal) and e.player == player
                          for c in e.cards if c is not None)
            self._add(Show(player, cards, comment or None))
        elif shown:
            cards = tuple(c for c in read_cards(shown[0]) if c is not None)
            self._add(Show(player, cards, comment or None))
        else:
            mucked: tuple[int, ...] = ()
            if comment:
                try:
                    mucked = known_cards(comment)
                except NotationError:
                    mucked = ()  # a remark, not cards
            self._add(Muck(player, mucked))

    def _add(self, event: Event) -> None:
        self.events.append(event)
        self.chips.apply(event)

    # --- a file that states no records -----------------------------------------------------

    def settle(self, game: Game, stacks: Sequence[int], winnings: list[int] | None,
               finishing: list[int] | None) -> Summary:
        """Return the uncalled bet, start the showdown, collect the pots and total them,
        as a history would."""
        if not any(isinstance(e, UncalledReturn) for e in self.events):
            self._return_uncalled()
        if not any(isinstance(e, ShowdownStart) for e in self.events):
            shown = next((i for i, e in enumerate(self.events) if isinstance(e, Show | Muck)),
                         None)
            if shown is not None:
                self.events.insert(shown, ShowdownStart())
        behind = self.chips.behind
        total = sum(stacks) - sum(behind.values())
        if not any(isinstance(e, Collect) for e in self.events):
            if winnings is not None:
                won = winnings
            elif finishing is not None:
                won = [max(0, f - behind[p]) for p, f in zip(self.players, finishing,
                                                            strict=True)]
            else:
                won = self._awarded(game, stacks)
            self.events += [Collect(p, a) for p, a in zip(self.players, won, strict=True) if a]
        collected = sum(e.amount for e in self.events if isinstance(e, Collect))
        rake = max(0, total - collected) if collected else 0
        return Summary(total, rake, board=tuple(self.board))

    def _awarded(self, game: Game, stacks: Sequence[int]) -> list[int]:
        """What each player wins when the file does not say (PHH leaves it to the reader):
        the engine's pots and showdown, odd chips by the best five cards (TDA). A pot whose
        contenders' cards are unknown is split among them."""
        from stud_hh.engine.pots import award_pots, build_pots

        players, behind = self.players, self.chips.behind
        out = {e.player for e in self.events if isinstance(e, Fold)}
        if len(out) + 1 < len(players):  # a muck at a showdown gives up; the last one's not
            out |= {e.player for e in self.events if isinstance(e, Muck)}
        live = [p not in out for p in players]
        pots = build_pots([s - behind[p] for p, s in zip(players, stacks, strict=True)],
                          live, [behind[p] == 0 for p in players])
        hands = {i: cards for i, p in enumerate(players)
                 if live[i] and (cards := self._known_hand(p)) is not None}
        won = [0] * len(players)
        awards = award_pots(pots, 0, hands, game, OddChipCards.BEST_FIVE, range(len(players)))
        for award in awards:
            for share in award.shares:
                won[share.player] += share.amount
        return won

    def _known_hand(self, player: str) -> tuple[int, ...] | None:
        """The player's seven cards (six and the board card), if all are known."""
        shown = [e.cards for e in self.events if isinstance(e, Show) and e.player == player]
        dealt = [c for e in self.events if isinstance(e, Deal) and e.player == player
                 for c in e.cards]
        cards = shown[-1] if shown else tuple(c for c in dealt if c is not None)
        cards = tuple(cards) + tuple(self.board)
        if len(cards) != 7 or (not shown and None in dealt):
            return None
        return cards

    def _return_uncalled(self) -> None:
        """The last street's biggest contribution, less the next biggest, goes back."""
        street_in = self.chips.street_in
        if not street_in:
            return
        ranked = sorted(street_in.items(), key=lambda item: item[1], reverse=True)
        top_player, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if top > second:
            returned = UncalledReturn(top_player, top - second)
            self.events.insert(self.last_decision + 1, returned)
            self.chips.apply(returned)


__all__ = ["ActionError", "Actions"]
