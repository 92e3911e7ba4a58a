"""The data flow: files -> parse -> validate -> DuckDB; stats SQL; parallel execution.

Public API: ``import_paths(paths, db=...) -> ImportResult``, ``read_table(db, name)`` and
``player_stats`` (from ``pipelines.stats``). Every name is loaded on first use, so that
``import pipelines.stats`` never pays for the importer (or the importer for the stats).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipelines.db import DatabaseBusy, default_db_path
    from pipelines.importer import ImportResult, Progress, import_paths
    from pipelines.stats import player_stats
    from pipelines.tables import read_table

_LAZY = {
    "DatabaseBusy": "pipelines.db",
    "default_db_path": "pipelines.db",
    "ImportResult": "pipelines.importer",
    "Progress": "pipelines.importer",
    "import_paths": "pipelines.importer",
    "read_table": "pipelines.tables",
    "player_stats": "pipelines.stats",
}

__all__ = [
    "DatabaseBusy",
    "ImportResult",
    "Progress",
    "default_db_path",
    "import_paths",
    "player_stats",
    "read_table",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pipelines' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
