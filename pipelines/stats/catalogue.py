"""Every stat, defined once: a numerator and a denominator summed over ``player_facts``.

Each expression is evaluated per row (one player in one hand) and summed per player, so a
rate is ``scale * SUM(numerator) / SUM(denominator)`` and its sample size is
``SUM(denominator)``, always shown beside it. A ``total`` is ``SUM(numerator)`` with the
hand count as its sample. ``docs/stats.md`` explains each definition in words; the facts
themselves are decided in ``stud_hh/facts.py``.

Win rates are in big bets (the upper limit of the stakes, ``big_bet``) and small bets per
100 hands; every hand is converted at its own stakes before summing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from stud_hh.facts import CATEGORIES


class Kind(StrEnum):
    RATE = "rate"  # scale * SUM(num) / SUM(den)
    TOTAL = "total"  # SUM(num); sample = hands


@dataclass(frozen=True, slots=True)
class Stat:
    key: str
    label: str
    section: str
    numerator: str  # SQL over one player_facts row; booleans count as 1
    denominator: str = "1"
    scale: float = 100.0  # 100: a percentage; 1: a ratio or a total
    kind: Kind = Kind.RATE
    unit: str = "%"
    #: A row condition outside which numerator and denominator are always 0 (e.g. no
    #: 5th-street fact is set for a player who did not see 4th street). It changes no value:
    #: it only lets the query skip rows that cannot count.
    scope: str = ""
    #: ``(column, value)``: numerator and denominator summed over the rows where
    #: ``column = value`` only (door card ranks, starting-hand categories). Computed by
    #: grouping on the column, which is cheaper than one conditional sum per value.
    group: tuple[str, str] | None = None
    #: A sum of money: only ever summed within one money unit (a currency, tournament
    #: chips or play money); the query reports it as one column per unit,
    #: ``<key>_<unit>`` (``net_won_USD``, ``net_won_chips``), never as one total.
    per_unit: bool = False


def _pct(key: str, label: str, section: str, num: str, den: str = "1", scope: str = "") -> Stat:
    return Stat(key, label, section, num, den, scope=scope)


STREET_NAMES = {4: "4th", 5: "5th", 6: "6th", 7: "7th"}
SAW_4 = "saw_4"  # scope of everything that happens from 4th street on
SHOWDOWN = "showdown"
BRING_IN = "is_bring_in"
STEAL_CHANCE = "steal_opp_pos OR steal_opp_up"
KNOWN_START = "start_category IS NOT NULL"
START_CATEGORIES = {
    "rolled_up": "rolled-up trips",
    "split_pair": "split pair (door card paired in the hole)",
    "buried_pair": "buried pair",
    "three_low": "three to a low (three ranks 8 or lower)",
    "three_flush": "three-flush",
    "three_straight": "three-straight",
    "other": "other",
    "three_to_6": "three cards 6 or lower",
    "three_to_7": "three cards 7 or lower, top 7",
    "three_to_8": "three cards 8 or lower, top 8",
    "paired": "paired",
    "rough": "a card 9 or higher",
}
DOOR_RANKS = {r: "23456789TJQKA"[r - 2] for r in range(2, 15)}
RAZZ_LOWS = {r: "23456789TJQK"[r - 2] for r in range(5, 14)}  # top card of the low
_BB = "net::DOUBLE / big_bet"
_SB = "net::DOUBLE / small_bet"
#: All-in adjusted: a hand with an all-in EV counts its expected net, any other its net.
EV_NET = "COALESCE(ev_net, net)"
_EV_BB = f"{EV_NET} / big_bet"
_LUCK_BB = f"(net - {EV_NET}) / big_bet"


def _general() -> list[Stat]:
    s = "3rd street"
    return [
        Stat("hands", "hands", "general", "1", kind=Kind.TOTAL, scale=1, unit="hands"),
        _pct("vpip", "VPIP (call, complete or raise on 3rd)", s, "vpip"),
        _pct("aggr_3rd", "complete or raise on 3rd", s, "raises_3rd > 0"),
        _pct("complete_3rd", "complete when unopened", s, "complete_3rd", "complete_opp_3rd"),
        _pct("reraise_3rd", "re-raise a completion", s, "reraise_3rd", "faced_complete_3rd"),
        _pct("fold_to_complete_3rd", "fold to a completion", s, "fold_to_complete_3rd",
             "faced_complete_3rd"),
        _pct("fold_to_raise_3rd", "fold to a 3rd-street raise", s, "fold_to_raise_3rd",
             "faced_raise_3rd"),
    ]


def _steals() -> list[Stat]:
    s = "steals"
    out = []
    for sense, words in (("pos", "positional"), ("up", "by upcards")):
        out += [
            _pct(f"steal_{sense}", f"steal attempt ({words})", s, f"steal_{sense}",
                 f"steal_opp_{sense}", STEAL_CHANCE),
            _pct(f"steal_{sense}_success", f"steal success ({words})", s,
                 f"steal_{sense}_success", f"steal_{sense}", STEAL_CHANCE),
            _pct(f"fold_to_steal_{sense}", f"bring-in folds to a steal ({words})", s,
                 f"fold_to_steal_{sense}", f"faced_steal_{sense}", BRING_IN),
            _pct(f"resteal_{sense}", f"bring-in re-steals ({words})", s,
                 f"resteal_{sense}", f"faced_steal_{sense}", BRING_IN),
        ]
    return out


def _bring_in() -> list[Stat]:
    s = "bring-in"
    return [
        _pct("bring_in", "was the bring-in", s, "is_bring_in"),
        _pct("bi_complete", "bring-in completes", s, "bi_complete", "is_bring_in", BRING_IN),
        _pct("bi_fold_to_complete", "bring-in folds to a completion", s,
             "bi_fold_to_complete", "bi_faced_complete", BRING_IN),
        _pct("bi_call_complete", "bring-in calls a completion", s, "bi_call_complete",
             "bi_faced_complete", BRING_IN),
        _pct("bi_reraise", "bring-in re-raises a completion", s, "bi_reraise",
             "bi_faced_complete", BRING_IN),
        _pct("bi_walk", "bring-in wins unopposed", s, "bi_walk", "is_bring_in", BRING_IN),
    ]


def _streets_seen() -> list[Stat]:
    s = "streets and showdown"
    return [
        _pct("saw_4", "saw 4th street", s, "saw_4"),
        *(_pct(f"saw_{n}", f"saw {STREET_NAMES[n]} street", s, f"saw_{n}")
          for n in (5, 6, 7)),
        _pct("showdown", "went to showdown (of hands that saw 4th)", s,
             "showdown AND saw_4", "saw_4", SAW_4),
        _pct("won_showdown", "won at showdown", s, "won_showdown", "showdown", SHOWDOWN),
        _pct("won_saw_4th", "won when saw 4th", s, "won AND saw_4", "saw_4", SAW_4),
    ]


def _street_betting() -> list[Stat]:
    out = []
    for n, name in STREET_NAMES.items():
        s = f"{name} street"
        aggressive = f"bets_{n} + raises_{n}"
        seen = f"saw_{n}"  # nothing happens on a street to a player who did not see it
        out += [
            _pct(f"bet_{n}", f"bet {name} (when unopened)", s, f"bets_{n} > 0",
                 f"bet_opp_{n}", seen),
            _pct(f"raise_{n}", f"raise {name} (when facing a bet)", s, f"raises_{n} > 0",
                 f"faced_bet_{n}", seen),
            _pct(f"checkraise_{n}", f"check-raise {name}", s, f"checkraise_{n}",
                 f"checkraise_opp_{n}", seen),
            _pct(f"fold_to_bet_{n}", f"fold to a bet {name}", s, f"fold_to_bet_{n}",
                 f"faced_bet_{n}", seen),
            Stat(f"af_{n}", f"aggression factor {name}", s, aggressive, f"calls_{n}",
                 scale=1, unit="ratio", scope=seen),
            _pct(f"afq_{n}", f"aggression frequency {name}", s, aggressive,
                 f"{aggressive} + calls_{n} + folds_{n}", seen),
        ]
        if n == 4:
            out += [
                _pct("big_bet_4th", "big bet on 4th with an open pair", s, "big_bet_4th",
                     "big_bet_opp_4th", SAW_4),
                _pct("cbet_4th", "continuation bet on 4th (3rd-street aggressor)", s,
                     "cbet_4th", "cbet_opp_4th", SAW_4),
                _pct("fold_to_cbet_4th", "fold to a 4th-street continuation bet", s,
                     "fold_to_cbet_4th", "faced_cbet_4th", SAW_4),
            ]
    bets = " + ".join(f"bets_{n} + raises_{n}" for n in STREET_NAMES)
    calls = " + ".join(f"calls_{n}" for n in STREET_NAMES)
    out.append(Stat("af", "aggression factor 3rd-7th", "aggression",
                    f"raises_3rd + {bets}", f"calls_3rd + {calls}", scale=1, unit="ratio"))
    return out


def _money() -> list[Stat]:
    s = "results"
    return [
        Stat("net_won", "net won", s, "net", kind=Kind.TOTAL, scale=1, unit="money",
             per_unit=True),
        Stat("rake_paid", "rake paid", s, "rake", kind=Kind.TOTAL, scale=1, unit="money",
             per_unit=True),
        Stat("bb_per_100", "win rate, big bets per 100 hands", s, _BB, unit="BB/100"),
        Stat("sb_per_100", "win rate, small bets per 100 hands", s, _SB, unit="SB/100"),
        Stat("ev_hands", "all-in hands valued (EV)", s, "CAST(ev_net IS NOT NULL AS INTEGER)",
             kind=Kind.TOTAL, scale=1, unit="hands"),
        Stat("ev_bb_per_100", "all-in adjusted win rate, big bets per 100 hands", s, _EV_BB,
             unit="BB/100"),
        Stat("luck_bb_per_100", "luck: won minus all-in expected, big bets per 100 hands", s,
             _LUCK_BB, unit="BB/100"),
    ]


#: The starting-hand categories of each game, in the order the facts decide them.
GAME_CATEGORIES: dict[str, tuple[str, ...]] = {str(g): c for g, c in CATEGORIES.items()}


def _starting_hands() -> list[Stat]:
    """Per game: a category or door card means something else in razz than in stud, so
    each game's hands are counted apart (``start_razz_three_to_6`` divides by razz hands
    with known cards only), and a game's categories never appear under another."""
    out = []
    for game, categories in GAME_CATEGORIES.items():
        s = f"starting hands ({game})"
        known = f"{KNOWN_START} AND game = '{game}'"
        for cat in categories:
            words = START_CATEGORIES[cat]
            group = ("game || ':' || start_category", f"'{game}:{cat}'")
            out += [
                _pct(f"start_{game}_{cat}", f"{game}: dealt {words}", s,
                     f"start_category = '{cat}' AND game = '{game}'", known, known),
                Stat(f"vpip_{game}_{cat}", f"{game}: VPIP with {words}", s, "vpip",
                     group=group),
                Stat(f"bb_per_100_{game}_{cat}", f"{game}: BB/100 with {words}", s, _BB,
                     unit="BB/100", group=group),
            ]
    for game in GAME_CATEGORIES:
        s = f"door card ({game})"
        for r, ch in DOOR_RANKS.items():
            group = ("game || ':' || CAST(door_rank AS VARCHAR)", f"'{game}:{r}'")
            out += [
                Stat(f"vpip_door_{game}_{ch}", f"{game}: VPIP with door card {ch}", s, "vpip",
                     group=group),
                Stat(f"bb_per_100_door_{game}_{ch}", f"{game}: BB/100 with door card {ch}", s,
                     _BB, unit="BB/100", group=group),
            ]
    return out


def _split_and_razz() -> list[Stat]:
    s8 = "stud hi/lo"
    sd8 = "won_high IS NOT NULL"
    out = [
        _pct("scoop", "scooped (showdowns with shown cards)", s8, "scoop", sd8, SHOWDOWN),
        _pct("won_high_only", "won the high half only", s8,
             "won_high AND NOT won_low AND NOT scoop", sd8, SHOWDOWN),
        _pct("won_low_only", "won the low half only", s8, "won_low AND NOT won_high", sd8,
             SHOWDOWN),
        _pct("low_made", "made an eight-or-better low", s8, "low_made", sd8, SHOWDOWN),
    ]
    razz_sd = "game = 'razz' AND cards_shown"
    for r, ch in RAZZ_LOWS.items():
        out.append(_pct(f"razz_low_{ch}", f"razz: {ch}-low at showdown", "razz",
                        f"razz_low = {r}", razz_sd, SHOWDOWN))
    out.append(_pct("razz_low_paired", "razz: no five-card low (paired) at showdown", "razz",
                    f"razz_low IS NULL AND {razz_sd}", razz_sd, SHOWDOWN))
    return out


CATALOGUE: tuple[Stat, ...] = (
    *_general(), *_steals(), *_bring_in(), *_streets_seen(), *_street_betting(),
    *_money(), *_starting_hands(), *_split_and_razz(),
)
BY_KEY: dict[str, Stat] = {s.key: s for s in CATALOGUE}
assert len(BY_KEY) == len(CATALOGUE), "stat keys must be unique"
