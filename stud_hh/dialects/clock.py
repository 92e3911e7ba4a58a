"""When a hand started: the printed local time and zone label -> an aware ``datetime``.

Sites print a zone label (``ET``, ``CET``), not an offset; the label is read as the IANA
zone it stands for, so daylight saving time comes from ``zoneinfo``.

>>> started_at("2009/07/16 2:36:31", "CET").isoformat()
'2009-07-16T02:36:31+02:00'
>>> started_at("2006/07/01 - 12:00:00", "ET").isoformat()
'2006-07-01T12:00:00-04:00'
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

#: Zone labels printed after the local time, as IANA names.
ZONES: dict[str, str] = {
    "ET": "America/New_York", "EDT": "America/New_York", "EST": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "AKT": "America/Anchorage", "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "Europe/London", "WET": "Europe/Lisbon", "BST": "Europe/London",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide", "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
    # the summer and winter labels PartyPoker prints (the player's own clock: "EEST")
    "CDT": "America/Chicago", "MDT": "America/Denver", "MST": "America/Denver",
    "PDT": "America/Los_Angeles", "PST": "America/Los_Angeles", "WEST": "Europe/Lisbon",
    "EEST": "Europe/Helsinki", "MSD": "Europe/Moscow", "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney", "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland",
}


class ClockError(ValueError):
    """A time the grammar accepted that names no known zone."""


@lru_cache(maxsize=len(ZONES))
def zone(label: str) -> ZoneInfo:
    """The zone a label stands for (``ET`` -> America/New_York); any case."""
    name = ZONES.get(label.upper())
    if name is None:
        raise ClockError(f"unknown time zone {label!r}")
    return ZoneInfo(name)


@lru_cache(maxsize=1024)
def _day(text: str) -> tuple[int, int, int]:
    """``2009/07/16`` (or the old ``2006/07/01 -``) -> (2009, 7, 16); a session has few."""
    year, month, day = text.removesuffix(" -").split("/")
    return int(year), int(month), int(day)


def started_at(date: str, label: str) -> datetime:
    """``2009/07/16 2:36:31`` (or ``2006/07/01 - 12:00:00``) in the zone called ``label``."""
    day, _, clock = date.rpartition(" ")
    year, month, day_of_month = _day(day)
    hours, minutes, seconds = clock.split(":")
    return datetime(year, month, day_of_month, int(hours), int(minutes), int(seconds),
                    tzinfo=zone(label))


__all__ = ["ZONES", "ClockError", "started_at", "zone"]
