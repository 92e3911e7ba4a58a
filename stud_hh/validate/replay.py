"""Drive the rules engine over a parsed hand, turning its refusals into violations.

The history is the witness, the engine the judge: each action the history prints is first
``apply``-ed; when the engine refuses it, the refusal is recorded and the action is
``force``-d, so that the replay follows what actually happened and one breach does not
bury the rest of the hand in follow-on noise. Hidden cards the history does not reveal
(opponents' hole cards, their river card) are dealt as unknown (``None``).

Record checks the engine would repeat (antes, cards, stacks) are left to
``stud_hh.validate.consistency``, which sees the whole hand at once; here the engine
judges turn order, sizes, caps, completion, open pairs, all-ins and the showdown award.
"""

from __future__ import annotations

import contextlib

from stud_hh.engine import Action, ActionKind, IllegalAction, Phase, Stakes, StudState
from stud_hh.events import (
    Ante,
    BoardCard,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Fold,
    Hand,
    Limit,
    Muck,
    Raise,
    Show,
    Street,
    StreetStart,
)
from stud_hh.events import Bet as BetEvent
from stud_hh.rules import POKERSTARS, RuleSet
from stud_hh.validate.catalogue import CATALOGUE, Violation, violation
from stud_hh.validate.consistency import Ledger, table_ante
from stud_hh.validate.money import money

#: Engine codes that name the same breach under another word in the catalogue.
_RENAMED = {
    "CALL_AMOUNT": "BET_SIZE",
    "BRING_IN_EXPECTED": "BRING_IN_MISSING",
    "NOT_BETTING": "ACTION_WHEN_NOT_BETTING",
}
#: Codes whose engine message carries raw amounts: reworded with the site's money.
_SIZED = frozenset(
    {"CHECK_FACING_BET", "BET_SIZE", "RAISE_BEFORE_COMPLETION", "BIG_BET_WITHOUT_OPEN_PAIR",
     "SMALL_RAISE_AFTER_BIG_BET", "WRONG_BRING_IN_AMOUNT", "BET_FACING_BET", "NOTHING_TO_CALL"}
)
#: Verdicts that only hold in fixed limit.
_FIXED_LIMIT_ONLY = frozenset(
    {"BET_SIZE", "RAISE_CAP_EXCEEDED", "BIG_BET_WITHOUT_OPEN_PAIR", "SMALL_RAISE_AFTER_BIG_BET",
     "RAISE_BEFORE_COMPLETION", "WRONG_BRING_IN_AMOUNT"}
)
#: Engine codes the record checks report once for the whole hand (see consistency.py).
_LEFT_TO_RECORD_CHECKS = frozenset(
    {"ANTE_MISSING", "ANTE_AMOUNT", "DUPLICATE_CARD", "WRONG_CARD_COUNT", "NOT_DEALING",
     "BET_EXCEEDS_STACK"}
)


def catalogue_code(engine_code: str) -> str | None:
    """The catalogue code for an engine refusal; ``None`` when the record checks own it.

    A refusal the catalogue does not know yet is kept as ``ILLEGAL_ACTION`` with the
    engine's message, so nothing the engine finds is lost.
    """
    if engine_code in _LEFT_TO_RECORD_CHECKS:
        return None
    code = _RENAMED.get(engine_code, engine_code)
    return code if code in CATALOGUE else "ILLEGAL_ACTION"


def stakes_for(hand: Hand, ledger: Ledger | None = None) -> tuple[Stakes, str | None]:
    """The hand's stakes, and why the posted bring-in cannot be the table's, if it cannot.

    PokerStars prints neither ante nor bring-in, and its parser fills the header from what
    was posted, so the posted amounts are not evidence of themselves: the ante is the one
    most players posted, and a posted bring-in must be more than the ante and less than
    the small bet (rule book 4.3), and equal to the header's when another dialect printed
    one that differs.
    """
    h = hand.header
    ledger = ledger or Ledger(hand)
    ante = table_ante(hand, ledger) or 0
    fallback = max(ante + 1, h.small_bet // 2)
    declared = h.bring_in if h.bring_in is not None and ante < h.bring_in < h.small_bet \
        else None
    posted = ledger.bring_in
    problem: str | None = None
    if posted is None or posted.all_in:
        bring_in = declared or fallback
    elif not ante < posted.amount < h.small_bet:
        bring_in = declared if declared is not None and declared != posted.amount \
            else fallback
        problem = (f"more than the ante ({money(ante, h)}) and less than the small bet "
                   f"({money(h.small_bet, h)})")
    elif declared is not None and declared != posted.amount:
        bring_in = declared
        problem = money(declared, h)
    else:
        bring_in = posted.amount
    return Stakes(ante=ante, bring_in=bring_in, small_bet=h.small_bet, big_bet=h.big_bet), problem


def participants(hand: Hand, ledger: Ledger | None = None) -> list[str]:
    """Players dealt in, in seat order: the engine's players."""
    took_part = (ledger or Ledger(hand)).took_part
    return [s.player for s in hand.seats if s.player in took_part and s.stack > 0]


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


#: Engine actions are immutable values: the same few recur in every hand, so they are
#: built once (a frozen dataclass costs about a microsecond to build).
_ACTIONS: dict[tuple[ActionKind, int, int | None], Action] = {}


def _action_for(key: tuple[ActionKind, int, int | None]) -> Action:
    if len(_ACTIONS) > 50_000:  # amounts differ by stakes: keep the cache bounded
        _ACTIONS.clear()
    action = _ACTIONS[key] = Action(*key)
    return action


#: What ``_Replay.run`` does with each event type, in one dict lookup: betting actions map
#: to their ``_TO_ENGINE`` pair, the other events to a small code; the rest is skipped.
_DEAL, _STREET, _ANTE, _BOARD, _SHOW, _MUCK = range(6)
_SKIP = -1
_DISPATCH: dict[type, object] = {
    **_TO_ENGINE,
    Deal: _DEAL, StreetStart: _STREET, Ante: _ANTE, BoardCard: _BOARD, Show: _SHOW,
    Muck: _MUCK,
}
_BRING_IN_CODE = _TO_ENGINE[BringIn]


class _Replay:
    """One replay; a class only to share the state between the event handlers."""

    def __init__(self, hand: Hand, rules: RuleSet, ledger: Ledger) -> None:
        self.hand = hand
        self.ledger = ledger
        self.rules = rules
        self.hid = hand.hand_id
        self.out: list[Violation] = []
        self.street = Street.THIRD
        self.index = -1
        self.skipped: int | None = None
        self.last_out_of_turn = -2
        self.players: tuple[str, ...] = ()

    def report(self, err: IllegalAction, player: str | None, event: object = None,
               expected: str = "") -> None:
        code = catalogue_code(err.code.value)
        if code is None:
            return
        message = err.message
        if code in _SIZED and event is not None:
            # The engine counts in raw units; say it in the site's money instead.
            message = f"{player} {self._did(event)}; expected {self._phrase(expected, player)}"
        elif expected and code != "ACTION_WHEN_NOT_BETTING":
            message = f"{message} (expected {expected})"
        if code == "OUT_OF_TURN":
            # The player passed over by an out-of-turn action acting next is the history
            # catching up with itself, not a second breach.
            skipped, self.skipped = self.skipped, err.expected
            if skipped is not None and player == self.players[skipped] \
                    and self.last_out_of_turn == self.index - 1:
                return
            self.last_out_of_turn = self.index
        self.out.append(violation(self.hid, code, street=self.street,
                                  action_index=self.index, player=player,
                                  message=message))

    def _did(self, event: object) -> str:
        h = self.hand.header
        kind = type(event)
        if kind is Check:
            return "checked"
        if kind is Fold:
            return "folded"
        if kind is Call:
            return f"called {money(event.amount, h)}"  # type: ignore[attr-defined]
        if kind is BetEvent:
            return f"bet {money(event.amount, h)}"  # type: ignore[attr-defined]
        if kind is BringIn:
            return f"brought in for {money(event.amount, h)}"  # type: ignore[attr-defined]
        if kind is Complete:
            return f"completed to {money(event.to, h)}"  # type: ignore[attr-defined]
        return f"raised to {money(event.to, h)}"  # type: ignore[attr-defined]

    def fill_unseen_deals(self, st: StudState) -> None:
        """Deal ``None`` for cards the history does not print (opponents' river cards)."""
        while st.phase is Phase.DEALING:
            due = st.deal_due
            if due is None or due.community or not due.players:
                return
            for p in due.players:
                st.force_deal(p, (None,) * len(due.up))

    def run(self) -> list[Violation]:
        hand = self.hand
        ledger = self.ledger
        names = participants(hand, ledger)
        if len(names) < 2:
            return self.out
        stacks = {s.player: s.stack for s in hand.seats}
        stakes, bring_in_problem = stakes_for(hand, ledger)
        try:
            st = StudState(hand.header.game, stakes, [stacks[n] for n in names],
                           rules=self.rules, players=names)
        except ValueError:
            return self.out
        known = {name: i for i, name in enumerate(names)}
        antes = ledger.antes
        ante = stakes.ante
        antes_as_due = len(antes) == len(names)
        if antes_as_due:
            for a in antes:
                if a.amount != ante or a.player not in known:
                    antes_as_due = False
                    break
        self.players = tuple(names)
        betting = Phase.BETTING
        dispatch = _DISPATCH
        actions = _ACTIONS
        known_get = known.get
        force_deal = st.force_deal
        apply = st.apply
        index = -1
        for event in hand.events:
            code = dispatch.get(type(event), _SKIP)
            if code is _SKIP:
                continue
            if code.__class__ is tuple:  # a betting action: (engine kind, amount field)
                index += 1
                # Fast path: a known player acting while betting is open, legally.
                i = known_get(event.player)
                if i is not None and st.phase is betting and (
                        bring_in_problem is None or code is not _BRING_IN_CODE):
                    engine_kind, field = code
                    key = (engine_kind, i, getattr(event, field) if field else None)
                    action = actions.get(key) or _action_for(key)
                    try:
                        apply(action)
                        continue
                    except IllegalAction:
                        pass
                self.index = index
                self._action(st, event, known, bring_in_problem)
            elif code == _DEAL:
                i = known_get(event.player)
                if i is not None:
                    force_deal(i, event.cards)
            elif code == _STREET:
                self.street = event.street
            elif code == _ANTE:
                if st.phase is Phase.ANTES:
                    if antes_as_due:
                        st.post_antes()  # the common case, in one call
                    elif event.player in known:
                        st.force_ante(known[event.player], event.amount)
            elif code == _BOARD:
                self.fill_unseen_deals(st)
                due = st.deal_due
                if st.phase is Phase.DEALING and due is not None and due.community:
                    with contextlib.suppress(IllegalAction, ValueError):
                        st.deal_community(event.card)
            elif code == _SHOW:
                self.fill_unseen_deals(st)
                with contextlib.suppress(IllegalAction, ValueError, KeyError):
                    st.show(event.player, event.cards)
            else:  # _MUCK
                with contextlib.suppress(IllegalAction, ValueError, KeyError):
                    st.muck(event.player)
        self.index = index
        collected: dict[str, int] = {}
        for c in ledger.collects:
            collected[c.player] = collected.get(c.player, 0) + c.amount
        summary = ledger.summary
        self._finish(st, collected, summary.rake if summary else 0, summary is not None)
        return self.out

    def _action(self, st: StudState, event: object, known: dict[str, int],
                bring_in_problem: str | None) -> None:
        player: str = event.player  # type: ignore[attr-defined]
        if player not in known:
            self.out.append(violation(self.hid, "UNKNOWN_PLAYER", street=self.street,
                                      action_index=self.index, player=player))
            return
        phase = st.phase
        if phase is not Phase.BETTING:
            if phase is Phase.ANTES:
                self._close_antes(st)
            self.fill_unseen_deals(st)
        if type(event) is BringIn and bring_in_problem is not None:
            self.out.append(violation(
                self.hid, "WRONG_BRING_IN_AMOUNT", street=self.street,
                action_index=self.index, player=player,
                amount=money(event.amount, self.hand.header), expected=bring_in_problem))
        kind, field = _TO_ENGINE[type(event)]
        key = (kind, known[player], getattr(event, field) if field else None)
        action = _ACTIONS.get(key) or _action_for(key)
        try:
            st.apply(action)
            return
        except IllegalAction:
            pass
        gone = self._gone(st, player)
        expected = self._expected(st)
        for err in st.force(action):
            code = err.code.value
            if type(event) is BringIn and bring_in_problem is not None and \
                    code == "WRONG_BRING_IN_AMOUNT":
                continue
            if gone is not None and code in ("NOT_BETTING", "ACTION_AFTER_FOLD",
                                             "ACTION_BY_ALL_IN_PLAYER"):
                # After the betting closed the engine only says "not betting"; the
                # player's own state is the better reason.
                if not any(v.code == gone and v.action_index == self.index for v in self.out):
                    self.out.append(violation(self.hid, gone, street=self.street,
                                              action_index=self.index, player=player))
                continue
            self.report(err, player, event, expected)

    def _expected(self, st: StudState) -> str:
        """What the engine would have accepted, in money: ``Cy to act: fold, call $0.04``."""
        if st.phase is not Phase.BETTING or st.to_act is None:
            return "no action was due"
        h = self.hand.header
        options = []
        for legal in st.legal_actions():
            kind = legal.kind.value.replace("_", " ")
            if not legal.amounts:
                options.append(kind)
            elif legal.kind.value in ("call", "bring_in"):
                options.append(f"{kind} {' or '.join(money(a, h) for a in legal.amounts)}")
            else:
                options.append(f"{kind} to {' or '.join(money(a, h) for a in legal.amounts)}")
        return f"{st.players[st.to_act]} to act: {', '.join(options)}"

    @staticmethod
    def _phrase(expected: str, player: str | None) -> str:
        """``Bob to act: fold, call $0.04`` reads better as ``fold, call $0.04`` for Bob."""
        prefix = f"{player} to act: "
        return expected[len(prefix):] if expected.startswith(prefix) else expected

    @staticmethod
    def _gone(st: StudState, player: str) -> str | None:
        """Why ``player`` can no longer act, before the action is applied."""
        i = st.index(player)
        if st.folded[i]:
            return "ACTION_AFTER_FOLD"
        if st.all_in[i]:
            return "ACTION_BY_ALL_IN_PLAYER"
        return None

    def _close_antes(self, st: StudState) -> None:
        due = st.deal_due
        if due is None:
            return
        # force_deal closes the ante phase (missing antes stay unpaid).
        with contextlib.suppress(IllegalAction, ValueError, IndexError):
            st.force_deal(due.players[0], (None,) * len(due.up))

    def _finish(self, st: StudState, collected: dict[str, int], rake: int,
                summary_seen: bool) -> None:
        self.fill_unseen_deals(st)
        if st.phase is Phase.BETTING:
            who = st.players[st.to_act] if st.to_act is not None else "?"
            self.out.append(violation(
                self.hid, "INCOMPLETE_HAND", street=self.street, action_index=None,
                player=who,
                detail=f"the betting on {st.street.label} was left open: {who} to act"))
            return
        if not summary_seen:
            self.out.append(violation(
                self.hid, "INCOMPLETE_HAND", street=None, action_index=None, player=None,
                detail="the hand stops without a summary"))
            return
        if st.phase is not Phase.SHOWDOWN:
            return
        try:
            result = st.award(rake=rake)
        except (IllegalAction, ValueError):
            return
        self._check_winners(st, result.collected, result.total_pot, collected, rake)

    def _check_winners(self, st: StudState, expected: tuple[int, ...], total: int,
                       collected: dict[str, int], rake: int) -> None:
        h = self.hand.header
        want = {st.players[i]: amount for i, amount in enumerate(expected) if amount}
        got = {p: a for p, a in collected.items() if a}
        if sum(got.values()) + rake != total:
            # The amounts are already wrong (COLLECTED_MISMATCH): judge only who won.
            if set(want) == set(got):
                return
        elif want == got:
            return
        wrong = sorted(set(want) | set(got), key=lambda p: (want.get(p, 0) == got.get(p, 0), p))
        parts = [f"{p} collected {money(got.get(p, 0), h)}, the showdown gives "
                 f"{money(want.get(p, 0), h)}" for p in wrong if want.get(p, 0) != got.get(p, 0)]
        self.out.append(violation(self.hid, "WRONG_WINNER", street=None, action_index=None,
                                  player=wrong[0], detail="; ".join(parts)))


def replay(hand: Hand, rules: RuleSet | None = None,
           ledger: Ledger | None = None) -> list[Violation]:
    """Violations the engine finds replaying ``hand`` under ``rules`` (PokerStars' default).

    ``ledger`` is the record checks' pass over the same hand, shared to save a pass.
    The engine knows fixed limit only so far (docs/engine-api.md): for spread, pot and
    no-limit hands its size verdicts are left out rather than reported falsely.
    """
    found = _Replay(hand, rules or POKERSTARS, ledger or Ledger(hand)).run()
    if hand.header.limit is not Limit.FIXED:
        found = [v for v in found if v.code not in _FIXED_LIMIT_ONLY]
    return found
