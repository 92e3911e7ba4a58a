"""PHH, the TOML Poker Hand History format of PokerKit and published hand datasets, read as
another dialect (``phh``): ``.phh`` files hold one hand, ``.phhs`` files many.

PHH is a carrier, not a site: a hand keeps the site it was played at when the file says it
(stud_hh's ``_site`` field, see ``stud_hh.phh``, the writer), so a hand exported and read
back is the same stored hand; a file from another tool gives site ``phh``. Variants ``F7S``,
``F7S/8`` and ``FR`` are read; PHH's other variants are ``OtherGame``. ``tomllib`` parses;
a TOML error, a field of the wrong type or an action that is not PHH is a ``ParseError``
naming the file, the line and the hand, carrying the hand's text. ``docs/phh.md`` lists
what a PHH file keeps of a hand and what it does not.

>>> raw = RawHand("h.phh", 1, '''variant = "FR"
... antes = [1, 1]
... bring_in = 2
... small_bet = 4
... big_bet = 8
... starting_stacks = [100, 100]
... actions = ["d dh p1 As2s3s", "d dh p2 ????Kd", "p2 pb", "p1 f"]
... ''')
>>> hand = PHH().parse_hand(raw)
>>> hand.header.site, hand.header.game.value, [type(e).__name__ for e in hand.events][-4:]
('phh', 'razz', ['Fold', 'UncalledReturn', 'Collect', 'Summary'])
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from stud_hh.dialects.phh.split import split_phh
from stud_hh.events import Parsed
from stud_hh.reader import RawHand

#: The line that makes a TOML document a PHH hand: its ``variant`` key (``variant = 'FR'``).
VARIANT_LINE = re.compile(r"[\"']?variant[\"']?[ \t]*=[ \t]*[\"'][^\"'\n]*[\"'][ \t]*(?:#.*)?")


class PHH:
    """The PHH dialect (``stud_hh.dialects.Dialect``)."""

    name = "phh"
    site = "PHH"
    #: PHH hands are to follow the WSOP rules (the specification); TDA is the nearest
    #: preset. A hand that names its site (``_site``) is audited by that site's preset.
    rules = "TDA"
    hand_start: re.Pattern[str] | None = None  # TOML: ``split`` cuts the files

    def recognise(self, line: str) -> bool:
        """The ``variant`` line: a hand's other lines (comments, a ``.phhs`` collection's
        ``[1]``, other keys) may come first, so files and hands are recognised by any of
        their first lines (``stud_hh.formats``, ``stud_hh.dialects.find_dialect``)."""
        return VARIANT_LINE.fullmatch(line) is not None

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        return split_phh(stream, path)

    def parse_hand(self, raw: RawHand) -> Parsed:
        from stud_hh.dialects.phh.reader import parse_phh

        return parse_phh(raw)


__all__ = ["PHH", "VARIANT_LINE"]
