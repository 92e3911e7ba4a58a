"""``stud-hh``: one console script, one subcommand per job.

Each subcommand lives in its own module exposing ``configure(parser)`` and
``run(args) -> int``; this module only routes. Commands that need the database or the
reports live in ``pipelines`` and ``dashboards`` and are imported here lazily, which is the
one place the pure ``stud_hh`` package may reach them.

Only the module of the subcommand being run is imported (its name is found in ``argv``
before parsing): ``stud-hh parse --help`` or ``stud-hh audit`` never load DuckDB, Polars,
Arrow or Plotly, and ``stud-hh --help`` lists the commands from ``COMMANDS`` alone.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

#: subcommand -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("stud_hh.commands.parse", "parse hand histories into typed events"),
    "audit": ("stud_hh.commands.audit", "replay hands through the rules engine, list violations"),
    "simulate": ("stud_hh.commands.simulate", "write simulated PokerStars stud hand histories"),
    "equity": ("stud_hh.commands.equity", "win, tie and scoop chances and equity of a stud spot"),
    "import": ("pipelines.commands.import_cmd", "import hand histories into DuckDB"),
    "watch": ("pipelines.commands.watch", "keep importing new hands as they are written"),
    "quarantine": ("pipelines.commands.quarantine",
                   "list quarantined hands: reason, file:line and first line"),
    "stats": ("pipelines.stats.command", "per-player stud statistics"),
    "fairness": ("pipelines.commands.fairness", "test whether the deal is consistent with a "
                 "fair, shuffled deck"),
    "rebuild": ("pipelines.commands.rebuild", "recompute per-hand facts after a catalogue change"),
    "show": ("pipelines.commands.show", "print one stored hand and the rule violations in it"),
    "export": ("pipelines.commands.export", "write stored hands as PHH files (PokerKit's "
               "open hand-history format)"),
    "report": ("dashboards.commands.report", "write the Plotly HTML report"),
    "demo": ("dashboards.commands.demo", "simulate, import, show stats and write a report"),
    "serve": ("dashboards.commands.serve", "browse the database in a local web app"),
}


def package_version() -> str:
    try:
        return version("stud_hh")
    except PackageNotFoundError:  # pragma: no cover - running from a bare source tree
        return "unknown"


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs: its first word that names one (options come first)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that subcommand is configured (its module imported),
    the others are listed by name and help (``only=""``: none is configured)."""
    parser = argparse.ArgumentParser(prog="stud-hh", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version",
                        version=f"stud-hh {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        if only is not None and name != only:
            sub.add_parser(name, help=help_text, description=help_text)
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue  # command not built yet in this checkout
            raise
        command = sub.add_parser(name, help=help_text, description=help_text)
        module.configure(command)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(chosen_command(argv) or "")
        args = parser.parse_args(argv)
        return int(args._run(args) or 0)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("stud-hh: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
