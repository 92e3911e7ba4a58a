"""Engine replay speed: a typical 6-player stud hand replayed from its cards and actions.

No parsing: the hand is recorded once (dealing and decisions through the engine itself),
then replayed from scratch N times the way the validator does (``deal`` with given cards,
``apply`` each action, ``award``). Prints hands/second for stud, stud8 and razz, and the
ratio against the target (10,000 hands/s, issue 3). Usage:

    python benchmarks/engine_bench.py [--hands 20000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout first

from stud_hh.cards import str_card
from stud_hh.engine import Action, ActionKind, Deck, Phase, Stakes, StudState
from stud_hh.events import Game
from stud_hh.rules import POKERSTARS

TARGET = 10_000
STAKES = Stakes(1, 2, 4, 8)
STACKS = (400, 250, 600, 180, 320, 500)


def record(game: Game, seed: int) -> list[tuple[str, object]]:
    """A typical hand: 6 players, ~25-35 decisions, several streets, a showdown."""
    while True:
        rng = random.Random(seed)
        st = StudState(game, STAKES, STACKS, rules=POKERSTARS)
        deck = Deck.shuffled(rng)
        log: list[tuple[str, object]] = []
        while st.phase is not Phase.OVER:
            if st.phase is Phase.ANTES:
                st.post_antes()
            elif st.phase is Phase.DEALING:
                due = st.deal_due
                assert due is not None
                had = [len(st.cards(p)) for p in range(st.n)]
                st.deal_from(deck)
                for p in due.players:
                    log.append(("deal", (p, st.cards(p)[had[p]:])))
            elif st.phase is Phase.SHOWDOWN:
                st.award(1)
            else:
                legal = {la.kind: la for la in st.legal_actions()}
                r = rng.random()
                if ActionKind.BRING_IN in legal:
                    kind = ActionKind.BRING_IN
                elif ActionKind.CHECK in legal:
                    kind = ActionKind.CHECK if r < 0.7 else next(
                        (k for k in (ActionKind.BET, ActionKind.RAISE) if k in legal),
                        ActionKind.CHECK)
                else:
                    kind = ActionKind.CALL if r < 0.6 else ActionKind.FOLD if r < 0.85 else \
                        next((k for k in (ActionKind.RAISE, ActionKind.COMPLETE) if k in legal),
                             ActionKind.CALL)
                la = legal[kind]
                log.append(("act", Action(kind, st.to_act, la.amounts[0] if la.amounts else None)))
                st.apply(log[-1][1])  # type: ignore[arg-type]
        acts = sum(1 for k, _ in log if k == "act")
        if 20 <= acts <= 40 and len(st.showdown_order) >= 2:
            return log
        seed += 1


def replay(game: Game, log: list[tuple[str, object]]) -> StudState:
    st = StudState(game, STAKES, STACKS, rules=POKERSTARS)
    st.post_antes()
    for kind, item in log:
        if kind == "act":
            st.apply(item)  # type: ignore[arg-type]
        else:
            st.deal(*item)  # type: ignore[misc]
    st.award(1)
    return st


def pokerkit_replay(game: Game, log: list[tuple[str, object]]) -> object:
    """The same hand through PokerKit's state API: the reference measured in the same run."""
    import pokerkit as pk

    variant = {Game.STUD: pk.FixedLimitSevenCardStud,
               Game.STUD8: pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
               Game.RAZZ: pk.FixedLimitRazz}[game]
    a = pk.Automation
    st = variant.create_state(
        (a.ANTE_POSTING, a.BET_COLLECTION, a.CARD_BURNING, a.HOLE_CARDS_SHOWING_OR_MUCKING,
         a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING, a.RUNOUT_COUNT_SELECTION),
        True, STAKES.ante, STAKES.bring_in, STAKES.small_bet, STAKES.big_bet, STACKS,
        len(STACKS), mode=pk.Mode.CASH_GAME)
    queue: dict[int, list[int]] = {}
    for kind, item in log:
        if kind == "deal":
            p, cards = item  # type: ignore[misc]
            queue[p] = list(cards)
            continue
        while any(queue.values()):
            st.deal_hole(str_card(queue[st.hole_dealee_index].pop(0)))
        act: Action = item  # type: ignore[assignment]
        if act.kind is ActionKind.BRING_IN:
            st.post_bring_in()
        elif act.kind in (ActionKind.CALL, ActionKind.CHECK):
            st.check_or_call()
        elif act.kind is ActionKind.FOLD:
            st.fold()
        else:
            st.complete_bet_or_raise_to(act.amount)
    while any(queue.values()):
        st.deal_hole(str_card(queue[st.hole_dealee_index].pop(0)))
    return st


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    args = ap.parse_args()
    print(f"engine replay of a 6-player hand, {args.hands} replays per game (target "
          f"{TARGET:,} hands/s)")
    for game in Game:
        log = record(game, 1)
        replay(game, log)  # warm the evaluator tables
        acts = sum(1 for k, _ in log if k == "act")
        best_wall = best_cpu = float("inf")
        for _ in range(3):  # best of three: the machine is shared
            w0, c0 = time.perf_counter(), time.process_time()
            for _ in range(args.hands // 3 or 1):
                replay(game, log)
            best_wall = min(best_wall, time.perf_counter() - w0)
            best_cpu = min(best_cpu, time.process_time() - c0)
        per = args.hands // 3 or 1
        wall, cpu = per / best_wall, per / best_cpu
        ref = ""
        try:
            import warnings

            warnings.simplefilter("ignore")
            pokerkit_replay(game, log)
            c0 = time.process_time()
            k = 100
            for _ in range(k):
                pokerkit_replay(game, log)
            theirs = k / (time.process_time() - c0)
            ref = f", PokerKit {theirs:,.0f} hands/s CPU (ours {cpu / theirs:.0f}x)"
        except ImportError:
            ref = ", PokerKit not installed"
        print(f"  {game.value:6s} {acts:2d} actions: {wall:8,.0f} hands/s wall, "
              f"{cpu:8,.0f} hands/s CPU  ({cpu / TARGET:4.2f}x target){ref}")

if __name__ == "__main__":
    main()
