"""Starting every board of a round at once (20.1), with the event, the
round, the board number and the players bound to each game.

    logger = Logger(["/dev/ttyACM0", "/dev/ttyACM1"], "games", key=KEY).start()
    start_round(logger, {"/dev/ttyACM0": Pairing(1, "ZHANG San", "LI Si"),
                         "/dev/ttyACM1": Pairing(2, "WANG Wu", "ZHAO Liu")},
                event="City Cup", round_no=3, tc="90m")

Each board gets a signed `new event=.. round=.. board=.. red=.. black=..
[tc=..]`; then the set-up of every board must be confirmed (the players
press both levers once the pieces stand right, or with confirm="host" the
host confirms it as soon as the sensors agree); then `start` goes to all
boards one right after the other, so every clock runs from the round's
start (20.1).
"""
import time

from ..core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from game.events import escape  # noqa: E402


class RoundError(Exception):
    pass


class Pairing:
    def __init__(self, board, red, black):
        self.board = str(board)
        self.red = red
        self.black = black

    def __repr__(self):
        return "Pairing(%s, %r, %r)" % (self.board, self.red, self.black)


def parse_pairing(text):
    """'PORT=board:red:black' -> (port, Pairing); ValueError."""
    if "=" not in text:
        raise ValueError("want PORT=board:red:black, got %r" % text)
    port, rest = text.rsplit("=", 1)
    parts = rest.split(":")
    if len(parts) != 3 or not all(p.strip() for p in parts) or not port:
        raise ValueError("want PORT=board:red:black, got %r" % text)
    return port, Pairing(parts[0].strip(), parts[1].strip(), parts[2].strip())


def _value(v):
    # one word, as the protocol writes text (a space is `_`, UTF-8 as itself)
    return escape(str(v).strip())


def new_words(pairing, event=None, round_no=None, tc=None, level=None, extra=()):
    """The `new` command of one board."""
    words = ["new"]
    if event:
        words.append("event=" + _value(event))
    if round_no is not None:
        words.append("round=" + _value(round_no))
    words += ["board=" + _value(pairing.board), "red=" + _value(pairing.red), "black=" + _value(pairing.black)]
    if tc:
        words.append("tc=" + _value(tc))
    if level:
        words.append("level=" + _value(level))
    return words + list(extra)


def setup_confirmed(board):
    f = board.files
    return f is not None and f.has("SETUP", what="confirmed")


def started(board):
    f = board.files
    return f is not None and f.has("START")


def start_round(logger, pairings, event=None, round_no=None, tc=None, level=None, confirm="players",
                wait=120.0, extra=(), on_waiting=None):
    """new, set-up, start on every board of `logger` (see the module
    docstring). Returns the boards. RoundError with the reason if a board
    refuses or does not get ready within `wait` seconds."""
    boards = logger.boards
    for b in boards:
        if b.session.port not in pairings:
            raise RoundError("no pairing for %s" % b.session.port)
    for b in boards:
        s = b.session
        words = new_words(pairings[s.port], event, round_no, tc, level, extra)
        reply = s.command(words, on_events=lambda evs, s=s: logger.on_events(s, evs), timeout=10)
        if reply[:1] != ["ok"]:
            raise RoundError("%s refused `new`: %s" % (s.port, " ".join(reply[1:])))
    deadline = time.monotonic() + wait
    pending = list(boards)
    tried = {}
    told = False
    while pending:
        logger.step(0.05)
        for b in list(pending):
            if setup_confirmed(b):
                pending.remove(b)
            elif confirm == "host" and time.monotonic() - tried.get(b, 0) > 0.5:
                tried[b] = time.monotonic()
                s = b.session
                reply = s.command(["setup", "host"], on_events=lambda evs, s=s: logger.on_events(s, evs))
                if reply[:1] == ["ok"]:
                    pending.remove(b)
        if pending and not told and on_waiting:
            on_waiting([b.session.port for b in pending])
            told = True
        if pending and time.monotonic() > deadline:
            raise RoundError("set-up not confirmed on %s" % ", ".join(b.session.port for b in pending))
    # 20.1: every clock from the round's start: the starts go out together.
    sent = {}
    for b in boards:
        b.session.send(b.session.link.command(["start"]))
        sent[b] = b.session.link.last_command_id
    while True:
        logger.step(0.02)
        missing = [b for b in boards if sent[b] not in b.session.link.replies and not started(b)]
        if not missing:
            break
        if time.monotonic() > deadline:
            raise RoundError("no answer to `start` from %s" % ", ".join(b.session.port for b in missing))
    for b in boards:
        reply = b.session.link.replies.pop(sent[b], ["ok"])
        if reply[:1] != ["ok"]:
            raise RoundError("%s refused `start`: %s" % (b.session.port, " ".join(reply[1:])))
    return boards
