"""The deal-fairness figure and section in a real headless browser (Debian chromium).

Uses the page checks of ``test_browser`` (no console error, every trace drawn, a
screenshot under ``test-artifacts/``) on the fairness figure alone, for a fair and a
rigged sample, and on the real player and audit reports of a simulated database.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_browser import CHROMIUM, assert_page_ok, browser, inspect_page  # noqa: F401
from test_fairness import deal

from dashboards.figures.fairness import fairness_figure, fairness_frame
from dashboards.html import Section, figure_div, page, write_page
from stud_hh.fairness import audit_deal

pytestmark = [
    pytest.mark.slow,  # a browser or exhaustive run: CI's slow step
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason=f"Debian chromium not installed at {CHROMIUM}"),
]


def _page(path: Path) -> Path:
    fair = audit_deal(deal(2500, seed=7))
    rigged = audit_deal(deal(2500, seed=8, rig="pairs"))
    blocks = (figure_div(fairness_figure(fairness_frame(fair)), "fair"),
              figure_div(fairness_figure(fairness_frame(rigged)), "rigged"))
    return write_page(path, page("fairness", "figures", [Section("deal", blocks, "deal")]))


def test_fairness_figures_draw_every_panel(browser, tmp_path):  # noqa: F811
    check, pg = inspect_page(browser, _page(tmp_path / "fairness.html"), "fairness-figures")
    try:
        assert_page_ok(check, min_figures=2)
        panels = pg.evaluate("document.getElementById('rigged').data.length")
        assert panels == 2 * 7  # bars and the fair range for each of seven tests
        titles = " ".join(pg.locator("#rigged .gtitle, #rigged .annotation-text")
                          .all_text_contents())
        assert "the hero's starting hands  (REJECTS A FAIR DEAL)" in titles
        assert "REJECTS" not in " ".join(pg.locator("#fair .annotation-text")
                                         .all_text_contents())
        red = pg.evaluate("document.getElementById('rigged').data[0].marker.color")
        assert "#d62728" in red  # the paired starts' bar lies outside its range
    finally:
        pg.context.close()


@pytest.fixture(scope="module")
def report_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from test_report_build import make_database

    from dashboards.report import build_report

    folder = tmp_path_factory.mktemp("fairness-reports")
    db = make_database(folder, hands=400, seed=9, faults=0.0)
    return {"player": build_report(db, folder / "all.html"),
            "audit": build_report(db, folder / "audit.html", audit=True)}


@pytest.mark.parametrize("name", ["player", "audit"])
def test_reports_carry_the_fairness_section(browser, report_pages, name):  # noqa: F811
    check, pg = inspect_page(browser, report_pages[name], f"fairness-report-{name}")
    try:
        assert_page_ok(check, min_figures=1)
        drawn = {f["id"]: f for f in check.figures}
        assert drawn["fairness-figure"]["marks"] > 0
        section = pg.locator("#fairness").inner_text()
        assert "Is the deal fair?" in section
        assert re.search(r"(No evidence of an unfair deal|The deal fails \d of \d tests) in 400 "
                         "hands", section)
        assert pg.locator("#fairness-tests tbody tr").count() == 8
    finally:
        pg.context.close()
