"""The broadcast delay: the public sees the hall N minutes late.

A Delay follows the arbiter's Hub (what `broadcast` has verified, in
order) and feeds a second Hub, the public one, each event `seconds` after
the arbiter's took it. Everything public is served from that one: the
live page and its stream, `/feed`, `/api/boards`, the exports, the relay
files and so the eval bar, which evaluates the positions the page shows
(docs/HALL.md, "Broadcast delay"). The arbiter's page reads the arbiter's
hub and is never delayed.

    >>> from xqboard.hall.hub import Hub
    >>> now = [1000.0]
    >>> hall = Hub(clock=lambda: now[0])
    >>> d = Delay(hall, 60, clock=lambda: now[0])
    >>> _ = hall.push("5", "b1", 1, 1, "E 1 0 GAME new round=3 board=5 red=A black=B tc=10m fen=startpos")
    >>> d.release(), d.public.boards()
    (1060.0, [])
    >>> now[0] = 1060.0
    >>> d.release(), d.public.boards()
    (None, ['5'])

A released event's clocks are anchored at the time it is shown (the time
the arbiter's hub took it plus the delay), so the public page counts them
down exactly N minutes behind the hall. The delay runs on the host's
clock given (tests give a virtual one); `start()` releases on a thread.
"""
import collections
import threading
import time

from .hub import Hub

IDLE_WAIT_S = 1.0  # the thread looks again this often when nothing is due sooner


class Delay:
    def __init__(self, source, seconds, clock=time.time):
        self.source = source
        self.seconds = float(seconds)
        self.clock = clock
        self.lock = threading.Lock()
        self.stamps = collections.deque()  # (host time the source took it, its cursor), in cursor order
        self.showing = None  # the shown time of the event being released (the public hub's clock then)
        self.public = Hub(clock=self._shown)
        self.stop_listening = source.listen(self._taken)
        self.stopping = threading.Event()
        self.thread = None

    def _taken(self, cursor):
        self.stamps.append((self.clock(), cursor))  # deque.append: safe from the pusher's thread

    def _shown(self):
        return self.showing if self.showing is not None else self.clock()

    def restamp(self, received):
        """At start-up, after the store's events were loaded into the source
        hub (stamped then): each is stamped with the time the store took it
        instead, {(device, game, seq): host time s}, so that a restart
        neither holds the old moves back N minutes nor shows the last ones
        early. Stamps stay in cursor order: each is the latest of its own
        and those before it, so none is shown before its own time."""
        with self.lock:
            latest, out = None, collections.deque()
            for t, cursor in self.stamps:
                row = self._row(cursor)
                t = min(t, received.get((row[2], str(row[3]), int(row[4])), t)) if row else t
                latest = t if latest is None else max(latest, t)
                out.append((latest, cursor))
            self.stamps = out

    def _row(self, cursor):
        _, rows = self.source.events_since(cursor - 1, self.source.token, limit=1)
        return rows[0] if rows else None

    def release(self):
        """Feeds the public hub every event now due; returns the host time
        the next one is due (None: none waits)."""
        with self.lock:
            now = self.clock()
            while self.stamps and self.stamps[0][0] + self.seconds <= now:
                t, cursor = self.stamps.popleft()
                row = self._row(cursor)
                if row is None:
                    continue
                self.showing = t + self.seconds
                try:
                    self.public.push(*row[1:])
                finally:
                    self.showing = None
            return self.stamps[0][0] + self.seconds if self.stamps else None

    def start(self):
        """Releases on a thread of its own until stop()."""
        def run():
            while not self.stopping.is_set():
                due = self.release()
                wait = IDLE_WAIT_S if due is None else min(IDLE_WAIT_S, max(0.0, due - self.clock()))
                self.stopping.wait(wait)

        self.thread = threading.Thread(target=run, name="broadcast-delay", daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(5)
        self.stop_listening()
