"""An intake that cannot be crashed (issue 26): malformed messages
(tests/hall/fuzzing.py: the kinds that took the hall down, and random
ones) published through the hall's real Mosquitto, from a logger's own
account, into a running broadcast, among the genuine events of three
boards. The broadcast stays up (restarted halfway, with malformed retained
states waiting for it), every genuine event is stored exactly once, every
malformed message is acknowledged, dropped and counted."""
import random
import time

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from xqboard.hall.access import Account
from xqboard.hall.broadcast import Broadcast
from xqboard.hall.envelope import Envelope, events_topic
from xqboard.hall.replayboard import game_events
from xqboard.hall.wire import Malformed, decode

from .conftest import short_game, wait_for
from .fuzzing import KINDS, payloads


def genuine(boards=3, plies=30):
    """{device: [envelope, ...]} of boards playing master games."""
    return {"g%d" % b: [Envelope("g%d" % b, 1, n + 1, line, board=str(b), logger="pc1", at=1.0)
                        for n, line in enumerate(game_events(short_game(b, plies), board=b))]
            for b in range(1, boards + 1)}


def fuzz(hall, tmp_path, n):
    games = genuine()
    real = [e for envs in games.values() for e in envs]
    rng = random.Random(n)
    messages = [(t, p, r) for t, p, r in payloads(n)]
    # the genuine events in their order, each at a random place among the malformed
    places = sorted(rng.sample(range(len(messages) + len(real)), len(real)))
    stream, it = [], iter(real)
    for i in range(len(messages) + len(real)):
        stream.append(("real", next(it)) if places and places[0] == i else ("fuzz", messages.pop(0)))
        if stream[-1][0] == "real":
            places.pop(0)
    pub = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    pub.max_inflight_messages_set(2000)
    Account.from_file(hall.credentials["pc1"]).apply(pub)
    pub.connect("127.0.0.1", hall.port)
    pub.loop_start()
    acct = Account.from_file(hall.credentials["broadcast"])
    db = tmp_path / "hall.sqlite"
    b = Broadcast(db, None, mqtt=("127.0.0.1", hall.port), account=acct)
    wait_for(lambda: b.subscriber.subscribed.is_set(), 10, what="the broadcast's subscriptions")
    taken, malformed, restarts = 0, {}, 0
    t0 = time.monotonic()
    for k, (what, m) in enumerate(stream):
        if what == "real":
            last = pub.publish(events_topic("pc1"), m.to_json(), qos=1)
        else:
            last = pub.publish(m[0], m[1], qos=1, retain=m[2])
        if k % 200 == 0:
            b.step(0.001)
        if k % 1000 == 999:
            last.wait_for_publish(60)  # (paho's queue is bounded: no more than a thousand on their way)
        if k == len(stream) // 2:  # the broadcast restarted: the malformed retained states wait for it
            taken += b.subscriber.taken
            _add(malformed, b.intake.malformed)
            b.close()
            restarts += 1
            b = Broadcast(db, None, mqtt=("127.0.0.1", hall.port), account=acct)
    last.wait_for_publish(300)  # (paho sends in order: the last one acknowledged, all are on the broker)
    want = {(e.device, e.game): [x.seq for x in games[e.device]] for e in real}
    wait_for(lambda: all(b.store.head(*key) == len(seqs) for key, seqs in want.items()), 120,
             step=lambda: b.step(0.05), what="every genuine event")
    wait_for(lambda: b.subscriber.taken + taken >= len(stream), 60, step=lambda: b.step(0.05),
             what="every message taken")
    took = time.monotonic() - t0
    stored = b.store.db.execute("select device, game, seq, line from events where device like 'g%'").fetchall()
    _add(malformed, b.intake.malformed)
    b.close()
    pub.disconnect()
    pub.loop_stop()
    assert sorted(stored) == sorted((e.device, e.game, e.seq, e.line) for e in real)  # each once, as sent
    print("\nfuzz: %d malformed or random messages and %d genuine events through Mosquitto in %.1f s "
          "(%.0f messages/s), the broadcast restarted %d time(s) and never down; genuine events stored "
          "exactly once: %d of %d; refused by reason: %s" % (
              n, len(real), took, len(stream) / took, restarts, len(stored), len(real),
              dict(sorted(malformed.items(), key=lambda kv: -kv[1]))))
    return malformed


def _add(total, counter):
    for k, v in counter.items():
        total[k] = total.get(k, 0) + v


def test_every_kind_is_refused_by_the_decoder_alone():
    for name, topic, payload in KINDS + [("an unknown topic", events_topic("pc1") + "/more", b"{}")]:
        with pytest.raises(Malformed):
            decode(topic, payload)


def refused(n):
    """How many of payloads(n) the decoder refuses by itself (a mutation
    may leave a decoy's envelope whole: stored, harmless)."""
    out = 0
    for topic, payload, retain in payloads(n):
        try:
            decode(topic, payload)
        except Malformed:
            out += 1
    return out


def test_the_intake_survives_2000_malformed_messages(hall, tmp_path):
    malformed = fuzz(hall, tmp_path, 2000)
    # each refused, counted (one taken again after the restart may count twice: never fewer)
    assert sum(malformed.values()) >= refused(2000) > 1700
    assert {"game", "seq", "line", "logger", "device", "no JSON"} <= set(malformed)


@pytest.mark.bench
def test_the_intake_survives_100000_malformed_messages(hall, tmp_path):
    malformed = fuzz(hall, tmp_path, 100000)
    assert sum(malformed.values()) >= refused(100000) > 90000
