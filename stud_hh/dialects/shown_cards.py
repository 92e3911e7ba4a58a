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
>>> hidden = [None, None, *parse_cards("4s Ad 4c 3d")]
>>> " ".join(map(str_card, arrange_shown(hidden, tuple(parse_cards("6s 9s 4s Ad 4c 3d 3h")))))
'6s 9s 4s Ad 4c 3d 3h'
"""

from __future__ import annotations

from collections.abc import Sequence


def arrange_shown(dealt: Sequence[int | None], shown: tuple[int, ...]) -> tuple[int, ...]:
    """``shown`` in the order of ``dealt`` (the player's cards so far, ``None`` where
    hidden); ``shown`` as it is when it does not hold every card the deals printed."""
    known = [card for card in dealt if card is not None]
    if not known or len(dealt) > len(shown) or not set(known) <= set(shown):
        return shown
    rest = iter([card for card in shown if card not in known])
    slots = list(dealt) + [None] * (len(shown) - len(dealt))
    return tuple(card if card is not None else next(rest) for card in slots)


__all__ = ["arrange_shown"]
