"""stud_hh: Seven Card Stud hand histories parsed, audited, stored and summarised.

The domain package is pure: it never imports ``pipelines`` or ``dashboards`` (the
command line alone reaches them, lazily: ``stud_hh.cli`` routes to their commands, and
``stud-hh audit --db/--store`` hands over to ``pipelines.commands.audit_stored``).
"""

from typing import Any

from stud_hh.events import Game, Hand, ParseError, Street

__all__ = ["Game", "Hand", "ParseError", "Street", "parse_file", "parse_text"]


def __getattr__(name: str) -> Any:  # lazy, so ``import stud_hh`` does not build the Lark parser
    if name in ("parse_file", "parse_text"):
        from stud_hh import parse

        return getattr(parse, name)
    raise AttributeError(name)
