"""The arbiter's desk, the hall's side: every keyed command a board takes,
sent from the arbiter's page down the broker to the logger that holds the
board, signed here with the board's key (the key never leaves this
process, never reaches a browser), the board's answer back (docs/HALL.md,
"The arbiter's desk"; the logger's side is hall/door.py).

    desk = Desk(keys, owner_of, publish, by_default="arbiter")
    req = desk.send("b7", ["adjust", "red", "600000"], by="Li", on_done=print)
    desk.take(answer)     # a logger's ticket or reply (hall/wire.py's "answer")
    desk.step()           # asks again what waits too long; records what is done

`owner_of(device)` names the logger that holds the board now (the one whose
topic its latest events came on); `publish(topic, text)` is a paho
client's (thread-safe). send() may be called from any thread (the web
app's loop); take() and step() run on the broker's thread, which also
writes the record of each command (`record(...)`: the store's
`commands` table: when, by whom, the board, its command id, the words,
the answer).

A request keeps its `req` across retries: asked again, the logger gives
the same ticket (the same command id) or, once answered, the same answer.
"""
import collections
import json
import queue
import threading
import time
import uuid

from ..core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from .envelope import command_topic

from game.events import escape  # noqa: E402
from link import auth  # noqa: E402

# the commands whose event names the arbiter (firmware game/phases.py by_arg)
BY_COMMANDS = ("result", "annul", "resume", "foul", "unfoul")
ASK_AGAIN_S = 1.0  # s a step waits for a ticket or an answer before asking again (the same req)
GIVE_UP_S = 12.0  # s after which a command is answered "not answered" (the logger or the board is away)
KEEP = 2000  # answers remembered for retries


class DeskCommand:
    __slots__ = ("req", "device", "words", "by", "at", "logger", "cid", "message", "asked_at", "callbacks",
                 "reply", "game")

    def __init__(self, req, device, words, by, at):
        self.req, self.device, self.words, self.by, self.at = req, device, words, by, at
        self.logger = None
        self.cid = 0
        self.message = None  # the last message published for it (asked again as it is)
        self.asked_at = 0.0
        self.callbacks = []
        self.reply = None
        self.game = 0


def with_by(words, by):
    """The command as the board gets it: `by=<name>` added where its event
    names the arbiter (an overrule), escaped as the link writes text."""
    words = [w for w in words if not w.startswith("by=")]
    if words and words[0] in BY_COMMANDS and not (words[0] == "result" and len(words) == 1):
        words.append("by=" + escape(by))
    return words


class Desk:
    def __init__(self, keys, owner_of, publish, record=None, name="desk"):
        self.keys = keys
        self.owner_of = owner_of
        self.publish = publish
        self.record = record  # record(at, by, device, game, cid, words, reply, answered), on the broker's thread
        self.name = name  # prefixes its requests: several desks (the broadcast, `round start --mqtt`) share loggers
        self.lock = threading.Lock()
        self.pending = {}  # req -> DeskCommand
        self.done = collections.OrderedDict()  # req -> DeskCommand, answered
        self.sent = queue.Queue()  # new requests from other threads, published by step()
        self.notes = queue.Queue()  # the arbiter's other acts (a conflict settled), recorded by step()
        self.dropped = collections.Counter()

    def send(self, device, words, by, req=None, on_done=None):
        """Sends `words` to board `device` for the arbiter `by`; returns
        the request's id. on_done(pending) once the board answered (or
        nobody did), from the broker's thread. The same `req` again (a
        retry) is the same command."""
        req = req or "%s-%s" % (self.name, uuid.uuid4().hex[:16])
        with self.lock:
            p = self.done.get(req) or self.pending.get(req)
            if p is None:
                p = self.pending[req] = DeskCommand(req, device, with_by(list(words), by), by, time.time())
                self.sent.put(p)
            elif p.reply is not None:
                if on_done:
                    on_done(p)
                return req
            if on_done:
                p.callbacks.append(on_done)
        return req

    def note(self, by, device, game, what, reply):
        """Records an act of the arbiter's that sends no command (the board's
        result taken into the event file), from any thread."""
        self.notes.put((time.time(), by, device, game or 0, 0, what, reply, time.time()))

    # -- the broker's thread --------------------------------------------------------

    def step(self, now=None):
        now = time.monotonic() if now is None else now
        while self.record is not None and not self.notes.empty():
            self.record(*self.notes.get_nowait())
        while True:
            try:
                p = self.sent.get_nowait()
            except queue.Empty:
                break
            self._ask(p, now)
        with self.lock:
            waiting = list(self.pending.values())
        for p in waiting:
            if p.message is None:
                self._ask(p, now)
            elif time.time() - p.at > GIVE_UP_S:
                self._finish(p, ["refused", "not", "answered:", "logger", p.logger or "?", "or", "the", "board",
                                 "is", "away"])
            elif now - p.asked_at > ASK_AGAIN_S:
                self._publish(p, p.message, now)  # the same req: the same ticket, the same answer

    def _ask(self, p, now):
        p.logger = self.owner_of(p.device)
        if p.logger is None:
            self._finish(p, ["refused", "no", "logger", "holds", "board", p.device])
            return
        if self.keys is None or self.keys.get(p.device) is None:
            self._finish(p, ["refused", "no", "key", "for", "board", p.device, "in", "the", "event's", "key",
                             "file"])
            return
        self._publish(p, {"step": "ask", "req": p.req, "device": p.device, "words": p.words}, now)

    def take(self, answer, now=None):
        """A logger's answer (hall/wire.py's "answer", already decoded)."""
        now = time.monotonic() if now is None else now
        with self.lock:
            p = self.pending.get(answer["req"])
        if p is None or answer["device"] != p.device or answer["logger"] != p.logger:
            self.dropped["answer to no request of this desk"] += 1
            return
        if answer["step"] == "ticket":
            self._sign(p, answer, now)
        else:
            p.game = answer["game"]
            p.cid = answer["cid"] or p.cid
            self._finish(p, answer["reply"])

    def _sign(self, p, t, now):
        want = "C %d %s" % (t["cid"], " ".join(p.words))
        if t["payload"] != want:  # a ticket for other words: no signature for it
            self.dropped["ticket for other words"] += 1
            return
        p.cid = t["cid"]
        mac = auth.mac(self.keys.get(p.device), t["nonce"], t["payload"])
        self._publish(p, {"step": "sign", "req": p.req, "device": p.device, "cid": p.cid, "mac": mac}, now)

    def _publish(self, p, msg, now):
        p.message, p.asked_at = msg, now
        self.publish(command_topic(p.logger), json.dumps(msg, ensure_ascii=False, separators=(",", ":")))

    def _finish(self, p, reply):
        with self.lock:
            if self.pending.pop(p.req, None) is None:
                return
            p.reply = reply
            self.done[p.req] = p
            while len(self.done) > KEEP:
                self.done.popitem(last=False)
            callbacks, p.callbacks = p.callbacks, []
        if self.record is not None:
            self.record(p.at, p.by, p.device, p.game, p.cid, " ".join(p.words), " ".join(reply), time.time())
        for f in callbacks:
            f(p)
