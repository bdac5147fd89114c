"""The logger's door for the arbiter's desk: the commands `xqboard
broadcast` sends down the broker for a board this logger holds
(docs/HALL.md, "The arbiter's desk").

    door = Door(publisher)            # the logger's Publisher (hall/publisher.py)
    logger = Logger(ports, out, sink=HallSink(publisher, "pc1"), desk=door)
    # Logger.step calls door.step(logger) on the logger's own thread

A command comes in two steps, so that the board's key never leaves the
desk and the command id stays the logger's (it holds the link; its
console takes ids from the same allocator, BoardLink.reserve):

1. `ask` {req, device, words}: the logger takes the board's next command
   id and answers a `ticket` {req, cid, nonce, payload}: the payload
   `C <cid> <words>` and the board's boot nonce, which the desk signs.
2. `sign` {req, cid, mac}: the logger sends `payload mac=<mac>` to the
   board and, once the board answers, publishes the `reply` {req, cid,
   reply words, game}. The command's events went out before it (the
   board sends them first; the logger hands events on before replies).

A request asked again (the desk retried: its HTTP call timed out, the
broker redelivered) keeps its ticket: the same id, and once answered the
same answer, never a second run. A signed command whose answer was lost
with the cable is sent again after the reconnection unless the greeting's
`cmd=` shows the board took it. What the broker brings is hostile: a
message the decoder refuses, a ticket unknown or signed for another id
is dropped and counted (`dropped`), never raised.
"""
import collections
import json
import time

from ..core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from .wire import Malformed, decode

from link.frame import framed  # noqa: E402

KEEP = 2000  # tickets remembered (a retry finds its answer)
WAIT_S = 10.0  # s a signed command waits for its answer before the ticket says so


class Ticket:
    __slots__ = ("req", "device", "cid", "payload", "nonce", "frame", "sent_on", "sent_at", "reply", "game")

    def __init__(self, req, device, cid, payload, nonce):
        self.req, self.device, self.cid, self.payload, self.nonce = req, device, cid, payload, nonce
        self.frame = None  # the signed frame, once sent
        self.sent_on = None  # the session's connection number it was sent on
        self.sent_at = 0.0
        self.reply = None
        self.game = 0


class Door:
    def __init__(self, publisher):
        self.publisher = publisher
        self.tickets = collections.OrderedDict()  # req -> Ticket
        self.dropped = collections.Counter()  # reason -> messages dropped

    def step(self, logger):
        """Takes the desk's messages that came, then the boards' answers."""
        for topic, payload in self.publisher.take_commands():
            try:
                kind, msg = decode(topic, payload)
            except Malformed as e:
                self.dropped[str(e).split(":")[0]] += 1
                continue
            board = logger.board_of(msg["device"])
            if board is None:
                self._answer_refused(msg, "no board %s on this logger" % msg["device"])
                continue
            if msg["step"] == "ask":
                self._ask(board, msg)
            else:
                self._sign(board, msg)
        self._collect(logger)

    def _ask(self, board, msg):
        t = self.tickets.get(msg["req"])
        if t is not None:  # asked again: the same ticket, or its answer
            self._publish(self._ticket_msg(t) if t.reply is None else self._reply_msg(t))
            return
        link = board.session.link
        if not (board.session.connected and link.synced):
            self._answer_refused(msg, "board %s is not connected" % msg["device"])
            return
        cid = link.reserve()
        t = Ticket(msg["req"], msg["device"], cid, "C %d %s" % (cid, " ".join(msg["words"])),
                   link.greeting.get("nonce", "0"))
        t.game = link.game_no or 0
        self.tickets[t.req] = t
        while len(self.tickets) > KEEP:
            self.tickets.popitem(last=False)
        self._publish(self._ticket_msg(t))

    def _sign(self, board, msg):
        t = self.tickets.get(msg["req"])
        if t is None or t.cid != msg["cid"] or t.device != msg["device"]:
            self.dropped["sign of no ticket"] += 1
            return
        if t.reply is not None:
            self._publish(self._reply_msg(t))
            return
        if t.frame is not None and t.sent_on == board.session.connects:
            return  # sent on this connection: its answer is coming
        t.frame = framed("%s mac=%s" % (t.payload, msg["mac"]))
        self._send(board, t)

    def _send(self, board, t):
        t.sent_on, t.sent_at = board.session.connects, time.monotonic()
        board.session.send(t.frame)

    def _collect(self, logger):
        now = time.monotonic()
        for t in list(self.tickets.values()):
            if t.frame is None or t.reply is not None:
                continue
            board = logger.board_of(t.device)
            if board is None:
                continue
            s, link = board.session, board.session.link
            if t.cid in link.replies:
                self._answered(t, link.replies.pop(t.cid))
            elif s.connects != t.sent_on and s.connected and link.synced:
                # the cable went meanwhile: taken, or sent again (never twice)
                if int(link.greeting.get("cmd", "0") or 0) >= t.cid:
                    self._answered(t, ["ok", "(answer", "lost", "with", "the", "cable)"])
                else:
                    self._send(board, t)
            elif now - t.sent_at > WAIT_S:
                self._answered(t, ["refused", "no", "answer", "from", "the", "board", "within", "%ds" % WAIT_S])

    def _answered(self, t, words):
        t.reply = words or ["ok"]
        self._publish(self._reply_msg(t))

    def _ticket_msg(self, t):
        return {"step": "ticket", "req": t.req, "device": t.device, "cid": t.cid, "nonce": t.nonce,
                "payload": t.payload}

    def _reply_msg(self, t):
        return {"step": "reply", "req": t.req, "device": t.device, "cid": t.cid, "reply": t.reply, "game": t.game}

    def _answer_refused(self, msg, why):
        self._publish({"step": "reply", "req": msg["req"], "device": msg["device"], "cid": 0,
                       "reply": ["refused"] + why.split(), "game": 0})

    def _publish(self, msg):
        self.publisher.publish_answer(json.dumps(msg, ensure_ascii=False, separators=(",", ":")))
