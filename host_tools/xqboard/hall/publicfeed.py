"""The public hall on the broker, for read-only replicas of the pages
(docs/HALL.md, "Thousands of viewers").

The one `xqboard broadcast` (the primary: it alone writes the store and
the tournament file) publishes what its public hub took, verified and,
with a delay, delayed, in the hub's order; each replica
(hall/replica.py) follows it under its own read-only account and serves
the pages from a Hub of its own. Nothing is shared but the broker.

    feed = PublicFeed(public_hub, "localhost", 1883, account=acct).start()
    ...
    feed.close()

    xqboard/public/events             QoS 1: {"token", "rows": [[cursor, board, device, game, seq, line], ...]}
    xqboard/public/head               retained: {"token", "cursor"}: where the hall is (a late replica sees
                                      it is behind)
    xqboard/ctl/public/<replica>      a replica's request: {"since": cursor}
    xqboard/public/replay/<replica>   the answer: the rows after it, as on events, REPLAY_ROWS at a time
    xqboard/public/lists              retained: the tournament file's players, standings and pairings
                                      (hall/eventpages.py's event_lists), again each time the file
                                      changes: a replica serves them read-only, with no file of its own

A batch holds what the hub took since the last (at most every BATCH_S, at
most MAX_ROWS): a hall of 200 events a second costs the broker 20
messages a second whatever the number of replicas. The keys of the
boards stay with the primary: a replica takes the rows because the broker
let only `broadcast` write them (hall/hallinit.py's ACL), and each line
is still read by the replica's Hub with the board's schema.

    >>> rows = [[1, "5", "b1", "1", 1, "E 1 0 GAME new board=5"]]
    >>> decode_rows(rows_message("ab12cd34", rows))
    ('ab12cd34', [(1, '5', 'b1', '1', 1, 'E 1 0 GAME new board=5')])
    >>> decode_rows('{"token": "ab12cd34", "rows": [[1, "5"]]}')
    Traceback (most recent call last):
    ...
    xqboard.hall.wire.Malformed: row 0: [1, '5'] is no [cursor, board, device, game, seq, line]
"""
import json
import threading
import time

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from .envelope import ROOT
from .wire import MAX_LINE, Malformed, json_object, name, number

EVENTS = ROOT + "/public/events"
HEAD = ROOT + "/public/head"
LISTS = ROOT + "/public/lists"
LISTS_KEYS = ("players", "standings", "pairings")
MAX_LISTS = 4 << 20  # bytes of the lists (a 200-player event's are ~100 KB)
LISTS_EVERY_S = 1.0  # s between two looks at the tournament file
REQUESTS = ROOT + "/ctl/public/+"
BATCH_S = 0.05  # s between two batches at most (a part of the viewers' 1 s)
MAX_ROWS = 500  # rows in one message
REPLAY_ROWS = 1000  # rows in one message of a replay
MAX_MESSAGE = 1 << 20  # bytes of a message of rows (1000 rows of at most ~600 bytes)


def replay_topic(replica):
    return "%s/public/replay/%s" % (ROOT, replica)


def request_topic(replica):
    return "%s/ctl/public/%s" % (ROOT, replica)


def rows_message(token, rows):
    return json.dumps({"token": token, "rows": rows}, ensure_ascii=False, separators=(",", ":"))


def decode_rows(payload):
    """(token, [(cursor, board, device, game, seq, line)]) of a message
    of rows; Malformed says why not (bounded like hall/wire.py)."""
    d = json_object(payload, MAX_MESSAGE)
    token = name(d, "token")
    rows = d.get("rows")
    if not isinstance(rows, list) or len(rows) > REPLAY_ROWS:
        raise Malformed("rows: no list of at most %d" % REPLAY_ROWS)
    out = []
    for i, row in enumerate(rows):
        if not (isinstance(row, list) and len(row) == 6):
            raise Malformed("row %d: %s is no [cursor, board, device, game, seq, line]" % (i, repr(row)[:40]))
        fields = dict(zip(("cursor", "board", "device", "game", "seq", "line"), row))
        line = fields["line"]
        if not isinstance(line, str) or len(line.encode("utf-8", "surrogatepass")) > MAX_LINE:
            raise Malformed("row %d: no line of at most %d bytes" % (i, MAX_LINE))
        out.append((number(fields, "cursor", low=1), name(fields, "board"), name(fields, "device"),
                    name(fields, "game"), number(fields, "seq", low=1), line))
    return token, out


def decode_lists(payload):
    """The lists' dict ({"players", "standings", "pairings"}, each an
    object); Malformed says why not."""
    d = json_object(payload, MAX_LISTS)
    if not all(isinstance(d.get(k), dict) for k in LISTS_KEYS):
        raise Malformed("lists: no %s objects" % ", ".join(LISTS_KEYS))
    return {k: d[k] for k in LISTS_KEYS}


def decode_head(payload):
    d = json_object(payload, 4096)
    return name(d, "token"), number(d, "cursor")


def decode_request(topic, payload):
    """(replica, since) of a replica's request; the replica is the topic's
    (the account the broker let write it)."""
    replica = topic.rsplit("/", 1)[-1]
    return name({"replica": replica}, "replica"), number(json_object(payload, 4096), "since")


class PublicFeed:
    """Publishes `hub`'s events (the public one) on the broker, in batches,
    and answers the replicas' requests for what they missed; with `lists`
    (hall/eventpages.py's ListsWatch of the tournament file), its lists
    too, retained, each time the file changes."""

    def __init__(self, hub, host, port, account=None, client_id="xqboard-broadcast-public", lists=None):
        self.hub = hub
        self.lists = lists
        self.lists_sent = 0  # how many times the lists were published
        self.lists_text = None  # the last published
        self.lists_at = -1e9
        self.sent = 0  # the cursor of the last row published
        self.refused = 0  # malformed requests (dropped, counted)
        self.wake = threading.Event()
        self.stopping = threading.Event()
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
        c.reconnect_delay_set(0.1, 1)
        c.on_connect = lambda client, *a: client.subscribe(REQUESTS, qos=1)
        c.on_message = self._on_request
        if account is not None:
            account.apply(c)
        self.client = c
        self._address = (host, port)
        self.stop_listening = hub.listen(lambda cursor: self.wake.set())
        self.thread = threading.Thread(target=self._run, name="public-feed", daemon=True)

    def start(self):
        self.client.connect_async(*self._address, keepalive=5)
        self.client.loop_start()
        self.thread.start()
        return self

    def close(self):
        self.stop_listening()
        self.stopping.set()
        self.wake.set()
        self.thread.join(5)
        self.client.disconnect()
        self.client.loop_stop()

    def _run(self):
        while not self.stopping.is_set():
            self.wake.wait(LISTS_EVERY_S)
            self.wake.clear()
            self.publish_new()
            self.publish_lists()
            self.stopping.wait(BATCH_S)

    def publish_new(self):
        """Publishes the rows taken since the last batch, and the head."""
        while True:
            token, rows = self.hub.events_since(self.sent, self.hub.token, limit=MAX_ROWS)
            if not rows:
                break
            self.client.publish(EVENTS, rows_message(token, [list(r) for r in rows]), qos=1)
            self.sent = rows[-1][0]
        if self.sent:
            self.client.publish(HEAD, json.dumps({"token": self.hub.token, "cursor": self.sent}), qos=1,
                                retain=True)

    def publish_lists(self):
        """The lists, when the file changed since they were last published."""
        now = time.monotonic()
        if self.lists is None or now - self.lists_at < LISTS_EVERY_S:
            return
        self.lists_at = now
        got = self.lists.changed()
        text = None if got is None else json.dumps(got, ensure_ascii=False, separators=(",", ":"))
        if text is not None and text != self.lists_text:  # (a checkpoint of the file changes nothing in it)
            self.client.publish(LISTS, text, qos=1, retain=True)
            self.lists_text = text
            self.lists_sent += 1

    def _on_request(self, client, userdata, message):
        try:
            replica, since = decode_request(message.topic, message.payload)
        except Malformed:
            self.refused += 1
            return
        while since < self.sent:
            token, rows = self.hub.events_since(since, self.hub.token, limit=REPLAY_ROWS)
            rows = [list(r) for r in rows if r[0] <= self.sent]  # the rest comes on events
            if not rows:
                break
            client.publish(replay_topic(replica), rows_message(token, rows), qos=1)
            since = rows[-1][0]
