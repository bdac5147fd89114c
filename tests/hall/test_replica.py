"""Read-only replicas of the public pages (hall/publicfeed.py,
hall/replica.py): a replica started late holds the whole hall, follows it
in order, drops a malformed message (counted), and serves the same boards
as the primary, and the same players, standings and pairings (as the
primary published them from its tournament file); it writes nothing and
its account, on `hall init --replica`'s Mosquitto, reads only the public
topics and its own answers and publishes nothing but its requests."""
import json
import urllib.error
import urllib.request

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from xqboard.hall import masters
from xqboard.hall.access import Account
from xqboard.hall.broker import Mosquitto, free_port, mosquitto_exe
from xqboard.hall.eventpages import ListsWatch
from xqboard.hall.hub import Hub
from xqboard.hall.publicfeed import EVENTS, HEAD, LISTS, PublicFeed, replay_topic, request_topic
from xqboard.hall.replica import Replica
from xqboard.hall.hallinit import REPLICA_ACL, init
from xqboard.hall.web import Serving, make_app
from xqboard.tournament.event import Tournament

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
            spoiler.loop_start()  # (the PUBACK read: without a loop, wait_for_publish waits its whole 5 s)
            spoiler.publish(EVENTS, '{"token": "x", "rows": [[1, "5"]]}', qos=1).wait_for_publish(5)
            close(spoiler)
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


@pytest.fixture
def replica_hall(tmp_path):
    """`hall init`'s Mosquitto (its accounts and ACL; no TLS, loopback) with
    replicas r1 and r2: its hallinit.Made, `account(name)` its Account."""
    if mosquitto_exe() is None:
        pytest.skip("mosquitto is not installed (system-packages.txt)")
    made = init(tmp_path / "hall", ["pc1"], tls=False, port=free_port(), replicas=["r1", "r2"])
    b = Mosquitto.of_hall(made).start()
    made.account = lambda name: Account.from_file(made.credentials[name])
    yield made
    b.stop()


def get_json(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, None


def test_a_replica_serves_the_primarys_standings_and_players_read_only(tmp_path, replica_hall):
    path = str(tmp_path / "event.db")
    ev = Tournament.create(path, "Cup", system="roundrobin", seed=1, tz="Asia/Shanghai")
    for name, club in (("王伟", "杭州"), ("王伟", "上海"), ("李强", "北京"), ("张三", "广州")):
        ev.add_player(name, club=club, rating=2000)
    ev.pair()
    ev.db.close()
    made = replica_hall
    feed = PublicFeed(Hub(), "127.0.0.1", made.port, account=made.account("public"), lists=ListsWatch(path)).start()
    replica = Replica(Hub(), "127.0.0.1", made.port, name="r1", account=made.account("r1")).start()
    routes = ("/event/standings.json", "/event/players.json", "/event/pairings.json", "/event/pairings.json?round=1")
    try:
        with Serving(make_app(Hub(), tournament=path)) as primary, \
                Serving(make_app(replica.hub, None, published=replica)) as url:
            def same():  # every list as the primary's own pages serve it from the file
                return all(get_json(url + r) == get_json(primary + r) for r in routes)

            wait_for(same, 20, what="the replica's lists, the primary's")
            status, players = get_json(url + "/event/players.json")
            assert status == 200 and {"王伟 (杭州)", "王伟 (上海)"} <= {p["name"] for p in players["players"]}  # told apart
            assert players["tz"] == "Asia/Shanghai"
            # round 1's results confirmed into the file (by the primary alone): the replica's standings follow
            ev = Tournament.open(path)
            for table in ev.pairings(1):
                ev.set_result(1, table.games[0]["board"], "1-0")
            ev.db.close()
            wait_for(lambda: get_json(url + "/event/standings.json")[1]["after"] == 1, 20,
                     what="round 1 on the replica's standings")
            assert get_json(url + "/event/standings.json")[1]["rows"][0]["score"] == "2"
            wait_for(same, 20, what="the replica's lists, the primary's")
            assert get_json(url + "/event/pairings.json?round=2")[0] == 404  # the last paired round only
            with urllib.request.urlopen(url + "/standings", timeout=30) as r:  # the page itself, as on the primary
                assert r.status == 200 and b"standings.js" in r.read()
            assert feed.lists_sent >= 2 and replica.malformed == 0  # (and once more for each state the file passed by)
    finally:
        replica.close()
        feed.close()


def connected(made, name, got=None, subscribe=()):
    """A paho client of account `name`, its CONNACK awaited; what it
    receives appended to `got` as (topic, payload)."""
    c = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    came = {}
    c.on_connect = lambda cl, u, f, rc, p: came.setdefault("rc", rc)
    if got is not None:
        c.on_message = lambda cl, u, m: got.append((m.topic, m.payload.decode()))
    made.account(name).apply(c)
    c.connect("127.0.0.1", made.port)
    c.loop_start()
    wait_for(lambda: "rc" in came, 10, what="the CONNACK of %s" % name)
    assert not came["rc"].is_failure, came["rc"]
    for topic in subscribe:
        c.subscribe(topic, qos=1)[1]
    return c


def published(c, topic, payload, retain=False):
    """Publishes at QoS 1 and waits for the broker's answer: past it, the
    broker has routed the message, or refused it (then it may also drop
    the connection: either way it reached no one)."""
    info = c.publish(topic, payload, qos=1, retain=retain)
    try:
        info.wait_for_publish(10)
    except (RuntimeError, ValueError):
        pass  # (the connection went: refused)


def close(*clients):
    for c in clients:
        c.disconnect()
        c.loop_stop()


def test_a_replicas_account_reads_only_the_public_topics_and_publishes_only_its_requests(replica_hall):
    made = replica_hall
    # what r1 reads: subscribed to everything, it gets the public hall and its own answers only
    got = []
    r1 = connected(made, "r1", got, subscribe=["xqboard/#"])
    wait_for(lambda: r1.is_connected(), 10)
    public, pc1, bc = connected(made, "public"), connected(made, "pc1"), connected(made, "broadcast")
    try:
        subscribed(r1, got, public)
        for c, topic in ((public, EVENTS), (public, LISTS), (public, replay_topic("r1")),
                         (public, replay_topic("r2")),  # another replica's answers
                         (pc1, "xqboard/log/pc1/events"), (pc1, "xqboard/log/pc1/state/b1"),  # the boards' topics
                         (bc, "xqboard/ctl/pc1/command"), (bc, "xqboard/ctl/r1/command"), (bc, "xqboard/ctl/r1/replay"),
                         (public, request_topic("r2"))):
            published(c, topic, "from %s" % topic)
        published(public, HEAD, "last")  # routed after all of the above (one broker, each acknowledged first)
        wait_for(lambda: (HEAD, "last") in got, 10, what="the last message")
        assert sorted({t for t, p in got}) == sorted({EVENTS, LISTS, replay_topic("r1"), HEAD})
    finally:
        close(r1, public, pc1, bc)
    # what r1 may publish: its requests, nothing else (each try on a connection of its own: a refusal may cost it)
    # (an account's client id is its name: one client each, the listeners send the last messages too)
    seen = {name: [] for name in ("r2", "broadcast", "pc1", "public")}
    listeners = {"r2": connected(made, "r2", seen["r2"], subscribe=["xqboard/#"]),
                 "broadcast": connected(made, "broadcast", seen["broadcast"], subscribe=["xqboard/log/#"]),
                 "pc1": connected(made, "pc1", seen["pc1"], subscribe=["xqboard/ctl/pc1/#"]),
                 "public": connected(made, "public", seen["public"], subscribe=["xqboard/ctl/public/+"])}
    try:
        subscribed(listeners["r2"], seen["r2"], listeners["public"])
        for topic in (EVENTS, HEAD, LISTS, replay_topic("r2"), "xqboard/log/r1/events", "xqboard/log/pc1/events",
                      "xqboard/ctl/pc1/command", "xqboard/ctl/pc1/replay", request_topic("r2")):
            c = connected(made, "r1")
            published(c, topic, "forged by r1", retain=True)
            close(c)
        c = connected(made, "r1")
        published(c, request_topic("r1"), '{"since": 0}')  # its own request: the one thing it may write
        close(c)
        # the last message of each listener, from an account that may write there
        for listener, (who, topic) in {"r2": ("public", HEAD), "broadcast": ("pc1", "xqboard/log/pc1/events"),
                                       "pc1": ("broadcast", "xqboard/ctl/pc1/command")}.items():
            published(listeners[who], topic, "last")
            wait_for(lambda: (topic, "last") in seen[listener], 10, what="%s's last message" % listener)
        wait_for(lambda: seen["public"], 10, what="r1's request")
        assert [p for t, p in seen["r2"] + seen["broadcast"] + seen["pc1"]] == ["last"] * 3
        assert seen["public"] == [(request_topic("r1"), '{"since": 0}')]
    finally:
        close(*listeners.values())


def subscribed(r1, got, public):
    """Waits until r1's subscription is in place (a probe on the public head
    arrived), then until every probe sent meanwhile has arrived too (a last
    one: one publisher's messages on one topic arrive in order), and
    empties `got`. (A probe published before the subscription took hold
    but routed after the check arrived late, after the clear, and was
    counted as a message r1 got: a fresh clone's run failed on it.)"""
    wait_for(lambda: _probed(public, got, "probe"), 20, what="the subscription")
    published(public, HEAD, "probes done")
    wait_for(lambda: (HEAD, "probes done") in got, 10, what="the last probe")
    got.clear()


def _probed(public, got, probe):
    published(public, HEAD, probe)
    return (HEAD, probe) in got
