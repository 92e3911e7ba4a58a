"""Table sessions: who sits where, with what stack, for how long, and what they say.

Why sessions and not independent hands: real files are one table's session, where stacks
carry over from hand to hand, players join and leave, sit out, chat, go broke and rebuy.
That continuity is what imports, stats (hands per session, net won) and the audit see in
real life. A session is a generator: it keeps only the current table, so memory stays flat
however many hands are asked for.

Cash games: every player buys in for 20-100 big bets (a few for less), needs the ante plus
the bring-in to be dealt in, and tops up or leaves when short. Tournaments: a single table
of 1,500-chip stacks, levels rising every ``TOURNAMENT_LEVEL_HANDS`` hands, players out when
broke, so all-in antes, short bring-ins and side pots happen as in real tournaments.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from msgspec.structs import replace as replace_fields

from stud_hh.events import Chat, Event, Game, Hand, Header, Limit, Seat, TableNote
from stud_hh.simulate.deal import DeckSource
from stud_hh.simulate.names import player_name, table_name
from stud_hh.simulate.play import HandSetup, Rake, play_hand
from stud_hh.simulate.profiles import PROFILES, Profile, Style, style_of

__all__ = [
    "MIXED_GAMES",
    "SimConfig",
    "SimulatedHand",
    "TableSession",
    "forced_bets",
    "parse_stakes",
]

MIXED_GAMES: tuple[Game, ...] = (Game.RAZZ, Game.STUD, Game.STUD8)
MIXED_NAME = "Triple Stud"
MIXED_ROTATION = 8  # hands of each game before the next
MAX_SEATS = 8
TOURNAMENT_STACK = 1500
TOURNAMENT_LEVEL_HANDS = 12
TOURNAMENT_LEVELS = (20, 30, 50, 80, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000,
                     3000, 4000, 6000, 8000, 10000, 15000, 20000)
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
#: profile mix of a typical low-stakes table (weights)
PROFILE_WEIGHTS: dict[str, int] = {
    "rock": 3, "tag": 3, "lag": 2, "station": 2, "fish": 3, "maniac": 1,
}
CHAT_LINES = (
    "gl", "nh", "ty", "lol", "wp", "gg", "nice hand", "unreal", "ship it", "so sick",
    "every time", "how do you call that", "vnh", "brb", "ok", "thx", "nice river",
)
EASTERN = ZoneInfo("America/New_York")
HERO = "Hero"  # the name PokerStars' anonymised files give the player whose cards we see


def parse_stakes(text: str) -> tuple[int, int]:
    """``"0.5/1"`` -> small and big bet in cents (``(50, 100)``).

    >>> parse_stakes("0.5/1"), parse_stakes("$0.04/$0.08"), parse_stakes("400/800")
    ((50, 100), (4, 8), (40000, 80000))
    """
    small, sep, big = text.replace("$", "").partition("/")
    if not sep:
        raise ValueError(f"stakes must look like 0.5/1, not {text!r}")
    cents = (round(float(small) * 100), round(float(big) * 100))
    if cents[0] <= 0 or cents[1] < cents[0]:
        raise ValueError(f"stakes must be positive with small <= big, not {text!r}")
    return cents


def forced_bets(small_bet: int) -> tuple[int, int]:
    """Ante and bring-in for a small bet, in PokerStars' proportions (0.04 -> 0.01/0.02,
    400 -> 60/120).

    >>> forced_bets(4), forced_bets(40000), forced_bets(50)
    ((1, 2), (6000, 12000), (7, 15))
    """
    ante = max(1, small_bet * 15 // 100)
    bring_in = max(ante + 1, small_bet * 30 // 100)
    return ante, min(bring_in, max(small_bet - 1, 1))


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate; every field has a sensible default."""

    game: str = "stud"  # stud | stud8 | razz | mixed
    players: int = 6  # seated players a session aims for (2..8)
    stakes: tuple[int, int] = (50, 100)  # small and big bet, cents (cash games)
    tournament: bool = False
    seed: int = 0
    rake: Rake = field(default_factory=Rake)
    session_hands: tuple[int, int] = (60, 240)  # cash session length range
    hero_profile: str | None = None  # None: drawn like everyone else's
    noise: bool = True  # joins, leaves, sitting out, chat


@dataclass(slots=True)
class SimulatedHand:
    """A hand plus what the simulator knows and the text cannot say: the profiles."""

    hand: Hand
    profiles: dict[str, str]  # player -> profile name
    showdown: bool
    session: int


@dataclass(slots=True)
class _Player:
    name: str
    profile: Profile
    stack: int
    seat: int
    sit_out: int = 0  # hands still sitting out
    leaving: bool = False
    style: Style | None = None  # ``style_of(profile)``, looked up once per player

    def __post_init__(self) -> None:
        self.style = style_of(self.profile)


class TableSession:
    """One table from first hand to last; ``hands()`` streams them."""

    def __init__(self, config: SimConfig, index: int, rng: random.Random,
                 hand_id: int, started_at: datetime) -> None:
        self.config = config
        self.index = index
        self.rng = rng
        self.next_hand_id = hand_id
        self.clock = started_at
        self.table = table_name(rng)
        self.used_names: set[str] = {HERO}
        self.players: dict[int, _Player] = {}
        self._seated: list[_Player] | None = None  # seat order, while nobody joins or leaves
        self._profiles_by_name: dict[str, str] | None = None
        # this level's and game's header but for id and time, and what it was built for
        self._template: Header | None = None
        self._fixed_for: tuple[Any, ...] = ()
        self.tournament_id = str(rng.randrange(100_000_000, 999_999_999))
        self.buy_in = rng.choice(("$1+$0.10 USD", "$3.30+$0.30 USD", "$10+$1 USD", "Freeroll"))
        target = max(2, min(MAX_SEATS, config.players))
        self.target = target
        seats = rng.sample(range(1, MAX_SEATS + 1), target)
        self.hero_seat = seats[0]
        for n, seat in enumerate(seats):
            self._seat_player(seat, hero=(n == 0))
        self.decks = DeckSource(rng)

    # --- people -----------------------------------------------------------------------------

    def _profile(self, hero: bool) -> Profile:
        if hero and self.config.hero_profile:
            return PROFILES[self.config.hero_profile]
        names = list(PROFILE_WEIGHTS)
        return PROFILES[self.rng.choices(names, weights=list(PROFILE_WEIGHTS.values()))[0]]

    def _new_name(self) -> str:
        while True:
            name = player_name(self.rng)
            if name not in self.used_names:
                self.used_names.add(name)
                return name

    def _buy_in(self) -> int:
        if self.config.tournament:
            return TOURNAMENT_STACK
        big = self.config.stakes[1]
        rng = self.rng
        if rng.random() < 0.12:  # short buy-ins make all-ins and side pots common
            return big * rng.randint(3, 12) + rng.randrange(big)
        return big * rng.randint(20, 100) + rng.randrange(big)

    def _seat_player(self, seat: int, hero: bool = False) -> _Player:
        name = HERO if hero else self._new_name()
        player = _Player(name, self._profile(hero), self._buy_in(), seat)
        self.players[seat] = player
        self._roster_changed()
        return player

    # --- stakes -----------------------------------------------------------------------------

    def _stakes(self, hand_number: int) -> tuple[int, int, int, int, str | None]:
        """small bet, big bet, ante, bring-in, level label."""
        if self.config.tournament:
            level = min(hand_number // TOURNAMENT_LEVEL_HANDS, len(TOURNAMENT_LEVELS) - 1)
            small = TOURNAMENT_LEVELS[level]
            ante = max(1, small // 10)
            # Half the small bet: when the only bring-in of a hand is a short all-in the
            # text cannot say the table's bring-in, and the validator then assumes half.
            return small, 2 * small, ante, max(ante + 1, small // 2), ROMAN[level]
        small, big = self.config.stakes
        ante, bring_in = forced_bets(small)
        return small, big, ante, bring_in, None

    def _game(self, hand_number: int) -> tuple[Game, str | None]:
        if self.config.game == "mixed":
            return MIXED_GAMES[(hand_number // MIXED_ROTATION) % 3], MIXED_NAME
        return Game(self.config.game), None

    # --- hands ------------------------------------------------------------------------------

    def hands(self, limit: int) -> Iterator[SimulatedHand]:
        """Up to ``limit`` hands; fewer when a cash session's length is up, a tournament
        ends, or fewer than two players can be dealt in."""
        config = self.config
        rng = self.rng
        tournament = config.tournament
        cash_length = rng.randint(*config.session_hands)
        rake = Rake(0, 0) if tournament else config.rake
        random_ = rng.random
        # a second, a minute and a half: the time between two hands' starts
        waits = [timedelta(seconds=s) for s in range(20, 96)]
        self._template = None
        number = 0
        while number < limit:
            if not tournament and number >= cash_length:
                return
            header, ante, bring_in = self._header(number)
            # Cash: more than the ante and the bring-in (rule book 6). With exactly that
            # much a player would bring in all-in, and the text could not tell the table's
            # bring-in: the validator would take it for short and flag the calls.
            minimum = 1 if tournament else ante + bring_in + 1
            dealable = self._dealable(minimum)
            if dealable is None:
                return
            setup = self._setup(header, ante, bring_in, rake, dealable)
            played = play_hand(setup, rng, self.decks.deck())
            yield SimulatedHand(played.hand, self._profile_names(), played.showdown, self.index)
            number += 1
            for p, stack in zip(dealable, played.stacks.values(), strict=True):
                p.stack = stack
            if not self._between_hands(minimum):
                return
            # ``random()`` scaled, not ``randint``: a tenth of the cost, the same spread
            self.next_hand_id += 1 + int(random_() * 400)
            self.clock += waits[int(random_() * 76)]

    def _header(self, number: int) -> tuple[Header, int, int]:
        """Hand ``number``'s header (the next hand id, the clock), its ante and bring-in.

        Why a template: a session deals hundreds of hands at one level and game (they
        change from hand to hand only in tournaments and mixed games), so the header's
        fixed fields are built once per level and game; each hand replaces id and time.
        """
        small, big, ante, bring_in, level = self._stakes(number)
        game, mixed = self._game(number)
        template = self._template
        if template is None or self._fixed_for != (small, game, level):
            tournament = self.config.tournament
            self._fixed_for = (small, game, level)
            template = self._template = Header(
                site="pokerstars", hand_id="", game=game, small_bet=small, big_bet=big,
                started_at=self.clock, table=self._table_label(), limit=Limit.FIXED,
                ante=ante, bring_in=bring_in, currency=None if tournament else "USD",
                max_seats=MAX_SEATS, tournament_id=self.tournament_id if tournament else None,
                level=level, buy_in=self.buy_in if tournament else None, mixed=mixed,
            )
        header = replace_fields(template, hand_id=str(self.next_hand_id), started_at=self.clock)
        return header, ante, bring_in

    def _dealable(self, minimum: int) -> list[_Player] | None:
        """The players dealt in: not sitting out, with ``minimum`` chips at least. When
        fewer than two are, the ones sitting out come back; None when still too few."""
        roster = self._roster()
        dealable = [p for p in roster if p.sit_out == 0 and p.stack >= minimum]
        if len(dealable) < 2:
            for p in roster:
                p.sit_out = 0
            dealable = [p for p in roster if p.stack >= minimum]
            if len(dealable) < 2:
                return None
        return dealable

    def _setup(self, header: Header, ante: int, bring_in: int, rake: Rake,
               dealable: list[_Player]) -> HandSetup:
        """The hand's seats (the players not dealt in print as sitting out), table noise
        and the dealt players' styles."""
        roster = self._roster()
        if len(dealable) == len(roster):
            seats = tuple([Seat(p.seat, p.name, p.stack) for p in roster])
        else:
            dealt_in = set(map(id, dealable))
            seats = tuple([
                Seat(p.seat, p.name, p.stack, sitting_out=id(p) not in dealt_in)
                for p in roster
            ])
        noise = self._noise(dealable) if self.config.noise else []
        return HandSetup(
            header=header, seats=seats, profiles={}, hero=HERO, ante=ante,
            bring_in=bring_in, rake=rake, noise=noise,
            dealt_profiles=[p.profile for p in dealable],
            dealt_styles=[p.style for p in dealable],  # type: ignore[misc]
        )

    def _roster(self) -> list[_Player]:
        """The seated players in seat order (rebuilt only after someone joined or left)."""
        roster = self._seated
        if roster is None:
            roster = self._seated = [p for _, p in sorted(self.players.items())]
        return roster

    def _profile_names(self) -> dict[str, str]:
        """Every seated player's profile name: one dict shared by the hands in between
        two changes of the roster (callers only read it)."""
        names = self._profiles_by_name
        if names is None:
            names = self._profiles_by_name = {
                p.name: p.profile.name for p in self.players.values()
            }
        return names

    def _roster_changed(self) -> None:
        self._seated = None
        self._profiles_by_name = None

    def _table_label(self) -> str:
        if self.config.tournament:
            return f"{self.tournament_id} 1"
        return self.table

    def _noise(self, dealt: list[_Player]) -> list[tuple[float, Event]]:
        """Lines printed during the hand; their effects apply after it."""
        rng = self.rng
        random_ = rng.random
        out: list[tuple[float, Event]] = []
        for p in dealt:
            chatty = p.profile.chatty
            if chatty and random_() < chatty:
                out.append((random_(), Chat(p.name, rng.choice(CHAT_LINES))))
        if self.config.tournament:
            return out
        players = self._roster()
        leaving = 0
        for p in players:
            if p.leaving:
                leaving += 1
                continue
            if p.name == HERO:
                continue
            if p.sit_out == 1:  # back from the next hand on
                out.append((random_(), TableNote("returned", p.name,
                                                 f"{p.name} has returned")))
                continue
            roll = random_()
            if roll < 0.012:
                p.leaving = True
                leaving += 1
                out.append((0.999, TableNote("leaves", p.name, f"{p.name} leaves the table")))
            elif roll < 0.02 and p.sit_out == 0 and p in dealt:
                p.sit_out = -1  # starts after this hand
                out.append((0.998, TableNote("sitting_out", p.name,
                                             f"{p.name} is sitting out")))
            elif roll < 0.023:
                kind = rng.choice(("disconnected", "connected"))
                out.append((random_(), TableNote(kind, p.name, f"{p.name} is {kind}")))
        seated = len(players) - leaving
        if seated < self.target + 1 and len(players) < MAX_SEATS and random_() < 0.18:
            seat = rng.choice([s for s in range(1, MAX_SEATS + 1) if s not in self.players])
            joiner = self._seat_player(seat)
            joiner.sit_out = -2  # seated from the next hand on
            out.append((random_(), TableNote(
                "joins", joiner.name, f"{joiner.name} joins the table at seat #{seat}")))
        return out

    def _between_hands(self, minimum: int) -> bool:
        """Apply leaves, sit-outs, rebuys and eliminations; False when the session ends."""
        rng = self.rng
        tournament = self.config.tournament
        hero_in = False
        alive = 0
        for p in self._roster():
            if p.sit_out == -2:
                p.sit_out = 0
            else:
                if p.leaving:
                    self._leave(p)
                    continue
                if p.sit_out == -1:
                    p.sit_out = rng.randint(1, 6)
                elif p.sit_out > 0:
                    p.sit_out -= 1
                if tournament:
                    if p.stack == 0:
                        self._leave(p)
                        continue
                elif p.stack < minimum or p.stack == 0:
                    if p.name == HERO or rng.random() < 0.6:
                        p.stack = self._buy_in()  # tops up
                    else:
                        self._leave(p)
                        continue
            hero_in = hero_in or p.name == HERO
            alive += p.stack > 0
        return hero_in and alive >= 2 if tournament else alive >= 2

    def _leave(self, p: _Player) -> None:
        del self.players[p.seat]
        self._roster_changed()
