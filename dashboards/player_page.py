"""The player report: stats sheet or players table, winnings, streets, results, stud charts.

Without a player the page covers everyone: the sortable players table, the winnings lines
and street charts of the busiest players, and the one-player charts (sessions, door cards,
starting hands, the bring-in) for the player in most hands, who in a player's own database
is the player himself (how trackers guess the hero).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import duckdb
import polars as pl

from dashboards import data, stats_view, tables
from dashboards.errors import ReportError
from dashboards.fairness_section import fairness_section
from dashboards.figures import door, games, results, streets, winnings
from dashboards.figures.theme import player_colors
from dashboards.html import SMALL_SAMPLE, FigureList, Section, note
from dashboards.replayer import hand_replays, replays_block
from pipelines.stats import player_stats
from pipelines.stats.command import money_text

#: Winnings lines drawn without --player (one per player, busiest first).
MAX_WINNINGS_PLAYERS = 10
#: Funnel and aggression charts without --player.
MAX_STREET_PLAYERS = 6
#: Rows of the players table: a million-hand database has tens of thousands of players,
#: which would make the page too big to open; ``stud-hh stats`` lists them all.
MAX_TABLE_PLAYERS = 500
#: Hands of the hero with the biggest pots (in big bets), each with its replay.
BIGGEST_POTS = 10


def player_page(db: Path, player: str | None, game: str | data.Scope | None
                ) -> tuple[str, str, list[Section]]:
    """``game`` is a game name or a whole ``Scope`` (kind, money unit, dates ...)."""
    con = data.connect(db)
    try:
        data.require_tables(con, "player_facts", "hands")
        scope = data.ready(con, game if isinstance(game, data.Scope)
                           else data.Scope(game=game))
        stats = player_stats(con, filters=replace(
            scope, players=() if player is None else (player,)))
        volume = data.players_by_volume(con, scope)
        words = _scope_words(scope)
        if volume.is_empty():
            raise ReportError(f"no hands in {db}" + (f" for {words}" if words else ""))
        everyone = volume.get_column("player").to_list()
        colors = player_colors(everyone)
        if player is not None and player not in everyone:
            raise ReportError(f"no hands of player {player!r} in {db}"
                              + (f" for {words}" if words else ""))
        hero = player if player is not None else everyone[0]
        return _player_sections(con, stats, volume, colors, player, hero, scope)
    finally:
        con.close()


def _scope_words(scope: data.Scope) -> str:
    parts = [p for p in (scope.game, scope.kind, scope.unit, scope.stakes) if p]
    return ", ".join(parts)


@dataclass
class _Page:
    """What every section of one report needs: the connection, the stats, who is shown."""

    con: duckdb.DuckDBPyConnection
    stats: pl.DataFrame
    everyone: list[str]
    colors: dict[str, str]
    player: str | None
    hero: str
    base: data.Scope
    figs: FigureList = field(default_factory=FigureList)

    def scope(self, limit: int | None = None) -> data.Scope:
        """The chosen player; without one, the ``limit`` busiest (None: the hero)."""
        if self.player is None and limit is not None:
            return replace(self.base, players=tuple(self.everyone[:limit]))
        return replace(self.base, players=(self.hero,))


def _player_sections(con: duckdb.DuckDBPyConnection, stats: pl.DataFrame,
                     volume: pl.DataFrame, colors: dict[str, str], player: str | None,
                     hero: str, scope: data.Scope) -> tuple[str, str, list[Section]]:
    ctx = _Page(con, stats, volume.get_column("player").to_list(), colors, player, hero, scope)
    game_words = f"{_scope_words(scope)} only" if _scope_words(scope) else "all games"
    if player is None:
        title = "stud_hh report: all players"
        subtitle = (f"{len(ctx.everyone):,} players, {int(volume['hands'].sum()):,} "
                    f"player-hands, {game_words}; one-player charts for {hero} (most hands; "
                    "choose with --player)")
    else:
        hero_hands = int(volume.filter(pl.col("player") == player)["hands"][0])
        title = f"stud_hh report: {player}"
        subtitle = f"{hero_hands:,} hands, {game_words}"
    sections = [_overview(ctx), _winnings(ctx), _streets(ctx), _results(ctx), _games(ctx),
                _pots(ctx), fairness_section(con, player, scope.game)]
    return title, subtitle, sections


def _overview(ctx: _Page) -> Section:
    if ctx.player is not None:
        return Section("Stats sheet", (stats_view.stats_sheet(ctx.stats, ctx.player),), "stats")
    shown = (f"The {MAX_TABLE_PLAYERS:,} players with most hands of {ctx.stats.height:,} "
             "(stud-hh stats lists all). " if ctx.stats.height > MAX_TABLE_PLAYERS else "")
    return Section("Players", (
        stats_view.players_table(ctx.stats.head(MAX_TABLE_PLAYERS)),
        note(f"{shown}Click a column header to sort. Grey values rest on fewer than "
             f"{SMALL_SAMPLE} hands or chances (hover for the sample size)."),
    ), "stats")


def _winnings(ctx: _Page) -> Section:
    blocks: list[str] = []
    ctx.figs.add(blocks, data.winnings(ctx.con, ctx.scope(MAX_WINNINGS_PLAYERS)),
                 lambda f: winnings.winnings_figure(f, ctx.colors), "No hands to draw.")
    if ctx.player is None and len(ctx.everyone) > MAX_WINNINGS_PLAYERS:
        blocks.append(note(f"Lines for the {MAX_WINNINGS_PLAYERS} players with most hands."))
    return Section("Winnings", tuple(blocks), "winnings")


def _streets(ctx: _Page) -> Section:
    blocks: list[str] = []
    scope = ctx.scope(MAX_STREET_PLAYERS)
    ctx.figs.add(blocks, data.funnel(ctx.con, scope),
                 lambda f: streets.funnel_figure(f, ctx.colors), "No hands.")
    ctx.figs.add(blocks, stats_view.aggression(ctx.stats, scope.players),
                 lambda f: streets.aggression_figure(f, ctx.colors),
                 "No betting on 4th-7th street.")
    return Section("Streets", tuple(blocks), "streets")


def _results(ctx: _Page) -> Section:
    blocks: list[str] = []
    if ctx.player is None:
        blocks.append(note(f"The charts below are for {ctx.hero}, the player in most hands."))
    scope = ctx.scope()
    ctx.figs.add(blocks, data.game_stakes(ctx.con, scope), results.game_stakes_figure,
                 "No hands.")
    ctx.figs.add(blocks, data.sessions(ctx.con, scope), results.sessions_figure,
                 "No sessions.")
    ctx.figs.add(blocks, data.door_cards(ctx.con, scope), door.door_figure,
                 "No door cards recorded.")
    ctx.figs.add(blocks, data.starting_hands(ctx.con, scope), results.starting_hands_figure,
                 "No starting hands known (hole cards are only known for the hero or at "
                 "showdown).")
    return Section(f"Results of {ctx.hero}", tuple(blocks), "results")


def _games(ctx: _Page) -> Section:
    blocks: list[str] = []
    scope = ctx.scope()
    ctx.figs.add(blocks, data.bring_in_outcomes(ctx.con, scope), games.bring_in_figure,
                 f"{ctx.hero} never had to bring in.")
    played = data.games_played(ctx.con, scope)
    if "stud8" in played:
        ctx.figs.add(blocks, data.hilo_shares(ctx.con, scope), games.hilo_figure,
                     "No Stud Hi/Lo showdown with shown cards.")
    if "razz" in played:
        ctx.figs.add(blocks, data.razz_lows(ctx.con, scope), games.razz_lows_figure,
                     "No Razz showdown with a five-card low.")
    return Section("Bring-in, Hi/Lo and Razz", tuple(blocks), "games")


def _pots(ctx: _Page) -> Section:
    """The hero's biggest pots, each replayable on the page."""
    pots = data.biggest_pots(ctx.con, ctx.scope(), BIGGEST_POTS)
    if pots.is_empty():
        return Section(f"Biggest pots of {ctx.hero}", (note("No hands."),), "pots")
    replays = hand_replays(ctx.con, pots.get_column("hand_key").to_list())
    shown = pots.with_columns(
        pl.col("hand_key").cast(pl.String).alias("replay"),
        pl.struct("net", "money_name").map_elements(
            lambda r: money_text(r["net"], r["money_name"]), return_dtype=pl.String)
        .alias("net_text"),
    )
    return Section(f"Biggest pots of {ctx.hero}", (
        note("The hands with the largest pots in big bets; replay one to step through it."),
        tables.pots_table(shown, set(replays)), replays_block(replays)), "pots")
