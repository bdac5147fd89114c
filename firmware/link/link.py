# The board's end of the serial link (docs/PROTOCOL.md).
#
# Host -> board:  C <id> <command> <arg>... [mac=<16 hex>]
# Board -> host:  H ...                 greeting (on `hello`, and at start-up)
#                 E <seq> <t> <KIND> ...  an event of the log
#                 A <id> ok ...         a command acknowledged
#                 A <id> refused <reason...>
#                 X <reason...>         a frame that could not be read
# Every line is a frame of frame.py (payload*crc32). Nothing the host sends
# can stop the board: a bad frame gets an X, a bad command a refusal.
import gc

from micropython import const

from link import auth
from link.frame import FrameError, LineReader, unframed, framed

PROTOCOL = 2  # 2: UTF-8 text values, `%` escapes (docs/PROTOCOL.md)
COMMAND_ID = const(2147483647)  # the largest command id: 10 digits (link/bounds.py)

# Commands anyone on the link may send: they read, they change nothing.
_OPEN = ("hello", "since", "status")


class Link:
    def __init__(self, port, key=None, nonce="0"):
        self.port = port  # .write(bytes); the app feeds what it reads to feed()
        self.key = key  # the arbiter's key (bytes), None if not configured
        self.nonce = nonce
        self.reader = LineReader()
        self.last_id = 0  # 0: no arbiter command yet in this session
        self.bad_frames = 0

    def send(self, payload):
        self.port.write(framed(payload))

    def feed(self, data, handle):
        """Reads bytes from the host; for each good command calls
        handle(id, words, arbiter) -> reply words (None: the handler answers
        later itself), or raises ValueError with the reason to refuse.
        Answers every line."""
        for line in self.reader.feed(data):
            self._line(line, handle)

    def _line(self, line, handle):
        if line is None:
            return self._bad("frame too long")
        if not line.strip():
            return  # a bare newline: keep-alive
        try:
            payload = unframed(line)
        except FrameError as e:
            return self._bad(str(e))
        words = payload.split()
        if len(words) < 3 or words[0] != "C":
            return self._bad("not a command: want C <id> <command> ...")
        try:
            cid = int(words[1])
        except ValueError:
            return self._bad("command id %r is not a number" % words[1])
        if not 1 <= cid <= COMMAND_ID:
            return self._bad("command id must be from 1 to %d" % COMMAND_ID)
        self._command(cid, payload, words[2:], handle)

    def _command(self, cid, payload, words, handle):
        arbiter = False
        if words[-1].startswith("mac="):
            why = self._check_mac(cid, payload, words[-1][4:])
            if why:
                return self.send("A %d refused %s" % (cid, why))
            arbiter = True
            words = words[:-1]
        try:
            reply = handle(cid, words, arbiter)
        except ValueError as e:
            return self.send("A %d refused %s" % (cid, _one_line(str(e))))
        except MemoryError:
            # No room to load the command's code in a heap play has split
            # (the game refuses its own commands so: game/game.py): the
            # board goes on and the host may send it again (21.5: no
            # command stops the board).
            gc.collect()
            return self.send("A %d refused out of memory for that now: send it again" % cid)
        if arbiter:
            self.last_id = cid
        if reply is None:
            return  # answered later by the handler (`since`, a slice per step)
        self.send("A %d ok%s" % (cid, (" " + " ".join(reply)) if reply else ""))

    def _check_mac(self, cid, payload, given):
        if self.key is None:
            return "no arbiter key is configured on this board"
        if cid <= self.last_id:
            return "command id %d not above %d (replayed?)" % (cid, self.last_id)
        signed = payload[: payload.rfind(" mac=")]
        if not auth.equal(auth.mac(self.key, self.nonce, signed), given):
            return "bad mac"
        return None

    def _bad(self, why):
        self.bad_frames += 1
        self.send("X %s" % why)


def _one_line(text):
    return text.replace("\n", " ")
