"""The pipeline end to end through a real Mosquitto: replay boards (the
real link protocol) -> a logger with --mqtt's publisher -> the broker ->
the broadcast's subscriber -> store -> the Hub, each event once, in order."""
import json

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from xqboard.hall.envelope import Envelope
from xqboard.hall.intake import Intake
from xqboard.hall.outbox import Outbox
from xqboard.hall.publisher import Publisher
from xqboard.hall.sink import HallSink
from xqboard.hall.eventdb import Store
from xqboard.hall.subscriber import Subscriber

from .conftest import wait_for


def expected(hall):
    """{(device, game): [seq, ...]} of every event the boards sent."""
    return {(b.device, b.game_no - len(b.logs) + 1 + i): list(range(1, len(log) + 1))
            for b in hall.boards for i, log in enumerate(b.logs)}


def lines_of(hall):
    return {(b.device, b.game_no - len(b.logs) + 1 + i, n + 1): p
            for b in hall.boards for i, log in enumerate(b.logs) for n, p in enumerate(log)}


def pipeline(tmp_path, broker, hub, logger_id="pc1"):
    store = Store(tmp_path / "hall.sqlite")
    intake = Intake(store, hub)
    sub = Subscriber("127.0.0.1", broker.port, intake).start()
    pub = Publisher("127.0.0.1", broker.port, Outbox(tmp_path / (logger_id + "-outbox.sqlite")), logger_id).start()
    return intake, sub, pub


def test_events_reach_the_hub_once_and_in_order(tmp_path, broker, hub, replay_hall, logger_thread):
    hall = replay_hall(3, plies=10).start()
    intake, sub, pub = pipeline(tmp_path, broker, hub)
    log = logger_thread([b.url for b in hall.boards], tmp_path / "games", HallSink(pub, "pc1"))
    want = expected(hall)
    total = sum(len(v) for v in want.values())
    wait_for(lambda: intake.delivered >= total, 30, step=lambda: sub.step(0.05), what="every event")
    log.stop()
    assert hub.games() == want
    lines = lines_of(hall)
    assert all(line == lines[(device, game, seq)] for board, device, game, seq, line in hub.pushed)
    assert {board for board, *_ in hub.pushed} == {"1", "2", "3"}  # the pairing's board number
    # The topics: xqboard/log/<logger>/events; each board's state is retained on .../state/<device>.
    states = {}
    c = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    c.on_message = lambda cl, u, m: states.__setitem__(m.topic, json.loads(m.payload))
    c.connect("127.0.0.1", broker.port)
    c.subscribe("xqboard/log/+/state/+", qos=1)
    wait_for(lambda: len(states) == 3, 10, step=lambda: c.loop(0.05), what="the retained states")
    c.disconnect()
    s = states["xqboard/log/pc1/state/r1"]
    score = hall.boards[0].log[-1].split()[4]  # E n t CONFIRM <score> ...
    assert (s["device"], s["seq"], s["phase"], s["result"], s["confirmed"]) == (
        "r1", want[("r1", 1)][-1], "confirmed", score, True)
    assert s["logger"] == "pc1" and s["fen"]
    pub.close()
    sub.close()


def test_broker_restart_mid_game_loses_nothing(tmp_path, broker, hub, replay_hall, logger_thread):
    hall = replay_hall(4, plies=30, every=0.01).start()
    intake, sub, pub = pipeline(tmp_path, broker, hub)
    log = logger_thread([b.url for b in hall.boards], tmp_path / "games", HallSink(pub, "pc1"))
    want = expected(hall)
    total = sum(len(v) for v in want.values())
    wait_for(lambda: intake.delivered >= total // 4, 30, step=lambda: sub.step(0.05), what="a quarter")
    broker.restart(down=0.3)  # SIGTERM: the broker saves its sessions, then comes back
    wait_for(lambda: intake.delivered >= total // 2, 30, step=lambda: sub.step(0.05), what="half")
    # nothing was lost, so nothing was asked for again: the logger sends its
    # pending events before the retained states that tell their seq
    assert intake.replays_asked == []
    broker.restart(down=0.3, kill=True)  # SIGKILL: what it had not saved is lost; outbox and replays fill it
    wait_for(lambda: intake.delivered >= total, 60, step=lambda: sub.step(0.05), what="every event")
    log.stop()
    assert hub.games() == want
    assert pub.connects >= 3 and sub.connects >= 3
    assert pub.wait_idle(10)  # the outbox is empty: the broker acknowledged everything
    pub.close()
    sub.close()


def test_a_duplicate_redelivery_is_dropped(tmp_path, broker, hub):
    intake, sub, pub = pipeline(tmp_path, broker, hub)
    envs = [Envelope("d1", 1, n, "E %d %d SETUP ready" % (n, n), logger="pc1") for n in (1, 2)]
    raw = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    raw.connect("127.0.0.1", broker.port)
    raw.loop_start()
    for e in envs + envs[:1] + envs:  # what QoS 1 may do after a lost PUBACK
        raw.publish(e.topic(), e.to_json(), qos=1).wait_for_publish(5)
    raw.disconnect()
    raw.loop_stop()
    wait_for(lambda: intake.duplicates == 3, 10, step=lambda: sub.step(0.05), what="the duplicates")
    assert [r[3] for r in hub.pushed] == [1, 2]
    assert intake.store.count() == 2
    pub.close()
    sub.close()


def test_a_gap_is_replayed_by_the_owning_logger(tmp_path, broker, hub):
    """An event the broker acknowledged and then lost (a broker killed before
    it saved it): the broadcast sees seq jump, asks the logger that owns the
    board (xqboard/ctl/<logger>/replay), and the logger sends it again from
    its outbox."""
    intake, sub, pub = pipeline(tmp_path, broker, hub, logger_id="pc7")
    envs = [Envelope("g1", 3, n, "E %d %d SETUP ready" % (n, n), logger="pc7") for n in (1, 2, 3, 4)]
    wait_for(lambda: pub.connected and sub.subscribed.is_set(), 10, what="the connections")
    pub.publish(envs[:1])
    taken = pub.outbox.add(envs[1:3])  # taken, and as good as acknowledged, but never delivered
    pub.outbox.mark_acked(taken.values())
    pub.publish(envs[3:])
    wait_for(lambda: intake.delivered == 4, 10, step=lambda: sub.step(0.05), what="the replay")
    assert [r[3] for r in hub.pushed] == [1, 2, 3, 4]
    pub.close()
    sub.close()


def test_a_restarted_broadcast_resumes_its_session(tmp_path, broker, hub, replay_hall, logger_thread):
    """The broadcast away while boards play: the broker keeps its session's
    messages; back, it stores them after what it had (the Hub is loaded with
    the store first), nothing twice."""
    hall = replay_hall(2, plies=24, every=0.01).start()
    intake, sub, pub = pipeline(tmp_path, broker, hub)
    log = logger_thread([b.url for b in hall.boards], tmp_path / "games", HallSink(pub, "pc1"))
    want = expected(hall)
    total = sum(len(v) for v in want.values())
    wait_for(lambda: intake.delivered >= 10, 20, step=lambda: sub.step(0.05), what="a start")
    sub.close()
    intake.store.close()
    wait_for(lambda: hall.done, 30, what="the games' end")
    from .conftest import RecordingHub

    hub2 = RecordingHub()
    intake2 = Intake(Store(tmp_path / "hall.sqlite"), hub2)
    intake2.load()
    sub2 = Subscriber("127.0.0.1", broker.port, intake2).start()
    wait_for(lambda: len(hub2.loaded) + intake2.delivered >= total, 30, step=lambda: sub2.step(0.05),
             what="the rest")
    log.stop()
    seen = {}
    for board, device, game, seq, line in hub2.loaded + hub2.pushed:
        seen.setdefault((device, game), []).append(seq)
    assert seen == want
    pub.close()
    sub2.close()
