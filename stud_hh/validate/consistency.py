"""Record checks that need no rules engine: antes, chips, pots, returns, cards, show order.

These read the history as an accountant would: every chip put in must come out again in
the summary, no card can exist twice, nobody can put in more than his stack. They are
independent of the betting rules, so they run the same under every RuleSet. What they
judge is counted once, in one pass over the events: the ``Ledger``.
"""

from __future__ import annotations

from itertools import chain
from typing import cast

from stud_hh.cards import str_card
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Collect,
    Complete,
    Hand,
    Raise,
    Street,
    Summary,
    UncalledReturn,
)
from stud_hh.validate.catalogue import Violation, violation
from stud_hh.validate.ledger import Ledger, ante_of
from stud_hh.validate.money import money

_AGGRESSIVE = (Bet, Raise, Complete, BringIn)


def table_ante(hand: Hand, ledger: Ledger | None = None) -> int | None:
    """The ante most players posted; the header's only when nobody posted one
    (``ledger.ante_of``)."""
    if ledger is not None:
        return ledger.table_ante
    return ante_of([e for e in hand.events if type(e) is Ante], hand.header)


def check_record(hand: Hand, ledger: Ledger | None = None) -> list[Violation]:
    """All engine-free checks, in a stable order."""
    ledger = ledger or Ledger(hand)
    out: list[Violation] = []
    out += check_antes(hand, ledger)
    out += check_chips(hand, ledger)
    out += check_cards(hand, ledger)
    out += check_showdown_order(hand, ledger)
    return out


# --- antes ------------------------------------------------------------------------------------


def check_antes(hand: Hand, ledger: Ledger) -> list[Violation]:
    """Everyone dealt in posted the table ante, of the table ante's amount (all-in: less)."""
    expected = table_ante(hand, ledger)
    if expected is None:
        return []
    out: list[Violation] = []
    hid = hand.header.hand_id  # the property costs a call and a type lookup
    if len(ledger.antes) < len(ledger.took_part):
        posted = {a.player for a in ledger.antes}
        for seat in hand.seats:
            if seat.player in ledger.took_part and seat.player not in posted:
                out.append(violation(hid, "ANTE_MISSING", street=None, action_index=None,
                                     player=seat.player))
    for a in ledger.antes:
        if a.amount != expected and not (a.all_in and a.amount < expected):
            out.append(violation(hid, "ANTE_AMOUNT", street=None, action_index=None,
                                 player=a.player, amount=money(a.amount, hand.header),
                                 expected=money(expected, hand.header)))
    return out


# --- chips: stacks, uncalled returns, pot total, collected ------------------------------------


def check_chips(hand: Hand, ledger: Ledger) -> list[Violation]:
    header = hand.header
    hid = hand.header.hand_id  # the property costs a call and a type lookup
    out: list[Violation] = []
    if ledger.over_stack:  # (asked first: even an empty comprehension is a call)
        out = [violation(hid, "BET_EXCEEDS_STACK", street=street, action_index=index,
                         player=player, amount=money(put, header), stack=money(behind, header))
               for player, street, index, put, behind in ledger.over_stack]
    streets = ledger.streets
    summary = ledger.summary
    if summary is None and not ledger.collects and streets:
        streets = streets[:-1]  # the hand stops inside this round: INCOMPLETE_HAND says so
    out += _check_returns(hand, streets)
    out += _check_ante_returns(hand, ledger)
    if summary is not None:
        if summary.total_pot != ledger.total:
            out.append(violation(hid, "POT_TOTAL_MISMATCH", street=None, action_index=None,
                                 player=None, actual=money(summary.total_pot, header),
                                 expected=money(ledger.total, header)))
        out += _check_collected(hand, summary, ledger.collects, ledger.total)
    return out


def _check_returns(
    hand: Hand, streets: list[tuple[Street, dict[str, int], list[UncalledReturn]]]
) -> list[Violation]:
    """The excess of the biggest contribution over the next one goes back to its owner."""
    out: list[Violation] = []
    header = hand.header
    for street, put_in, returns in streets:
        if not returns:
            if not put_in:
                continue
            amounts = list(put_in.values())
            top = max(amounts)
            if top <= 0 or amounts.count(top) > 1:  # nothing uncalled, nothing returned
                continue
        top_player: str | None = None
        top = second = 0
        for player, amount in put_in.items():
            if amount > top:
                top_player, top, second = player, amount, top
            elif amount > second:
                second = amount
        excess = top - second
        if not returns and excess == 0:
            continue
        got: dict[str, int] = {}
        for r in returns:
            got[r.player] = got.get(r.player, 0) + r.amount
        want = {top_player: excess} if excess > 0 and top_player is not None else {}
        if got != want:
            actual = ", ".join(f"{money(a, header)} to {p}" for p, a in got.items()) or "none"
            expected = f"{money(excess, header)} to {top_player}" if want else "none"
            named = returns[0].player if returns else top_player
            out.append(violation(hand.hand_id, "UNCALLED_RETURN_MISMATCH", street=street,
                                 action_index=None, player=named, actual=actual,
                                 expected=expected))
    return out


def _check_ante_returns(hand: Hand, ledger: Ledger) -> list[Violation]:
    """A return before the cards are dealt is the part of the biggest ante nobody matched
    (the others all-in for less): Full Tilt gives it back, where others pot it."""
    if not ledger.ante_returns:
        return []
    posted: dict[str, int] = {}
    for ante in ledger.antes:
        posted[ante.player] = posted.get(ante.player, 0) + ante.amount
    ranked = sorted(posted.items(), key=lambda kv: -kv[1])
    top_player, top = ranked[0] if ranked else (None, 0)
    second = ranked[1][1] if len(ranked) > 1 else 0
    got: dict[str, int] = {}
    for r in ledger.ante_returns:
        got[r.player] = got.get(r.player, 0) + r.amount
    if top_player is not None and got == {top_player: top - second}:
        return []
    header = hand.header
    actual = ", ".join(f"{money(a, header)} to {p}" for p, a in got.items())
    expected = f"{money(top - second, header)} to {top_player}" if top > second else "none"
    return [violation(hand.hand_id, "UNCALLED_RETURN_MISMATCH", street=Street.THIRD,
                      action_index=None, player=ledger.ante_returns[0].player, actual=actual,
                      expected=expected)]


def _pot_index(label: str) -> int:
    """0 for the main pot, k for ``side pot-k`` (``side pot`` alone is the first)."""
    label = label.lower()
    if not label.startswith("side"):
        return 0
    tail = label.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 1


def _check_collected(
    hand: Hand, summary: Summary, collects: list[Collect], total: int
) -> list[Violation]:
    header = hand.header
    hid = hand.header.hand_id  # the property costs a call and a type lookup
    out: list[Violation] = []
    collected = 0
    for c in collects:  # (a loop: ``attrgetter`` looks the field up by name on each event)
        collected += c.amount
    # Collected amounts agreeing with the summary's total are consistent with it; a total
    # that disagrees with the actions is POT_TOTAL_MISMATCH's business, not reported twice.
    if collected + summary.rake not in (total, summary.total_pot):
        out.append(violation(
            hid, "COLLECTED_MISMATCH", street=None, action_index=None, player=None,
            detail=f"players collected {money(collected, header)} plus rake "
                   f"{money(summary.rake, header)}, but the pot was {money(total, header)}"))
    if summary.main_pot is not None:
        pots = (summary.main_pot, *summary.side_pots)
        if sum(pots) != summary.total_pot - summary.rake:
            out.append(violation(
                hid, "COLLECTED_MISMATCH", street=None, action_index=None, player=None,
                detail=f"main and side pots add up to {money(sum(pots), header)}, "
                       f"not total pot less rake "
                       f"{money(summary.total_pot - summary.rake, header)}"))
        by_pot: dict[int, int] = {}
        for c in collects:
            k = _pot_index(c.pot)
            by_pot[k] = by_pot.get(k, 0) + c.amount
        for k, amount in enumerate(pots):
            if by_pot.get(k, 0) != amount:
                name = "main pot" if k == 0 else f"side pot {k}"
                out.append(violation(
                    hid, "COLLECTED_MISMATCH", street=None, action_index=None, player=None,
                    detail=f"{money(by_pot.get(k, 0), header)} collected from the {name} "
                           f"of {money(amount, header)}"))
    return out


# --- cards ------------------------------------------------------------------------------------


def check_cards(hand: Hand, ledger: Ledger) -> list[Violation]:
    hid = hand.header.hand_id  # the property costs a call and a type lookup
    out: list[Violation] = []
    board = ledger.board

    # Card counts: at most three on 3rd street and one per later street, seven in all.
    for event in ledger.oversized_deals:
        allowed = 3 if event.street is Street.THIRD else 1
        out.append(violation(
            hid, "WRONG_CARD_COUNT", street=event.street, action_index=None,
            player=event.player,
            detail=f"was dealt {len(event.cards)} cards on {event.street.label}, "
                   f"expected {allowed}"))
    if ledger.dealt and max(map(len, ledger.dealt.values())) > 7:
        _too_many_cards(hid, ledger.dealt, out)

    # Shown hands: all the cards the player holds (six plus the community card).
    last = int(ledger.last_street)
    holds = last - (1 if board else 0)
    # an all-in player may show early all he holds then (Full Tilt, on 3rd street)
    for (player, cards), held_then in zip(ledger.revealed, ledger.revealed_held, strict=True):
        n = len(cards)
        if n == held_then < holds:
            continue
        if n != holds and not (board and n == last) and player not in ledger.folded:
            out.append(violation(
                hid, "WRONG_CARD_COUNT", street=None, action_index=None, player=player,
                detail=f"showed {n} cards, but holds {holds}"))
            break

    # One deck: a card belongs to one player (or the board).
    board_set = set(board)
    dealt = ledger.dealt
    dealt_cards = list(chain.from_iterable(dealt.values()))
    dealt_set: set[int | None] = set(dealt_cards)  # built in C; the unknown card out after
    dealt_set.discard(None)
    distinct = cast("set[int]", dealt_set)
    once = len(distinct) == len(dealt_cards) - dealt_cards.count(None) and \
        distinct.isdisjoint(board_set)  # no known card dealt twice: each has one owner
    if once and _shown_as_dealt(dealt, distinct, board_set, ledger.revealed):
        return out  # the usual hand: who owns each card is never asked
    owner: dict[int, str] = dict.fromkeys(board, "the board")
    reported: set[int] = set()
    if once:
        for player, held in dealt.items():
            owner.update(dict.fromkeys([c for c in held if c is not None], player))
    else:
        _dealt_twice(hid, dealt, owner, reported, out)
    for player, cards in ledger.revealed:
        for c in cards:
            if c in board_set:
                continue
            prev = owner.get(c)
            if prev is None:
                owner[c] = player
            elif prev != player and c not in reported:
                reported.add(c)
                out.append(violation(hid, "DUPLICATE_CARD", street=None, action_index=None,
                                     player=player, card=str_card(c),
                                     where=f"{prev} and {player}"))
    return out


def _too_many_cards(hid: str, dealt: dict[str, list[int | None]],
                    out: list[Violation]) -> None:
    """``WRONG_CARD_COUNT`` for each player dealt more than seven cards."""
    for player, cards in dealt.items():
        if len(cards) > 7:
            out.append(violation(hid, "WRONG_CARD_COUNT", street=None, action_index=None,
                                 player=player,
                                 detail=f"was dealt {len(cards)} cards (at most seven)"))


def _shown_as_dealt(dealt: dict[str, list[int | None]], known: set[int], board: set[int],
                    revealed: list[tuple[str, tuple[int, ...]]]) -> bool:
    """True when no shown card belongs to someone else: the usual hand, in set operations.

    Each card a player shows is on the board, dealt to him, or dealt to nobody the history
    names and shown by nobody before him. ``check_cards`` walks the cards one by one
    (and reports) only when this fails.
    """
    claimed: dict[str, set[int]] = {}  # cards dealt to nobody named, by who showed them
    for player, cards in revealed:
        rest = set(cards)
        rest -= board
        theirs = rest & known
        if theirs and not theirs.issubset(dealt.get(player, ())):
            return False
        rest -= known
        if rest:
            for other, shown in claimed.items():
                if other != player and not shown.isdisjoint(rest):
                    return False
            mine = claimed.get(player)
            if mine is None:
                claimed[player] = rest
            else:
                mine |= rest
    return True


def _dealt_twice(hid: str, dealt: dict[str, list[int | None]], owner: dict[int, str],
                 reported: set[int], out: list[Violation]) -> None:
    """``DUPLICATE_CARD`` for each card dealt twice; ``owner`` learns who holds the rest."""
    for player, held in dealt.items():
        seen: set[int] = set()
        for c in held:
            if c is None:
                continue
            prev = owner.get(c)
            if c in seen or (prev is not None and prev != player):
                if c not in reported:
                    reported.add(c)
                    where = f"dealt twice to {player}" if c in seen else f"{prev} and {player}"
                    out.append(violation(hid, "DUPLICATE_CARD", street=None,
                                         action_index=None, player=player, card=str_card(c),
                                         where=where))
            else:
                owner[c] = player
            seen.add(c)


# --- showdown order ---------------------------------------------------------------------------


def check_showdown_order(hand: Hand, ledger: Ledger) -> list[Violation]:
    """The last to bet or raise on the final round shows first.

    When the final round was checked through, the rule book has the first actor show
    first, but PokerStars shows in seat order from the lowest seat (three real hands in the
    corpus do so); both are accepted then, since the order decides nothing about the pot.
    """
    shows = ledger.showdown
    last_round = ledger.last_round
    if len(shows) < 2 or not last_round:
        return []
    if ledger.all_in_wager:
        return []  # an all-in showdown: every hand is tabled at once (TDA rule 16)
    shown = {s.player for s in shows}
    aggressors = [e for e in last_round if isinstance(e, _AGGRESSIVE)]
    first = shows[0].player
    if aggressors:
        expected = aggressors[-1].player
        reason = "last to bet or raise"
        accepted = {expected}
    else:
        expected = last_round[0].player
        reason = "first to act on the last round"
        lowest_seat = next((s.player for s in hand.seats if s.player in shown), expected)
        accepted = {expected, lowest_seat}
    if first in accepted or expected not in shown:
        return []
    return [violation(hand.hand_id, "SHOWDOWN_ORDER", street=None, action_index=None,
                      player=first, expected=expected, reason=reason)]
