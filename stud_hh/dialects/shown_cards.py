"""A shown stud hand put in the order its cards were dealt.

Some sites list a shown hand's three down cards in no fixed order (Everleaf game
295679620: dealt ``5c 4d Ks``, ``Ac 9d Qh``, river ``Js``, shown ``[ Js, 4d, Ks, Ac, 9d,
Qh, 5c ]``; KingsClub game 39969428: dealt ``Qh 4s Qs``, shown ``[4s Qh Qs ...]``). The
events hold a hand as dealt (two down, the door card, three upcards, the river card), so
the cards the deals already printed keep their places and the others fill the hidden ones
in the order shown.

>>> from stud_hh.cards import parse_cards, str_card
>>> dealt = list(parse_cards("5c 4d Ks Ac 9d Qh Js"))
>>> " ".join(map(str_card, arrange_shown(dealt, tuple(parse_cards("Js 4d Ks Ac 9d Qh 5c")))))
'5c 4d Ks Ac 9d Qh Js'
>>> hidden = [None, None, *parse_cards("4s Ad 4c 3d")]  # OnGame game R5-82086688-608
>>> " ".join(map(str_card, arrange_shown(hidden, tuple(parse_cards("6s 9s 4s Ad 4c 3d 3h")))))
'6s 9s 4s Ad 4c 3d 3h'
>>> early = [None, None, *parse_cards("4h 9d 7d 7h"), None]  # all-in, shown on 5th street
>>> " ".join(map(str_card, arrange_shown(early, tuple(parse_cards("Td 5s 4h 9d 7d")))))
'Td 5s 4h 9d 7d 7h'
"""

from __future__ import annotations

from collections.abc import Sequence


def arrange_shown(dealt: Sequence[int | None], shown: tuple[int, ...]) -> tuple[int, ...]:
    """``shown`` in the order of ``dealt`` (the player's cards so far, ``None`` where
    hidden): the shown cards the deals did not print fill the hidden places in order; a
    hidden card still unknown at the end is left off (an all-in player shows his cards
    before the last are dealt: KingsClub game 3537921). ``shown`` as it is when the two
    cannot be fitted together."""
    if len(shown) == len(dealt) and all(
            [card is None or card == seen for card, seen in zip(dealt, shown, strict=True)]):
        return shown  # as dealt already (the usual case): the loop below would say so
    known = {card for card in dealt if card is not None}
    if not known:
        return shown
    rest = [card for card in shown if card not in known]
    slots = list(dealt) + [None] * max(0, len(shown) - len(dealt))
    if len(rest) > slots.count(None):
        return shown
    fill = iter(rest)
    placed = [card if card is not None else next(fill, None) for card in slots]
    while placed and placed[-1] is None:
        placed.pop()
    if None in placed or len(placed) < len(shown):
        return shown
    return tuple(placed)  # type: ignore[arg-type]


__all__ = ["arrange_shown"]
