"""`xqboard broadcast`'s side of the broker: a subscriber with a persistent
session, so that what the loggers publish while it is away is kept by the
broker (Mosquitto runs with persistence) and delivered when it returns.

    sub = Subscriber("localhost", 1883, intake).start()
    while True:
        sub.step(0.1)     # store, deliver, acknowledge; ask the loggers for gaps

It connects with clean_start False and a session expiry (MQTT 5), and
acknowledges each message itself (paho's manual_ack) only once the Intake
has it in the store: a message the broker sent and this process lost before
storing it is sent again. Messages come through a queue from paho's
network thread; everything else runs on the caller's thread (the store's
SQLite connection lives there).
"""
import queue
import threading

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from .envelope import ANSWER_FILTER, EVENTS_FILTER, PRESENCE_FILTER, STATE_FILTER, replay_request, replay_topic
from .wire import Malformed, decode

SESSION_EXPIRY = 7 * 24 * 3600  # s: the broker keeps the session (and queues) this long while away
BATCH = 500  # messages stored in one transaction at most


class Subscriber:
    def __init__(self, host, port, intake, client_id="xqboard-broadcast", keepalive=5, account=None):
        self.intake = intake
        self.desk = None  # the arbiter's desk (hall/desk.py): its answers come here, it publishes through us
        self.inbox = queue.Queue()
        self.connected = threading.Event()
        # set once the broker has granted the subscriptions (its SUBACK):
        # a message published between the connection and that is not
        # routed to us (the loggers' gaps bring it back; a test waits)
        self.subscribed = threading.Event()
        self.connects = 0
        self.taken = 0  # messages handled (stored, noted or refused), each acknowledged
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5, manual_ack=True)
        c.reconnect_delay_set(0.1, 1)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_message = self._on_message
        c.on_subscribe = self._on_subscribe
        if account is not None:
            account.apply(c)  # (the broker names the session after the account: use_username_as_clientid)
        self.client = c
        self._address = (host, port, keepalive)

    def start(self):
        host, port, keepalive = self._address
        props = Properties(PacketTypes.CONNECT)
        props.SessionExpiryInterval = SESSION_EXPIRY
        self.client.connect_async(host, port, keepalive=keepalive, clean_start=False, properties=props)
        self.client.loop_start()
        return self

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            return
        client.subscribe([(EVENTS_FILTER, 1), (STATE_FILTER, 1), (ANSWER_FILTER, 1), (PRESENCE_FILTER, 1)])
        self.connects += 1
        self.connected.set()
        self.intake.broker(True)

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties):
        if not any(rc.is_failure for rc in reason_codes):
            self.subscribed.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties):
        self.connected.clear()
        self.subscribed.clear()
        self.intake.broker(False)  # every board's link unknown: the pages say the broker is unreachable

    def publish(self, topic, text):
        """The desk's commands (hall/desk.py), at QoS 1 (paho queues them while away)."""
        self.client.publish(topic, text, qos=1)

    def _on_message(self, client, userdata, message):
        self.inbox.put(message)

    def step(self, timeout=0.1):
        """Takes what came within `timeout`: events into the Intake (then
        acknowledged), states noted; asks the loggers for the gaps."""
        messages = self._collect(timeout)
        events, acks, answers = [], [], []
        for m in messages:
            try:
                kind, value = decode(m.topic, m.payload)  # the one bounded decoder (hall/wire.py)
            except Malformed as e:
                self.intake.refuse(m.topic, str(e))  # dropped, counted, logged; acknowledged below
                kind = None
            if kind == "events":
                events.append(value)
            elif kind == "state":
                self.intake.take_state(value)
            elif kind == "presence":
                self.intake.take_presence(value)
            elif kind == "answer":
                answers.append(value)  # after the events: a command's events reach the pages before its answer
            acks.append(m)
        self.taken += len(messages)
        delivered = self.intake.take(events) if events else []
        if self.desk is not None:
            for a in answers:
                self.desk.take(a)
            self.desk.step()
        for m in acks:
            if m.qos > 0:
                self.client.ack(m.mid, m.qos)
        for logger, device, game, since in self.intake.gaps():
            self.client.publish(replay_topic(logger), replay_request(device, game, since), qos=1)
        return delivered

    def _collect(self, timeout):
        out = []
        try:
            out.append(self.inbox.get(timeout=timeout))
            while len(out) < BATCH:
                out.append(self.inbox.get_nowait())
        except queue.Empty:
            pass
        return out
