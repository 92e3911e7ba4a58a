"""Deals of a player whose cards the history never printed, put back from his shown hand.

PartyPoker prints no card of an opponent's as it is dealt (only the hero's), and neither
does Winamax's play-money export: an opponent's cards are known only if he shows them at
the end. A shown stud hand lists the cards in the order they were dealt (two down, the door
card, three upcards, the river card down), so it says what he was dealt on each street: his
``Deal`` events are put in their places, as a PokerStars history would have printed them.
A player who never shows keeps no ``Deal`` at all: his cards stay unknown, never invented
(the replay deals them as unknown, as it does any card a history does not print).

Where they go: 3rd to 6th street, after the deals the street's banner is followed by; the
river, in the order players were dealt on 6th street (where ``StudHand`` puts river cards,
so that a hand written as PokerStars text reads back the same).

>>> from stud_hh.cards import parse_cards
>>> events = [StreetStart(Street.THIRD), StreetStart(Street.FOURTH)]
>>> put_shown_deals(events, [("Bob", tuple(parse_cards("2s Tc 2h 2d")))], banners=[0, 1])
>>> [(type(e).__name__, getattr(e, "cards", None)) for e in events]
[('StreetStart', None), ('Deal', (3, 32, 2)), ('StreetStart', None), ('Deal', (1,))]
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from stud_hh.events import Deal, Event, Street

UP_THIRD = (False, False, True)
_UP = (True,)
_DOWN = (False,)
_THIRD, _SIXTH, _SEVENTH = Street.THIRD, Street.SIXTH, Street.SEVENTH  # (an Enum's class
# attribute is a slow look-up)


def _deal(street: Street, player: str, shown: tuple[int, ...]) -> Deal | None:
    """``player``'s deal on ``street`` as his shown hand lists it (None: it lists too few)."""
    if street is _THIRD:
        return Deal(street, player, shown[:3], UP_THIRD) if len(shown) >= 3 else None
    at = street - 1  # 4th street: the fourth card, index 3
    if len(shown) <= at:
        return None
    return Deal(street, player, (shown[at],), _DOWN if street is _SEVENTH else _UP)


def put_shown_deals(events: list[Event], revealed: Iterable[tuple[str, tuple[int, ...]]],
                    banners: list[int], skip: Container[str] = ()) -> None:
    """Give each player in ``revealed`` (player, cards as dealt) the deals his cards show on
    every street (in place). ``banners``: the index in ``events`` of each street's
    ``StreetStart``, in order; ``skip``: players to leave as they are (those the history
    dealt cards to, those who folded: when is not known here)."""
    wanted: dict[str, tuple[int, ...]] = {}
    for player, cards in revealed:
        if player not in skip and len(cards) > len(wanted.get(player, ())):
            wanted[player] = cards
    if not wanted or not banners:
        return
    sixth: dict[str, int] = {}  # who was dealt on 6th street, in order: the river's order
    for n in range(len(banners) - 1, -1, -1):  # from the last street: indices stay valid
        at = banners[n]
        street: Street = events[at].street  # type: ignore[union-attr,assignment]  # a StreetStart
        deals = [deal for player, cards in wanted.items()
                 if (deal := _deal(street, player, cards)) is not None]
        if not deals:
            continue
        end = at + 1
        while end < len(events) and type(events[end]) is Deal:
            end += 1
        if street is _SEVENTH:  # StudHand's order: 6th street's
            sixth = _dealt_on(events, banners, _SIXTH)
            sixth.update((player, len(sixth) + i) for i, player in enumerate(wanted))
            block = events[at + 1 : end] + deals
            block.sort(key=lambda e: sixth.get(e.player, len(sixth)))  # type: ignore[union-attr]
            events[at + 1 : end] = block
        else:
            events[end:end] = deals


def _dealt_on(events: list[Event], banners: list[int], street: Street) -> dict[str, int]:
    """The players dealt on ``street`` (by the history), in order."""
    for at in banners:
        if events[at].street is street:  # type: ignore[union-attr]  # a StreetStart
            order: dict[str, int] = {}
            end = at + 1
            while end < len(events) and type(events[end]) is Deal:
                order.setdefault(events[end].player, len(order))  # type: ignore[union-attr]
                end += 1
            return order
    return {}


__all__ = ["put_shown_deals"]
