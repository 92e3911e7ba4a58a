"""The rule book's options as data: one frozen ``RuleSet`` and five named presets.

Where the sources of ``../shared/spec/stud-rules.md`` disagree, the rule is an option here
and the engine reads it; nothing about a site or a rule book is hard-coded in the engine.
Each preset cites its evidence: the rule book's section 11 for ROBERTS, TDA, PAGAT and
LIVE, and the real PokerStars files in ``../shared/corpus/real/cash/Stars`` for POKERSTARS.

>>> preset("tda").showing_tie_break is TieBreak.SUIT
True
>>> ROBERTS.heads_up_uncapped, POKERSTARS.heads_up_uncapped
(True, False)
>>> LIVE.tie_break(Game.STUD), LIVE.tie_break(Game.RAZZ)
(<TieBreak.SUIT: 'suit'>, <TieBreak.SEAT: 'seat'>)
>>> sorted(PRESETS)
['ABSOLUTE', 'FULLTILT', 'KINGSCLUB', 'LIVE', 'PAGAT', 'POKERSTARS', 'ROBERTS', 'TDA', 'WINNING']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from stud_hh.events import Game


class TieBreak(StrEnum):
    """Who acts first from 4th street when showing hands tie (rule book 4.6)."""

    SEAT = "seat"  # the tied player closest to the dealer's left (Robert's Rules)
    SUIT = "suit"  # the highest suit of the highest card (pagat, TDA RP-10D)


class OpenPair(StrEnum):
    """The double bet on 4th street with an open pair (rule book 5).

    ``FOURTH_STREET_ONLY`` and ``ANY_STREET`` coincide in fixed limit (5th street on is
    already the big bet); they are kept apart because the rule book names both.
    """

    FOURTH_STREET_ONLY = "fourth_street_only"
    ANY_STREET = "any_street"
    OFF = "off"


class OutOfCards(StrEnum):
    """What happens when the stub cannot give every live player a 7th card (rule book 7)."""

    RESHUFFLE_THEN_COMMUNITY = "reshuffle_then_community"
    COMMUNITY = "community"


class CommunityActor(StrEnum):
    """Who acts first on 7th street when a community card was dealt (rule book 11)."""

    BEST_SHOWING = "best_showing"  # Robert's: the player high with the community card
    SIXTH_STREET = "sixth_street"  # TDA RP-10H: the first actor of 6th street


class OddChipCards(StrEnum):
    """Which cards' suits decide the odd chip between tied hands (rule book 8)."""

    BEST_FIVE = "best_five"  # TDA rule 20
    ALL_CARDS = "all_cards"  # Robert's Rules


class AllInAnteBringIn(StrEnum):
    """The player due to bring in is all-in from the ante alone (rule book 6, 11).

    ``NEXT_PLAYER``: the next player to the left with chips must bring in, whatever his
    card ([000], TDA RP-10E: players with chips must bet at least the bring-in).
    ``NEXT_PLAYER_OPTION``: Robert's: the next player to the left acts first and may fold,
    bring in or complete; nobody is forced.
    """

    NEXT_PLAYER = "next_player"
    NEXT_PLAYER_OPTION = "next_player_option"


class ShortBringIn(StrEnum):
    """A bring-in all-in for less than the bring-in (rule book 6).

    ``FULL``: the next player must pay the full bring-in to stay ([000]).
    ``MATCH``: the next player may merely call what was posted (PokerKit's behaviour).
    """

    FULL = "full"
    MATCH = "match"


class RaiseAfterShortAllIn(StrEnum):
    """What the next raise is over a short all-in that did not count as a full raise.

    ``COMPLETE``: to the last full level plus a bet: the all-in is "completed" (TDA and
    Robert's wording for limit: call the all-in, or complete the wager).
    ``OVER_ALL_IN``: a full bet on top of the all-in amount (PokerKit's behaviour).
    """

    COMPLETE = "complete"
    OVER_ALL_IN = "over_all_in"


class SplitOddChip(StrEnum):
    """Which half of a hi/lo pot takes the odd chip when it does not split evenly.

    ``HIGH``: the rule book (8) and most card rooms. ``LOW``: the Winning Poker Network.
    """

    HIGH = "high"
    LOW = "low"


ALL_GAMES: frozenset[Game] = frozenset(Game)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option of the rule book; defaults are the rule book's named defaults.

    ``short_all_in_reopen_pct``: a short all-in raise of at least this percentage of a full
    bet counts as a full raise (reopens the betting and is the new level to raise over);
    below it, players who already acted may only call or fold (TDA rule 47B, Robert's).
    ``raise_cap``: raises allowed after the bet (the completion counts as the bet);
    ``None`` for no cap. ``heads_up_uncapped``: no cap when only two players were live at
    the start of the round. ``open_pair_games``: where the open-pair double bet applies.
    ``tie_break_by_game``: games whose first-actor ties go another way than
    ``showing_tie_break`` (``tie_break`` reads both). ``bring_in_above_ante``: a bring-in
    the text does not state the structure of must be larger than the ante (rule book 4.3:
    the seeds' structure); ``False`` lets it equal the ante (2023 live structures). It
    judges the amount posted only when nothing designates the bring-in: a structure that
    sets it equal to the ante is not a player's violation.
    """

    name: str = "custom"
    showing_tie_break: TieBreak = TieBreak.SEAT
    open_pair_double_bet: OpenPair = OpenPair.FOURTH_STREET_ONLY
    open_pair_games: frozenset[Game] = field(default=frozenset({Game.STUD}))
    raise_cap: int | None = 3
    heads_up_uncapped: bool = True
    out_of_cards: OutOfCards = OutOfCards.RESHUFFLE_THEN_COMMUNITY
    community_first_actor: CommunityActor = CommunityActor.BEST_SHOWING
    odd_chip_cards: OddChipCards = OddChipCards.BEST_FIVE
    max_players: int = 8
    short_all_in_reopen_pct: int = 50
    raise_after_short_all_in: RaiseAfterShortAllIn = RaiseAfterShortAllIn.COMPLETE
    all_in_ante_bring_in: AllInAnteBringIn = AllInAnteBringIn.NEXT_PLAYER
    short_bring_in: ShortBringIn = ShortBringIn.FULL
    split_odd_chip: SplitOddChip = SplitOddChip.HIGH
    tie_break_by_game: tuple[tuple[Game, TieBreak], ...] = ()
    bring_in_above_ante: bool = True

    def with_(self, **changes: object) -> RuleSet:
        """A copy with some options changed (tests and dialects use it)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def tie_break(self, game: Game) -> TieBreak:
        """How first-actor ties from 4th street are broken in ``game`` (rule book 4.6)."""
        for g, tie in self.tie_break_by_game:
            if g is game:
                return tie
        return self.showing_tie_break


# Robert's Rules of Poker (rule book section 11, first column).
ROBERTS = RuleSet(
    name="ROBERTS",
    showing_tie_break=TieBreak.SEAT,  # "seat: first dealt (closest to dealer's left)"
    open_pair_double_bet=OpenPair.FOURTH_STREET_ONLY,  # "small or big bet, stud high only"
    open_pair_games=frozenset({Game.STUD}),
    raise_cap=3,  # "bet + 3 raises"
    heads_up_uncapped=True,  # "unlimited heads-up (not in tournaments)"
    out_of_cards=OutOfCards.RESHUFFLE_THEN_COMMUNITY,  # "reshuffle burns (and stub) first"
    community_first_actor=CommunityActor.BEST_SHOWING,  # "high with the community card"
    odd_chip_cards=OddChipCards.ALL_CARDS,  # "highest card by suit among all cards"
    short_all_in_reopen_pct=50,  # "under half does not reopen; half or more is a full bet"
    all_in_ante_bring_in=AllInAnteBringIn.NEXT_PLAYER_OPTION,  # "may fold, bring in, complete"
    short_bring_in=ShortBringIn.FULL,  # rule book 6 [000]: next player pays the full bring-in
)

# pagat.com (rule book section 11, second column; "-" entries keep the rule book default).
PAGAT = RuleSet(
    name="PAGAT",
    showing_tie_break=TieBreak.SUIT,  # "suit of the highest card"
    open_pair_double_bet=OpenPair.ANY_STREET,  # "small or big from 4th street on, any pair"
    open_pair_games=frozenset({Game.STUD, Game.STUD8}),  # "any open pair": not razz, where
    # a pair is a bad hand and no source doubles the bet
    raise_cap=3,  # "bet + 3 raises when more than two players started the round"
    heads_up_uncapped=True,
    out_of_cards=OutOfCards.COMMUNITY,  # "community card at once"
    community_first_actor=CommunityActor.BEST_SHOWING,
    odd_chip_cards=OddChipCards.BEST_FIVE,  # "-": rule book default
    short_all_in_reopen_pct=50,  # "-": rule book default
    all_in_ante_bring_in=AllInAnteBringIn.NEXT_PLAYER,  # "-": rule book 6 [000]
    short_bring_in=ShortBringIn.FULL,
)

# Tournament Directors Association (rule book section 11, third column).
TDA = RuleSet(
    name="TDA",
    showing_tie_break=TieBreak.SUIT,  # RP-10D
    open_pair_double_bet=OpenPair.OFF,  # RP-10F: "bets will not be doubled on 4th street"
    open_pair_games=frozenset(),
    raise_cap=3,  # rule 48
    heads_up_uncapped=False,  # "the cap holds heads-up until the event is down to two"
    out_of_cards=OutOfCards.COMMUNITY,  # RP-10H
    community_first_actor=CommunityActor.SIXTH_STREET,  # RP-10H
    odd_chip_cards=OddChipCards.BEST_FIVE,  # rule 20
    short_all_in_reopen_pct=50,  # rule 47B
    all_in_ante_bring_in=AllInAnteBringIn.NEXT_PLAYER,  # RP-10E
    short_bring_in=ShortBringIn.FULL,
)

# What the real PokerStars files show (../shared/corpus/real/cash/Stars/Stud):
# * open pair: "Pair on board - a double bet is allowed" is printed on 4th street in all
#   three stud-high hands with a 4th-street board pair (7-Stud-USD-0.04-0.08-200911.txt,
#   games 35874289931, 35874334277, 35874382643), but not in Stud Hi/Lo game 35874789183
#   (gashpor 5s 5d and LainaRahat 2c 2d on board, only small bets) nor in the five Razz
#   hands with a 4th-street pair: the double bet is for stud high only (Robert's reading).
# * raise cap: "Betting is capped" after a bet and three raises, with three live players
#   (7-Stud ... 5th street) and HEADS-UP (Razz-USD-0.04-0.08-200911.txt river, kobreli vs
#   SilkZone: bet, raise, raise, raise, capped): so raise_cap=3, heads_up_uncapped=False.
# * completion: written "completes it to X" or "raises D to X" (X = small bet) and counted
#   as the bet, not a raise (rule book 11; the engine normalises both spellings).
# * first-actor ties: Razz-USD-0.04-0.08-200911.txt has kobreli (seat 1, As 6s, then
#   As 6s 5c) tied with manga130 (seat 3, Ac 6h, then Ac 6h 5s) on 4th and 5th street;
#   kobreli acts first both times. That fits SUIT (6s over 6h) and SEAT (seat 1) alike, so
#   the corpus does not decide; SUIT is kept because PokerStars uses the suit order for
#   every other forced decision (bring-in). tests/test_rules.py re-checks every tie.
# * bring-in: every real hand that posts one posts more than the ante and less than the
#   small bet (tests/test_validate_real.py), so bring_in_above_ante stays on.
# * other options (out of cards, odd chip, all-in rules): no hand in the corpus decides
#   them; BEST_FIVE (TDA, online practice) and the rule book defaults are used. A 7-handed
#   table cannot run out (7 x 7 = 49 cards plus 3 burns); 8-max Stars tables could, and no
#   hand shows what Stars does then: COMMUNITY is assumed (no reshuffle online).
POKERSTARS = RuleSet(
    name="POKERSTARS",
    showing_tie_break=TieBreak.SUIT,
    open_pair_double_bet=OpenPair.FOURTH_STREET_ONLY,
    open_pair_games=frozenset({Game.STUD}),
    raise_cap=3,
    heads_up_uncapped=False,
    out_of_cards=OutOfCards.COMMUNITY,
    community_first_actor=CommunityActor.BEST_SHOWING,
    odd_chip_cards=OddChipCards.BEST_FIVE,
    short_all_in_reopen_pct=50,
    all_in_ante_bring_in=AllInAnteBringIn.NEXT_PLAYER,
    short_bring_in=ShortBringIn.FULL,
)

# What the real Full Tilt files show (../shared/corpus/real/{cash,tour}/FTP/Stud): the
# PokerStars rules, but a bring-in all-in for less than the bring-in may just be called:
# Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt, game 28333847000 (80/160, ante
# 15): "Villain brings in for 9, and is all in" / "Hero calls 9", and the hand goes on to
# the showdown without Hero completing. Nothing else in the files differs: completions are
# "completes it to X", raises "raises to X" and the cap is not reached in any hand.
FULLTILT = replace(POKERSTARS, name="FULLTILT", short_bring_in=ShortBringIn.MATCH)

# What the real Winning Poker Network files show (../shared/corpus/real/cash/Winning): the
# PokerStars rules, but the odd chip of a split hi/lo pot goes to the low half:
# 7-Stud-HL-8max-USD-1.00-2.00-201608, game 693975843: a $7.05 pot after rake and jackpot
# fee, "ChazDazzle shows: High card A ... Low hand (A A 2 4 6 7 ). ... Collects: 3.53" and
# "KickAzzJohnny shows: Two pairs. 8s and 3s ... Collects: 3.52" (the high hand).
WINNING = replace(POKERSTARS, name="WINNING", split_odd_chip=SplitOddChip.LOW)
# The 2023 World Series of Poker Official Tournament Rules (rule book section 11, LIVE: rule
# 100b, rule 73 and the stud sections), what the live hands of issue 17 follow.
LIVE = RuleSet(
    name="LIVE",
    showing_tie_break=TieBreak.SUIT,  # stud high: "by the high card's suit"
    tie_break_by_game=((Game.STUD8, TieBreak.SEAT), (Game.RAZZ, TieBreak.SEAT)),
    # stud8 and razz: "the first player clockwise from the dealer"
    open_pair_double_bet=OpenPair.OFF,  # "no double bet, in stud, stud8 and razz"
    open_pair_games=frozenset(),
    raise_cap=4,  # "one bet and four raises"; the completion is not a raise
    heads_up_uncapped=False,  # "even with two players in the hand" (no cap only once the
    # whole tournament is heads-up, which a hand's text does not say)
    out_of_cards=OutOfCards.RESHUFFLE_THEN_COMMUNITY,  # not in the LIVE paragraph: default
    community_first_actor=CommunityActor.BEST_SHOWING,  # not in the paragraph: default
    odd_chip_cards=OddChipCards.BEST_FIVE,  # "high card by suit in the best five-card
    # hand shown"; stud8: the odd chip of the whole pot to the high side (the engine's rule)
    short_all_in_reopen_pct=50,  # not in the paragraph: default
    all_in_ante_bring_in=AllInAnteBringIn.NEXT_PLAYER_OPTION,  # "the player to that
    # player's left acts first" (no forced bring-in)
    short_bring_in=ShortBringIn.FULL,  # "everyone else enters for at least the bring-in"
    bring_in_above_ante=False,  # "as designated in the structure": equal to the ante in
    # real 2023 structures (rule book 4.3)
)

# What the real Absolute Poker file shows (../shared/corpus/real/cash/Absolute/Stud): the
# PokerStars rules, but the structure's bring-in may equal the ante (at $0.02/$0.04 there is
# no amount between a $0.01 ante and the $0.02 small bet):
# 7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt, game 1300000000: "PLAYER1 - Ante
# $0.01" for every player, then "PLAYER7 - Bring-In $0.01" and everybody calls $0.01.
ABSOLUTE = replace(POKERSTARS, name="ABSOLUTE", bring_in_above_ante=False)

# What the real KingsClub files show (../shared/corpus/real/cash/KingsClub/Stud): the
# PokerStars rules, but the bring-in equals the ante in every structure of the files:
# Razz-USD-40-80-202101.txt, game 39969356: "posts ante 10", "Player0 brings in for 10";
# 7-Stud-USD-44-88-202010.txt, game 37581152: "posts ante 33.16", "brings in for 33.16";
# Razz-USD-500-100-202101.multi.pot.failure.txt, game 3537921: ante 125, bring-in 125.
KINGSCLUB = replace(POKERSTARS, name="KINGSCLUB", bring_in_above_ante=False)

PRESETS: dict[str, RuleSet] = {
    "ROBERTS": ROBERTS,
    "TDA": TDA,
    "PAGAT": PAGAT,
    "POKERSTARS": POKERSTARS,
    "FULLTILT": FULLTILT,
    "WINNING": WINNING,
    "LIVE": LIVE,
    "ABSOLUTE": ABSOLUTE,
    "KINGSCLUB": KINGSCLUB,
}


def preset(name: str) -> RuleSet:
    """The preset called ``name`` (case-insensitive); ``KeyError`` lists the known names."""
    try:
        return PRESETS[name.upper()]
    except KeyError:
        raise KeyError(f"unknown rule set {name!r}; known: {', '.join(PRESETS)}") from None
