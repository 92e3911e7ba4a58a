"""``stud-hh serve``: the local app over one database (Plotly Dash).

Filters (player, game, stakes, cash or tournament, money unit, dates, minimum hands) apply
to every table and chart, each computed in DuckDB per request. A click on a bar, a heat-map
cell, a point of the winnings line or a table row lists the hands behind it; a click on a
hand replays it, the validator's findings marked at their actions. The database is opened
read-only for one request at a time (``access``), so imports can write between requests.

``create_app(db)`` builds the app; ``serve(db, host, port)`` runs it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["create_app", "serve"]


def create_app(db: str | Path) -> Any:
    from dashboards.app.server import build

    return build(Path(db))


def serve(db: str | Path, host: str = "127.0.0.1", port: int = 8050,
          ready: Any = None) -> None:
    """Serve until interrupted; ``ready(url)`` is called once the socket listens."""
    from werkzeug.serving import make_server

    app = create_app(db)
    server = make_server(host, port, app.server, threaded=True)
    url = f"http://{host}:{server.server_port}/"
    if ready is not None:
        ready(url)
    try:
        server.serve_forever()
    finally:
        server.server_close()
