"""Boards known by their device id (the `id=` of their greeting, set by
`xqboard deploy ... board_id=`) rather than by the port they are plugged
into: USB ports are numbered in the order the boards were plugged in, a
board's id stays. A board map may name either (`1=/dev/ttyACM0` or
`1=hall-07`); the ids are found by greeting every candidate port.

    find_ports(["hall-07", "hall-12"], candidate_ports("/dev/ttyACM*"))
    # {'hall-07': '/dev/ttyACM3', 'hall-12': '/dev/ttyACM0'}
"""
import glob
import os
import re
import time

from .session import BoardSession

DEFAULT_PORTS = "/dev/ttyACM*,/dev/ttyUSB*"
_WINDOWS_PORT = re.compile(r"^COM\d+$", re.IGNORECASE)


def is_port(text):
    """True for a port (a path, COMn, a pyserial URL such as socket://),
    False for a device id (a plain name: `hall-07`, `b12`)."""
    return "/" in text or "\\" in text or "://" in text or bool(_WINDOWS_PORT.match(text)) or os.path.exists(text)


def candidate_ports(patterns):
    """The ports of comma-separated glob patterns, sorted, each once."""
    out = []
    for pattern in patterns.split(","):
        pattern = pattern.strip()
        if not pattern:
            continue
        found = sorted(glob.glob(pattern)) if any(c in pattern for c in "*?[") else [pattern]
        out += [p for p in found if p not in out]
    return out


def find_ports(ids, ports, key=None, wait=5.0):
    """{device id: port} for every id of `ids`, found by greeting each of
    `ports` (each port is opened, greeted and closed again; until every
    port that opened has answered, or `wait` seconds). ValueError naming
    the ids no port answered with (and the ids that did answer), or an id
    two boards answer with."""
    sessions = [BoardSession(p, key=key).start() for p in ports]
    found = {}  # device id -> the ports answering with it
    try:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and not (set(ids) <= set(found) and _all_heard(sessions)):
            for s in sessions:
                s.poll(0.02)
                if s.link.synced and s.link.board_id and s.port not in found.get(s.link.board_id, ()):
                    found.setdefault(s.link.board_id, []).append(s.port)
    finally:
        for s in sessions:
            s.close()
    twice = [i for i in ids if len(found.get(i, ())) > 1]
    if twice:
        raise ValueError("board map: the id %s answers on %s: two boards with one id (xqboard deploy sets it)"
                         % (twice[0], " and ".join(found[twice[0]])))
    missing = [i for i in ids if i not in found]
    if missing:
        raise ValueError("board map: no board with the id %s on %s (found: %s)" % (
            ", ".join(missing), ", ".join(ports) or "no port",
            ", ".join("%s on %s" % (i, at[0]) for i, at in sorted(found.items())) or "none"))
    return {i: found[i][0] for i in ids}


def _all_heard(sessions):
    # a port that did not open (no device) is not waited for
    return all(s.link.synced for s in sessions if s.connected)


def resolve_board_map(board_map, ports, key=None, wait=5.0):
    """The board map (board -> port or device id) with every device id
    replaced by the port its board answers on."""
    ids = [v for v in board_map.values() if not is_port(v)]
    if not ids:
        return dict(board_map)
    at = find_ports(ids, candidate_ports(ports), key, wait)
    out = {b: at.get(v, v) for b, v in board_map.items()}
    for b, port in out.items():
        twice = [k for k, p in out.items() if p == port and k != b]
        if twice:
            raise ValueError("board map: boards %d and %d are both on %s" % (b, twice[0], port))
    return out
