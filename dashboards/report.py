"""``build_report``: the database in, one self-contained HTML page out.

Two pages share the framework (``html``): the player report (``player_page``) and, with
``audit=True``, the auditor's page (``audit_page``).
"""

from __future__ import annotations

import os
from pathlib import Path

from dashboards import data
from dashboards.audit_page import audit_page
from dashboards.errors import ReportError
from dashboards.html import page, write_page
from dashboards.player_page import MAX_TABLE_PLAYERS, player_page
from pipelines.stats.query import StatsError, normalise_game

__all__ = ["MAX_TABLE_PLAYERS", "ReportError", "build_report"]


def build_report(db: str | os.PathLike[str], out: str | os.PathLike[str],
                 player: str | None = None, game: str | None = None,
                 audit: bool = False, *, kind: str | None = None,
                 unit: str | None = None) -> Path:
    """Write the report for ``db`` to ``out`` and return its path.

    ``game`` accepts what ``stud-hh stats`` accepts (``stud``, ``stud8``/``hilo``, ``razz``);
    ``kind`` cash or tournament, ``unit`` a currency, ``chips`` or ``play``.
    """
    db_path = Path(db)
    if not db_path.exists():
        raise ReportError(f"no database at {db_path}: import hands first (stud-hh import)")
    try:
        game = normalise_game(game) if game is not None else None
    except StatsError as exc:
        raise ReportError(str(exc)) from None
    scope = data.Scope(game=game, kind=kind, unit=unit)
    if audit:
        con = data.connect(db_path)
        try:
            title, subtitle, sections = audit_page(con, data.ready(con, scope))
        finally:
            con.close()
    else:
        title, subtitle, sections = player_page(db_path, player, scope)
    return write_page(Path(out), page(title, subtitle, sections))
