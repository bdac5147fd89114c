"""The files of one game in the logger's folder, kept safe against a crash.

For the board `sim-1`'s journal game 3 (the greeting's `game=`), in OUT/:

    sim-1-g00003.events       the raw event log, one frame a line (`E ...*crc32`,
                              as on the link and in the board's journal), after a
                              `#` line with the board, the game, the date and the
                              headers the host added (`header.RedPinyin=CHENG_Liang`)
    sim-1-g00003.iccs.pgn     PGN, moves in ICCS, clocks, fouls, alerts, comments
    sim-1-g00003.wxf.pgn      the same in WXF
    sim-1-g00003.chinese.pgn  the same in Chinese notation (score-sheet form;
                              traditional characters, the abbreviated form of 7.5
                              on request: chinese={"traditional": True, ...})
    sim-1-g00003.bare.pgn     ICCS without comments or clocks: what cchess reads
    sim-1-g00003.sheet.txt    the score sheet of art. 9

Every event is appended to `.events` and flushed to the disk (fsync) as it
arrives: that file alone rebuilds every record (`game_from_events`). A
write cut by a crash leaves at most a torn last line, which fails its
checksum and is cut off when the file is opened again. The records are
rewritten whole, each to a temporary file renamed into place (os.replace:
atomic), at most every `every` seconds while the game goes on and at once
when it ends: a reader never sees half a file.

    >>> import tempfile
    >>> out = tempfile.mkdtemp()
    >>> f = GameFiles(out, "b1", 1, date="2026.11.30")
    >>> f.append(["E 1 0 GAME new red=A black=B tc=10m"])
    >>> f.write_records(); sorted(p.name for p in f.paths())[:2]
    ['b1-g00001.bare.pgn', 'b1-g00001.chinese.pgn']
    >>> GameFiles(out, "b1", 1).payloads
    ['E 1 0 GAME new red=A black=B tc=10m']
"""
import datetime
import os
import re
from pathlib import Path

from ..core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from ..record import score_sheet, write_pgn
from ..boardlink import Event
from .builder import RecordBuilder

from game import events as schema  # noqa: E402
from game.events import escape, unescape  # noqa: E402
from link.frame import FrameError, unframed, framed  # noqa: E402

_ENDS = (schema.RESULT, schema.CONFIRM)  # the events after which the game's files are its record

RECORDS = (("iccs.pgn", "ICCS"), ("wxf.pgn", "WXF"), ("chinese.pgn", "Chinese"))


def stem_of(board_id, game_no):
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", board_id or "board") or "board"
    return "%s-g%05d" % (safe, game_no)


def atomic_write(path, text):
    """Writes a whole file or nothing (temporary file, fsync, rename)."""
    path = str(path)
    tmp = "%s.tmp%d" % (path, os.getpid())
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_events(path):
    """(payloads, meta dict, length of the good part) of an .events file:
    a torn or corrupted tail is left out."""
    payloads, meta, good = [], {}, 0
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return payloads, meta, 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break  # torn: the write never finished
        if line.startswith(b"#"):
            for w in line[1:].decode(errors="replace").split():
                if "=" in w:
                    k, v = w.split("=", 1)
                    meta[k] = v
            good += len(line)
            continue
        try:
            payloads.append(unframed(line))
        except FrameError:
            break
        good += len(line)
    return payloads, meta, good


class GameFiles:
    def __init__(self, out, board_id, game_no, date=None, headers=None, chinese=None):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.board_id = board_id
        self.game_no = game_no
        self.stem = stem_of(board_id, game_no)
        self.events_path = self.out / (self.stem + ".events")
        payloads, meta, good = read_events(self.events_path)
        if self.events_path.exists() and good < self.events_path.stat().st_size:
            with open(self.events_path, "r+b") as f:  # cut the torn tail
                f.truncate(good)
        self.date = meta.get("date") or date or datetime.date.today().strftime("%Y.%m.%d")
        self.chinese = dict(chinese or {})  # traditional=True, abbreviated=True (7.5)
        self.headers = {"Date": self.date}
        self.headers.update(headers or {})
        # the headers the host added when the game's log was made stay its own
        # (a later logger, started for another game, rewrites it unchanged)
        self.headers.update({k[7:]: unescape(v) for k, v in meta.items() if k.startswith("header.")})
        self.payloads = []
        self.events = []  # the payloads decoded (boardlink.Event)
        self.new_notes = []
        self.builder = RecordBuilder(self.headers)
        for p in payloads:
            self._take(p)
        self.dirty = bool(payloads)
        self.ended = False
        self.unsynced = False  # write() appended what sync() has not yet put on the disk

    @property
    def game(self):
        """The record (xqboard.record.GameRecord) so far."""
        return self.builder.game

    def _take(self, payload):
        e = Event(payload)
        self.payloads.append(payload)
        self.events.append(e)
        n = len(self.game.notes)
        self.builder.add(e)
        self.new_notes = self.game.notes[n:] if len(self.game.notes) > n else []
        if e.kind in _ENDS:
            self.ended = True

    def has(self, kind, word=None):
        """Whether the log holds an event of `kind` (of its variant `word`:
        has(SETUP, "confirmed"))."""
        return any(e.kind == kind and (word is None or schema.word_of(kind, e.fields) == word) for e in self.events)

    def append(self, events, on_each=None):
        """Appends events (payloads or Events) to the log, on the disk
        before this returns; then takes each into the record, calling
        on_each(event, notes it added)."""
        self.write(events)
        self.sync()
        self.take(events, on_each)

    # append() in three steps, for a logger of many boards that fsyncs
    # each file once for all that came from its ports at once (Logger.step):
    # write() every board's events, sync() each file written, then take().

    def write(self, events):
        """Appends the events' frames to `.events`, not yet fsynced: sync()
        before anything else is done with them."""
        if not events:
            return
        data = b""
        if not self.events_path.exists():  # made with the game's first event
            added = "".join(" header.%s=%s" % (k, escape(" ".join(str(v).split())))  # one line, one word
                            for k, v in self.headers.items() if k != "Date")
            data = ("# xqboard log: board=%s game=%d date=%s%s\n" % (self.board_id, self.game_no, self.date,
                                                                     added)).encode()
        for e in events:
            data += framed(e if isinstance(e, str) else e.payload)
        with open(self.events_path, "ab") as f:
            f.write(data)
        self.unsynced = True

    def sync(self):
        """Puts what write() appended on the disk (fsync), once."""
        if self.unsynced:
            fd = os.open(self.events_path, os.O_WRONLY | os.O_APPEND)
            try:
                os.fsync(fd)  # the file's data whichever descriptor wrote it
            finally:
                os.close(fd)
            self.unsynced = False

    def take(self, events, on_each=None):
        """Takes events written and synced into the record, calling
        on_each(event, notes it added) for each."""
        if not events:
            return
        for e in events:
            self._take(e if isinstance(e, str) else e.payload)
            if on_each:
                on_each(e, self.new_notes)
        self.dirty = True

    def paths(self):
        return [self.out / ("%s.%s" % (self.stem, s)) for s in
                ("events", "iccs.pgn", "wxf.pgn", "chinese.pgn", "bare.pgn", "sheet.txt")]

    def write_records(self):
        """Rewrites every record from the events (atomically, each)."""
        if not self.payloads:
            return
        g = self.game
        for suffix, fmt in RECORDS:
            opts = self.chinese if fmt == "Chinese" else {}
            atomic_write(self.out / ("%s.%s" % (self.stem, suffix)), write_pgn(g, fmt, **opts))
        atomic_write(self.out / (self.stem + ".bare.pgn"), write_pgn(g, "ICCS", clocks=False, comments=False))
        atomic_write(self.out / (self.stem + ".sheet.txt"), score_sheet(g, **self.chinese) + "\n")
        self.dirty = False
