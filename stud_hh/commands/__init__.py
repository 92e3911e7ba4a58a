"""Subcommands of the pure layer (parse, audit, simulate)."""
