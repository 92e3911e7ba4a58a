"""Reports in a real headless browser: Debian chromium driven by Playwright for Python.

Each page must load without a console error, every Plotly figure must draw marks (SVG
paths or a heat map image), hostile player names must stay text, and a full-page screenshot
is saved under ``test-artifacts/`` for a human to look at. No browser is downloaded: the
system chromium is used through ``executable_path``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import polars as pl
import pytest

from dashboards.figures import audit, door, games, results, streets, winnings
from dashboards.figures.theme import player_colors
from dashboards.html import Column, Section, figure_div, page, render_table, write_page

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

#: Marks per figure: drawn paths of traces (lines, bars, funnel boxes, pie slices) and the
#: image a heat map renders to. A path "M0,0Z" or an empty "d" is not a drawn mark.
_COUNT_MARKS = """
() => Array.from(document.querySelectorAll('.plotly-graph-div')).map(div => {
  const paths = Array.from(div.querySelectorAll('.main-svg .trace path'))
    .filter(p => (p.getAttribute('d') || '').length > 6);
  const images = div.querySelectorAll('.main-svg .hm image');
  const declared = (div.data || []).filter(t => t.visible !== false).length;
  const drawn = div.querySelectorAll('.main-svg .trace').length
    + div.querySelectorAll('.main-svg .hm').length;
  return {id: div.id, declared: declared, drawn: drawn, marks: paths.length + images.length};
})
"""


@dataclass
class PageCheck:
    figures: list[dict[str, object]]
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    screenshot: Path | None = None


def inspect_page(browser: object, path: Path, shot_name: str) -> tuple[PageCheck, object]:
    """Load ``path``; returns the findings and the still-open Playwright page."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    check = PageCheck(figures=[])
    page.on("console", lambda m: check.console_errors.append(m.text) if m.type == "error"
            else None)
    page.on("pageerror", lambda e: check.page_errors.append(str(e)))

    def on_dialog(dialog: object) -> None:
        check.dialogs.append(dialog.message)  # type: ignore[attr-defined]
        dialog.dismiss()  # type: ignore[attr-defined]

    page.on("dialog", on_dialog)
    page.goto(path.resolve().as_uri(), wait_until="load")
    expected = page.evaluate("document.querySelectorAll('.plotly-graph-div').length")
    page.wait_for_function(
        "n => document.querySelectorAll('.plotly-graph-div .main-svg').length >= n",
        arg=expected, timeout=30_000)
    page.wait_for_timeout(300)  # let transitions settle before counting and the screenshot
    check.figures = page.evaluate(_COUNT_MARKS)
    ARTIFACTS.mkdir(exist_ok=True)
    check.screenshot = ARTIFACTS / f"{shot_name}.png"
    page.screenshot(path=str(check.screenshot), full_page=True)
    return check, page


EVIL = "<script>window.__pwned=1;alert('x')</script>\"Q\" 'q'"
EVIL_IMG = "<img src=x onerror=\"window.__pwned=2\">"

pytestmark = [
    pytest.mark.slow,  # a browser or exhaustive run: CI's slow step
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason=f"Debian chromium not installed at {CHROMIUM}"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def assert_page_ok(check: PageCheck, min_figures: int) -> None:
    assert check.console_errors == []
    assert check.page_errors == []
    assert check.dialogs == []
    assert len(check.figures) >= min_figures
    blank = [f for f in check.figures if not f["marks"]]
    assert blank == [], f"figures drew nothing: {blank}"
    missing = [f for f in check.figures if f["drawn"] < f["declared"] or not f["declared"]]
    assert missing == [], f"visible traces not drawn: {missing}"
    assert check.screenshot is not None and check.screenshot.stat().st_size > 10_000


def _gallery(path: Path) -> Path:
    """Every chart family from hand-made frames, with hostile names in legends and tables."""
    t0 = datetime(2024, 3, 1, 20, tzinfo=UTC)
    n = 1_500
    players = [EVIL, EVIL_IMG, "Ann"]
    colors = player_colors(players)
    hands = pl.DataFrame({
        "player": [players[i % 3] for i in range(3 * n)],
        "net": [((i * 7919) % 41) - 19 for i in range(3 * n)],
        "big_bet": [8] * (3 * n), "unit": [100] * (3 * n), "currency": ["USD"] * (3 * n),
        "showdown": [i % 5 == 0 for i in range(3 * n)],
    }).sort("player", maintain_order=True)
    stages = ["saw 3rd", "saw 4th", "saw 5th", "saw 6th", "saw 7th", "showdown", "won"]
    figs = [
        winnings.winnings_figure(hands, colors),
        winnings.winnings_figure(hands.filter(pl.col("player") == EVIL), colors),
        streets.funnel_figure(pl.DataFrame({
            "player": [EVIL] * 7 + ["Ann"] * 7, "stage": stages * 2,
            "hands": [100, 60, 45, 35, 30, 22, 15, 80, 50, 40, 33, 30, 20, 11]}), colors),
        streets.aggression_figure(pl.DataFrame({
            "player": [EVIL] * 4, "street": [4, 5, 6, 7], "factor": [2.2, 1.4, 1.0, 0.5],
            "frequency": [0.5, 0.4, 0.3, 0.3], "decisions": [16, 15, 12, 11]}), colors),
        results.game_stakes_figure(pl.DataFrame({
            "game": ["stud", "razz"], "stakes": ["0.04/0.08 USD", "0.10/0.20 USD"],
            "hands": [300, 100], "net": [500, -200], "unit": [100, 100],
            "net_bb": [62.5, -10.0]})),
        results.sessions_figure(pl.DataFrame({
            "table": [EVIL, "Table 2"], "session": [1, 1],
            "start": [t0, t0 + timedelta(hours=3)],
            "end": [t0 + timedelta(hours=1), t0 + timedelta(hours=4)],
            "hands": [60, 80], "net": [300, -120], "unit": [100, 100],
            "net_bb": [37.5, -15.0]})),
        door.door_figure(pl.DataFrame({
            "door_rank": [14, 13, 2, 7], "other_rank": [12, 14, 9, 7], "hands": [10, 8, 5, 3],
            "net_bb": [6.0, -4.0, -2.0, 1.0]})),
        results.starting_hands_figure(pl.DataFrame({
            "category": ["split pair", "buried pair", "other"], "hands": [40, 30, 300],
            "vpip_hands": [35, 28, 60], "net_bb": [12.0, 8.0, -20.0]})),
        games.bring_in_figure(pl.DataFrame({
            "outcome": ["completed instead", "folded to a completion"], "hands": [5, 12]})),
        games.hilo_figure(pl.DataFrame({"outcome": ["scoop", "high only", "low only"],
                                        "hands": [4, 6, 3]})),
        games.razz_lows_figure(pl.DataFrame({"low": [7, 8, 9], "hands": [5, 9, 4],
                                             "won": [4, 5, 1]})),
        audit.violations_by_code_figure(pl.DataFrame({
            "code": ["OUT_OF_TURN", "SHOWDOWN_ORDER"], "severity": ["error", "warning"],
            "count": [3, 2]})),
        audit.violations_over_time_figure(pl.DataFrame({
            "site": ["PokerStars", "PokerStars"], "day": [date(2024, 1, 1), date(2024, 1, 2)],
            "count": [3, 2]})),
    ]
    table = render_table(pl.DataFrame({"player": players, "hands": [9, 100, 30]}),
                         [Column("player", "player"), Column("hands", "hands", numeric=True)],
                         table_id="players", sortable=True)
    blocks = (*(figure_div(f, f"figure-{i}") for i, f in enumerate(figs)), table)
    return write_page(path, page(f"gallery {EVIL}", EVIL_IMG, [Section(EVIL, blocks, "g")]))


def test_every_chart_family_draws_in_chromium_and_names_stay_text(browser, tmp_path):
    check, pg = inspect_page(browser, _gallery(tmp_path / "gallery.html"), "gallery")
    try:
        assert_page_ok(check, min_figures=13)
        assert pg.evaluate("window.__pwned === undefined")
        cells = pg.locator("#players tbody td:first-child").all_inner_texts()
        assert EVIL in cells and EVIL_IMG in cells  # shown literally, as typed
        legend = " ".join(pg.locator("#figure-0 .legendtext").all_text_contents())
        assert "<script>" in legend and "<img src=x" in legend
        assert pg.title().startswith("gallery <script>")
    finally:
        pg.context.close()


def test_players_table_sorts_numerically_on_header_click(browser, tmp_path):
    _, pg = inspect_page(browser, _gallery(tmp_path / "sort.html"), "gallery-sorted")
    try:
        header = pg.locator("#players thead th").nth(1)
        header.click()
        first = pg.locator("#players tbody td:nth-child(2)").all_inner_texts()
        assert first == ["9", "30", "100"]  # as numbers, not as text
        header.click()
        assert pg.locator("#players tbody td:nth-child(2)").all_inner_texts() == [
            "100", "30", "9"]
    finally:
        pg.context.close()


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The three real pages from a simulated, imported database whose hero is hostile."""
    from test_report_build import EVIL as HERO
    from test_report_build import make_database

    from dashboards.report import build_report

    folder = tmp_path_factory.mktemp("browser-reports")
    db = make_database(folder, hands=300, seed=5)
    return {
        "report-all-players": build_report(db, folder / "all.html"),
        "report-one-player": build_report(db, folder / "hero.html", player=HERO),
        "report-audit": build_report(db, folder / "audit.html", audit=True),
    }


@pytest.mark.parametrize(("name", "min_figures"), [
    ("report-all-players", 9), ("report-one-player", 9), ("report-audit", 2),
])
def test_real_reports_load_cleanly_and_every_figure_draws(browser, reports, name, min_figures):
    check, pg = inspect_page(browser, reports[name], name)
    try:
        assert_page_ok(check, min_figures)
        assert pg.evaluate("window.__pwned === undefined")
        assert pg.locator("section").count() >= 2
        if name != "report-audit":
            body = pg.locator("body").inner_text()
            assert "<script>alert(\"x\")</script>'q'" in body  # the hostile hero, as text
    finally:
        pg.context.close()


def test_winnings_buttons_switch_between_money_and_big_bets(browser, reports):
    check, pg = inspect_page(browser, reports["report-one-player"], "report-one-player-bb")
    try:
        assert check.console_errors == []
        div = "document.getElementById('figure-1')"
        before = pg.evaluate(f"{div}.layout.yaxis.title.text")
        assert before == "won (USD)"
        pg.locator("#figure-1 .updatemenu-button").filter(has_text="Big bets").click()
        pg.wait_for_function(f"{div}.layout.yaxis.title.text === 'won (big bets)'")
        visible = pg.evaluate(f"{div}.data.filter(t => t.visible !== false)"
                              ".map(t => t.hovertemplate.includes('big bets'))")
        # total, all-in adjusted (the hero has a valued all-in), showdown, non-showdown
        assert visible == [True, True, True, True]
        names = pg.evaluate(f"{div}.data.filter(t => t.visible !== false).map(t => t.name)")
        assert names == ["total", winnings.EV_NAME, "showdown", "non-showdown"]
    finally:
        pg.context.close()


@pytest.fixture(scope="module")
def ev_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[float], list[float]]:
    """A small simulated tournament (six of the hero's hands valued; two all-ins the runout
    decided against his equity), imported, its hero's report, and the all-in adjusted line
    a player would draw by hand: per hand in time order, ``all_in_ev``'s expected net where
    the hand has one, else the net (chips and big bets), asked of ``stud_hh.equity`` from
    the written histories, not the database."""
    from dashboards.report import build_report
    from pipelines import import_paths
    from stud_hh.equity import all_in_ev
    from stud_hh.events import Hand
    from stud_hh.parse import parse_file
    from stud_hh.recap import recap
    from stud_hh.simulate import simulate_to

    folder = tmp_path_factory.mktemp("ev-report")
    paths = simulate_to(folder / "hands" / "t.txt", 120, game="mixed", players=6,
                        stakes="50/100", tournament=True, seed=3)
    db = folder / "ev.duckdb"
    assert import_paths(paths, db=db, jobs=1).imported == 120
    hands = sorted((h for p in paths for h in parse_file(p) if isinstance(h, Hand)),
                   key=lambda h: (h.header.started_at, h.hand_id))
    chips, bets, valued = [], [], 0
    for hand in hands:
        if not any(s.player == "Hero" and not (s.sitting_out or s.out_of_hand)
                   for s in hand.seats):
            continue
        seen = recap(hand)
        net = (seen.collected.get("Hero", 0) + seen.returned.get("Hero", 0)
               - seen.contributed.get("Hero", 0))
        ev = all_in_ev(hand)
        if ev is not None:
            valued += 1
            net = next(p.ev_net for p in ev.players if p.player == "Hero")
        chips.append((chips[-1] if chips else 0) + net)
        bets.append((bets[-1] if bets else 0) + net / hand.header.big_bet)
    assert valued == 6
    return build_report(db, folder / "hero.html", player="Hero"), chips, bets


def test_winnings_draw_the_all_in_adjusted_line_with_its_values(browser, ev_report):
    path, chips, bets = ev_report
    check, pg = inspect_page(browser, path, "report-ev-line")
    try:
        assert_page_ok(check, min_figures=5)
        div = "document.getElementById('figure-1')"
        name = winnings.EV_NAME
        shown = pg.evaluate(f"{div}.data.filter(t => t.visible !== false).map(t => t.name)")
        assert shown == ["total", name, "showdown", "non-showdown"]
        legend = pg.locator("#figure-1 .legendtext").all_text_contents()
        assert name in legend  # drawn and named on the page, not only declared
        # ``_fullData``: the values Plotly drew (``data`` may hold them base64-packed)
        ys = pg.evaluate(f"{div}._fullData.filter(t => t.name === {name!r} && t.visible "
                         "=== true).map(t => Array.from(t.y))")
        assert ys[0] == pytest.approx(chips)
        total = pg.evaluate(f"Array.from({div}._fullData.find(t => t.name === 'total').y)")
        assert total[-1] != pytest.approx(chips[-1])  # luck: the lines part
        pg.locator("#figure-1 .updatemenu-button").filter(has_text="Big bets").click()
        pg.wait_for_function(f"{div}.layout.yaxis.title.text === 'won (big bets)'")
        in_bets = pg.evaluate(f"{div}._fullData.filter(t => t.name === {name!r} && "
                              "t.visible === true).map(t => Array.from(t.y))")
        assert in_bets[0] == pytest.approx(bets)
    finally:
        pg.context.close()
