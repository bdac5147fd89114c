"""The heart of `xqboard broadcast`: takes the boards' events however they
come (from the broker, or from loggers in this process), keeps each once in
the Store, and hands them on in each game's order: to the Hub (the pages)
and to the Results (the tournament file).

    intake = Intake(Store("hall.sqlite"), hub, results=Results("event.db", ...))
    intake.take([envelope, ...])     # dedupe, store, deliver what is in order
    intake.take_state(state)         # a board's retained state (hall/wire.py): a lost tail shows
    intake.refuse(topic, reason)     # a message the decoder refused: dropped, counted, logged
    for logger, device, game, since in intake.gaps(): ...   # ask the logger again
    intake.submit(intake.accept, ("nokey", 1, "Li"), on_done)   # the desk's acts, from any thread ...
    intake.settle()                  # ... run on the intake's (the store's connection lives there)

A gap (an event past a missing one, or a state telling a later seq than
the store holds) is answered by a replay request to the logger that owns
the board (envelope.replay_topic) once it has lasted GAP_GRACE seconds
(the events may be on their way: after a broker restart a retained state
can overtake the events queued for the session); the request is repeated
until the gap is filled, after ASK_AGAIN seconds, then, while nothing comes, twice as
long each time (ASK_AT_MOST at most).
"""
import collections
import logging
import queue
import time

from ..boardlink import Event
from .trust import Checker
from .wire import Malformed, decode

LOG = logging.getLogger("xqboard.hall")

GAP_GRACE = 0.5  # s a gap must last before it is asked for
ASK_AGAIN = 1.0  # s before a replay request is repeated ...
ASK_AT_MOST = 60.0  # s: ... doubled each time no event came, up to this


class Intake:
    def __init__(self, store, hub, results=None, on_flag=None, keys=None, accept_unkeyed=False):
        self.store = store
        self.check = Checker(keys)  # every event verified with its board's key before it counts (hall/trust.py)
        self.accept_unkeyed = accept_unkeyed  # the arbiter takes the results of boards without a key
        self.unverified = set()  # (device, game) of boards without a key whose results were not written
        self.hub = hub
        self.results = results
        self.on_flag = on_flag
        self.owners = {}  # (device, game) -> the logger that published it last
        self.known = {}  # (device, game) -> the highest seq a message or a state announced
        self.noticed = {}  # (device, game) -> when its gap was first seen
        self.asked = {}  # (device, game) -> (when its replay was last asked, the head then, the wait before asking again)
        self.duplicates = 0
        self.malformed = collections.Counter()  # reason -> messages dropped (hall/wire.py)
        self.refused = collections.deque(maxlen=100)  # (topic, reason) of the last ones, for the arbiter
        self.delivered = 0
        self.replays_asked = []  # (logger, device, game, since) of every replay request, for the figures
        self.listeners = []  # f(envelope) for each delivered event (the benchmark's clock)
        self.latest = {}  # device -> its latest game number (the desk sends a board's commands to its owner)
        self.board_of = {}  # device -> the board (table) number its latest game was played at
        self.accepted = store.accepted()  # (device, game) of a board without a key -> the arbiter who accepted it
        self.raised = None  # the flags an act of the desk raised, while it runs
        self.acts = queue.Queue()  # the desk's acts (accept, dismiss), from the pages' thread: run by settle()

    def load(self):
        """At start-up: the Hub gets what the store delivered before."""
        rows = self.store.delivered()
        for board, device, game, seq, line in rows:
            self.check.recall(device, game, line)
        if self.hub is not None:
            self.hub.load(rows)
        if self.results is not None:
            self.results.accepted.update(self.accepted)
            for board, device, game, seq, line in rows:
                self.results.recall(device, game, Event(line))

    def take(self, envelopes):
        """Returns the envelopes delivered by this call, in order."""
        touched = []
        for env in envelopes:
            key = (env.device, env.game)
            self.owners.setdefault(key, env.logger)  # (then the logger of its verified events: _deliver)
            self.known[key] = max(self.known.get(key, 0), env.seq)
            if not self.store.add(env):
                self.duplicates += 1  # QoS 1 may redeliver; a replay may overlap
                continue
            if key not in touched:
                touched.append(key)
        out = []
        for device, game in touched:
            out += self._deliver(device, game)
        self.store.commit()  # the batch is kept before the broker hears it was taken (Subscriber's acks)
        return out

    def take_state(self, state):
        """A board's retained state, decoded (hall/wire.py): its `seq` is
        the last event its logger holds; a store behind it asks that
        logger for the rest."""
        key, seq = (state["device"], state["game"]), state["seq"]
        self.known[key] = max(self.known.get(key, 0), seq)
        if state.get("logger"):
            self.owners.setdefault(key, state["logger"])
        if key[1] >= self.latest.get(key[0], 0):
            self.latest[key[0]] = key[1]
            if state.get("link") and self.hub is not None:
                self.hub.set_link(state["device"], state["logger"], state["link"], state.get("heard") or 0.0)

    def take_presence(self, presence):
        """A logger's retained presence: up, or gone (its last will)."""
        if self.hub is not None:
            self.hub.set_logger(presence["logger"], presence["up"])

    def broker(self, up):
        """The broadcast's own connection to the broker came or went."""
        if self.hub is not None:
            self.hub.set_broker(up)

    def devices(self):
        """{board (table) number: device} of every board the hall holds:
        a board stays at its table from round to round (the desk starts the
        next round on the devices standing there)."""
        return {board: device for device, board in self.board_of.items()}

    def owner_of(self, device):
        """The logger that holds board `device` now: the one its latest
        game's events (or retained state) came from; None if none."""
        game = self.latest.get(device)
        return None if game is None else self.owners.get((device, game))

    def refuse(self, topic, reason):
        """A message the decoder refused: dropped, counted by its reason's
        first words, logged with its topic (its sender is on the topic: the
        broker authenticated it). Never raised: the loop goes on."""
        self.malformed[reason.split(":")[0]] += 1
        self.refused.append((topic, reason))
        LOG.warning("dropped a malformed message on %s: %s", topic[:120], reason)

    def gaps(self, now=None):
        """[(logger, device, game, first missing seq)] to ask for now: a
        game asked for before is asked again ASK_AGAIN s later, then twice
        as long each time its head has not moved (up to ASK_AT_MOST): a
        logger that no longer holds a game (an old game's retained state
        on a broker, a new store) is not asked every second all day."""
        now = time.monotonic() if now is None else now
        out = []
        for key, seq in self.known.items():
            head = self.store.head(*key)
            if seq <= head or key not in self.owners:
                self.noticed.pop(key, None)
                continue
            if now - self.noticed.setdefault(key, now) < GAP_GRACE:
                continue  # a retained state may overtake the events queued for this session: they may be coming
            last_at, last_head, wait = self.asked.get(key, (-1e9, None, ASK_AGAIN))
            if head != last_head:
                wait = ASK_AGAIN  # events came since the last request: the logger answers
            if now - last_at < wait:
                continue
            self.asked[key] = (now, head, min(2 * wait, ASK_AT_MOST) if head == last_head else ASK_AGAIN)
            out.append((self.owners[key], key[0], key[1], head + 1))
        self.replays_asked += [r + (time.time(),) for r in out]
        return out

    def _deliver(self, device, game):
        out = self.store.deliver(device, game, self.check)
        if out and game >= self.latest.get(device, 0):
            self.latest[device] = game
            self.board_of[device] = out[-1].board
        for env in out:
            self.owners[(device, game)] = env.logger
            if self.hub is not None:  # None: a store without pages (`broadcast --no-web`)
                self.hub.push(env.board, env.device, env.game, env.seq, env.line)
            if self.results is not None and self._counts(device, game, env):
                self.results.follow(device, game, Event(env.line))
            for f in self.listeners:
                f(env)
        self.delivered += len(out)
        return out

    def _counts(self, device, game, env):
        # A board without a key: its events are shown, unverified; its
        # result is written only if the arbiter accepts such boards, or
        # this game of it (accept(), from the desk).
        if self.check.keyed(device) or self.accept_unkeyed:
            return True
        if (device, game) in self.accepted:
            self.results.accepted[(device, game)] = self.accepted[(device, game)]
            return True
        if (device, game) not in self.unverified:
            self.unverified.add((device, game))
            self.flag(device, game, env.seq, "unverified", "board %s has no key in the event's key file: its "
                      "events are unverified and its result is not written (the arbiter accepts the game "
                      "on the desk, or enters its result)" % device)
        return False

    def flag(self, device, game, seq, what, note):
        """Results' flags: kept in the store, told to on_flag."""
        self.store.flag(device, game, seq, what, note)
        if self.raised is not None:
            self.raised.append((what, note))
        if self.on_flag:
            self.on_flag(device, game, seq, what, note)

    # -- the desk's acts: accept an unverified game, dismiss a quarantine entry ------

    def submit(self, act, args, on_done):
        """Queues act(*args) for settle(), from any thread; on_done(answer)
        then, on the intake's thread ({"ok": bool, "reply": [sentence]})."""
        self.acts.put((act, args, on_done))

    def settle(self, timeout=0.0):
        """Runs the desk's acts queued (waits up to `timeout` for the first)."""
        try:
            act, args, on_done = self.acts.get(timeout=timeout) if timeout > 0 else self.acts.get_nowait()
        except queue.Empty:
            return 0
        n = 0
        while True:
            try:
                answer = act(*args)
            except Exception as e:  # noqa: BLE001 (an act that fails answers so, the loop goes on)
                LOG.exception("the desk's %s failed", getattr(act, "__name__", act))
                self.store.db.rollback()
                answer = {"ok": False, "reply": ["refused: %s" % e]}
            on_done(answer)
            n += 1
            try:
                act, args, on_done = self.acts.get_nowait()
            except queue.Empty:
                return n

    def accept(self, device, game, by):
        """The arbiter `by` accepts game `game` of board `device`, a board
        without a key (21.5: the arbiter's ruling on what the equipment
        cannot prove): its events delivered so far count now, in order (its
        CONFIRM writes its result, an OVERRULE after it amends it, as a
        keyed board's), and every later one as it comes. Recorded in the
        store (`accepted`, and the desk's `commands` with `by`), the event
        file's `source` naming the arbiter; the answer says what the file
        held before and holds now. Refused for a board with a key (its
        events count as they verify: what fails is a forgery, never
        accepted), a game the hall does not hold, one accepted before, one
        with quarantine entries not dismissed (someone else published at
        its keys: the arbiter looks first), or with no event file."""
        key = (device, game)
        if self.check.keyed(device):
            return _refused("board %s has a key: its events count as they verify; what fails its check is "
                            "quarantined and cannot be accepted" % device)
        events = self.store.events_of(device, game)
        if not events:
            return _refused("the hall holds no event of board %s game %d" % (device, game))
        if key in self.accepted:
            return _refused("board %s game %d was accepted before, by %s" % (device, game, self.accepted[key]))
        if self.accept_unkeyed:
            return _refused("this hall takes every board without a key (--accept-unkeyed): board %s game %d "
                            "counts already" % (device, game))
        if self.results is None:
            return _refused("this hall writes no event file (broadcast --tournament): nothing to accept into")
        held = self.store.quarantined_in(device, game)
        if held:
            return _refused("board %s game %d has %d quarantine entr%s (events %s): someone else published at "
                            "its keys; look at them and dismiss them first" % (
                                device, game, len(held), "y" if len(held) == 1 else "ies",
                                ", ".join(str(seq) for _, seq, _ in held[:5]) + (", ..." if len(held) > 5 else "")))
        self.accepted[key] = self.results.accepted[key] = by
        self.raised = []
        try:
            before = None
            for n, env in enumerate(events):
                self.results.follow(device, game, Event(env.line))
                if n == 0:
                    before = self.results.file_at(key)  # (GAME names the round and board)
            after = self.results.file_at(key)
            raised = self.raised
        except Exception:
            self.accepted.pop(key, None)  # not recorded: not accepted (settle answers the failure)
            self.results.accepted.pop(key, None)
            raise
        finally:
            self.raised = None
        place = self.results.place(key)
        replaced = _replaced(before, after) if place else "not played at a round and board: nothing written"
        said = "accepted by %s: board %s game %d%s, its %d events count (unverified); the event file: %s%s" % (
            by, device, game, " (round %d board %d)" % place if place else "", len(events), replaced,
            "".join("; %s: %s" % flag for flag in raised))
        self.store.accept(device, game, by, replaced)
        self.store.note_command(time.time(), by, device, game, 0, "accept unverified game (21.5)", said, time.time())
        return {"ok": True, "reply": [said], "replaced": replaced}

    def accept_flagged(self, fid, by):
        """accept() of the game of an `unverified` flag (the desk's row)."""
        row = self.store.flagged(fid)
        if row is None or row[2] != "unverified":
            return _refused("no unverified game under flag %s" % fid)
        return self.accept(row[0], row[1], by)

    def dismiss(self, qid, by):
        """The arbiter `by` dismisses quarantine entry `qid`: kept on
        record as dismissed (who, when), never counted (a quarantined event
        counts nowhere anyway: this says the arbiter has seen it)."""
        row = self.store.quarantined_entry(qid)
        if row is None:
            return _refused("no quarantine entry %s" % qid)
        device, game, seq, line, reason, dismissed_by = row
        if dismissed_by is not None or not self.store.dismiss(qid, by):
            return _refused("quarantine entry %s was dismissed before, by %s" % (qid, dismissed_by))
        said = "dismissed by %s: quarantine entry %d (board %s game %d event %d: %s); kept on record, never counted" % (
            by, qid, device, game, seq, reason)
        self.store.note_command(time.time(), by, device, game, 0, "dismiss quarantine entry %d" % qid, said,
                                time.time())
        return {"ok": True, "reply": [said]}

    def accept_entry(self, qid, by):
        """An arbiter asking to accept a quarantined event: always refused,
        with why (docs/HALL.md, "Security"): it failed its check, so it is
        not the board's event as the board sent it (or another verified at
        its key first); taking it could put a forger's event where the
        board's own goes."""
        row = self.store.quarantined_entry(qid)
        if row is None:
            return _refused("no quarantine entry %s" % qid)
        device, game, seq, line, reason, dismissed_by = row
        return _refused("quarantine entry %d (board %s game %d event %d) failed its check: %s. A quarantined event "
                        "is never accepted: it is not the board's own as the board sent it, and taking it could "
                        "put a forger's event where the board's goes. Dismiss it; the board's own event counts "
                        "when it comes; a result the board cannot deliver is entered by hand (the conflicts "
                        "list, `xqboard tournament result`)" % (qid, device, game, seq, reason))


def _refused(why):
    return {"ok": False, "reply": ["refused: " + why]}


def _replaced(before, after):
    """What an accept changed in the event file, in words."""
    if after is None:
        return "no such round and board in it: nothing written"
    was = "none" if before is None or before[0] is None else "%s (%s)" % (before[0], before[1] or "?")
    now = "none" if after[0] is None else "%s (%s)" % (after[0], after[1] or "?")
    if was == now:
        return "%s, unchanged%s" % (now, " (no CONFIRM yet: written when it comes)" if after[0] is None else "")
    return "%s replaced by %s" % (was, now)


class LocalBus:
    """The loggers' bus when `xqboard broadcast` runs them itself (no
    broker): what a Publisher would send goes straight into the Intake, on
    the same thread."""

    def __init__(self, intake):
        self.intake = intake

    def publish(self, envelopes):
        self.intake.take(envelopes)

    def publish_state(self, topic, text):
        try:
            self.intake.take_state(decode(topic, text)[1])
        except Malformed as e:
            self.intake.refuse(topic, str(e))
