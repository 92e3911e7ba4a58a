"""Replay a hand through the rules engine, turning its refusals into violations.

The history is the witness, the engine the judge. The hand is read event by event, in
order, as a dealer would run it: antes are posted, each street's cards dealt, each betting
action checked by the engine and applied; when the engine refuses an action, the refusal
is recorded and the action is ``force``-d, so that the replay follows what actually
happened and one breach does not bury the rest of the hand. Hidden cards the history does
not reveal (opponents' hole cards, their river card) are dealt as unknown (``None``). At
the end the showdown is awarded and compared with what the history says was collected.

Record checks the engine would repeat (antes, cards, stacks) are left to
``stud_hh.validate.consistency``, which sees the whole hand at once; here the engine
judges turn order, sizes, caps, completion, open pairs, all-ins and the showdown award.
The engine is driven only through its public operations (docs/engine-api.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from stud_hh.engine import (
    Action,
    Code,
    IllegalAction,
    LegalAction,
    Phase,
    StudState,
    betting_action,
)
from stud_hh.engine.bridge import BettingEvent
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
    Event,
    Fold,
    Hand,
    Limit,
    Muck,
    NoLowHand,
    NoShow,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)
from stud_hh.rules import POKERSTARS, RuleSet
from stud_hh.validate.catalogue import Violation
from stud_hh.validate.dispatch import every_event
from stud_hh.validate.findings import Findings
from stud_hh.validate.ledger import Ledger
from stud_hh.validate.money import money
from stud_hh.validate.setup import Setup, StructureSheet, setup_for

_BETTING = Phase.BETTING
_ANTES = Phase.ANTES
_DEALING = Phase.DEALING
_SHOWDOWN = Phase.SHOWDOWN
_THIRD = Street.THIRD
_FIXED = Limit.FIXED
_ROUND_OPEN = Code.ROUND_OPEN
_WRONG_BRING_IN_AMOUNT = Code.WRONG_BRING_IN_AMOUNT
_ACTION_AFTER_FOLD = Code.ACTION_AFTER_FOLD
_ACTION_BY_ALL_IN = Code.ACTION_BY_ALL_IN_PLAYER
_NOT_BETTING = Code.NOT_BETTING
#: Who had to act first: judged from upcards, so not for a player whose upcards the history
#: does not show (PartyPoker prints only the hero's cards: an opponent's door card is known
#: only if he shows his hand). The engine leaves such a player out of its choice; when he
#: is the one who acted, what he held could have made him first.
_WHO_FIRST = frozenset({Code.WRONG_BRING_IN_PLAYER, Code.WRONG_FIRST_ACTOR})

#: Verdicts that only hold in fixed limit (the engine knows fixed limit only so far).
_FIXED_LIMIT_ONLY = frozenset(
    {"BET_SIZE", "RAISE_CAP_EXCEEDED", "BIG_BET_WITHOUT_OPEN_PAIR", "SMALL_RAISE_AFTER_BIG_BET",
     "RAISE_BEFORE_COMPLETION", "WRONG_BRING_IN_AMOUNT"}
)


class Replay:
    """One hand replayed: the engine, the findings, and what the history has said so far."""

    __slots__ = ("deals", "findings", "hand", "ledger", "probe", "setup", "state")

    def __init__(self, hand: Hand, setup: Setup, state: StudState, ledger: Ledger,
                 probe: frozenset[int] = frozenset()) -> None:
        self.hand = hand
        self.setup = setup
        self.state = state
        #: the hand's money as counted (what was collected, the summary, antes returned)
        self.ledger = ledger
        self.probe = probe  # action indices whose options to keep even when legal
        self.findings = Findings(hand, state.players)
        self.deals: list[tuple[int | str, tuple[int | None, ...]]] = []  # not yet dealt

    def run(self) -> Findings:
        """The events in order; a street's deals are gathered here (a quarter of a hand's
        events: no step of their own) and dealt together by the next step that needs
        the cards out (``deal_given``)."""
        steps = _STEPS
        for event in self.hand.events:
            if type(event) is Deal:
                self.deals.append((event.player, event.cards))
                continue
            step = steps[type(event)]
            if step is not None:
                step(self, event)
        self.deal_given()
        self.finish()
        return self.findings

    # ------------------------------------------------------------------ the events
    def _street(self, event: StreetStart) -> None:
        self.findings.street = event.street
        st = self.state
        if st.phase is _BETTING and st.street < event.street:
            # the history moved on with the round open: it ends as it stands
            self._note_open()
            self._left_open(st.force_deal_street(self.deals))
            self.deals = []

    def _ante(self, event: Ante) -> None:
        if self.deals:
            self.deal_given()
        st = self.state
        if st.phase is not _ANTES:
            return  # a late ante: the record checks judge it
        if self.setup.antes_as_due:
            st.post_antes()
        elif event.player in st.player_index:
            st.force_ante(event.player, event.amount)

    def _show(self, event: Show) -> None:
        self.deal_given()
        self.deal_unseen()
        try:  # noqa: SIM105 (a with block costs two special-method lookups a show)
            self.state.show(event.player, event.cards)
        except (IllegalAction, ValueError, KeyError):
            pass

    def _muck(self, event: Muck) -> None:
        self.deal_given()
        try:  # noqa: SIM105 (as for a show)
            self.state.muck(event.player)
        except (IllegalAction, ValueError, KeyError):
            pass

    def _board_card(self, event: BoardCard) -> None:
        self.deal_given()
        self.deal_unseen()
        due = self.state.deal_due
        if due is not None and due.community:
            with contextlib.suppress(IllegalAction, ValueError):
                self.state.deal_community(event.card)

    # ------------------------------------------------------------------ antes and cards
    def deal_given(self) -> None:
        """The cards the history dealt since the last action (a street, usually)."""
        if self.deals:
            if self.state.phase is _BETTING:
                self._note_open()
            refused = self.state.force_deal_street(self.deals)
            self.deals = []
            if refused:  # the record checks judge the cards; an open round is betting's
                self._left_open(refused)

    def _note_open(self) -> None:
        """The betting round the history is leaving open: who was to act, and what he
        could have done (``stud_hh.validate.causes`` closes it that way to see what else
        the gap explains)."""
        st = self.state
        who = st.players[st.to_act] if st.to_act is not None else None
        self.findings.open_rounds.append((st.street, who, st.legal_actions()))

    def _left_open(self, refused: tuple[IllegalAction, ...]) -> None:
        """``INCOMPLETE_HAND`` for a round the history left open (the engine's
        ``ROUND_OPEN``): the next street came with a player still to act."""
        for err in refused:
            if err.code is _ROUND_OPEN:
                st = self.state
                who = st.players[err.player] if err.player is not None else None
                self.findings.add("INCOMPLETE_HAND", player=who, at_action=False,
                                  street=Street(st.street - 1) if st.street > _THIRD else st.street,
                                  detail=f"{err.message}, but {st.street.label} was dealt")

    def deal_unseen(self) -> None:
        """Deal ``None`` for cards the history does not print (opponents' river cards)."""
        st = self.state
        while st.phase is _DEALING:
            street = st.street
            st.deal_unknown()  # nothing while a community card is due
            if st.phase is _DEALING and st.street == street:
                return

    # ------------------------------------------------------------------ betting
    def _action(self, event: BettingEvent) -> None:
        """The engine judges the action; a refused one is recorded, then followed."""
        if self.deals:
            self.deal_given()
        findings = self.findings
        findings.action_index += 1
        st = self.state
        player = event.player
        if player not in st.player_index:
            findings.add("UNKNOWN_PLAYER", player=player)
            return
        if st.phase is _DEALING and st.street <= findings.street:
            self.deal_unseen()  # cards of this street the history does not print
        problem = self.setup.bring_in_problem
        if problem is not None and type(event) is BringIn:
            findings.add("WRONG_BRING_IN_AMOUNT", player=player,
                         amount=money(event.amount, self.hand.header), expected=problem)
            findings.bring_in = self.setup.designated
        action = betting_action(event)
        if self.probe and findings.action_index in self.probe:
            findings.options[findings.action_index] = self._options(player)
        try:
            st.apply(action)
        except IllegalAction:
            self._refused(event, action)

    def _options(self, player: str) -> tuple[LegalAction, ...]:
        """What ``player`` could have done here, if it was his turn."""
        st = self.state
        if st.phase is not _BETTING or st.to_act != st.player_index[player]:
            return ()
        return st.legal_actions()

    def _refused(self, event: BettingEvent, action: Action) -> None:
        """The engine refused ``event``: record why, then follow the history from the
        state it implies (``StudState.force``); where it could be read two ways, the
        message says which reading was taken."""
        st = self.state
        findings = self.findings
        street = findings.street
        problem = self.setup.bring_in_problem
        expected = self._expected()
        findings.options[findings.action_index] = self._options(event.player)
        put_before = st.contributions
        closed = st.phase is not _BETTING and st.street >= street and not (
            st.phase is _DEALING and st.street == street)
        for err in st.force(action, street):
            code = err.code
            if problem is not None and type(event) is BringIn \
                    and code is _WRONG_BRING_IN_AMOUNT:
                continue  # said already, in the site's terms
            if code in _WHO_FIRST and None in st.upcards(event.player):
                continue  # his upcards are not known: whether he was first cannot be judged
            if code is _ACTION_AFTER_FOLD or code is _ACTION_BY_ALL_IN:
                p = err.player if err.player is not None else st.index(event.player)
                dead = st.contributions[p] - put_before[p]
                note = (f"; taken as {money(dead, self.hand.header)} of dead money in the pot"
                        if dead > 0 else "")
                findings.add(code.value, player=event.player,
                             message=findings.worded(code.value, event.player) + note)
                continue
            reopened = closed and code is _NOT_BETTING
            if err.expected is not None:
                findings.due[findings.action_index] = st.players[err.expected]
            findings.refusal(err, event, expected,
                             reading=f"taken as more betting on {Street(street).label}"
                             if reopened else None)

    def _expected(self) -> str:
        """What the engine would have accepted, in money: ``Cy to act: fold, call $0.04``."""
        st = self.state
        if st.phase is not _BETTING or st.to_act is None:
            return "no action was due"
        h = self.hand.header
        options = []
        for legal in st.legal_actions():
            kind = legal.kind.value.replace("_", " ")
            amounts = " or ".join(money(a, h) for a in legal.amounts)
            if not legal.amounts:
                options.append(kind)
            elif legal.kind.value in ("call", "bring_in"):
                options.append(f"{kind} {amounts}")
            else:
                options.append(f"{kind} to {amounts}")
        return f"{st.players[st.to_act]} to act: {', '.join(options)}"

    # ------------------------------------------------------------------ the end
    def finish(self) -> None:
        """The hand is over: betting closed, a summary, and the pot to whom it belongs."""
        st = self.state
        self.deal_unseen()
        if st.phase is _BETTING:
            self._note_open()
            who = st.players[st.to_act] if st.to_act is not None else "?"
            self.findings.add("INCOMPLETE_HAND", player=who, action_index=None,
                              street=self.findings.street, at_action=False,
                              detail=f"the betting on {st.street.label} was left open: "
                                     f"{who} to act")
            return
        summary = self.ledger.summary
        if summary is None:
            self.findings.add("INCOMPLETE_HAND", player=None, at_action=False,
                              detail="the hand stops without a summary")
            return
        if st.phase is not _SHOWDOWN:
            return
        try:
            result = st.award(rake=summary.rake)
        except (IllegalAction, ValueError):
            return
        self._check_winners(result.collected, result.total_pot, summary.rake)

    def _check_winners(self, expected: tuple[int, ...], total: int, rake: int) -> None:
        """Who the showdown makes winners, against who the history says collected (the
        ledger's count: antes given back before the deal the engine potted, so they are
        taken off what it awards)."""
        owed = dict(zip(self.state.players, expected, strict=True))
        if self.ledger.ante_returns:
            for p, back in _per_player(self.ledger.ante_returns).items():
                if p in owed:
                    owed[p] -= back
        want = {p: a for p, a in owed.items() if a}
        got = {p: a for p, a in _per_player(self.ledger.collects).items() if a}
        if sum(got.values()) + rake != total:
            # The amounts are already wrong (COLLECTED_MISMATCH): judge only who won.
            if set(want) == set(got):
                return
        elif want == got:
            return
        h = self.hand.header
        wrong = sorted(set(want) | set(got), key=lambda p: (want.get(p, 0) == got.get(p, 0), p))
        parts = [f"{p} collected {money(got.get(p, 0), h)}, the showdown gives "
                 f"{money(want.get(p, 0), h)}" for p in wrong if want.get(p, 0) != got.get(p, 0)]
        self.findings.add("WRONG_WINNER", player=wrong[0], at_action=False,
                          detail="; ".join(parts))


def _per_player(events: list[Collect] | list[UncalledReturn]) -> dict[str, int]:
    """Each player's total of ``events``' amounts."""
    total: dict[str, int] = {}
    for e in events:
        total[e.player] = total.get(e.player, 0) + e.amount
    return total


#: What the replay does with each event type (every one: ``every_event`` checks); None:
#: nothing to replay (the ledger counts collects, returns and the summary for it), or, for
#: a deal, gathered by ``Replay.run`` itself.
_STEPS: dict[type[Event], Callable[[Replay, Any], None] | None] = every_event("the replay", {
    Deal: None,
    **dict.fromkeys((BringIn, Complete, Bet, Raise, Call, Check, Fold), Replay._action),
    StreetStart: Replay._street,
    Ante: Replay._ante,
    Show: Replay._show,
    Muck: Replay._muck,
    BoardCard: Replay._board_card,
    **dict.fromkeys((Collect, Summary, UncalledReturn, SeatResult, ShowdownStart, NoShow,
                     NoLowHand, BettingCapped, DoubleBetAllowed, TableNote, Chat), None),
})


def replay(hand: Hand, rules: RuleSet | None = None, ledger: Ledger | None = None,
           sheet: StructureSheet | None = None) -> list[Violation]:
    """Violations the engine finds replaying ``hand`` under ``rules`` (PokerStars' default).

    ``sheet``: the bring-ins the other hands of the file designate (``StructureSheet``).
    The engine knows fixed limit only so far (docs/engine-api.md): for spread, pot and
    no-limit hands its size verdicts are left out rather than reported falsely. A hand
    with fewer than two players dealt in has nothing to replay.
    """
    return replayed(hand, rules, ledger, sheet).out


def replayed(hand: Hand, rules: RuleSet | None = None, ledger: Ledger | None = None,
             sheet: StructureSheet | None = None,
             probe: frozenset[int] = frozenset()) -> Findings:
    """``replay``'s findings with what the linking of causes reads besides the violations:
    the options of each refused action (and of the actions in ``probe``), who was due
    instead, and the rounds left open (``Findings``)."""
    ledger = ledger if ledger is not None else Ledger(hand)
    rules = rules or POKERSTARS
    setup = setup_for(hand, ledger, rules, sheet)
    try:
        state = StudState(hand.header.game, setup.stakes, setup.stacks,
                          rules=rules, players=setup.players)
    except ValueError:  # fewer than two players dealt in (or a name on two seats)
        return Findings(hand)
    findings = Replay(hand, setup, state, ledger, probe).run()
    if hand.header.limit is not _FIXED:
        findings.out = [v for v in findings.out if v.code not in _FIXED_LIMIT_ONLY]
    return findings
