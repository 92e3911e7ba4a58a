"""Drive the rules engine over a parsed hand, turning its refusals into violations.

The history is the witness, the engine the judge: each action the history prints is first
``apply``-ed; when the engine refuses it, the refusal is recorded and the action is
``force``-d, so that the replay follows what actually happened and one breach does not
bury the rest of the hand in follow-on noise. Hidden cards the history does not reveal
(opponents' hole cards, their river card) are dealt as unknown (``None``).

Record checks the engine would repeat (antes, cards, stacks) are left to
``stud_hh.validate.consistency``, which sees the whole hand at once; here the engine
judges turn order, sizes, caps, completion, open pairs, all-ins and the showdown award.

One pass over the events does it all (``walk``): the opening is read once for the
engine's set-up and the ledger (``Opening``), a street's deals reach the engine in one call
and a legal action in its parts (``StudState._force_deals``, ``StudState._applied``),
because the validator must cost no more than the parser (issue #6).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from itertools import compress, islice

from stud_hh.engine import Action, ActionKind, IllegalAction, Phase, Stakes, StudState
from stud_hh.events import (
    Ante,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Hand,
    Limit,
    Muck,
    Show,
    Street,
    Summary,
    UncalledReturn,
)
from stud_hh.events import Bet as BetEvent
from stud_hh.rules import POKERSTARS, RuleSet
from stud_hh.validate.catalogue import CATALOGUE, Violation, violation
from stud_hh.validate.consistency import Ledger, ante_of
from stud_hh.validate.money import money
from stud_hh.validate.opening import (
    _TO_ENGINE,
    _W_ANTE,
    _W_BET,
    _W_BOARD,
    _W_BRING_IN,
    _W_CALL,
    _W_CHECK,
    _W_COLLECT,
    _W_COMPLETE,
    _W_DEAL,
    _W_FOLD,
    _W_MUCK,
    _W_RAISE,
    _W_RETURN,
    _W_SEAT,
    _W_SHOW,
    _W_SHOWDOWN,
    _W_STREET,
    _W_SUMMARY,
    _WALK,
    Opening,
)

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
    return _stakes(hand, ante_of(ledger.antes, hand.header), ledger.bring_in)


def _stakes(hand: Hand, table_ante: int | None,
            posted: BringIn | None) -> tuple[Stakes, str | None]:
    """``stakes_for`` from the table ante (``ante_of``) and the hand's first bring-in."""
    h = hand.header
    ante = table_ante or 0
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


#: Engine actions are immutable values: the same few recur in every hand, so they are
#: built once (a frozen dataclass costs about a microsecond to build).
_ACTIONS: dict[tuple[ActionKind, int, int | None], Action] = {}


def _action_for(key: tuple[ActionKind, int, int | None]) -> Action:
    if len(_ACTIONS) > 50_000:  # amounts differ by stakes: keep the cache bounded
        _ACTIONS.clear()
    action = _ACTIONS[key] = Action(*key)
    return action


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
                 bring_in: BringIn | None, set_up_antes: list[Ante], lead: Opening,
                 stacks: dict[str, int], antes_as_due: bool | None = None,
                 chips: list[int] | None = None) -> Ledger:
        """One walk over the events, feeding the engine and gathering the ledger at once.

        ``names``, the stakes, the bring-in and the antes are what the engine is set up
        with; the ledger built here says whether they were the whole hand's (``walk``
        checks). ``lead`` has read the hand's opening already (and is consumed: its lists
        become the ledger's); ``stacks`` is every seat's stack by name.
        ``antes_as_due``, when the caller knows it: whether the set-up antes are one ante
        each from every player, at the table ante (``None``: counted here). ``chips``:
        the names' stacks, when the caller has them.
        """
        hand = self.hand
        stakes, bring_in_problem = setup
        st: StudState | None = None
        if len(names) >= 2:
            try:
                if chips is None:
                    chips = [stacks[n] for n in names]
                st = StudState(hand.header.game, stakes, chips, rules=self.rules,
                               players=names)
            except ValueError:
                st = None
        if st is None:  # nothing to replay: the ledger alone, for the record checks
            self.ledger = Ledger(hand)
            return self.ledger
        known = st.player_index  # {name: i for i, name in enumerate(names)}, ready-made
        self.players = st.players

        # The ledger, gathered on the way (see consistency.Ledger for the fields); the
        # opening's share is the lead's.
        antes = lead.antes
        dealt = lead.dealt
        oversized = lead.oversized
        took = lead.took  # everyone dealt or anteing so far (``took_part`` below)
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
        n_lead_antes = len(antes)
        if antes_as_due is None:
            antes_as_due = len(set_up_antes) == len(names)
            if antes_as_due:
                for a in set_up_antes:
                    if a.amount != ante or a.player not in known:
                        antes_as_due = False
                        break
        # The opening, to the engine: the antes, then the deals, as the history had them.
        if lead.interleaved:
            events = hand.events
            self._feed(st, islice(events, lead.stop(events)), known, antes_as_due)
        else:
            if antes and st.phase is _ANTES:
                if antes_as_due:
                    st.post_antes()  # the common case, in one call
                else:
                    self._feed(st, antes, known, False)
            if lead.deals:
                st._force_deals(lead.deals)
        deals: list[tuple[str, tuple[int | None, ...]]] = []  # dealt, not yet to the engine
        force_deals = st._force_deals

        betting = _BETTING
        third = _THIRD
        street = lead.street
        dispatch = _WALK
        kinds = _KINDS
        applied = st._applied
        index = -1
        for event in lead.tail():
            try:
                code = dispatch[type(event)]
            except KeyError:  # not an event type: nothing to replay or count
                continue
            if code <= _W_COMPLETE:  # a betting action
                if deals:
                    force_deals(deals)
                    deals.clear()
                index += 1
                round_actions.append(event)
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
                    if player in street_in:
                        street_in[player] += amount  # type: ignore[operator]
                    else:
                        street_in[player] = amount  # type: ignore[assignment]
                elif code >= _W_RAISE:  # chips added = to - already in on this street
                    if player in street_in:
                        if amount < street_in[player]:  # type: ignore[operator]
                            exact_stacks = False
                    elif amount < 0:  # type: ignore[operator]
                        exact_stacks = False
                    street_in[player] = amount  # type: ignore[assignment]
                try:
                    i = known[player]
                except KeyError:
                    extra.add(player)
                else:
                    # Fast path: a known player acting while betting is open, legally,
                    # handed to the engine in its parts (no ``Action`` to build or find);
                    # anything else is applied or forced, and reported, by ``_action``.
                    if st.phase is betting and (
                            bring_in_problem is None or code != _W_BRING_IN
                    ) and applied(kinds[code], i, amount) is not None:
                        continue
                self.index = index
                self.street = street
                self._action(st, event, known, bring_in_problem)
            elif code == _W_DEAL:
                player = event.player
                cards = event.cards
                try:  # the usual deal after 3rd street: one card, to a player dealt before
                    (card,) = cards
                    dealt[player].append(card)
                except (ValueError, KeyError):
                    held = dealt.get(player)
                    if held is None:
                        dealt[player] = list(cards)
                        took.add(player)
                    else:
                        held.extend(cards)
                    if len(cards) > 1 and (len(cards) > 3 or event.street is not third):
                        oversized.append(event)  # WRONG_CARD_COUNT (check_cards)
                deals.append((player, cards))
            elif code == _W_SEAT:  # the summary's seat lines: frequent, so early
                if event.cards:
                    revealed.append((event.player, event.cards))
            elif code == _W_ANTE:
                if deals:
                    force_deals(deals)
                    deals.clear()
                antes.append(event)
                took.add(event.player)
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
                street = event.street
            elif code == _W_SHOW:
                if deals:
                    force_deals(deals)
                    deals.clear()
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
                if deals:
                    force_deals(deals)
                    deals.clear()
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
                if deals:
                    force_deals(deals)
                    deals.clear()
                if event.card not in board:
                    board.append(event.card)
                self.fill_unseen_deals(st)
                due = st.deal_due
                if st.phase is Phase.DEALING and due is not None and due.community:
                    with contextlib.suppress(IllegalAction, ValueError):
                        st.deal_community(event.card)
        if deals:
            force_deals(deals)
        if street_in or returns:
            streets.append((street, street_in, returns))
        if round_actions:
            last_round = round_actions
        self.index = index
        self.street = street

        # Everyone dealt, anted or acting: the participants acted under their names.
        # Built as set(dealt), then the names, the antes' players and the extra ones, so
        # that the set is the same object state either way; when everyone in ``took``
        # was dealt (the usual hand), the updates would add nothing.
        took_part = set(dealt)
        if len(took) != len(took_part):
            took_part.update(names)
            took_part.update([a.player for a in antes])
        if extra:
            took_part |= extra
        # Every ante the same, none below zero: their sum needs no count (``gathered``).
        ante_put = antes[0].amount * n_lead_antes if (
            lead.uniform and n_lead_antes and len(antes) == n_lead_antes
            and antes[0].amount >= 0) else None
        ledger = Ledger.gathered(
            hand, stacks, exact_stacks, antes, took_part, dealt, oversized, board, folded,
            bring_in, streets, collects, summary, showdown, revealed, last_round, street,
            ante_put)
        self.ledger = ledger

        collected: dict[str, int] = {}
        for c in collects:
            collected[c.player] = collected.get(c.player, 0) + c.amount
        self._finish(st, collected, summary.rake if summary else 0, summary is not None)
        return ledger

    def _feed(self, st: StudState, events: Iterable[object], known: dict[str, int],
              antes_as_due: bool) -> None:
        """The opening's antes and deals to the engine one event at a time, as dealt."""
        for event in events:
            kind = type(event)
            if kind is Ante:
                if st.phase is _ANTES:
                    if antes_as_due:
                        st.post_antes()
                    elif event.player in known:  # type: ignore[attr-defined]
                        st.force_ante(known[event.player],  # type: ignore[attr-defined]
                                      event.amount)  # type: ignore[attr-defined]
            elif kind is Deal:
                i = known.get(event.player)  # type: ignore[attr-defined]
                if i is not None:
                    st.force_deal(i, event.cards)  # type: ignore[attr-defined]

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

    The engine is set up from the start of the hand (``Opening``); when the whole hand
    shows a participant or an ante the start did not (damaged histories only), the walk is
    done again, set up from the whole hand, so the verdicts are the same either way.
    """
    found, ledger, _ = walk_antes(hand, rules)
    return found, ledger


def walk_antes(hand: Hand, rules: RuleSet) -> tuple[list[Violation], Ledger, int | None]:
    """``walk``, and the table ante when every ante was that amount (else ``None``).

    The ante is known from setting the engine up; ``consistency.check_antes`` takes it
    rather than counting the antes a third time.
    """
    lead = Opening(hand.events)
    took = lead.took
    n_took = len(took)
    antes = lead.set_up_antes
    n_antes = len(antes)
    # ``_participants`` and every seat's stack, in one loop over the seats
    stacks: dict[str, int] = {}
    names: list[str] = []
    chips: list[int] = []
    for seat in hand.seats:
        player = seat.player
        stack = stacks[player] = seat.stack
        if player in took and stack > 0:
            names.append(player)
            chips.append(stack)
    if len(stacks) != len(hand.seats):  # a name on two seats: its stack is the last one's
        chips = [stacks[n] for n in names]
    table_ante = lead.table_ante(hand.header)
    try:
        setup = _stakes(hand, table_ante, lead.bring_in)
    except ValueError:  # impossible stakes from the start alone: the whole hand decides
        whole = Ledger(hand)
    else:
        # One ante each from every player, at the table ante (``run_with`` counts them
        # unless this says so): a uniform set of antes, one per name, by names alone.
        as_due = True if (lead.uniform and n_antes == len(names) == n_took
                          and table_ante == setup[0].ante) else None
        run = _Replay(hand, rules)
        whole = run.run_with(names, setup, lead.bring_in, antes, lead, stacks, as_due,
                             chips)
        if len(whole.antes) == n_antes and (
                len(whole.took_part) == n_took
                or _participants(hand, whole.took_part) == names):
            return (_sized(hand, run.out), whole,
                    table_ante if lead.uniform and n_antes else None)
    run = _Replay(hand, rules)
    names = _participants(hand, whole.took_part)
    lead = Opening(hand.events)
    lead.took.update(names)
    ledger = run.run_with(names, _stakes(hand, ante_of(whole.antes, hand.header),
                                         whole.bring_in),
                          whole.bring_in, whole.antes, lead, stacks)
    return _sized(hand, run.out), ledger, None


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
