"""A logger's side of the broker: publishes its boards' events at QoS 1
through paho-mqtt, from its Outbox (docs/HALL.md).

    pub = Publisher("localhost", 1883, Outbox("games/hall-outbox.sqlite"), "pc1").start()
    pub.publish([envelope, ...])          # on disk first, then to the broker
    pub.publish_state(topic, text)        # retained: the board's state now
    pub.close()

Three threads meet here, and none waits for another while holding a lock
another needs: the logger's (publish), paho's network thread (callbacks:
they only set flags and queue what came), and the pump (every TICK: marks
what the broker acknowledged, sends the whole outbox again after a
reconnection, answers replay requests). Every paho publish() is made under
`self.lock`, so events go out in the order they were taken.
"""
import collections
import json
import queue
import threading
import time

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from .envelope import answer_topic, command_topic, presence_topic, replay_topic
from .wire import Malformed, decode

TICK = 0.05  # s between two rounds of the pump
INFLIGHT = 200  # QoS 1 messages on the wire before PUBACKs (paho queues the rest, in order)


def broker_address(text, default_port=1883):
    """('host', port) from `HOST[:PORT]` (ValueError if PORT is no number)."""
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    return host or "127.0.0.1", int(port) if port else default_port


class Publisher:
    def __init__(self, host, port, outbox, logger_id, keepalive=5, account=None):
        if account is not None and account.user != logger_id:
            # the broker's ACL lets an account publish under its own name only
            raise ValueError("logger %r with the account of %r: a logger publishes as its account" % (
                logger_id, account.user))
        self.outbox = outbox
        self.logger_id = logger_id
        self.lock = threading.Lock()
        self.connected = False
        self.connects = 0
        self.states = {}  # topic -> the last retained state sent (sent again on reconnection)
        self._mids = {}  # paho message id -> outbox number, for the PUBACKs
        self._acks = collections.deque()  # mids the broker acknowledged (from paho's thread)
        self._came_up = threading.Event()
        self._replays = queue.Queue()
        self._commands = queue.Queue()  # (topic, payload) of the desk's commands (hall/door.py)
        self._stop = threading.Event()
        self._pump = threading.Thread(target=self._run_pump, name="hall publisher", daemon=True)
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="xqboard-logger-%s" % logger_id,
                        protocol=mqtt.MQTTv5)
        c.max_inflight_messages_set(INFLIGHT)
        c.reconnect_delay_set(0.1, 1)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_publish = self._on_publish
        c.on_message = self._on_message
        if account is not None:
            account.apply(c)
        # the hall sees this logger gone when it goes without a word (its PC off, its network cut)
        c.will_set(presence_topic(logger_id), self._presence(False), qos=1, retain=True)
        self.client = c
        self._address = (host, port, keepalive)

    def start(self):
        host, port, keepalive = self._address
        self.client.connect_async(host, port, keepalive=keepalive)
        self.client.loop_start()
        self._pump.start()
        return self

    def close(self):
        self._stop.set()
        self._pump.join(2)
        if self.connected:  # gone, said (the will is for going without a word)
            self.client.publish(presence_topic(self.logger_id), self._presence(False), qos=1, retain=True)
        self.client.disconnect()
        self.client.loop_stop()

    # -- the logger's calls -------------------------------------------------------

    def publish(self, envelopes):
        """Puts events in the outbox (on disk), then, if the broker is
        there, on the wire; else they wait for the reconnection."""
        new = self.outbox.add(envelopes)
        with self.lock:
            if self.connected:
                for e in envelopes:
                    if e.key in new:
                        self._send(new[e.key], e.topic(), e.to_json())

    def publish_state(self, topic, text):
        with self.lock:
            self.states[topic] = text
            if self.connected:
                self.client.publish(topic, text, qos=1, retain=True)

    def publish_answer(self, text):
        """The logger's answer to the desk (hall/door.py): at QoS 1 if the
        broker is there; else lost, and the desk asks again."""
        with self.lock:
            if self.connected:
                self.client.publish(answer_topic(self.logger_id), text, qos=1)

    def take_commands(self):
        """The desk's messages that came: [(topic, payload)]."""
        out = []
        while True:
            try:
                out.append(self._commands.get_nowait())
            except queue.Empty:
                return out

    def _presence(self, up):
        return json.dumps({"logger": self.logger_id, "up": up, "at": time.time()})

    def wait_idle(self, timeout=10.0):
        """Waits until the broker acknowledged everything (tests, close)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (not self.connected or self.outbox.pending(limit=1)):
            time.sleep(0.05)
        return not self.outbox.pending(limit=1)

    # -- paho's network thread: flags and queues only ------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            return
        client.subscribe([(replay_topic(self.logger_id), 1), (command_topic(self.logger_id), 1)])
        self._came_up.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties):
        self.connected = False

    def _on_publish(self, client, userdata, mid, reason_code, properties):
        self._acks.append(mid)

    def _on_message(self, client, userdata, message):
        if message.topic == command_topic(self.logger_id):
            self._commands.put((message.topic, message.payload))
        else:
            self._replays.put(message.payload)

    # -- the pump -------------------------------------------------------------------

    def _run_pump(self):
        while not self._stop.wait(TICK):
            if self._came_up.is_set():
                self._came_up.clear()
                self._resend_all()
            self._take_acks()
            self._answer_replays()

    def _send(self, n, topic, payload):
        info = self.client.publish(topic, payload, qos=1)
        self._mids[info.mid] = n

    def _resend_all(self):
        """After a (re)connection: every event the broker has not
        acknowledged, oldest first, then the retained states. (States
        first would tell the broadcast of a seq whose event is still on
        its way: a gap, and a replay request for nothing lost.)"""
        with self.lock:
            self.connected = True
            self.connects += 1
            self._mids.clear()  # acks of sends before the cut: their events are sent again below
            for n, topic, payload in self.outbox.pending():
                self._send(n, topic, payload)
            for topic, text in self.states.items():
                self.client.publish(topic, text, qos=1, retain=True)
            self.client.publish(presence_topic(self.logger_id), self._presence(True), qos=1, retain=True)

    def _take_acks(self):
        done = []
        with self.lock:
            while self._acks:
                n = self._mids.pop(self._acks.popleft(), None)
                if n is not None:
                    done.append(n)
        if done:
            self.outbox.mark_acked(done)

    def _answer_replays(self):
        while True:
            try:
                data = self._replays.get_nowait()
            except queue.Empty:
                return
            try:
                device, game, since = decode(replay_topic(self.logger_id), data)[1]
            except Malformed:
                continue  # not a request of this protocol: nothing to answer
            with self.lock:
                for topic, payload in self.outbox.since(device, game, since):
                    self.client.publish(topic, payload, qos=1)
