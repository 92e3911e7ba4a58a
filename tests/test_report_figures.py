"""Chart builders on small hand-made frames: the numbers drawn are the numbers given."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import plotly.graph_objects as go
import polars as pl
import pytest

from dashboards.figures import audit, door, games, results, streets, winnings
from dashboards.figures.downsample import min_max_downsample
from dashboards.figures.theme import NON_SHOWDOWN, SHOWDOWN, label, player_colors
from dashboards.html import Section, figure_div, page

EVIL = "<script>alert('x')</script>\"quoted\""


def _hands(player: str, nets: list[int], showdown: list[bool] | None = None,
           big_bet: int = 10, unit: int = 100, currency: str | None = "USD") -> pl.DataFrame:
    n = len(nets)
    return pl.DataFrame({
        "player": [player] * n, "net": nets, "big_bet": [big_bet] * n, "unit": [unit] * n,
        "currency": [currency] * n,
        "showdown": showdown if showdown is not None else [i % 2 == 0 for i in range(n)],
    }, schema_overrides={"currency": pl.String})


def _visible(fig: go.Figure) -> list[go.Scatter]:
    return [t for t in fig.data if t.visible is not False]


def test_single_player_has_total_showdown_and_non_showdown_lines_in_money_and_big_bets():
    df = _hands("Ann", [100, -40, 250, -10], [True, False, True, False])
    fig = winnings.winnings_figure(df, player_colors(["Ann"]))
    assert len(fig.data) == 6
    money = _visible(fig)
    assert [t.name for t in money] == ["total", "showdown", "non-showdown"]
    assert list(money[0].y) == pytest.approx([1.0, 0.6, 3.1, 3.0])
    assert list(money[1].y) == pytest.approx([1.0, 1.0, 3.5, 3.5])
    assert list(money[2].y) == pytest.approx([0.0, -0.4, -0.4, -0.5])
    assert money[1].line.color == SHOWDOWN and money[2].line.color == NON_SHOWDOWN
    bets = [t for t in fig.data if t.visible is False]
    assert list(bets[0].y) == pytest.approx([10.0, 6.0, 31.0, 30.0])
    buttons = fig.layout.updatemenus[0].buttons
    assert [b.label for b in buttons] == ["Money", "Big bets"]
    assert buttons[1].args[0]["visible"] == [False] * 3 + [True] * 3
    assert fig.layout.yaxis.title.text == "won (USD)"


def test_several_players_draw_one_total_line_each_in_their_own_colour():
    df = pl.concat([_hands("Ann", [10, 20]), _hands("Bob", [-5, -5, 30])])
    colors = player_colors(["Bob", "Ann"])
    fig = winnings.winnings_figure(df, colors)
    money = _visible(fig)
    assert sorted(t.name for t in money) == ["Ann", "Bob"]
    for trace in money:
        assert trace.line.color == colors[trace.name]
    bob = next(t for t in money if t.name == "Bob")
    assert list(bob.x) == [1, 2, 3]
    assert list(bob.y) == pytest.approx([-0.05, -0.1, 0.2])


def test_player_names_in_traces_are_escaped_for_plotly():
    fig = winnings.winnings_figure(pl.concat([_hands(EVIL, [1]), _hands("b", [2])]), {})
    names = {t.name for t in fig.data}
    assert label(EVIL) in names
    assert not any("<script>" in n for n in names)


def test_long_series_get_a_range_slider_short_ones_do_not():
    short = winnings.winnings_figure(_hands("a", [1] * 50), {})
    long = winnings.winnings_figure(_hands("a", [1] * 1_500), {})
    assert not short.layout.xaxis.rangeslider.visible
    assert long.layout.xaxis.rangeslider.visible


def test_min_max_downsample_keeps_the_extremes_and_both_ends():
    ys = [((i * 7919) % 1000) - 500 for i in range(100_000)]
    df = pl.DataFrame({"x": range(100_000), "y": ys})
    small = min_max_downsample(df, "x", "y", max_points=200)
    assert small.height <= 202
    assert small["y"].max() == max(ys) and small["y"].min() == min(ys)
    assert small["x"][0] == 0 and small["x"][-1] == 99_999
    assert small["x"].is_sorted()


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_a_million_hands_make_a_page_under_ten_megabytes():
    n = 1_200_000
    nets = (pl.int_range(0, n, eager=True) * 7919) % 201 - 100
    df = pl.DataFrame({"player": ["Ann"] * n, "net": nets, "big_bet": [10] * n,
                       "unit": [100] * n, "currency": ["USD"] * n,
                       "showdown": (nets % 3 == 0)})
    fig = winnings.winnings_figure(df, {})
    total = df["net"].sum() / 100
    money_total = _visible(fig)[0]
    assert money_total.x[-1] == n
    assert money_total.y[-1] == pytest.approx(total)
    html = page("big", "", [Section("w", (figure_div(fig, "w"),), "w")])
    assert len(html.encode()) < 10_000_000


def test_funnel_for_one_player_and_shares_for_several():
    stages = ["saw 3rd", "saw 4th", "saw 5th", "saw 6th", "saw 7th", "showdown", "won"]
    df = pl.DataFrame({"player": ["a"] * 7 + ["b"] * 7, "stage": stages * 2,
                       "hands": [100, 60, 40, 30, 25, 20, 12, 50, 20, 10, 8, 7, 5, 4]})
    colors = player_colors(["a", "b"])
    one = streets.funnel_figure(df.filter(pl.col("player") == "a"), colors)
    assert one.data[0].type == "funnel"
    assert list(one.data[0].y) == stages and one.data[0].x[0] == 100
    both = streets.funnel_figure(df, colors)
    assert [t.name for t in both.data] == ["a", "b"]
    assert list(both.data[1].y) == pytest.approx([1.0, 0.4, 0.2, 0.16, 0.14, 0.1, 0.08])
    assert both.data[1].marker.color == colors["b"]


def test_aggression_bars_per_street_with_undefined_factors_left_empty():
    df = pl.DataFrame({"player": ["a", "a", "b"], "street": [5, 4, 4],
                       "factor": [None, 2.0, 0.5], "frequency": [0.5, 0.5, 0.2],
                       "decisions": [2, 12, 10]})
    colors = player_colors(["b", "a"])
    fig = streets.aggression_figure(df, colors)
    a = fig.data[0]
    assert a.name == "a" and list(a.x) == ["4th", "5th"] and list(a.y) == [2.0, None]
    assert [c[0] for c in a.customdata] == [0.5, 0.5]
    assert fig.data[1].marker.color == colors["b"]


def test_game_stakes_bars_are_big_bets_per_100_hands():
    df = pl.DataFrame({"game": ["stud", "razz"], "stakes": ["0.04/0.08 USD", "50/100"],
                       "hands": [200, 50], "net": [400, -1000], "unit": [100, 1],
                       "net_bb": [50.0, -10.0]})
    fig = results.game_stakes_figure(df)
    bars = dict(zip(fig.data[0].x, fig.data[0].y, strict=True))
    assert bars == {"razz 50/100": -20.0, "stud 0.04/0.08 USD": 25.0}


def test_sessions_chart_has_a_bar_per_session_and_a_running_total():
    t0 = datetime(2024, 1, 1, 12, tzinfo=UTC)
    df = pl.DataFrame({"table": ["T1", "T2", "T1"], "session": [1, 1, 2],
                       "start": [t0, t0 + timedelta(hours=1), t0 + timedelta(hours=5)],
                       "end": [t0 + timedelta(minutes=30), t0 + timedelta(hours=2),
                               t0 + timedelta(hours=6)],
                       "hands": [30, 40, 50], "net": [100, -300, 50], "unit": [100] * 3,
                       "net_bb": [10.0, -30.0, 5.0]})
    fig = results.sessions_figure(df)
    assert list(fig.data[0].y) == [10.0, -30.0, 5.0]
    assert list(fig.data[1].y) == [10.0, -20.0, -15.0]


def test_door_card_heat_map_puts_each_cell_at_its_ranks():
    df = pl.DataFrame({"door_rank": [14, 14, 2], "other_rank": [13, 13, 14],
                       "hands": [3, 1, 5], "net_bb": [2.0, 2.0, -5.0]})
    fig = door.door_figure(df)
    z = fig.data[0].z
    assert z[13 - 2][14 - 2] == pytest.approx(1.0)  # 4 big bets over 4 hands
    assert z[14 - 2][0] == pytest.approx(-1.0)
    assert fig.data[0].customdata[11][12] == ["", 14, 13, 4]  # game, door, other, hands


def test_starting_hands_bars_in_the_given_order_with_escaped_names():
    df = pl.DataFrame({"category": ["split pair", "<b>odd</b>"], "hands": [10, 90],
                       "vpip_hands": [8, 9], "net_bb": [5.0, -9.0]})
    fig = results.starting_hands_figure(df)
    assert list(fig.data[0].x) == ["split pair", "&lt;b&gt;odd&lt;/b&gt;"]
    assert list(fig.data[0].y) == [50.0, -10.0]


def test_bring_in_hilo_and_razz_charts_draw_the_counts():
    bi = games.bring_in_figure(pl.DataFrame({"outcome": ["completed instead", "folded", "x"],
                                             "hands": [3, 1, 0]}))
    assert list(bi.data[0].y) == [3, 1] and list(bi.data[0].text) == ["75%", "25%"]
    hilo = games.hilo_figure(pl.DataFrame({"outcome": ["scoop", "high only", "low only"],
                                           "hands": [2, 5, 3]}))
    assert list(hilo.data[0].values) == [2, 5, 3]
    razz = games.razz_lows_figure(pl.DataFrame({"low": [9, 6, 13], "hands": [4, 1, 2],
                                                "won": [2, 1, 0]}))
    assert list(razz.data[0].x) == ["6-low", "9-low", "K-low"]
    assert list(razz.data[1].y) == [1, 2, 0]


def test_audit_charts_stack_severities_and_draw_a_line_per_site():
    by_code = pl.DataFrame({"code": ["OUT_OF_TURN", "SHOWDOWN_ORDER", "BET_SIZE"],
                            "severity": ["error", "warning", "error"], "count": [5, 2, 9]})
    fig = audit.violations_by_code_figure(by_code)
    errors = next(t for t in fig.data if t.name == "error")
    assert list(errors.y) == ["SHOWDOWN_ORDER", "OUT_OF_TURN", "BET_SIZE"]
    assert list(errors.x) == [0, 5, 9]
    over = pl.DataFrame({"site": ["PokerStars", "PokerStars", EVIL],
                         "day": [date(2024, 1, 1), date(2024, 1, 2), date(2024, 1, 1)],
                         "count": [3, 4, 1]})
    fig = audit.violations_over_time_figure(over)
    assert {t.name for t in fig.data} == {"PokerStars", label(EVIL)}


def test_winnings_lines_only_with_data_and_money_per_unit():
    """One player, no showdown: no showdown line. Two units: a money line each, never one
    line adding cents and chips; big bets: one line for all."""
    df = pl.DataFrame({
        "player": ["a"] * 4, "net": [100, -50, 300, 20], "big_bet": [10, 10, 40, 40],
        "unit": [100, 100, 1, 1], "currency": ["USD", "USD", None, None],
        "showdown": [False] * 4,
    })
    fig = winnings.winnings_figure(df, {"a": "#000"})
    names = [(t.name, t.visible) for t in fig.data]
    assert not any(n == "showdown" for n, _ in names)  # no showdown hand: no line
    money = [t for t in fig.data if t.visible]
    assert [t.name for t in money] == ["total (USD)", "non-showdown (USD)",
                                       "total (tournament chips)",
                                       "non-showdown (tournament chips)"]
    assert list(money[0].y) == [1.0, 0.5] and list(money[2].y) == [300.0, 320.0]
    bets = [t for t in fig.data if t.visible is False]
    assert [t.name for t in bets] == ["total", "non-showdown"]
    assert list(bets[0].y) == pytest.approx([10.0, 5.0, 12.5, 13.0])
    assert list(bets[0].x) == [1, 2, 3, 4]  # the player's own hand count


def test_winnings_x_axis_starts_as_share_when_histories_differ():
    rows = {"player": ["long"] * 50 + ["short"] * 5, "net": [1] * 55, "big_bet": [2] * 55,
            "unit": [100] * 55, "currency": ["USD"] * 55, "showdown": [True] * 55}
    fig = winnings.winnings_figure(pl.DataFrame(rows), {})
    first = next(t for t in fig.data if t.visible)
    assert max(first.x) == 100.0  # percent of the player's own hands
    toggle = fig.layout.updatemenus[1]
    assert toggle.active == 1 and [b.label for b in toggle.buttons] == [
        "Hands", "% of own hands"]
    assert toggle.buttons[0].args[0]["x"][0][-1] == 50  # back to hand numbers


def test_door_maps_are_per_game_and_razz_reads_ace_low():
    df = pl.DataFrame({"game": ["stud", "razz", "razz"], "door_rank": [13, 14, 13],
                       "other_rank": [14, 2, 14], "hands": [2, 3, 1],
                       "net_bb": [2.0, 3.0, -1.0]})
    fig = door.door_figure(df)
    stud, razz = fig.data
    assert list(razz.x)[:3] == ["A", "2", "3"] and next(iter(stud.x)) == "2"
    assert razz.z[1][0] == pytest.approx(1.0)  # door A (column 0) vs best other 2 (row 1)
    assert razz.customdata[1][0][:3] == ["razz", 14, 2]
    assert stud.z[12][11] == pytest.approx(1.0)  # stud: door K vs A


def test_all_in_adjusted_line_counts_expected_nets_where_there_are_some():
    """Hands with an all-in EV count their expected net, the others their net; the line
    is drawn in money and big bets, and only when some hand has an EV."""
    df = _hands("Ann", [100, -40, 250, -10], [True, False, True, False]).with_columns(
        pl.Series("ev_net", [None, None, -37.5, None], pl.Float64))
    fig = winnings.winnings_figure(df, player_colors(["Ann"]))
    names = [t.name for t in _visible(fig)]
    assert names == ["total", winnings.EV_NAME, "showdown", "non-showdown"]
    ev_money = _visible(fig)[1]
    assert list(ev_money.y) == pytest.approx([1.0, 0.6, 0.225, 0.125])
    assert ev_money.line.dash == "dash"
    ev_bets = next(t for t in fig.data if t.visible is False and t.name == winnings.EV_NAME)
    assert list(ev_bets.y) == pytest.approx([10.0, 6.0, 2.25, 1.25])
    none = winnings.winnings_figure(df.with_columns(pl.lit(None, pl.Float64).alias("ev_net")),
                                    {})
    assert winnings.EV_NAME not in [t.name for t in none.data]
