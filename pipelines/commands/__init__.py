"""``stud-hh`` subcommands that need the database: import, watch, rebuild."""
