# The journal read back (docs/STORE.md): after a power cut, the game in
# progress is replayed from its committed records in one pass, and a torn
# or damaged tail is cut off; the host's `since` reads the events again from
# here too, a slice per loop step.
#
# Needed at start-up and for `since` only: the app loads this module for
# the call and drops it after (game/cold.py), so its code is not in the
# heap while a game is played.
#
# What ends the reading:
#   - the end of the file: all is well;
#   - a torn commit (the file ends inside it: the power went while it was
#     written, so none of it was ever sent): cut off, nothing lost;
#   - a damaged record (a whole line whose CRC fails, or a group broken
#     inside the file): nothing from there on is trusted. It is cut off and
#     reported: the events lost and their numbers, so that the board goes
#     on numbering after them and the host keeps what it had (the link
#     agrees again by `since`, never by renumbering).
import gc
import os
from binascii import crc32

from micropython import const

from game import cold
from game.chain import replayed, split as split_chain
from game.events import seq_of
from game.fastdecode import decode_fast
from link.frame import FrameError, unframed
from store import snapshot as _snapshot
from store.lines import MAX_RECORD, Lines, cut_tail, decode_snapshot, payload_of, resync, split_record

_FEED_EVERY = const(16)  # records between two feeds of the watchdog

SNAPSHOT = _snapshot.KIND  # the kind Reader.events gives a snapshot record


class Refused(Exception):
    """The snapshot a reading was to start from cannot be used (Reader.events)."""

# How a reading ended (Reader.end)
_CLEAN = const(0)
_TORN = const(1)
_DAMAGED = const(2)


class Reader:
    """The committed records of a game's file, in one pass. After the
    pass: `good` bytes up to the end of the last whole commit, `end` (how it ended:
    _CLEAN, _TORN or _DAMAGED), `last_seq` the last event read; for _DAMAGED,
    lost_events() reads what follows the damage."""

    def __init__(self, path, wdt=None, mark=None, offset=0, crc=0, skip=False, known=-1):
        self.path = path
        # Damage in a snapshot's commit stepped over (lines.resync), `known`
        # the offset of the one the clock mark names: the bytes skipped,
        # (start, end) each, spliced out after the pass.
        self.skip = skip
        self.known = known
        self.skipped = []
        self._last_e = 0  # the number of the last event of the commits read
        self.wdt = wdt  # the watchdog, fed every _FEED_EVERY records
        self.mark = mark  # the clock mark of this game: (seq, t, tick), or None
        # From byte `offset` on, where a snapshot's commit starts (0: the
        # whole file); `crc` the CRC-32 of the bytes before it.
        self.offset = offset
        self.good = offset
        self.crc = crc  # of the bytes up to `good` (the journal goes on from it)
        self.start_crc = crc
        self.end = _CLEAN
        self.count = 0
        self.last_seq = 0
        self.clock = None  # the last clock snapshot's text (`S ...`) read
        self.since_snap = 0  # records read since the last snapshot
        self.snap_at = offset  # where the last snapshot's commit read starts
        self.group_at = offset  # where the commit being read starts

    def commits(self):
        """Each commit's payloads (a list), oldest first."""
        with open(self.path, "rb") as f:
            lines = Lines(f, self.offset)
            while True:
                line = lines.next()
                if not line:
                    return
                self._crc = crc32(line, self.crc)
                payload = self._payload(line, lines.cut)
                group = [payload] if payload is not None else None
                if payload is not None and payload.startswith("B "):
                    group = self._group(lines, int(payload[2:]))
                if group is None:
                    at = self._resync()
                    if at is None:
                        return
                    lines = Lines(f, at)  # the commit after the snapshot, from the CRC before it
                    continue
                self.group_at = self.good
                self.good = lines.pos
                self.crc = self._crc
                if group[-1].startswith("E "):
                    self._last_e = seq_of(group[-1])
                yield group

    def _resync(self):
        # Damage in the commit at `good`: where the reading goes on if it
        # is a snapshot's (lines.resync), else None (self.end says why).
        if self.end != _DAMAGED or not self.skip or self.good == self.offset > 0:
            return None  # (the snapshot a reading starts from: refused, Reader.events)
        at = resync(self.path, self.good, self._last_e, self.good == self.known)
        if at is not None:
            self.skipped.append((self.good, at))
            self.good = at
            self.end = _CLEAN
        return at

    def _group(self, lines, n):
        # The n records after a group frame, or None (self.end says why).
        group = []
        for _ in range(n):
            line = lines.next()
            if not line:
                self.end = _TORN  # the file ends inside the commit
                return None
            self._crc = crc32(line, self._crc)
            payload = self._payload(line, lines.cut)
            if payload is None:
                return None
            group.append(payload)
        return group

    def _payload(self, line, cut=False):
        # The payload of a whole good line, or None (self.end says why).
        if not line.endswith(b"\n") and not cut:
            self.end = _TORN  # the write never finished
            return None
        payload = payload_of(line)
        if payload is None:
            self.end = _DAMAGED  # nothing after it is trusted
            return None
        self.count += 1
        if self.wdt and self.count % _FEED_EVERY == 0:
            self.wdt.feed()
        return payload

    def events(self):
        """The records decoded, for the replay: (seq, t, kind, fields, snap,
        text), kind and fields None for a clock snapshot alone, snap (tick,
        clock state) or None, text the event as stored, its chain word
        included (checked by the replay, game/chain.py), or None. Read from
        a snapshot's commit (offset > 0), the first is the snapshot, kind
        SNAPSHOT and fields its state (store/snapshot.py), and the events
        of its commit, which it holds, are left out; any
        later snapshot is left out (the records after it are read all the
        same). Last, the clock mark if it follows the last record: the
        clock of the last snapshot, run on to the mark."""
        clock = None
        seq = t = 0
        first = self.offset > 0
        for group in self.commits():
            if first:
                first = False
                try:
                    seq, t, state = _snapshot.read(group)
                except ValueError:
                    state = None
                if state is None or not _snapshot.usable(state, self.offset, self.start_crc):
                    raise Refused()  # replay() reads the whole file instead
                clock = state["clock"]
                snap = None
                if clock:
                    seq0, t0, tick, clock = decode_snapshot(clock)
                    snap = (tick, clock)
                self.clock = state["clock"]
                self.last_seq = seq
                self.since_snap = 0
                yield seq, t, SNAPSHOT, state, snap, None
                state = group = None  # loaded: not kept alive through the replay
                continue
            for record in group:
                if record.startswith("K "):
                    self.since_snap = 0
                    self.snap_at = self.group_at
                    continue
                self.since_snap += 1
                event, snapshot = split_record(record)
                snap = None
                if snapshot:
                    self.clock = snapshot
                    seq, t, tick, clock = decode_snapshot(snapshot)
                    snap = (tick, clock)
                if event:
                    seq, t, kind, fields = decode_fast(split_chain(event)[0])
                    self.last_seq = seq
                    yield seq, t, kind, fields, snap, event
                else:
                    yield seq, t, None, None, snap, None
        if first:
            # the snapshot's commit torn or damaged: read the whole file
            # (stepping over its bytes) instead of booting idle
            raise Refused()
        m = self.mark
        if m and clock and m[0] == self.last_seq and m[1] >= t:
            yield m[0], m[1], None, None, (m[2], clock), None

    def lost_events(self):
        """(how many events, the highest number among them) past the last
        good commit: the whole lines that start as events, read as far as
        they can be (their CRC no longer counts)."""
        lost = 0
        top = self.last_seq
        with open(self.path, "rb") as f:
            lines = Lines(f, self.good)
            while True:
                line = lines.next()
                if not line or not line.endswith(b"\n"):
                    break
                if line.startswith(b"E "):
                    lost += 1
                    try:
                        top = max(top, seq_of(line.decode()))
                    except (ValueError, UnicodeError):
                        pass
        return lost, max(top, self.last_seq + lost)


def replay(journal, game, now, wdt=None, scene=None, snapshots=True):
    """Power-up: the game in progress, if any, applied to `game` again from
    its journal (Game.replay), which goes on appending to it, and to the
    faces' `scene` if there is one (a flag, a duty, a confirmation). Returns
    (records, events lost): (0, 0) when there is no game to recover.

    Events lost to damage are reported (POWER damaged), and the game's
    numbering goes on after them: the host keeps its copies, and its log
    and the board's agree without any renumbering."""
    journal.close()
    games = journal.games()
    if not games:
        return 0, 0
    if game.keyed is not None:
        game.keyed.game = games[-1]  # the board's MAC of this game's words binds its number (link/auth.py)
    path = journal.path(games[-1])
    words = _mark(journal, games[-1])
    known = words[4] if words and len(words) >= 5 else -1  # the snapshot the mark names
    at, crc = _snapshot.start(path, known, wdt) if snapshots and known > 0 else (0, 0)
    mark = clock_mark(journal, games[-1])
    reader = Reader(path, wdt, mark, at, crc, True, known)
    # The collector as MicroPython has it by default while the journal is
    # read: every record makes garbage, and a collection every 16 KB
    # (app.py's threshold, for a game's play) made most of a recovery's
    # time on the device. Little lives on from a replay.
    every = _collect_every(-1)
    gc.collect()  # what the replay keeps (the position, the state) packs low, not among garbage
    journal.faces = {}
    try:
        try:
            count = _apply(game, reader.events(), now, journal)
        except Refused:
            # (refused before anything was applied: the first record read
            # from a snapshot's commit is the snapshot, or it was torn or
            # damaged: then the whole file, stepping over its bytes)
            reader = Reader(path, wdt, mark, 0, 0, True, known)
            at = 0
            count = _apply(game, reader.events(), now, journal)
    finally:
        _collect_every(every)
        cold.drop(cold.CHAIN)  # loaded with this module, for the replay
        cold.drop(cold.FASTDECODE)
    lost, top = 0, 0
    if reader.end == _DAMAGED:
        lost, top = reader.lost_events()
    skipped = 0
    for a, b in reader.skipped:
        skipped += b - a
    if reader.end != _CLEAN or skipped:
        cut_tail(path, reader.good, reader.skipped)  # a damaged snapshot's bytes spliced out
    if count and scene is not None:
        _replay_scene(scene, now, path, at, journal.faces)
    journal.open_game(games[-1])
    # what the journal's next snapshot needs of the file (store/journal.py)
    journal.size, journal.crc = reader.good - skipped, reader.crc
    journal.clock, journal.since_snap = reader.clock, reader.since_snap
    journal.snap_at = reader.snap_at
    journal.recovered_from = at  # (0: the whole file was read)
    if skipped:
        # the snapshots after the splice name offsets it moved: none is in
        # force until the next, due at the next commit; the mark says so
        journal.snap_at = 0
        journal.since_snap = journal.snap_every
        journal.mark_clock(-1, 0, 0)
    # the events it no longer holds (damage, or a full flash's unsaved
    # ones) named, sealed, numbered on after (store/gap.py)
    lost = cold.call(cold.GAP, "name", journal, game, now, lost, top)
    return count, lost


def start_of(journal, game, path, wdt=None):
    """(offset, crc): where a power-up starts reading the game's file, the
    commit of the snapshot the clock mark points at, with the CRC-32 of
    the bytes before it (store/snapshot.py, start); (0, 0), the whole
    file, if there is none."""
    words = _mark(journal, game)
    if not words or len(words) < 5:
        return 0, 0
    return _snapshot.start(path, words[4], wdt)


def _replay_scene(scene, now, path, at, faces):
    # The faces' scene (ui/scene.py). From a snapshot: the events it still
    # showed (store/journal.py, note(): those of the snapshot and those
    # after it), oldest first. Without one: every event of the game.
    if at:
        for event in sorted(faces.values(), key=seq_of):
            _, _, kind, fields = decode_fast(split_chain(event)[0])
            scene.on_event(now, kind, fields)
        return
    for _, _, kind, fields, _, _ in Reader(path).events():
        if kind is not None:
            scene.on_event(now, kind, fields)


def _collect_every(nbytes):
    # gc.threshold(nbytes), returning the one before (-1: none); nothing on
    # the host's CPython.
    if not hasattr(gc, "threshold"):
        return -1
    before = gc.threshold()
    gc.threshold(nbytes)
    return before


def _apply(game, records, now, journal=None):
    # The records (seq, t, kind, fields, snap, text) applied to the game
    # again, oldest first (Game.apply: what the events did, without
    # emitting them), the events' hash chain checked and continued from the
    # stored texts (game/chain.py: the first event that breaks it is
    # reported, POWER chain); the clock comes from the last snapshot
    # (Game.resume_clock). Returns how many records there were. (Here, not
    # in game/game.py: only a power-up needs it, and this module is loaded
    # for that alone.)
    count = 0
    snap = None
    snap_t = 0
    head = game.head
    for seq, t, kind, fields, s, text in records:
        count += 1
        if kind == SNAPSHOT:
            state = fields  # (a snapshot's: its json state, no event)
            _snapshot.load(game, state)  # the game as it was after the snapshot's step
            head = game.head
            if journal is not None:
                # the start FEN of the position it made (the next snapshot need not take its moves back)
                journal.known_start[0], journal.known_start[1] = game.position, state["f"]["position"]["P"][0]
                journal.faces = {}
                for event in state["s"]:
                    _, _, k, f = decode_fast(split_chain(event)[0])
                    journal.note(k, f, event)
            if s is not None:
                snap = s
                snap_t = int(state["clock"].split(" ", 3)[2])
            continue
        if kind is not None:
            game.seq = seq
            game.t = t
            game.apply(kind, fields, None)
            if journal is not None:
                journal.note(kind, fields, text)
            if not replayed(head, kind, text, game.keyed) and not game.chain_broken:
                game.chain_broken = seq
        if s is not None:
            snap = s
            snap_t = t
    game.resume_clock(now, snap, snap_t)
    return count


def clock_mark(journal, game):
    """(seq, t, tick) of the clock mark (store/journal.py) if it is of
    `game`, whole and a clock mark (not a snapshot pointer alone), else
    None."""
    words = _mark(journal, game)
    if words and words[1] >= 0:
        return words[1], words[2], words[3]
    return None


def _mark(journal, game):
    # The clock mark's numbers (game, seq, t, tick[, snapshot offset]) if
    # it is of `game` and whole, else None.
    try:
        with open(journal.dir + "/clock", "rb") as f:
            words = unframed(f.readline(), MAX_RECORD).split()
        if words[0] == "C" and int(words[1]) == game:
            return [int(w) for w in words[1:6]]
    except (OSError, FrameError, ValueError, IndexError):
        pass
    return None


def recover(journal):
    """Opens the journal's game in progress (if any) for appending and
    returns how many good records it holds; a torn or damaged tail is cut
    off first."""
    journal.close()
    games = journal.games()
    if not games:
        return 0
    path = journal.path(games[-1])
    reader = Reader(path)
    for _ in reader.commits():
        pass
    if reader.end != _CLEAN:
        cut_tail(path, reader.good)
    journal.open_game(games[-1])
    return reader.count


def records(journal, game=None):
    """The payloads of a stored game's committed records (default: the
    current one), oldest first, one at a time (a game's journal is larger
    than a device's RAM could hold at once); a damaged tail is left out."""
    for group in Reader(journal.path(game or journal.game)).commits():
        for payload in group:
            yield payload


def events(journal, game=None):
    """The records of a stored game decoded (Reader.events)."""
    return Reader(journal.path(game or journal.game)).events()


def events_since(journal, first):
    """The texts of the events numbered `first` and on, as sent."""
    for record in records(journal):
        event, _ = split_record(record)
        if event and seq_of(event) >= first:
            yield event


def since(journal, cid, words):
    """The `since` of command `cid` (words: `since <seq>`), answered a
    slice per loop step (Since); ValueError, the refusal, if malformed."""
    try:
        first = int(words[1])
    except (IndexError, ValueError):
        raise ValueError("since <seq>")
    return Since(journal.path(journal.game) if journal and journal.game else None, first, cid)


class Since:
    """A `since` answered a slice per loop step: step() reads on from
    where the last slice stopped (a byte offset: the file is opened for
    each slice), so no step reads the whole journal; the reply to command
    `cid` follows the last event (at once when there is no game: path
    None)."""

    def __init__(self, path, first, cid):
        self.path = path
        self.first = first
        self.cid = cid
        self.offset = 0
        self.sent = 0

    def step(self, send, most):
        """Sends up to `most` events (send(text)), reading at most 4 x most
        records; at the end of the committed records, the reply too.
        Returns True when done."""
        if self.path is None:
            self.end(send)
            return True
        with open(self.path, "rb") as f:
            lines = Lines(f, self.offset)
            for _ in range(4 * most):
                payload = payload_of(lines.next())
                if payload is None:
                    self.end(send)
                    return True
                if not payload.startswith("B "):
                    event, _ = split_record(payload)
                    if event and seq_of(event) >= self.first:
                        send(event)
                        self.sent += 1
                        most -= 1
                self.offset = lines.pos
                if most == 0:
                    return False
        return False

    def end(self, send):
        """The reply to the command, after the events sent."""
        send("A %d ok since %d sent=%d" % (self.cid, self.first, self.sent))
