"""``stud-hh serve`` in Debian chromium: a real server process on a real DuckDB file.

The database (``browse_db``) holds stud in USD with injected breaches, razz in EUR and a
Stud Hi/Lo tournament in chips; the hero is called ``<img src=x onerror=alert(1)>``. The
server runs as ``stud-hh serve --port 0`` in a child process, exactly as a user starts it.

* Each filter changes the tables and charts as SQL over the same file says.
* The issue's walk: razz, cash, one stake; click the worst door-card cell; the hands listed
  are exactly that cell's (an oracle in Python over ``hand_players``); replay one.
* The replayer steps through a flagged hand and shows each finding at its action.
* While another process holds the file for writing, the page says so and keeps working;
  ``stud-hh import`` succeeds while the page is open, and the page then shows the new hands.
* No console error, no dialog, and the hostile name stays text everywhere.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from browse_db import XSS, make_mixed_database

from stud_hh.commands.audit import action_event
from stud_hh.dialects.pokerstars.writer import format_event

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STUD_HH = [sys.executable, "-m", "stud_hh.cli"]

pytestmark = [
    pytest.mark.slow,  # a browser or exhaustive run: CI's slow step
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Debian chromium not at {CHROMIUM}"),
]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_mixed_database(tmp_path_factory.mktemp("app"))


@pytest.fixture(scope="module")
def server(db: Path) -> Iterator[str]:
    """``stud-hh serve`` on a free port; yields its address."""
    proc = subprocess.Popen([*STUD_HH, "serve", "--db", str(db), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        match = re.search(r"on (http://127\.0\.0\.1:\d+/)", line)
        assert match, f"serve did not start: {line!r} {proc.stderr.read() if proc.stderr else ''}"
        yield match.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


class Page:
    """A page of the app with its console errors and dialogs recorded."""

    def __init__(self, browser: object, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
        self.pg = self.context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.pg.on("console", lambda m: self.errors.append(m.text) if m.type == "error"
                   else None)
        self.pg.on("pageerror", lambda e: self.errors.append(str(e)))

        def dialog(d: object) -> None:
            self.dialogs.append(d.message)  # type: ignore[attr-defined]
            d.dismiss()  # type: ignore[attr-defined]

        self.pg.on("dialog", dialog)
        self.pg.goto(url)
        self.pg.wait_for_selector("#players-grid .ag-row", timeout=60_000)
        self.settle()

    def settle(self) -> None:
        """Wait until no Dash callback is running."""
        self.pg.wait_for_timeout(400)
        self.pg.wait_for_function(
            "() => !document.querySelector('[data-dash-is-loading=\"true\"]')",
            timeout=60_000)
        self.pg.wait_for_timeout(200)

    def choose(self, dropdown: str, option: str) -> None:
        self.pg.locator(f"#{dropdown}").click()
        self.pg.locator(".dash-dropdown-options [role=option]").filter(
            has_text=re.compile(f"^{re.escape(option)}$")).first.click()
        self.pg.keyboard.press("Escape")
        self.settle()

    def tab(self, name: str) -> None:
        self.pg.get_by_text(name, exact=True).click()
        self.settle()

    def players_shown(self) -> int:
        note = self.pg.locator("#players-note").inner_text()
        return int(note.split(" players")[0].replace(",", ""))

    def figure(self, chart: str) -> dict[str, object]:
        return self.pg.evaluate(f"""() => {{
            const gd = document.querySelector('#chart-{chart} .js-plotly-plot');
            return gd ? {{data: gd.data.map(t => ({{customdata: t.customdata, z: t.z,
                          x: t.x, y: t.y}}))}} : null; }}""")

    def close(self) -> None:
        assert self.errors == [], self.errors
        assert self.dialogs == [], self.dialogs
        assert self.pg.evaluate("window.__pwned === undefined")
        self.context.close()


def _sql(db: Path, query: str, params: list[object] | None = None) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(query, params or []).fetchall()
    finally:
        con.close()


def _players(db: Path, where: str) -> int:
    return _sql(db, f"SELECT count(DISTINCT hp.player) FROM hand_players hp JOIN hands h "
                f"USING (hand_key) WHERE hp.dealt_in AND {where}")[0][0]


def test_each_filter_changes_tables_and_charts_as_sql_says(browser, server, db) -> None:
    page = Page(browser, server)
    try:
        assert page.players_shown() == _players(db, "TRUE")
        page.choose("f-game", "Razz")
        assert page.players_shown() == _players(db, "h.game = 'razz'")
        page.pg.locator("#f-kind").get_by_text("tournament").click()
        page.settle()
        assert page.players_shown() == _players(db, "h.game = 'razz' AND "
                                                "h.tournament_id IS NOT NULL") == 0
        page.pg.locator("#f-kind").get_by_text("all").click()
        page.settle()
        page.pg.locator("#f-game ~ * , #f-game").first.hover()
        page.pg.locator("#f-game .dash-dropdown-clear, #f-game [aria-label*=Clear]").first\
            .click()
        page.settle()
        page.choose("f-unit", "tournament chips")
        assert page.players_shown() == _players(db, "h.currency IS NULL")
        page.pg.locator("#f-min").fill("50")
        page.pg.locator("#f-min").press("Enter")
        page.settle()
        many = _sql(db, """SELECT count(*) FROM (SELECT hp.player FROM hand_players hp
            JOIN hands h USING (hand_key) WHERE hp.dealt_in AND h.currency IS NULL
            GROUP BY hp.player HAVING count(*) >= 50)""")[0][0]
        assert page.players_shown() == many
        grid = page.pg.locator("#players-grid")
        assert grid.get_by_text(XSS, exact=True).count() >= 1  # the name, as text
        # the charts: the hero's hands by game and stakes, as SQL counts them
        page.tab("Charts")
        page.pg.wait_for_selector("#chart-game-stakes .main-svg", timeout=60_000)
        bars = page.figure("game-stakes")["data"][0]["customdata"]  # type: ignore[index]
        hero = _sql(db, "SELECT count(*) FROM hand_players hp JOIN hands h USING (hand_key) "
                    "WHERE hp.player = ? AND h.currency IS NULL", [XSS])[0][0]
        assert sum(bar[0] for bar in bars) == hero
        levels = _sql(db, "SELECT DISTINCT h.stakes FROM hand_players hp JOIN hands h "
                      "USING (hand_key) WHERE hp.player = ? AND h.currency IS NULL", [XSS])
        assert {bar[4] for bar in bars} == {s for (s,) in levels}  # the tournament's levels
    finally:
        page.close()


def _door_oracle(db: Path, hero: str, stakes: str) -> dict[tuple[str, str], set[str]]:
    """(hero's door rank, best other door rank) -> hand ids, razz cash at ``stakes``: ace
    low, the lowest other door card is the best."""
    rows = _sql(db, """SELECT h.hand_id, hp.player, hp.door_card FROM hands h
        JOIN hand_players hp USING (hand_key)
        WHERE h.game = 'razz' AND h.tournament_id IS NULL AND h.stakes = ?
          AND hp.dealt_in AND hp.door_card IS NOT NULL""", [stakes])
    low = {r: i for i, r in enumerate("A23456789TJQK")}
    doors: dict[str, dict[str, str]] = {}
    for hand_id, player, card in rows:
        doors.setdefault(hand_id, {})[player] = card[0]
    cells: dict[tuple[str, str], set[str]] = {}
    for hand_id, by_player in doors.items():
        if hero not in by_player or len(by_player) < 2:
            continue
        best = min((r for p, r in by_player.items() if p != hero), key=low.__getitem__)
        cells.setdefault((by_player[hero], best), set()).add(hand_id)
    return cells


def test_razz_cash_one_stake_worst_door_card_drills_to_its_hands_and_replays(
        browser, server, db) -> None:
    """The issue's "done when": filter, click the worst door card, replay its hands."""
    stakes = _sql(db, "SELECT stakes FROM hands WHERE game = 'razz' LIMIT 1")[0][0]
    page = Page(browser, server)
    try:
        page.choose("f-game", "Razz")
        page.pg.locator("#f-kind").get_by_text("cash").click()
        page.settle()
        page.choose("f-stakes", f"{stakes} EUR")
        page.tab("Charts")
        page.pg.wait_for_selector("#chart-door .main-svg", timeout=60_000)
        heat = page.figure("door")["data"][0]  # type: ignore[index]
        cells = [(z, i, j) for i, row in enumerate(heat["z"]) for j, z in enumerate(row)
                 if z is not None]
        _, i, j = min(cells)  # the worst cell: fewest big bets won per hand
        door_rank, other_rank = heat["x"][j], heat["y"][i]
        page.pg.locator("#chart-door").scroll_into_view_if_needed()
        page.pg.wait_for_timeout(300)
        point = page.pg.evaluate(f"""() => {{
            const gd = document.querySelector('#chart-door .js-plotly-plot');
            const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
            const box = gd.querySelector('.nsewdrag').getBoundingClientRect();
            return [box.left + xa.l2p({j}), box.top + ya.l2p({i})]; }}""")
        # plotly clicks the point it hovers: move onto the cell first, as a hand would
        page.pg.mouse.move(point[0] - 6, point[1] - 6)
        page.pg.mouse.move(point[0], point[1], steps=4)
        page.pg.wait_for_timeout(300)
        page.pg.mouse.click(point[0], point[1])
        page.settle()
        title = page.pg.locator("#drill-title").inner_text()
        assert f"door card {door_rank} against a best other door card {other_rank}" in title
        listed = set(page.pg.locator("#drill-grid [col-id=hand_id]").all_inner_texts())
        listed.discard("hand")
        expected = _door_oracle(db, XSS, stakes)[(door_rank, other_rank)]
        assert listed == expected
        page.pg.locator("#drill-grid .ag-row [col-id=hand_id]").first.click()
        page.settle()
        frame = page.pg.frame_locator("#replayer")
        frame.locator(".step-next").click()
        assert frame.locator(".replayer").get_attribute("data-step") == "1"
        assert frame.locator(".seat .name").filter(has_text=XSS).count() == 1
    finally:
        page.close()


def test_replayer_shows_each_finding_at_its_action(browser, server, db) -> None:
    from pipelines.lookup import find_hand

    page = Page(browser, server)
    try:
        page.tab("Audit")
        page.pg.wait_for_selector("#flagged-grid .ag-row", timeout=60_000)
        row = page.pg.locator("#flagged-grid .ag-row").first
        hand_id = row.locator("[col-id=hand_id]").inner_text()
        row.locator("[col-id=code]").click()
        page.settle()
        con = duckdb.connect(str(db), read_only=True)
        stored = find_hand(con, hand_id)
        con.close()
        frame = page.pg.frame_locator("#replayer")
        frame.locator(".replayer h3").filter(has_text=hand_id).wait_for()
        at_actions = [f for f in stored.findings if f["action_index"] is not None]
        seen = 0
        for finding in at_actions:
            frame.locator(".step-next-finding").click()
            where = frame.locator(".where").inner_text()
            assert f"action {finding['action_index']}" in where
            event = action_event(stored.hand, finding["action_index"])
            assert frame.locator(".lines").inner_text() == format_event(event, stored.hand)
            assert finding["message"] in frame.locator(".findings").inner_text()
            seen += 1
        assert seen == len(at_actions) >= 1
        frame.locator(".step-last").click()
        assert frame.locator(".pot").inner_text().startswith("Pot ")
    finally:
        page.close()


def test_the_app_keeps_working_while_a_writer_holds_the_file(browser, server, db,
                                                             tmp_path: Path) -> None:
    page = Page(browser, server)
    page.choose("f-game", "Razz")  # read once: the app can answer it again while busy
    razz = _players(db, "h.game = 'razz'")
    page.choose("f-game", "Stud Hi/Lo")
    # a real writer: holds the file open for writing until told to let go (60 s at most)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, signal, sys\nsignal.alarm(60)\n"
         "con = duckdb.connect(sys.argv[1])\nprint('held', flush=True)\nsys.stdin.readline()\n"
         "con.close()", str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        status = page.pg.locator("#db-status")
        status.wait_for(state="visible", timeout=15_000)
        assert "An import is writing to the database" in status.inner_text()
        page.choose("f-game", "Razz")  # read before: shown again, with when it was read
        page.pg.wait_for_function(
            "() => document.querySelector('#players-note').innerText.includes('as read at')",
            timeout=20_000)
        note = page.pg.locator("#players-note").inner_text()
        assert note.startswith(f"{razz:,} players")
        assert "as read at" in note and "an import is writing" in note
        first = page.pg.locator("#players-grid .ag-row [col-id=player]").first.inner_text()
        page.choose("f-game", "Stud")  # never read: the table stays, a note says why
        page.pg.wait_for_function(  # the request waits READER_WAIT for the file first
            "() => document.querySelector('#players-note').innerText"
            ".startsWith('An import is writing to the database')", timeout=20_000)
        assert page.pg.locator("#players-grid .ag-row [col-id=player]").first.inner_text() \
            == first
        assert holder.stdin is not None
        holder.stdin.write("let go\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
        status.wait_for(state="hidden", timeout=20_000)
        page.settle()
        assert page.players_shown() == _players(db, "h.game = 'stud'")
        # a real import while the page polls the file: it waits for the readers, then writes
        from stud_hh.simulate import simulate_to

        new = simulate_to(tmp_path / "new.txt", 30, game="stud", seed=77, players=6)
        done = subprocess.run([*STUD_HH, "import", str(new[0]), "--db", str(db), "--quiet"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        page.pg.wait_for_function(
            "n => document.querySelector('#players-note').innerText.startsWith(n + ' ')",
            arg=f"{_players(db, 'h.game = ' + chr(39) + 'stud' + chr(39)):,}", timeout=30_000)
    finally:
        if holder.poll() is None:
            holder.kill()
        page.close()


def test_static_audit_page_replays_a_flagged_hand(browser, db, tmp_path: Path) -> None:
    """The report's embedded replayer: a button per flagged hand, the finding at its step."""
    from dashboards.report import build_report

    page = build_report(db, tmp_path / "audit.html", audit=True)
    context = browser.new_context(viewport={"width": 1300, "height": 900})  # type: ignore[attr-defined]
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(page.as_uri())
        row = pg.locator("#flagged tbody tr").filter(has=pg.locator(".replay-button")).first
        message = row.locator("td").nth(10).inner_text()
        row.locator(".replay-button").click()
        seen = []
        for _ in range(6):  # the hand's steps with findings, in turn
            pg.locator("#replayer .step-next-finding").click()
            seen.append(pg.locator("#replayer .findings").inner_text())
        assert any(message in text for text in seen)
        assert pg.locator("#replayer .seat .name").filter(has_text=XSS).count() == 1
        assert errors == [] and pg.evaluate("window.__pwned === undefined")
    finally:
        context.close()
