"""`xqboard round start EVENT.db ROUND --mqtt HOST[:PORT]`: the next round
started from the command line through the loggers that hold the boards,
as the desk's button does it (hall/deskround.py), so no port is opened
twice and no logger stops (docs/HALL.md, "The arbiter's desk").

    r = BrokerRound("hall-server", 8883, account, "event.db").start()
    r.boards(2, wait=5)          # {table: device} of round 2's tables, from the loggers' retained states
    r.new(2, by="round")         # each board its `new` (its pairing, numbers, time control, short name)
    r.ready(done, wait=600)      # until their set-ups are confirmed (the players, 20.1)
    r.clocks(2, by="round", boards=...)   # `start` to all of them together
    r.close()

It has an account of its own on the broker (`round`, written by `xqboard
hall init`, hall/hallinit.py: it reads the loggers' retained states,
presences and answers and writes their command topics; it reads no event
and publishes none): the broadcast's account is not shared. Its commands
are a Desk's (hall/desk.py): each signed with the board's key from the
event's key file, the logger's ticket giving the command id, the board's
answer back. Which board stands at which table, and which logger holds
it, comes from the retained state each logger keeps for each board
(hall/sink.py: `board`, `ready`, `logger`).
"""
import queue
import threading
import time

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from .deskround import DeskRound
from .desk import Desk
from .envelope import ANSWER_FILTER, PRESENCE_FILTER, STATE_FILTER
from .trust import Keys
from .wire import Malformed, decode


class BrokerRound:
    def __init__(self, host, port, account, tournament, client_id="xqboard-round", out=None):
        self.inbox = queue.Queue()
        self.states = {}  # device -> its retained state (the latest game's), decoded (hall/wire.py)
        self.up = {}  # logger -> its presence
        self.lock = threading.Lock()
        self.out = out or (lambda line: None)
        self.subscribed = threading.Event()
        self.desk = Desk(Keys.load(Keys.path_beside(tournament)), self.owner_of, self.publish,
                         record=self._record, name="round")
        self.starter = DeskRound(self.desk, tournament, self.devices)
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
        c.reconnect_delay_set(0.1, 1)
        c.on_connect = self._on_connect
        c.on_subscribe = lambda *a: self.subscribed.set()
        c.on_message = lambda client, userdata, m: self.inbox.put(m)
        if account is not None:
            account.apply(c)
        self.client = c
        self._address = (host, port)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)  # the desk's thread (hall/desk.py)

    def start(self, timeout=10.0):
        self.client.connect_async(*self._address, keepalive=5)
        self.client.loop_start()
        self._thread.start()
        if not self.subscribed.wait(timeout):
            self.close()
            raise ConnectionError("no answer from the broker at %s:%d within %.0f s (its address, the account)"
                                  % (self._address + (timeout,)))
        return self

    def close(self):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        self.client.disconnect()
        self.client.loop_stop()

    # -- what the loggers say -----------------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        if not reason_code.is_failure:
            client.subscribe([(STATE_FILTER, 1), (PRESENCE_FILTER, 1), (ANSWER_FILTER, 1)])

    def publish(self, topic, text):
        self.client.publish(topic, text, qos=1)

    def _run(self):
        while not self._stop.is_set():
            try:
                m = self.inbox.get(timeout=0.05)
            except queue.Empty:
                m = None
            if m is not None:
                self._take(m)
            self.desk.step()

    def _take(self, m):
        try:
            kind, value = decode(m.topic, m.payload)  # the one bounded decoder
        except Malformed:
            return
        if kind == "state":
            with self.lock:
                was = self.states.get(value["device"])
                if was is None or value["game"] >= was["game"]:
                    self.states[value["device"]] = value
        elif kind == "presence":
            with self.lock:
                self.up[value["logger"]] = value["up"]
        elif kind == "answer":
            self.desk.take(value)

    def owner_of(self, device):
        with self.lock:
            st = self.states.get(device)
        return None if st is None else st["logger"]

    def devices(self):
        """{table: device} of the boards the loggers hold, by the table
        their latest game was played at."""
        with self.lock:
            return {st["board"]: st["device"] for st in self.states.values() if st["board"]}

    def state(self, device):
        with self.lock:
            return self.states.get(device)

    def _record(self, at, by, device, game, cid, words, reply, answered):
        self.out("board %s: %s -> %s" % (device, words, reply))

    # -- the round ------------------------------------------------------------------

    def boards(self, rnd, wait=5.0, tables=None):
        """{table: device} of round `rnd`'s tables (of `tables` alone, a set
        of table numbers, given), once the retained state of each has come
        (`wait` s at most: a table no logger holds stays out, and `new`
        refuses it)."""
        tables = {str(g.board) for g in self.starter.games(rnd) if tables is None or g.board in tables}
        deadline = time.monotonic() + wait
        while not tables <= set(self.devices()) and time.monotonic() < deadline:
            time.sleep(0.02)
        return {t: d for t, d in self.devices().items() if t in tables}

    def new(self, rnd, by, tables=None):
        """Each board of round `rnd` (of `tables`) its `new`
        (hall/deskround.py); the answers, and {device: its game number
        before} of the boards that took it."""
        before = {d: (self.state(d) or {}).get("game", 0) for d in self.devices().values()}
        answer = self.starter.start(rnd, by, tables)
        took = {b["device"]: before.get(b["device"], 0) for b in answer["boards"] if b["reply"][:1] == ["ok"]}
        return answer, took

    def ready(self, took, wait, on_waiting=None):
        """Waits until every board of `took` ({device: game before}) is in
        its new game with its set-up confirmed; the devices still waiting
        after `wait` s ([] when all are ready)."""
        deadline = time.monotonic() + wait
        told = False
        while True:
            pending = [d for d, before in took.items() if not self._ready(d, before)]
            if not pending or time.monotonic() > deadline:
                return pending
            if on_waiting and not told:
                on_waiting(pending)
                told = True
            time.sleep(0.05)

    def _ready(self, device, before):
        st = self.state(device)
        return st is not None and st["game"] > before and st["ready"]

    def clocks(self, rnd, by, devices):
        """`start` (20.1) to those boards of round `rnd`, together."""
        return self.starter.clocks(rnd, by, devices=set(devices))
