"""The stats catalogue: per-hand facts stored at import, stats as plain sums over them.

``player_stats`` is the entry point; ``facts_columns``/``store_facts`` make and store the
rows an import stores, ``rebuild_facts`` is what ``stud-hh rebuild`` calls after a catalogue
change.
"""

from pipelines.stats.facts_table import (
    FACTS_DDL,
    ensure_facts_table,
    facts_columns,
    rebuild_facts,
    store_facts,
)
from pipelines.stats.query import player_stats

__all__ = [
    "FACTS_DDL",
    "ensure_facts_table",
    "facts_columns",
    "player_stats",
    "rebuild_facts",
    "store_facts",
]
