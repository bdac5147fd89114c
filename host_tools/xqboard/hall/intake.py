"""The heart of `xqboard broadcast`: takes the boards' events however they
come (from the broker, or from loggers in this process), keeps each once in
the Store, and hands them on in each game's order: to the Hub (the pages)
and to the Results (the tournament file).

    intake = Intake(Store("hall.sqlite"), hub, results=Results("event.db", ...))
    intake.take([envelope, ...])     # dedupe, store, deliver what is in order
    intake.take_state(state_json)    # a board's retained state: a lost tail shows
    for logger, device, game, since in intake.gaps(): ...   # ask the logger again

A gap (an event past a missing one, or a state telling a later seq than
the store holds) is answered by a replay request to the logger that owns
the board (envelope.replay_topic) once it has lasted GAP_GRACE seconds
(the events may be on their way: after a broker restart a retained state
can overtake the events queued for the session); the request is repeated
until the gap is filled, after ASK_AGAIN seconds, then, while nothing comes, twice as
long each time (ASK_AT_MOST at most).
"""
import json
import time

from ..boardlink import Event

GAP_GRACE = 0.5  # s a gap must last before it is asked for
ASK_AGAIN = 1.0  # s before a replay request is repeated ...
ASK_AT_MOST = 60.0  # s: ... doubled each time no event came, up to this


class Intake:
    def __init__(self, store, hub, results=None, on_flag=None):
        self.store = store
        self.hub = hub
        self.results = results
        self.on_flag = on_flag
        self.owners = {}  # (device, game) -> the logger that published it last
        self.known = {}  # (device, game) -> the highest seq a message or a state announced
        self.noticed = {}  # (device, game) -> when its gap was first seen
        self.asked = {}  # (device, game) -> (when its replay was last asked, the head then, the wait before asking again)
        self.duplicates = 0
        self.delivered = 0
        self.replays_asked = []  # (logger, device, game, since) of every replay request, for the figures
        self.listeners = []  # f(envelope) for each delivered event (the benchmark's clock)

    def load(self):
        """At start-up: the Hub gets what the store delivered before."""
        rows = self.store.delivered()
        if self.hub is not None:
            self.hub.load(rows)
        if self.results is not None:
            for board, device, game, seq, line in rows:
                self.results.recall(device, game, Event(line))

    def take(self, envelopes):
        """Returns the envelopes delivered by this call, in order."""
        touched = []
        for env in envelopes:
            key = (env.device, env.game)
            self.owners[key] = env.logger
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

    def take_state(self, data):
        """A board's retained state: its `seq` is the last event its logger
        holds; a store behind it asks that logger for the rest."""
        try:
            d = json.loads(data)
            key, seq = (d["device"], int(d["game"])), int(d["seq"])
        except (ValueError, KeyError, TypeError):
            return
        self.known[key] = max(self.known.get(key, 0), seq)
        if d.get("logger"):
            self.owners.setdefault(key, d["logger"])

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
        out = self.store.deliver(device, game)
        for env in out:
            if self.hub is not None:  # None: a store without pages (`broadcast --no-web`)
                self.hub.push(env.board, env.device, env.game, env.seq, env.line)
            if self.results is not None:
                self.results.follow(device, game, Event(env.line))
            for f in self.listeners:
                f(env)
        self.delivered += len(out)
        return out

    def flag(self, device, game, seq, what, note):
        """Results' flags: kept in the store, told to on_flag."""
        self.store.flag(device, game, seq, what, note)
        if self.on_flag:
            self.on_flag(device, game, seq, what, note)


class LocalBus:
    """The loggers' bus when `xqboard broadcast` runs them itself (no
    broker): what a Publisher would send goes straight into the Intake, on
    the same thread."""

    def __init__(self, intake):
        self.intake = intake

    def publish(self, envelopes):
        self.intake.take(envelopes)

    def publish_state(self, topic, text):
        self.intake.take_state(text)
