"""Plotly reports built from the DuckDB tables.

``build_report(db, out, player=None, game=None, audit=False) -> Path`` writes one
self-contained HTML page. It is imported lazily so that ``stud-hh`` (which imports the
command modules to build its parser) does not load plotly for every subcommand.
"""

from __future__ import annotations

from typing import Any

__all__ = ["build_report"]


def __getattr__(name: str) -> Any:
    if name == "build_report":
        from dashboards.report import build_report

        return build_report
    raise AttributeError(f"module 'dashboards' has no attribute {name!r}")
