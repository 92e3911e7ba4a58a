"""One self-contained HTML page: plotly.js embedded once, figures, tables, no network.

Everything a hand history supplied (player names, table names, messages, action text) is
data, never markup: table cells go through ``html.escape`` and figure JSON through Plotly's
serializer, which writes ``<``, ``>`` and ``/`` as ``\\u003c``-style escapes, so a name such
as ``</script><script>alert(1)</script>`` is shown as text and never executed.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio
import polars as pl
from plotly.offline import get_plotlyjs

#: A stat whose sample (denominator) is below this is greyed: too few hands to trust.
SMALL_SAMPLE = 30
PLOTLY_CONFIG = {"displaylogo": False, "responsive": True}


def esc(value: object) -> str:
    """Text for HTML content or a quoted attribute."""
    return html.escape("" if value is None else str(value), quote=True)


@dataclass(frozen=True)
class Column:
    """One column of a rendered table.

    ``fmt`` turns a non-null value into display text; ``sample`` names the frame column
    holding the value's sample size (the cell is greyed when it is under ``SMALL_SAMPLE``).
    """

    key: str
    header: str
    fmt: Callable[[object], str] = str
    sample: str | None = None
    numeric: bool = False
    #: ``fmt`` returns markup of our own (a button), not text: inserted as it is. Never
    #: for a value that came from a hand history.
    markup: bool = False


def pct(value: object) -> str:
    return f"{float(value):.1%}"  # type: ignore[arg-type]


def num(digits: int = 0) -> Callable[[object], str]:
    def fmt(value: object) -> str:
        return f"{float(value):,.{digits}f}"  # type: ignore[arg-type]

    return fmt


def integer(value: object) -> str:
    return f"{int(value):,}"  # type: ignore[call-overload]


def _is_missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def render_table(df: pl.DataFrame, columns: Sequence[Column], *, table_id: str,
                 sortable: bool = False, caption: str | None = None,
                 css_class: str = "") -> str:
    """An HTML table of ``df``; sortable tables sort by clicking a header (numbers as numbers)."""
    head = "".join(
        f'<th scope="col" class="{"num" if c.numeric else ""}"'
        f'{" tabindex=0" if sortable else ""}>{esc(c.header)}</th>'
        for c in columns
    )
    body: list[str] = []
    for row in df.iter_rows(named=True):
        cells: list[str] = []
        for c in columns:
            value = row.get(c.key)
            classes = ["num"] if c.numeric else []
            title = ""
            if _is_missing(value):
                text, sort_key = "–", ""
            else:
                text = c.fmt(value)
                sort_key = str(value)
            if c.sample is not None:
                n = row.get(c.sample)
                if n is not None and n < SMALL_SAMPLE:
                    classes.append("small-sample")
                    title = f"sample: {n} (small)"
                elif n is not None:
                    title = f"sample: {n}"
            attrs = f' data-sort="{esc(sort_key)}"'
            if classes:
                attrs += f' class="{" ".join(classes)}"'
            if title:
                attrs += f' title="{esc(title)}"'
            cells.append(f"<td{attrs}>{text if c.markup else esc(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    kind = " ".join(filter(None, ("data", "sortable" if sortable else "", css_class)))
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return (f'<table id="{esc(table_id)}" class="{kind}">{cap}<thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def figure_div(fig: go.Figure, div_id: str) -> str:
    """The figure as a div plus the script that draws it (plotly.js comes from the page)."""
    return pio.to_html(fig, full_html=False, include_plotlyjs=False, div_id=div_id,
                       config=PLOTLY_CONFIG, default_height="460px")


@dataclass(frozen=True)
class Section:
    """A titled part of the page: already-rendered HTML blocks (figures, tables, notes)."""

    title: str
    blocks: tuple[str, ...]
    anchor: str


def note(text: str) -> str:
    return f'<p class="note">{esc(text)}</p>'


_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#222;
background:#f6f7f9}
header{background:#1f3b57;color:#fff;padding:16px 24px}
header h1{margin:0;font-size:1.5em} header p{margin:4px 0 0;opacity:.85}
nav{padding:8px 24px;background:#e8ecf1;position:sticky;top:0;z-index:10}
nav a{margin-right:14px;color:#1f3b57;text-decoration:none;font-size:.9em}
main{padding:8px 24px 40px;max-width:1400px}
section{background:#fff;border-radius:6px;padding:8px 16px 16px;margin:16px 0;
box-shadow:0 1px 2px rgba(0,0,0,.08)}
h2{font-size:1.2em;color:#1f3b57}
.plotly-graph-div{margin:8px 0}
table.data{border-collapse:collapse;font-size:.85em;margin:8px 0;width:100%}
table.data th,table.data td{border-bottom:1px solid #e3e6ea;padding:4px 8px;text-align:left}
table.data th{background:#f0f2f5}
.scroll table.data th{position:sticky;top:0;z-index:1}
table.data td.num,table.data th.num{text-align:right;font-variant-numeric:tabular-nums}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th[aria-sort=ascending]::after{content:" ▲"}
table.sortable th[aria-sort=descending]::after{content:" ▼"}
td.small-sample{color:#aaa}
table.sheet{table-layout:fixed} table.sheet th:first-child{width:60%}
details summary{cursor:pointer;font-weight:600;margin:6px 0}
p.note{color:#666;font-size:.9em}
.scroll{max-height:640px;overflow:auto}
code,q{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.95em}
"""

_SORT_JS = """
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("thead th").forEach(function (th, col) {
    function sortBy() {
      var asc = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("thead th").forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col].getAttribute("data-sort"), y = b.cells[col].getAttribute("data-sort");
        var nx = Number(x), ny = Number(y), r;
        if (x === "" || y === "") { return (x === "") - (y === ""); }
        if (isFinite(nx) && isFinite(ny)) { r = nx - ny; } else { r = x.localeCompare(y); }
        return asc ? r : -r;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    }
    th.addEventListener("click", sortBy);
    th.addEventListener("keydown", function (e) { if (e.key === "Enter") { sortBy(); } });
  });
});
"""


def page(title: str, subtitle: str, sections: Sequence[Section]) -> str:
    """The complete HTML document (with the hand replayer's style and script)."""
    from dashboards.replayer import page_assets

    replay_css, replay_js = page_assets()
    nav = "".join(f'<a href="#{esc(s.anchor)}">{esc(s.title)}</a>' for s in sections)
    body = "".join(
        f'<section id="{esc(s.anchor)}"><h2>{esc(s.title)}</h2>{"".join(s.blocks)}</section>'
        for s in sections
    )
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{esc(title)}</title><style>{_CSS}{replay_css}</style>"
        f'<script type="text/javascript">{get_plotlyjs()}</script></head><body>'
        f"<header><h1>{esc(title)}</h1><p>{esc(subtitle)} · written {made} by stud_hh</p>"
        f"</header><nav>{nav}</nav><main>{body}</main>"
        f"<script>{_SORT_JS}{replay_js}</script></body></html>\n"
    )


def write_page(path: Path, text: str) -> Path:
    """Write atomically, so a browser never opens half a report."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


class FigureList:
    """Numbers the figure divs of a page and replaces a chart with no data by a note."""

    def __init__(self) -> None:
        self.count = 0

    def add(self, blocks: list[str], frame: pl.DataFrame,
            build: Callable[[pl.DataFrame], go.Figure], empty: str) -> None:
        if frame.is_empty() or ("hands" in frame.columns and frame["hands"].sum() == 0):
            blocks.append(note(empty))
            return
        self.count += 1
        blocks.append(figure_div(build(frame), f"figure-{self.count}"))
