# The journal: one file per game on the board's flash, so that a power cut
# at any instant loses no committed event (docs/STORE.md).
#
# Each record is one frame of link/frame.py (payload, CRC-32, newline).
# Everything one step of the board emits is committed together, in one
# write and one flush, before any of it is reported anywhere else: what the
# host has seen, the journal has, and a power cut never splits a step (a
# MOVE from its RESULT or from the PRESS that made it final).
#
# A commit of one record is that record alone: a frame is atomic by its
# CRC. A commit of n > 1 records starts with a group frame `B <n>`; read
# back, a group with fewer than n good records after it is not committed
# (store/recovery.py). Journals written before groups existed have none and
# read the same.
#
# A record is an event (game/events.py) or an event with the clock's
# snapshot (`<event> ~~ <snapshot>`, so that no power cut can separate
# them): a commit carries the snapshot of its last clock event only.
# Journals of before held snapshots alone too, and read the same.
#
# While a clock runs, the clock mark (<dir>/clock, one frame
# `C <game> <seq> <t> <tick> <at>`) says every 5 s that the clock still ran at
# board time t after event seq, and where the last snapshot's commit
# starts (store/snapshot.py; rewritten at once after each snapshot): with the full snapshot of the last clock
# event, that is the clock at that instant (nothing but time changes a
# running clock between two events). littlefs keeps so small a file inside
# its directory's metadata, so that a mark costs a metadata commit (an
# erase every few dozen marks), where an append to the game's file costs a
# block (littlefs copies the file's last block on every append).
#
# Files: <dir>/g00001.log, g00002.log, ...; the highest number is the game
# in progress. Space is a budget, not a count: a new game starts only with
# RESERVE bytes free, made by dropping the oldest finished games; should the
# flash fill all the same, the oldest finished game goes first, and only
# when none is left does a commit fail, which the board reports (the event
# still goes to the link; the loop never stops for the flash).
import gc
import os
from binascii import crc32

from micropython import const

from game import cold
from game.events import seq_t
from link.frame import framed
from ui import shown

SEP = " ~~ "  # between an event and the clock snapshot in one record
# Bytes kept free for the game in progress: a 4-hour game's journal, with
# margin (docs/STORE.md, "Budget").
_RESERVE = const(200 * 1024)
# A snapshot (store/snapshot.py) falls due at the commit that brings the
# records since the last one to SNAP_EVERY; it is built in the quiet steps
# after it and written as a commit of its own (snapshot_step): a power-up
# decodes and applies at most that many records, plus that commit's and
# those of any commit before the quiet steps, plus the snapshot's
# (docs/STORE.md, "Snapshots").
SNAP_EVERY = const(64)
_HELD = const(4096)  # bytes held free for the unsaved mark: a block of the Pico's littlefs


def snapshot_text(seq, t, tick, clock):
    """`S <seq> <t> <tick> <clock>`: the clock's state (clock.save()) after
    event `seq`; the tick carries it into a new session's tick base."""
    return "S %d %d %d %s" % (seq, t, tick, clock)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Journal:
    def __init__(self, directory, reserve=_RESERVE):
        self.dir = directory
        self.reserve = reserve
        self.game = 0
        self._f = None
        self._mark = None  # the clock mark's file, open while a game is
        self.writes = 0  # commits since start-up (for the wear figures)
        self.failed = 0  # commits the flash could not take (reported by the app)
        self.marks = 0  # clock marks written since start-up
        self.source = None  # the Game whose snapshots go in (watch())
        self.snap_every = SNAP_EVERY
        self.snapshots = 0  # snapshots written since start-up
        # the game's Position and the FEN its moves start from (store/snapshot.py):
        # set by note() while it has no move, and by a power-up from a snapshot
        self.known_start = [None, None]
        # The flash was full and the block held free is given up
        # (_release): nothing more of this game is written to its file
        # until the next power-up, only the unsaved mark (mark_unsaved).
        self.frozen = False
        self._reset_file(0, 0)
        if not _exists(directory):
            os.mkdir(directory)

    def _reset_file(self, size, crc):
        # What the journal knows of the game's file, for its snapshots:
        # its size, the CRC-32 of all of it (None: not known, read when a
        # snapshot needs it), the last clock snapshot committed (its `S`
        # text), the records since the last snapshot.
        self.size = size
        self.crc = crc
        self.clock = None
        self.since_snap = 0
        self.snap_at = 0  # where the last snapshot's commit starts (0: none)
        self.recovered_from = 0  # where the last power-up started reading (0: the whole file)
        self.faces = {}  # the events the faces' scene still shows (note())
        self.snap_due = False  # a snapshot of the game after the last commit is to be written (snapshot_step)
        self._build = None  # the snapshot being built (store/snapshot.py, build), a slice a step
        self._made = None  # its records, built, to be written in the next quiet step
        self._seq = -1  # the number of the last event committed
        self._t = 0  # and its board time
        self._seq_built = -1  # the game's number when the build began

    def watch(self, game):
        """The game whose state the snapshots carry (App, at start)."""
        self.source = game

    def path(self, game):
        """The file of a stored game."""
        return "%s/g%05d.log" % (self.dir, game)

    def games(self):
        """Numbers of the games on flash, oldest first (store/budget.py)."""
        return cold.call(cold.BUDGET, "games", self)

    def new_game(self):
        """Starts the file of a new game, with RESERVE bytes free for it:
        the oldest finished games are dropped until there are
        (store/budget.py, loaded for it)."""
        # (`game` is set only once its file is open: a MemoryError or
        # OSError on the way - a `new` refused for want of heap - leaves no
        # game to commit to, not a game without a file, which would stop
        # the board at the next commit)
        self.close()
        self.game = 0
        game = cold.call(cold.BUDGET, "make_room", self)
        self._hold()
        self._f = open(self.path(game), "ab")
        self.game = game
        self.frozen = False
        self._reset_file(0, 0)
        return game

    def _hold(self):
        # A block held free for the game's last word (mark_unsaved): on a
        # full littlefs even a small file's write needs a free block.
        path = self.dir + "/reserve"
        if _exists(path):
            return
        try:
            with open(path, "wb") as f:
                zero = bytes(256)
                for _ in range(_HELD // 256):
                    f.write(zero)
        except OSError:
            pass  # (a flash already full: what was written is held)

    def commit(self, records):
        """Writes the records (payload texts) of one step as one commit, a
        frame at a time (a group of n records opens with `B <n>`), and
        flushes it to the flash. Returns False if the flash could not take
        it even with every finished game dropped. When it brings the
        records since the last snapshot to snap_every, a snapshot falls
        due (snapshot_step: built in later quiet steps, not in this one)."""
        clock = self.clock
        for r in records:
            i = r.find(SEP)
            if i >= 0:
                clock = r[i + len(SEP):]
        if not self._append(records):
            self.failed += 1
            return False
        self.clock = clock
        self.since_snap += len(records)
        self._build = self._made = None  # of the game before this commit: begun again
        try:
            # the number and board time of the last event: the game's after
            # this commit (its board time runs on between events)
            self._seq, self._t = seq_t(records[-1])
        except (ValueError, IndexError):
            self._seq = -1
        if self.source is not None and self.since_snap >= self.snap_every:
            self.snap_due = True
        return True

    def _append(self, records):
        # The records as one commit (a group frame first if more than
        # one), flushed; the file's size and CRC after it. False if the
        # flash cannot take it even with every finished game dropped.
        while not self.frozen:
            try:
                size, crc = self.size, self.crc
                if len(records) > 1:
                    size, crc = self._write(framed("B %d" % len(records)), size, crc)
                for r in records:
                    size, crc = self._write(framed(r), size, crc)
                self._f.flush()
                self.writes += 1
                self.size, self.crc = size, crc
                return True
            except OSError:
                # littlefs never commits a write that failed (its file is
                # marked errored and its sync does nothing): opened again,
                # the file ends at the last whole commit. Then the finished
                # games give way to the game in progress, oldest first.
                self.open_game(self.game)
                if not cold.call(cold.BUDGET, "drop_oldest", self):
                    # The file ends at its last whole commit; the block
                    # held free goes to the unsaved mark, never to a
                    # commit: the journal never skips a number.
                    self.frozen = True
                    try:
                        os.remove(self.dir + "/reserve")
                    except OSError:
                        pass
        return False

    def snapshot_step(self):
        """One slice of the snapshot due (App calls it in a step that
        emitted nothing, nothing changing on the board): the first builds
        nothing but checks, each next encodes a field of the game
        (store/snapshot.py, build), the last writes the records as a
        commit of their own and points the clock mark at it. The snapshot
        is the game after the last commit: an event since (a commit, or the
        game's number gone past it) drops what was built, and the next
        quiet step begins again. Returns whether a snapshot is still due."""
        if not self.snap_due:
            return False
        try:
            if self._made is not None:
                self._write_snapshot()
            elif self._build is not None:
                made = next(self._build)
                if made is not None:
                    self._build, self._made = None, made
            elif self.source.seq == self._seq:
                # (the game's number is the last record's: not a commit of
                # the old game's records after a GAME made it the next one's)
                if self.crc is None:  # read from the flash the first time after a power-up
                    self.crc = cold.call(cold.SNAPSHOT, "file_crc", self.path(self.game), self.size)
                self._build = cold.call(cold.SNAPSHOT, "build", self.source, self.size, self.crc, self.clock,
                                        self.known_start, self.faces, self._t)
                self._seq_built = self.source.seq
            else:
                # not the game of the last commit: due again at the next
                # commit (the App's scans are not kept busy meanwhile)
                self.snap_due = False
        except (MemoryError, OSError, TypeError, ValueError):
            # The heap, or a field of Game the snapshot does not know: no
            # snapshot now (a power-up reads from the one before, or the
            # whole file), tried again snap_every records on.
            self._drop_snapshot()
        if self._build is not None and self.source.seq != self._seq_built:
            self._build = None  # the game has moved on (its commit is next): begun again after it
        return self.snap_due

    def _write_snapshot(self):
        # The snapshot's records as a commit of their own: the pointer in
        # the clock mark to it, at once.
        made, self._made = self._made, None
        if self.source.seq != self._seq_built:
            return  # the game has moved on: begun again after its commit
        at = self.size
        if not self._append(made):
            self._drop_snapshot()  # the flash is full: tried again snap_every records on
            return
        self.snap_at = at
        self.since_snap = 0
        self.snap_due = False
        self.snapshots += 1
        self.mark_clock(-1, 0, 0)

    def _drop_snapshot(self):
        self._build = self._made = None
        self.snap_due = False
        self.since_snap = 0

    def note(self, kind, fields, event):
        """Keeps the events whose effect the faces' scene still shows
        (ui/shown.py), for the snapshots: a power-up from one replays them
        to the scene before the events after it. Called with each event
        before its commit (App._commit) and at a power-up's replay."""
        pos = self.source.position if self.source is not None else None
        if pos is not None and pos is not self.known_start[0] and pos.ply == 0:
            # a new Position (a GAME's, a correction's to a new position)
            # with no move yet: its FEN is the one its moves will start
            # from (store/snapshot.py need not take them back to read it)
            self.known_start[0], self.known_start[1] = pos, pos.fen()
        shown.note(self.faces, kind, fields, event)

    def _write(self, frame, size, crc):
        # One frame appended: the file's size and CRC after it.
        self._f.write(frame)
        return size + len(frame), (crc32(frame, crc) if crc is not None else None)

    def mark_unsaved(self, seq, result):
        """Once a commit failed on a full flash: the number of the last
        event sent and the game's RESULT text (or None), written over the
        clock mark after each step, so that a power-up numbers on after
        what the host may hold and a finished game stays finished
        (store/gap.py). Best effort, in the block held free."""
        self._mark_write("U %d %d %s" % (self.game, seq, result or "-"))

    def mark_clock(self, seq, t, tick):
        """Writes the clock mark over the last (best effort: a mark the
        flash cannot take only widens the bound on a cut's clock loss until
        the next one). The file stays open: no buffer to allocate every 5 s.
        Only its first line counts; a shorter mark leaves bytes of the
        longer one after its newline. The mark also says where the last
        snapshot's commit starts, for the power-up to seek to: it is
        written at once after a snapshot (seq -1: no clock mark in it). (A
        file of its own for that pointer cost 450 erases more a 4-hour
        game: a third small file in the directory made littlefs compact
        its metadata three times as often.)"""
        if self.frozen:
            return  # (the clock no longer follows the file's last event: the unsaved mark stays)
        if self._mark_write("C %d %d %d %d %d" % (self.game, seq, t, tick, self.snap_at)) and seq >= 0:
            self.marks += 1

    def _mark_write(self, text):
        try:
            if self._mark is None:
                self._mark = open(self.dir + "/clock", "wb")
            self._mark.seek(0)
            self._mark.write(framed(text))
            self._mark.flush()
            return True
        except (OSError, MemoryError):
            self._close_mark()
            return False

    def _close_mark(self):
        try:
            if self._mark:
                self._mark.close()
        except OSError:
            pass
        self._mark = None

    def save_command(self, cid):
        """Keeps the id of a signed command accepted, so that ids rise
        across reboots (last_command reads it back; a file small enough for
        littlefs to keep in its directory). Best effort: on a full flash
        the ids still rise within this session."""
        for _ in range(2):
            try:
                with open(self.dir + "/cmd", "wb") as f:
                    f.write(b"%d" % cid)
                return
            except OSError:
                return
            except MemoryError:
                # littlefs's file buffer (~1.2 KB) in a heap play has split,
                # after the command has run: a collection, once, then no file
                gc.collect()

    def open_game(self, game):
        """Goes on appending to a stored game (the one in progress after a
        power cut)."""
        self.close()
        self.game = 0
        self._f = open(self.path(game), "ab")
        self.game = game
        self.frozen = False
        size = os.stat(self.path(game))[6]
        if size != self.size:
            self.size, self.crc = size, None  # a power-up's recovery says the rest

    def close(self):
        self._close_mark()
        if self._f:
            try:
                self._f.close()
            except OSError:
                pass  # an errored littlefs file: nothing more to keep
            self._f = None
