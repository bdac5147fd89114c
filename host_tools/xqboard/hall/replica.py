"""A read-only replica of the public pages: it follows the primary's public
hall on the broker (hall/publicfeed.py) into a Hub of its own and serves
the live page, its streams, the exports and the relay files from it
(docs/HALL.md, "Thousands of viewers").

    replica = Replica(Hub(), "localhost", 1883, name="r1", account=acct).start()
    app = make_app(replica.hub, None)        # no arbiter's page on a replica

It writes nothing: no store, no tournament file, no result; it publishes
only its requests for what it missed. The event's players, standings and
pairings come as the primary published them (retained, each time its
tournament file changed): `lists()`, what the replica's pages serve
(hall/eventpages.py, `published`). Its account on the broker reads the
public topics and its own answers (hall/hallinit.py, `--replica NAME`).

Order and gaps: the rows carry the primary hub's cursors; a row past the
next one waits while the replica asks for the missing ones (again after
ASK_AGAIN s while nothing comes), and so does a replica that starts late
(the retained head says where the hall is). Another token (the primary
started again and rebuilt its hub from its store) asks for everything
again: the Hub drops by key what it already has.
"""
import threading
import time

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from .publicfeed import EVENTS, HEAD, LISTS, decode_head, decode_lists, decode_rows, replay_topic, request_topic
from .wire import Malformed

ASK_AGAIN = 1.0  # s before a request nobody answered is made again


class Replica:
    def __init__(self, hub, host, port, name="replica", account=None):
        self.hub = hub
        self.name = name
        self.token = None  # the primary hub's
        self.at = 0  # the primary's cursor of the last row taken
        self.head = 0  # the primary's cursor as its head says
        self.waiting = {}  # cursor: row past a gap
        self.asked_at = -1e9
        self.malformed = 0
        self.published = None  # the primary's lists (decode_lists), None before the first
        self.lock = threading.Lock()
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="xqboard-replica-" + name, protocol=mqtt.MQTTv5)
        c.reconnect_delay_set(0.1, 1)
        c.on_connect = self._on_connect
        c.on_message = self._on_message
        if account is not None:
            account.apply(c)
        self.client = c
        self._address = (host, port)
        self.ready = threading.Event()  # set once the replica holds what the head said at its start

    def start(self):
        self.client.connect_async(*self._address, keepalive=5)
        self.client.loop_start()
        return self

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        if not reason_code.is_failure:
            client.subscribe([(EVENTS, 1), (HEAD, 1), (LISTS, 1), (replay_topic(self.name), 1)])

    def lists(self):
        """The primary's players, standings and pairings (None: none yet)."""
        return self.published

    def _on_message(self, client, userdata, message):
        if message.topic == LISTS:
            try:
                self.published = decode_lists(message.payload)
            except Malformed:
                self.malformed += 1  # the last good lists stay
            return
        try:
            if message.topic == HEAD:
                token, cursor = decode_head(message.payload)
                rows = []
            else:
                token, rows = decode_rows(message.payload)
                cursor = rows[-1][0] if rows else 0
        except Malformed:
            self.malformed += 1  # dropped, counted
            return
        with self.lock:
            if token != self.token:
                self.token, self.at, self.waiting = token, 0, {}  # (the hub keeps what it has, by key)
                self.asked_at = -1e9
            self.head = max(self.head, cursor)
            self._take(rows)
            if self.at < self.head:
                self._ask()
            elif self.head:
                self.ready.set()

    def _take(self, rows):
        for row in rows:
            if row[0] > self.at:
                self.waiting[row[0]] = row
        while self.at + 1 in self.waiting:
            cursor, board, device, game, seq, line = self.waiting.pop(self.at + 1)
            self.hub.push(board, device, game, seq, line)  # read with the board's schema; a key twice is dropped
            self.at = cursor

    def _ask(self):
        now = time.monotonic()
        if now - self.asked_at >= ASK_AGAIN:
            self.asked_at = now
            self.client.publish(request_topic(self.name), '{"since": %d}' % self.at, qos=1)
