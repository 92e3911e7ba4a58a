"""Why a report could not be written, in words a player can act on."""


class ReportError(RuntimeError):
    """No database, no hands, an unknown player or game; the message says which."""
