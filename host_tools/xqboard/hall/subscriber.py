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

from .envelope import EVENTS_FILTER, STATE_FILTER, Envelope, replay_request, replay_topic

SESSION_EXPIRY = 7 * 24 * 3600  # s: the broker keeps the session (and queues) this long while away
BATCH = 500  # messages stored in one transaction at most


class Subscriber:
    def __init__(self, host, port, intake, client_id="xqboard-broadcast", keepalive=5):
        self.intake = intake
        self.inbox = queue.Queue()
        self.connected = threading.Event()
        self.connects = 0
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5, manual_ack=True)
        c.reconnect_delay_set(0.1, 1)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_message = self._on_message
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
        client.subscribe([(EVENTS_FILTER, 1), (STATE_FILTER, 1)])
        self.connects += 1
        self.connected.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties):
        self.connected.clear()

    def _on_message(self, client, userdata, message):
        self.inbox.put(message)

    def step(self, timeout=0.1):
        """Takes what came within `timeout`: events into the Intake (then
        acknowledged), states noted; asks the loggers for the gaps."""
        messages = self._collect(timeout)
        events, acks = [], []
        for m in messages:
            if m.topic.endswith("/events"):
                try:
                    events.append(Envelope.from_json(m.payload))
                except (ValueError, KeyError, TypeError):
                    pass  # not an envelope of this protocol: acknowledged and dropped
            elif m.topic.endswith("/state"):
                self.intake.take_state(m.payload)
            acks.append(m)
        delivered = self.intake.take(events) if events else []
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
