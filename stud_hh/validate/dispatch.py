"""Event handlers by type: what a consumer does with each event, every type named.

The validator reads every event of every hand; a ``match`` on msgspec events costs a slow
``isinstance`` per case that fails (about 0.4 us: their metaclass is not ``type``), so the
passes over the events look each handler up by the event's exact type instead. The table
must name every event type (``stud_hh.events.EVENT_TYPES``): a new event for a new site is
an error when the module is imported, never silently skipped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from stud_hh.events import EVENT_TYPES, Event

_H = TypeVar("_H")


def every_event(consumer: str, table: Mapping[type[Event], _H]) -> dict[type[Event], _H]:
    """``table`` as a dict, once it is checked to handle every event type and only those."""
    missing = [t.__name__ for t in EVENT_TYPES if t not in table]
    unknown = [t.__name__ for t in table if t not in EVENT_TYPES]
    if missing or unknown:
        raise TypeError(f"{consumer} does not say what to do with {', '.join(missing)}"
                        if missing else f"{consumer} names non-events {', '.join(unknown)}")
    return dict(table)
