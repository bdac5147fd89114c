"""Read-only replicas of the public pages (hall/publicfeed.py,
hall/replica.py): a replica started late holds the whole hall, follows it
in order, drops a malformed message (counted), and serves the same boards
as the primary; it writes nothing and its account reads only the public
topics (hall/hallinit.py)."""
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.publicfeed import EVENTS, PublicFeed
from xqboard.hall.replica import Replica
from xqboard.hall.hallinit import REPLICA_ACL, init

from .conftest import wait_for


def lines(boards=4, plies=10):
    games = masters.master_games()
    hall = {str(n): masters.game_lines(games[n], str(n), masters.think_of(n), plies=plies) for n in range(1, boards + 1)}
    return [(board, seq, line) for t, board, seq, line in masters.merged(hall)]


def states(hub):
    return [(b["board"], b["seq"], b["fen"], b["moves"]) for b in hub.since(None).boards]


def test_a_late_replica_holds_the_whole_hall_and_follows_it_in_order(broker):
    primary = Hub()
    events = lines()
    half = len(events) // 2
    feed = PublicFeed(primary, "127.0.0.1", broker.port).start()
    try:
        for board, seq, line in events[:half]:
            primary.push(board, "d" + board, 1, seq, line)
        wait_for(lambda: feed.sent == primary.cursor, 10, what="the first half published")
        replica = Replica(Hub(), "127.0.0.1", broker.port, name="r1").start()  # late: asks for what it missed
        try:
            assert replica.ready.wait(10)
            assert states(replica.hub) == states(primary)
            spoiler = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
            spoiler.connect("127.0.0.1", broker.port)
            spoiler.publish(EVENTS, '{"token": "x", "rows": [[1, "5"]]}', qos=1).wait_for_publish(5)
            spoiler.disconnect()
            for board, seq, line in events[half:]:
                primary.push(board, "d" + board, 1, seq, line)
            wait_for(lambda: replica.at == primary.cursor, 10, what="the replica caught up")
            assert states(replica.hub) == states(primary)
            assert replica.hub.cursor == primary.cursor  # every event once, in the primary's order
            assert replica.malformed == 1
        finally:
            replica.close()
    finally:
        feed.close()


def test_a_replicas_account_reads_the_public_hall_only(tmp_path):
    made = init(tmp_path / "hall", ["pc1"], tls=False, port=18830, replicas=["r1"])
    acl = made.acl.read_text(encoding="utf-8")
    assert REPLICA_ACL.format(root="xqboard", replica="r1") in acl
    assert "topic deny xqboard/log/r1/#" in acl and "topic write xqboard/public/#" in acl
    assert set(made.credentials) == {"pc1", "broadcast", "round", "public", "r1"}
