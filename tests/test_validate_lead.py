"""The replay reads a hand's opening once (``opening.Opening``): what it finds is the plain read.

The engine is set up from who is dealt in and the antes before the first betting action,
and the walk goes on where the opening stops; ``Opening`` gathers both in one loop, with
shortcuts (no position counted, no ante vote when the antes agree). A slip there would set
the engine up with the wrong players or stakes on some damaged hand only, so every field
is compared with a plain reading of the events here, on legal, faulted and shuffled hands.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from stud_hh.events import Ante, BringIn, Deal, Event, Hand, Street, StreetStart
from stud_hh.faults import FAULT_KINDS, inject
from stud_hh.simulate import simulate_hands
from stud_hh.validate.opening import _TO_ENGINE, _W_OTHER, _WALK, Opening

#: The events an opening may hold: antes, deals, street starts and the notes in between.
_OPENING = {Ante, Deal, StreetStart} | {t for t, code in _WALK.items() if code == _W_OTHER}


def _plain(events: tuple[Event, ...]) -> dict[str, object]:
    """What ``Opening`` should find, read the slow way."""
    stop = next((i for i, e in enumerate(events) if type(e) not in _OPENING), len(events))
    opening = events[:stop]
    took: set[str] = set()
    set_up: list[Ante] = []
    for e in events:  # the engine's set-up: everything before the first betting action
        if type(e) in _TO_ENGINE:
            break
        if isinstance(e, Deal | Ante):
            took.add(e.player)
        if isinstance(e, Ante):
            set_up.append(e)
    antes = [e for e in opening if isinstance(e, Ante)]
    deals = [e for e in opening if isinstance(e, Deal)]
    dealt: dict[str, list[int | None]] = {}
    for d in deals:
        dealt.setdefault(d.player, []).extend(d.cards)
    first_deal = next((i for i, e in enumerate(opening) if isinstance(e, Deal)), stop)
    amounts = [a.amount for a in set_up if not a.all_in]
    return {
        "stop": stop,
        "took": took,
        "set_up_antes": [id(a) for a in set_up],
        "antes": [id(a) for a in antes],
        "bring_in": next((id(e) for e in events if type(e) is BringIn), None),
        "dealt": dealt,
        "deals": [(d.player, d.cards) for d in deals],
        "oversized": [id(d) for d in deals
                      if len(d.cards) > 1 and (len(d.cards) > 3 or d.street != 3)],
        "street": next((e.street for e in reversed(opening) if isinstance(e, StreetStart)), 3),
        "interleaved": any(isinstance(e, Ante) for e in opening[first_deal:]),
        # only the opening's own antes count (a damaged set-up past it: not uniform)
        "uniform": len(set_up) == len(antes) and len({a.amount for a in set_up}) <= 1
        and not any(a.all_in for a in set_up),
        "table_ante": Counter(amounts).most_common(1)[0][0] if amounts else "header",
        "tail": [id(e) for e in events[stop:]],
    }


def _read(hand: Hand) -> dict[str, object]:
    events = hand.events
    lead = Opening(events)
    uniform = lead.uniform
    found = {
        "stop": lead.stop(events),
        "took": lead.took,
        "set_up_antes": [id(a) for a in lead.set_up_antes],
        "antes": [id(a) for a in lead.antes],
        "bring_in": id(lead.bring_in) if lead.bring_in is not None else None,
        "dealt": lead.dealt,
        "deals": lead.deals,
        "oversized": [id(d) for d in lead.oversized],
        "street": lead.street,
        "interleaved": lead.interleaved,
        "uniform": uniform,
        "table_ante": lead.table_ante(hand.header) if lead.set_up_antes else "header",
        "tail": [id(e) for e in lead.tail()],
    }
    if not uniform and found["table_ante"] != "header":  # a vote: ties go either way
        found["table_ante"] = _plain(events)["table_ante"]
    return found


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    simulated: list[Hand] = []
    for game in ("stud", "stud8", "razz"):
        simulated += simulate_hands(15, game=game, players=6, seed=77)
        simulated += simulate_hands(5, game=game, players=2, seed=78, tournament=True)
    out = list(simulated)
    for kind in sorted(FAULT_KINDS):
        for i, hand in enumerate(simulated):
            injected = inject(hand, kind, random.Random(i))
            if injected is not None:
                out.append(injected.hand)
    rng = random.Random(5)
    for _ in range(300):  # deleted, repeated and swapped events, as damaged files have
        hand = rng.choice(simulated)
        events = list(hand.events)
        for _ in range(rng.randint(1, 3)):
            j = rng.randrange(len(events))
            roll = rng.random()
            if roll < 0.4:
                del events[j]
            elif roll < 0.7:
                events.insert(j, events[rng.randrange(len(events))])
            else:
                k = rng.randrange(len(events))
                events[j], events[k] = events[k], events[j]
        out.append(msgspec.structs.replace(hand, events=tuple(events)))
    for hand in simulated[:10]:  # a deal of four cards on 3rd street, one of two later
        events = list(hand.events)
        deals = [i for i, e in enumerate(events) if isinstance(e, Deal)]
        for i, extra in ((deals[0], 1), (deals[-1], 1)):
            deal = events[i]
            events[i] = msgspec.structs.replace(deal, cards=(*deal.cards, 51 - extra))
        out.append(msgspec.structs.replace(hand, events=tuple(events)))
        events[deals[1]] = msgspec.structs.replace(events[deals[1]], street=Street.FOURTH)
        out.append(msgspec.structs.replace(hand, events=tuple(events)))  # three, not on 3rd
    return out


def test_the_opening_read_once_is_the_plain_read(hands: list[Hand]) -> None:
    for hand in hands:
        assert _read(hand) == _plain(hand.events), hand.hand_id


def test_the_sample_reaches_the_unusual_openings(hands: list[Hand]) -> None:
    """The comparison above means something only if the odd shapes occur in it."""
    leads = [Opening(h.events) for h in hands]
    assert any(lead.interleaved for lead in leads)
    assert any(not lead.uniform for lead in leads)
    assert any(lead.set_up_antes is not lead.antes for lead in leads)  # a show before acting
    assert any(not lead.stopped for lead in leads) or any(
        lead.bring_in is None for lead in leads)
    assert any(lead.oversized for lead in leads)
