"""``stud-hh report`` and ``stud-hh demo``: thin CLI wrappers over ``dashboards``."""
