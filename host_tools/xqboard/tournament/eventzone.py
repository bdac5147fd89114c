"""The event's time zone (Settings.tz, `tournament new|edit --tz`): every
time a public page or a printout shows is the event's wall clock, 24-hour,
wherever the host that renders it stands (a replica abroad, a laptop left
on UTC).

An IANA name (zoneinfo, the system's tz database): checked when it is set,
so a misspelt zone is refused then, not on the first printout.

    >>> check_tz("Asia/Shanghai")
    'Asia/Shanghai'
    >>> check_tz("Asia/Shangai")
    Traceback (most recent call last):
    ...
    xqboard.tournament.refusal.TournamentError: time zone 'Asia/Shangai': no such zone in the tz database (e.g. Asia/Shanghai, Europe/Berlin, UTC)
    >>> clock_text(1764667200.9, "Asia/Shanghai")   # 2025-12-02 09:20:00.9 UTC
    '17:20:00'
    >>> stamp_text(1764667200, "Asia/Shanghai")
    '2025-12-02 17:20 CST'
    >>> iso_text(1764667200, "Europe/Berlin")
    '2025-12-02T10:20:00+01:00'
    >>> stamp_text(1764667200, "UTC"), clock_text(1764667200, "America/New_York", seconds=False)
    ('2025-12-02 09:20 UTC', '04:20')

'' (an event made before the field, or none given) is the host's own zone.
"""
import datetime
import zoneinfo

from .refusal import TournamentError


def check_tz(name):
    """`name` if it is a zone of the tz database ('' : the host's); else
    TournamentError."""
    if name == "":
        return name
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        raise TournamentError("time zone %r: no such zone in the tz database (e.g. Asia/Shanghai, "
                              "Europe/Berlin, UTC)" % (name,))
    return name


def zone(name):
    """The tzinfo of `name` ('' : the host's local zone)."""
    return zoneinfo.ZoneInfo(name) if name else datetime.datetime.now().astimezone().tzinfo


def wall(ts, name):
    """The aware datetime of Unix time `ts` in zone `name`."""
    return datetime.datetime.fromtimestamp(ts, zone(name))


def clock_text(ts, name, seconds=True):
    """'17:20:00' (24-hour; seconds=False: '17:20') of `ts` in zone `name`."""
    return wall(ts, name).strftime("%H:%M:%S" if seconds else "%H:%M")


def stamp_text(ts, name):
    """'2025-12-02 17:20 CST': a printout's date and time, with the zone's abbreviation."""
    return wall(ts, name).strftime("%Y-%m-%d %H:%M %Z").strip()


def iso_text(ts, name):
    """ISO 8601 with the zone's offset, whole seconds (for relay sites)."""
    return wall(int(ts), name).isoformat()
