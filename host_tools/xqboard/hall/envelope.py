"""What travels through the broker: topic names and the JSON envelope of
an event (docs/HALL.md, "Topics and envelope").

    xqboard/<tournament>/<round>/<board>/events    one message per event, QoS 1
    xqboard/<tournament>/<round>/<board>/state     retained: the board's state now
    xqboard/ctl/<logger>/replay                    a gap: "send me these again"

An event's key is (device, game, seq): seq restarts with each game, and
QoS 1 may deliver a message twice, so every consumer drops duplicates by it.

    >>> env = Envelope("b7", 2, 5, "E 5 900 PRESS red 600000 599000", board="7",
    ...                tournament="city-cup", round="3", logger="pc1", at=1.5)
    >>> env.topic()
    'xqboard/city-cup/3/7/events'
    >>> Envelope.from_json(env.to_json()) == env
    True
    >>> slug("城市杯 2026 Open!")
    '城市杯-2026-open'
"""
import json
import re

ROOT = "xqboard"
EVENTS_FILTER = ROOT + "/+/+/+/events"  # every board of every tournament
STATE_FILTER = ROOT + "/+/+/+/state"
UNKNOWN = "-"  # a GAME without event=/round= (the board was not started for a round)


def slug(text):
    """A topic level from GAME's `event=`: lower case, runs of anything but
    letters and digits made one `-` (MQTT reserves `/`, `+`, `#`)."""
    s = re.sub(r"[^\w]+|_+", "-", (text or "").strip().lower()).strip("-")
    return s or UNKNOWN


def replay_topic(logger):
    return "%s/ctl/%s/replay" % (ROOT, logger)


class Envelope:
    """One board event as published: its key, where it belongs, the line
    exactly as the board sent it (without the frame's checksum), which
    logger owns the board, and when that logger read it (`at`, Unix time:
    the latency is measured from there)."""

    __slots__ = ("device", "game", "seq", "line", "board", "tournament", "round", "logger", "at")

    def __init__(self, device, game, seq, line, board=None, tournament=UNKNOWN, round=UNKNOWN,
                 logger="", at=0.0):
        self.device, self.game, self.seq, self.line = device, int(game), int(seq), line
        self.board = board or device  # the pairing's board number, or the device id without one
        self.tournament, self.round, self.logger, self.at = tournament, round, logger, at

    @property
    def key(self):
        return (self.device, self.game, self.seq)

    def topic(self):
        return "%s/%s/%s/%s/events" % (ROOT, self.tournament, self.round, self.board)

    def state_topic(self):
        return "%s/%s/%s/%s/state" % (ROOT, self.tournament, self.round, self.board)

    def to_json(self):
        return json.dumps({"v": 1, "device": self.device, "game": self.game, "seq": self.seq,
                           "board": self.board, "tournament": self.tournament, "round": self.round,
                           "logger": self.logger, "at": self.at, "line": self.line},
                          ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data):
        d = json.loads(data)
        return cls(d["device"], d["game"], d["seq"], d["line"], board=d.get("board"),
                   tournament=d.get("tournament", UNKNOWN), round=d.get("round", UNKNOWN),
                   logger=d.get("logger", ""), at=d.get("at", 0.0))

    def __eq__(self, other):
        return isinstance(other, Envelope) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self):
        return "Envelope(%r, %d, %d, %r)" % (self.device, self.game, self.seq, self.line)


def replay_request(device, game, since):
    return json.dumps({"device": device, "game": int(game), "since": int(since)})


def read_replay_request(data):
    d = json.loads(data)
    return d["device"], int(d["game"]), int(d["since"])
