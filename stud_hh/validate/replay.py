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
from itertools import compress
from typing import get_args

from stud_hh.engine import Action, ActionKind, IllegalAction, Phase, Stakes, StudState
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
    Hand,
    Limit,
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
from stud_hh.rules import POKERSTARS, RuleSet
from stud_hh.validate.catalogue import CATALOGUE, Violation, violation
from stud_hh.validate.consistency import Ledger, ante_of
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
    ledger = ledger or Ledger(hand)
    return _stakes(hand, ledger.antes, ledger.bring_in)


def _stakes(hand: Hand, antes: list[Ante], posted: BringIn | None) -> tuple[Stakes, str | None]:
    """``stakes_for`` from the hand's antes and first bring-in."""
    h = hand.header
    ante = ante_of(antes, h) or 0
    half = h.small_bet // 2
    fallback = ante + 1 if ante + 1 >= half else half  # max(): a builtin call parses kwargs
    declared = h.bring_in if h.bring_in is not None and ante < h.bring_in < h.small_bet \
        else None
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
    key = (ante, bring_in, h.small_bet, h.big_bet)
    stakes = _STAKES.get(key)
    if stakes is None:
        if len(_STAKES) > 1_000:  # a few stakes recur: keep the cache small
            _STAKES.clear()
        stakes = _STAKES[key] = Stakes(ante=ante, bring_in=bring_in, small_bet=h.small_bet,
                                       big_bet=h.big_bet)
    return stakes, problem


#: ``Stakes`` are immutable values and a session's hands share a few: built once each.
_STAKES: dict[tuple[int, int, int, int], Stakes] = {}


def participants(hand: Hand, ledger: Ledger | None = None) -> list[str]:
    """Players dealt in, in seat order: the engine's players."""
    return _participants(hand, (ledger or Ledger(hand)).took_part)


def _participants(hand: Hand, took_part: set[str]) -> list[str]:
    return [s.player for s in hand.seats if s.player in took_part and s.stack > 0]


def _prefix(events: tuple[object, ...]) -> tuple[set[str], list[Ante], BringIn | None]:
    """Who is dealt in and the antes, from the events before the first betting action.

    In a well-formed history every participant antes or is dealt cards before anyone
    acts, so this is what the engine needs to start; ``_Replay.run`` checks it against
    the whole hand afterwards. Also the first bring-in (the ledger's ``bring_in``).
    """
    took: set[str] = set()
    antes: list[Ante] = []
    rest = iter(events)
    for event in rest:
        kind = type(event)
        if kind is Deal:
            took.add(event.player)  # type: ignore[attr-defined]
        elif kind is Ante:
            antes.append(event)  # type: ignore[arg-type]
            took.add(event.player)  # type: ignore[attr-defined]
        elif kind is BringIn:
            return took, antes, event  # type: ignore[return-value]
        elif kind in _TO_ENGINE:
            break
    # No bring-in before the first action (it was completed): the first one after it, if
    # any (the events before it hold none, so the scan goes on from there).
    for event in rest:
        if type(event) is BringIn:
            return took, antes, event  # type: ignore[return-value]
    return took, antes, None


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
#: The engine's action kind for each betting action's code.
_KINDS = (ActionKind.CALL, ActionKind.BET, ActionKind.BRING_IN, ActionKind.CHECK,
          ActionKind.FOLD, ActionKind.RAISE, ActionKind.COMPLETE)
#: Enum members read in the loop, looked up once (a class attribute read is a lookup).
_ANTES, _BETTING, _DEALING, _SHOWDOWN = Phase.ANTES, Phase.BETTING, Phase.DEALING, Phase.SHOWDOWN
_THIRD = Street.THIRD
_FIXED = Limit.FIXED


class _Replay:
    """One replay; a class only to share the state between the event handlers."""

    def __init__(self, hand: Hand, rules: RuleSet) -> None:
        self.hand = hand
        self.ledger: Ledger | None = None  # set by run_with
        self.rules = rules
        self.hid = hand.header.hand_id
        self.out: list[Violation] = []
        self.street = _THIRD
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
        while st.phase is _DEALING:
            street = st.street
            st.deal_unknown()  # the whole street at once (nothing while a community card is due)
            if st.phase is _DEALING and st.street == street:
                return

    def run_with(self, names: list[str], setup: tuple[Stakes, str | None],
                 bring_in: BringIn | None, set_up_antes: list[Ante]) -> Ledger:
        """One walk over the events, feeding the engine and gathering the ledger at once.

        ``names``, the stakes, the bring-in and the antes are what the engine is set up
        with; the ledger built here says whether they were the whole hand's (``walk``
        checks).
        """
        hand = self.hand
        seats = hand.seats
        stacks = {s.player: s.stack for s in seats}
        stakes, bring_in_problem = setup
        st: StudState | None = None
        if len(names) >= 2:
            try:
                st = StudState(hand.header.game, stakes, [stacks[n] for n in names],
                               rules=self.rules, players=names)
            except ValueError:
                st = None
        if st is None:  # nothing to replay: the ledger alone, for the record checks
            self.ledger = Ledger(hand)
            return self.ledger
        known = st.player_index  # {name: i for i, name in enumerate(names)}, ready-made
        self.players = st.players

        # The ledger, gathered on the way (see consistency.Ledger for the fields).
        antes: list[Ante] = []
        dealt: dict[str, list[int | None]] = {}
        oversized: list[Deal] = []
        board: list[int] = []
        folded: set[str] = set()
        streets: list[tuple[Street, dict[str, int], list[UncalledReturn]]] = []
        collects: list[Collect] = []
        summary: Summary | None = None
        showdown: list[Show | Muck] = []
        revealed: list[tuple[str, tuple[int, ...]]] = []
        last_round: list[object] = []
        extra: set[str] = set()  # players who acted without being dealt in
        street_in: dict[str, int] = {}
        returns: list[UncalledReturn] = []
        round_actions: list[object] = []
        exact_stacks = True  # False when a put went down: the stacks need the slow count
        in_showdown = False

        ante = stakes.ante
        antes_as_due = len(set_up_antes) == len(names)
        if antes_as_due:
            for a in set_up_antes:
                if a.amount != ante or a.player not in known:
                    antes_as_due = False
                    break
        betting = _BETTING
        third = _THIRD
        street = third
        dispatch = _WALK
        kinds = _KINDS
        actions = _ACTIONS
        known_get = known.get
        street_in_get = street_in.get
        round_append = round_actions.append
        force_deal = st.force_deal
        apply = st.apply
        index = -1
        for event in hand.events:
            try:
                code = dispatch[type(event)]
            except KeyError:  # not an event type: nothing to replay or count
                continue
            if code <= _W_COMPLETE:  # a betting action
                index += 1
                round_append(event)
                # One branch per event type: each attribute read sees a single type,
                # which the interpreter specialises (a shared read would look it up).
                if code == _W_CALL:
                    player = event.player
                    amount = event.amount
                elif code == _W_CHECK:
                    player = event.player
                    amount = None
                elif code == _W_FOLD:
                    player = event.player
                    amount = None
                    folded.add(player)
                    if event.cards:
                        revealed.append((player, event.cards))
                elif code == _W_BET:  # noqa: SIM114 (one type per branch, see above)
                    player = event.player
                    amount = event.amount
                elif code == _W_BRING_IN:
                    player = event.player
                    amount = event.amount
                elif code == _W_RAISE:
                    player = event.player
                    amount = event.to
                else:
                    player = event.player
                    amount = event.to
                if code <= _W_BRING_IN:  # chips added = amount
                    if amount < 0:  # type: ignore[operator]
                        exact_stacks = False
                    street_in[player] = street_in_get(player, 0) + amount  # type: ignore[operator]
                elif code >= _W_RAISE:  # chips added = to - already in on this street
                    if amount < street_in_get(player, 0):  # type: ignore[operator]
                        exact_stacks = False
                    street_in[player] = amount  # type: ignore[assignment]
                i = known_get(player)
                if i is None:
                    extra.add(player)
                elif st.phase is betting and (
                        bring_in_problem is None or code != _W_BRING_IN):
                    # Fast path: a known player acting while betting is open, legally.
                    kind = kinds[code]
                    key = (kind, i, amount)
                    action = actions.get(key) or _action_for(key)
                    try:
                        apply(action)
                        continue
                    except IllegalAction:
                        pass
                self.index = index
                self.street = street
                self._action(st, event, known, bring_in_problem)
            elif code == _W_DEAL:
                player = event.player
                cards = event.cards
                held = dealt.get(player)
                if held is None:
                    dealt[player] = list(cards)
                else:
                    held.extend(cards)
                if len(cards) > 1 and (len(cards) > 3 or event.street is not third):
                    oversized.append(event)  # WRONG_CARD_COUNT (check_cards)
                i = known_get(player)
                if i is not None:
                    force_deal(i, cards)
            elif code == _W_ANTE:
                antes.append(event)
                if st.phase is _ANTES:
                    if antes_as_due:
                        st.post_antes()  # the common case, in one call
                    elif event.player in known:
                        st.force_ante(known[event.player], event.amount)
            elif code == _W_STREET:
                if street_in or returns:
                    streets.append((street, street_in, returns))
                if round_actions:
                    last_round = round_actions
                street_in, returns, round_actions = {}, [], []
                street_in_get = street_in.get
                round_append = round_actions.append
                street = event.street
            elif code == _W_SEAT:
                if event.cards:
                    revealed.append((event.player, event.cards))
            elif code == _W_SHOW:
                cards = event.cards
                if cards:
                    revealed.append((event.player, cards))
                    if in_showdown:
                        showdown.append(event)
                self.fill_unseen_deals(st)
                try:  # noqa: SIM105 (a with block costs two special-method lookups)
                    st.show(event.player, cards)
                except (IllegalAction, ValueError, KeyError):
                    pass
            elif code == _W_MUCK:
                if event.cards:
                    revealed.append((event.player, event.cards))
                if in_showdown:
                    showdown.append(event)
                try:  # noqa: SIM105 (as for show)
                    st.muck(event.player)
                except (IllegalAction, ValueError, KeyError):
                    pass
            elif code == _W_RETURN:
                returns.append(event)
            elif code == _W_COLLECT:
                collects.append(event)
            elif code == _W_SUMMARY:
                summary = event
                board.extend(c for c in event.board if c not in board)
            elif code == _W_SHOWDOWN:
                in_showdown = True
            elif code == _W_BOARD:
                if event.card not in board:
                    board.append(event.card)
                self.fill_unseen_deals(st)
                due = st.deal_due
                if st.phase is Phase.DEALING and due is not None and due.community:
                    with contextlib.suppress(IllegalAction, ValueError):
                        st.deal_community(event.card)
        if street_in or returns:
            streets.append((street, street_in, returns))
        if round_actions:
            last_round = round_actions
        self.index = index
        self.street = street

        # Everyone dealt, anted or acting: the participants acted under their names.
        took_part = set(dealt)
        took_part.update(names)
        took_part.update([a.player for a in antes])
        if extra:
            took_part |= extra
        ledger = Ledger.gathered(
            hand, stacks, exact_stacks, antes, took_part, dealt, oversized, board, folded,
            bring_in, streets, collects, summary, showdown, revealed, last_round, street)
        self.ledger = ledger

        collected: dict[str, int] = {}
        for c in collects:
            collected[c.player] = collected.get(c.player, 0) + c.amount
        self._finish(st, collected, summary.rake if summary else 0, summary is not None)
        return ledger

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
        if st.phase is _BETTING:
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
        if st.phase is not _SHOWDOWN:
            return
        try:
            result = st.award(rake=rake)
        except (IllegalAction, ValueError):
            return
        self._check_winners(st, result.collected, result.total_pot, collected, rake)

    def _check_winners(self, st: StudState, expected: tuple[int, ...], total: int,
                       collected: dict[str, int], rake: int) -> None:
        h = self.hand.header
        # {player: amount} for the non-zero amounts, in seat order, without a comprehension
        want = dict(zip(compress(st.players, expected), filter(None, expected)))  # noqa: B905
        # the non-zero amounts (``collected`` itself when none is zero: it is only read)
        got = {p: a for p, a in collected.items() if a} if 0 in collected.values() \
            else collected
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


def walk(hand: Hand, rules: RuleSet) -> tuple[list[Violation], Ledger]:
    """The engine's violations and the record checks' ledger, from one pass over the events.

    The engine is set up from the start of the hand (``_prefix``); when the whole hand
    shows a participant or an ante the start did not (damaged histories only), the walk is
    done again, set up from the whole hand, so the verdicts are the same either way.
    """
    took, antes, bring_in = _prefix(hand.events)
    names = _participants(hand, took)
    try:
        setup = _stakes(hand, antes, bring_in)
    except ValueError:  # impossible stakes from the start alone: the whole hand decides
        whole = Ledger(hand)
    else:
        run = _Replay(hand, rules)
        whole = run.run_with(names, setup, bring_in, antes)
        if len(whole.antes) == len(antes) and (
                len(whole.took_part) == len(took)
                or _participants(hand, whole.took_part) == names):
            return _sized(hand, run.out), whole
    run = _Replay(hand, rules)
    ledger = run.run_with(_participants(hand, whole.took_part),
                          _stakes(hand, whole.antes, whole.bring_in), whole.bring_in,
                          whole.antes)
    return _sized(hand, run.out), ledger


def _sized(hand: Hand, found: list[Violation]) -> list[Violation]:
    """The engine knows fixed limit only so far: its size verdicts hold only there."""
    if hand.header.limit is not _FIXED:
        return [v for v in found if v.code not in _FIXED_LIMIT_ONLY]
    return found


def replay(hand: Hand, rules: RuleSet | None = None,
           ledger: Ledger | None = None) -> list[Violation]:
    """Violations the engine finds replaying ``hand`` under ``rules`` (PokerStars' default).

    The engine knows fixed limit only so far (docs/engine-api.md): for spread, pot and
    no-limit hands its size verdicts are left out rather than reported falsely.
    ``ledger`` is accepted for compatibility and not needed: the replay gathers its own
    on the way (``walk``).
    """
    return walk(hand, rules or POKERSTARS)[0]
