"""What travels through the broker: topic names and the JSON envelope of
an event (docs/HALL.md, "Topics and envelope").

    xqboard/log/<logger>/events            one message per event, QoS 1
    xqboard/log/<logger>/state/<device>    retained: the board's state now
    xqboard/ctl/<logger>/replay            a gap: "send me these again"
    xqboard/ctl/<logger>/command           the arbiter's desk: a command for one of its boards (hall/desk.py)
    xqboard/log/<logger>/answer            the logger's ticket and the board's answer to it
    xqboard/log/<logger>/presence          retained: the logger up, or gone (its MQTT last will)

`<logger>` is the logger's account on the broker, so that one ACL written
once (hall/hallinit.py: `pattern write xqboard/log/%u/...`) lets a logger
publish only as itself and read only its own requests, whatever boards it
serves this round: the device, the round and the board travel inside the
envelope, and `xqboard broadcast` takes an envelope only from the topic
of the logger it names (the topic is what the broker authenticated).

An event's key is (device, game, seq): seq restarts with each game, and
QoS 1 may deliver a message twice, so every consumer drops duplicates by it.

    >>> env = Envelope("b7", 2, 5, "E 5 900 PRESS red 600000 599000", board="7",
    ...                tournament="city-cup", round="3", logger="pc1", at=1.5)
    >>> env.topic(), env.state_topic()
    ('xqboard/log/pc1/events', 'xqboard/log/pc1/state/b7')
    >>> topic_logger('xqboard/log/pc1/events'), topic_logger('xqboard/ctl/pc1/replay')
    ('pc1', None)
    >>> from xqboard.hall.wire import decode
    >>> decode(env.topic(), env.to_json()) == ("events", env)
    True
    >>> slug("城市杯 2026 Open!")
    '城市杯-2026-open'
"""
import json
import re

ROOT = "xqboard"
EVENTS_FILTER = ROOT + "/log/+/events"  # every logger's boards
STATE_FILTER = ROOT + "/log/+/state/+"
ANSWER_FILTER = ROOT + "/log/+/answer"  # the loggers' tickets and the boards' answers (hall/desk.py)
PRESENCE_FILTER = ROOT + "/log/+/presence"  # retained: each logger up or gone (its last will)
UNKNOWN = "-"  # a GAME without event=/round= (the board was not started for a round)


def slug(text):
    """A topic level from GAME's `event=`: lower case, runs of anything but
    letters and digits made one `-` (MQTT reserves `/`, `+`, `#`)."""
    s = re.sub(r"[^\w]+|_+", "-", (text or "").strip().lower()).strip("-")
    return s or UNKNOWN


def events_topic(logger):
    return "%s/log/%s/events" % (ROOT, logger)


def state_topic(logger, device):
    return "%s/log/%s/state/%s" % (ROOT, logger, device)


def replay_topic(logger):
    return "%s/ctl/%s/replay" % (ROOT, logger)


def command_topic(logger):
    return "%s/ctl/%s/command" % (ROOT, logger)


def answer_topic(logger):
    return "%s/log/%s/answer" % (ROOT, logger)


def presence_topic(logger):
    return "%s/log/%s/presence" % (ROOT, logger)


def topic_logger(topic):
    """The logger whose account a board topic names (None: not a board topic)."""
    parts = topic.split("/")
    if len(parts) >= 4 and parts[0] == ROOT and parts[1] == "log" and parts[3] in ("events", "state", "answer", "presence"):
        return parts[2]
    return None


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
        return events_topic(self.logger)

    def state_topic(self):
        return state_topic(self.logger, self.device)

    def to_json(self):
        return json.dumps({"v": 1, "device": self.device, "game": self.game, "seq": self.seq,
                           "board": self.board, "tournament": self.tournament, "round": self.round,
                           "logger": self.logger, "at": self.at, "line": self.line},
                          ensure_ascii=False, separators=(",", ":"))

    def __eq__(self, other):
        return isinstance(other, Envelope) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self):
        return "Envelope(%r, %d, %d, %r)" % (self.device, self.game, self.seq, self.line)


def replay_request(device, game, since):
    return json.dumps({"device": device, "game": int(game), "since": int(since)})

