"""A subscribed client of the hall's pages, as a relay site or a viewer
runs one: it follows the server-sent events of `/feed` (every board event)
and `/stream` (the live page's board states) over plain HTTP, comes back
after a dropped connection with its Last-Event-ID, and checks on its side
that every event arrives exactly once and in each game's order.

    client = FeedClient("http://127.0.0.1:8017").start()
    client.drop()          # the connection cut (it resumes from its last id)
    client.close(); client.summary()

The load run (hall/loadrun.py) runs it as a process of its own, as a
viewer on another PC would be: `python -m xqboard.hall.feedclient URL OUT`
follows URL until its stdin ends (a line `drop` cuts its connections once,
a line `count` prints how many events /feed and /stream brought),
then writes what it saw to OUT (JSON): when each event's key (device,
game, seq) first arrived on each stream, and what went wrong.
"""
import http.client
import json
import sys
import threading
import time
from urllib.parse import urlsplit

RETRY_S = 0.2  # s before connecting again after a drop or a failed connection


class SseReader(threading.Thread):
    """One stream (path) of the server, read line by line, resumed with
    Last-Event-ID; on_event(id, data dict) for each event."""

    def __init__(self, url, path, on_event):
        super().__init__(name="sse %s" % path, daemon=True)
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname, parts.port or 80, path
        self.on_event = on_event
        self.last_id = None
        self.connects = 0
        self.conn = None
        self._closing = threading.Event()

    def run(self):
        while not self._closing.is_set():
            try:
                self._follow()
            except (OSError, http.client.HTTPException, ValueError):
                pass  # dropped (or the server is away): again, from the last id
            self._closing.wait(RETRY_S)

    def _follow(self):
        self.conn = conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Accept": "text/event-stream"}
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        conn.request("GET", self.path, headers=headers)
        response = conn.getresponse()
        if response.status != 200:
            raise ValueError("%s answered %d" % (self.path, response.status))
        self.connects += 1
        event_id, data = None, []
        while not self._closing.is_set():
            raw = response.fp.readline()
            if not raw:
                raise OSError("stream ended")
            line = raw.decode("utf-8").rstrip("\r\n")
            if line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif not line and data:
                self.on_event(event_id, json.loads("\n".join(data)))
                if event_id:
                    self.last_id = event_id
                event_id, data = None, []

    def drop(self):
        """Cuts the connection, as a network would; run() comes back."""
        conn = self.conn
        if conn is not None and conn.sock is not None:
            try:
                conn.sock.shutdown(2)
            except OSError:
                pass

    def close(self):
        self._closing.set()
        self.drop()
        self.join(5)


class FeedClient:
    """Both streams of a hall's server; see the module docstring."""

    def __init__(self, url):
        self.feed_arrived = {}  # (device, game, seq) -> when /feed brought it (Unix time)
        self.stream_arrived = {}  # (device, game, seq) -> when /stream first showed the board past it
        self.twice = 0  # /feed events whose key came before
        self.out_of_order = 0  # /feed events not the next seq of their game
        self.cursor_gaps = 0  # /feed ids that skipped a cursor of the same hub (an event the client missed)
        self.stream_back = 0  # /stream board states whose seq went back within a game
        self._last_seq = {}  # /feed: (device, game) -> last seq
        self._last_cursor = (None, 0)
        self._shown = {}  # /stream: (device, game) -> last seq shown
        self._games = {}  # /stream: board -> what the frames said of it so far (its device, game, seq)
        self.feed = SseReader(url, "/feed", self._feed_event)
        self.stream = SseReader(url, "/stream", self._stream_event)

    def start(self):
        self.feed.start()
        self.stream.start()
        return self

    def _feed_event(self, event_id, d):
        now = time.time()
        token, _, cursor = (event_id or "").partition(":")
        if token == self._last_cursor[0] and int(cursor) != self._last_cursor[1] + 1:
            self.cursor_gaps += 1
        self._last_cursor = (token, int(cursor))
        key = (d["device"], int(d["game"]), int(d["seq"]))
        if key in self.feed_arrived:
            self.twice += 1
            return
        self.feed_arrived[key] = now
        game = key[:2]
        if key[2] != self._last_seq.get(game, 0) + 1:
            self.out_of_order += 1
        self._last_seq[game] = max(key[2], self._last_seq.get(game, 0))

    def _stream_event(self, event_id, d):
        now = time.time()
        if d.get("full"):
            self._games = {}
        for patch in d.get("boards", ()):
            # a frame carries what changed on a board (hub.py's patch): its device and game when they did
            b = self._games[patch["board"]] = dict(self._games.get(patch["board"], {}), **patch)
            if b.get("device") is None:
                continue
            game = (b["device"], int(b["game"]))
            shown = self._shown.get(game, 0)
            if b["seq"] < shown:
                self.stream_back += 1
            for seq in range(shown + 1, b["seq"] + 1):  # a state shows every event up to its seq
                self.stream_arrived[game + (seq,)] = now
            self._shown[game] = max(shown, b["seq"])

    def drop(self):
        self.feed.drop()
        self.stream.drop()

    def close(self):
        self.feed.close()
        self.stream.close()

    def summary(self):
        return {"feed": [list(k) + [t] for k, t in self.feed_arrived.items()],
                "stream": [list(k) + [t] for k, t in self.stream_arrived.items()],
                "twice": self.twice, "out_of_order": self.out_of_order, "cursor_gaps": self.cursor_gaps,
                "stream_back": self.stream_back,
                "connects": {"feed": self.feed.connects, "stream": self.stream.connects}}


def main(argv):
    url, out = argv
    client = FeedClient(url).start()
    for line in sys.stdin:
        if line.strip() == "drop":
            client.drop()
        elif line.strip() == "count":  # how many events each stream brought: `FEED STREAM`
            print("%d %d" % (len(client.feed_arrived), len(client.stream_arrived)), flush=True)
    client.close()
    with open(out, "w", encoding="utf-8") as f:
        json.dump(client.summary(), f)


if __name__ == "__main__":  # python -m xqboard.hall.feedclient URL OUT (see the docstring)
    main(sys.argv[1:])
