"""The page itself: self-contained, escaped, sortable tables, small samples greyed."""

from __future__ import annotations

import re

import plotly.graph_objects as go
import polars as pl

from dashboards.html import SMALL_SAMPLE, Column, Section, figure_div, note, page, pct, render_table

EVIL = "</script><script>alert(\"pwned\")</script>' onmouseover='x"


def test_table_cells_are_escaped_text():
    df = pl.DataFrame({"player": [EVIL], "vpip": [0.25], "vpip_n": [100]})
    html = render_table(df, [Column("player", "player"), Column("vpip", "VPIP", pct, "vpip_n")],
                        table_id="t")
    assert "<script>" not in html and "</script>" not in html
    assert "&lt;/script&gt;&lt;script&gt;alert(&quot;pwned&quot;)" in html
    assert "onmouseover='x" not in html  # quotes cannot end an attribute
    assert ">25.0%<" in html


def test_small_samples_are_greyed_with_the_sample_in_the_tooltip():
    df = pl.DataFrame({"p": ["a", "b"], "v": [0.5, 0.5], "n": [SMALL_SAMPLE - 1, SMALL_SAMPLE]})
    html = render_table(df, [Column("p", "p"), Column("v", "v", pct, "n")], table_id="t")
    rows = html.split("<tr>")[2:]
    assert 'class="small-sample"' in rows[0] and f"sample: {SMALL_SAMPLE - 1} (small)" in rows[0]
    assert "small-sample" not in rows[1] and f"sample: {SMALL_SAMPLE}" in rows[1]


def test_sortable_tables_carry_raw_sort_keys_and_missing_values_sort_last():
    df = pl.DataFrame({"hands": [1200, 5], "vpip": [None, 0.3]})
    html = render_table(df, [Column("hands", "hands", numeric=True),
                             Column("vpip", "VPIP", pct)], table_id="t", sortable=True)
    assert 'class="data sortable"' in html
    assert 'data-sort="1200"' in html  # raw number, not "1,200"
    assert 'data-sort=""' in html and "–" in html


def test_page_is_self_contained_with_plotly_embedded_once():
    fig = go.Figure(go.Bar(x=["a"], y=[1], name=EVIL))
    html = page(f"report {EVIL}", "sub", [
        Section("One", (figure_div(fig, "f1"), note(EVIL)), "one"),
    ])
    assert html.count("<script") == 3  # plotly.js, the figure, the table sorter
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=", html)  # nothing fetched
    assert "alert(\"pwned\")</script>" not in html
    assert html.count("</script>") == 3
    assert "\\u003c\\u002fscript\\u003e" in html  # the trace name, as JSON escapes


def test_the_doctested_examples_hold():
    import doctest

    from dashboards import quote
    from dashboards.figures import door, downsample, money, theme, winnings

    for module in (quote, door, downsample, money, theme, winnings):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
