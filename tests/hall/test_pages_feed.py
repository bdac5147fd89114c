"""The pages' /feed (every board event once, in the order the hall took
them) and the subscribed client of the load run (hall/feedclient.py): a
late client gets every event from the first, a dropped one comes back with
its Last-Event-ID and misses nothing and gets nothing twice."""
import time

from xqboard.hall.feedclient import FeedClient
from xqboard.hall.hub import Hub
from xqboard.hall.web import Serving, make_app

from .test_pages_stream import board_lines, fed_hub, open_stream, read_event


def wait_for(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.02)
    return predicate()


def test_feed_gives_each_event_once_in_order_with_its_cursor():
    hub = fed_hub(boards=2, plies=3)
    with Serving(make_app(hub)) as url, open_stream(url, "/feed") as r:
        events = [read_event(r) for _ in range(hub.cursor)]
    assert [e["id"] for e in events] == ["%s:%d" % (hub.token, n) for n in range(1, hub.cursor + 1)]
    keys = [(e["data"]["device"], e["data"]["game"], e["data"]["seq"]) for e in events]
    assert keys == [(device, game, seq) for _, device, game, seq, _ in hub.taken]
    assert [e["data"]["line"] for e in events] == [line for *_, line in hub.taken]


def test_feed_resumes_after_the_last_id_and_from_the_first_with_another_hubs():
    hub = fed_hub(boards=1, plies=4)
    with Serving(make_app(hub)) as url:
        with open_stream(url, "/feed", last_id="%s:%d" % (hub.token, 3)) as r:
            assert read_event(r)["id"] == "%s:4" % hub.token
        with open_stream(url, "/feed", last_id="0ther:%d" % 3) as r:
            assert read_event(r)["id"] == "%s:1" % hub.token


def test_a_client_dropped_mid_game_resumes_with_no_gap_and_nothing_twice():
    hub = Hub()
    lines = {n: board_lines(n, 12) for n in (1, 2)}
    pushed = []

    def push(n, seq):
        hub.push(str(n), "d%d" % n, 1, seq, lines[n][seq - 1])
        pushed.append(("d%d" % n, 1, seq))

    for seq in range(1, 6):
        push(1, seq)
    with Serving(make_app(hub)) as url:
        client = FeedClient(url).start()
        try:
            assert wait_for(lambda: len(client.feed_arrived) == 5)
            client.drop()
            for seq in range(6, len(lines[1]) + 1):
                push(1, seq)
                push(2, seq - 5)
            assert wait_for(lambda: len(client.feed_arrived) == len(pushed))
            assert wait_for(lambda: len(client.stream_arrived) == len(pushed))
        finally:
            client.close()
    assert sorted(client.feed_arrived) == sorted(pushed)
    assert client.twice == 0 and client.out_of_order == 0 and client.cursor_gaps == 0
    assert client.feed.connects == 2 and client.stream_back == 0
