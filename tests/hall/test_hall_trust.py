"""Nothing counts until it verifies (issue 26): a compromised logger PC
publishing, from its own account on its own topic, a forged GAME ...
CONFIRM, a forged OVERRULE after the board's CONFIRM, and the board's
next (device, game, seq) before the board: nothing of it reaches the
tournament file or the pages, each shows in quarantine with its reason,
and the board's own events all count. (From no account, or another
logger's, the broker refuses them first: test_hall_access.py.)"""
import json

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from xqboard.hall.access import Account
from xqboard.hall.envelope import Envelope, events_topic
from xqboard.hall.intake import Intake
from xqboard.hall.replayboard import game_events
from xqboard.hall.results import Results
from xqboard.hall.eventdb import Store
from xqboard.hall.subscriber import Subscriber
from xqboard.hall.trust import Keys

from game import events as ev  # noqa: E402

from .conftest import short_game, wait_for
from .test_pipe_results import result_at, tournament

KEY = bytes.fromhex("6b31206b6579")


def envelopes(device, lines, game=1, board="1"):
    return [Envelope(device, game, n + 1, line, board=board, logger="pc1", at=1.0) for n, line in enumerate(lines)]


def chained(lines):
    # what a forger computes: the plain chain over his own texts (no key)
    head = bytearray(32)
    return [ev.seal(head, ev.decode(x)[2], x) for x in lines]


def published_by_pc1(hall, path, hub, envs):
    """The intake of a broadcast (the event's keys and results, a store
    beside the event file) once it took `envs`, published through the
    hall's broker from pc1's own account: a compromised logger PC."""
    intake = Intake(Store(path.parent / "hall.sqlite"), hub, keys=Keys.load(Keys.path_beside(path)))
    intake.results = Results(str(path), intake.flag)
    sub = Subscriber("127.0.0.1", hall.port, intake, account=Account.from_file(hall.credentials["broadcast"])).start()
    pc1 = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    Account.from_file(hall.credentials["pc1"]).apply(pc1)
    pc1.connect("127.0.0.1", hall.port)
    pc1.loop_start()
    wait_for(lambda: sub.subscribed.is_set(), 10, what="the broadcast's subscriptions")
    for e in envs:
        pc1.publish(events_topic("pc1"), e.to_json(), qos=1).wait_for_publish(5)
    wait_for(lambda: sub.taken >= len(envs), 20, step=lambda: sub.step(0.05), what="every message")
    sub.step(0.2)
    pc1.disconnect()
    pc1.loop_stop()
    sub.close()
    return intake


def test_a_compromised_logger_changes_nothing_and_its_forgeries_show_in_quarantine(tmp_path, hall, hub):
    path = tmp_path / "event.db"
    g = tournament(path)[0]
    Keys.record(Keys.path_beside(path), "k1", KEY)  # as round start records it
    lines = game_events(short_game(0, 8), "City Cup", 1, g.board, g.red_no, g.black_no, key=KEY, device="k1")
    real = envelopes("k1", lines, board=str(g.board))
    score = ev.decode(lines[-1])[3][0]
    other = "0-1" if score == "1-0" else "1-0"
    # forgeries: the whole game again as game 2, the result the other way
    # (chained as anyone can, without the key); the board's next seq
    # squatted; an OVERRULE of the confirmed result on the board's next seq
    fake_game = envelopes("k1", chained([x.replace("RESULT %s" % score, "RESULT %s" % other)
                                         .replace("CONFIRM %s" % score, "CONFIRM %s" % other)
                                         for x in game_events(short_game(0, 8), "City Cup", 1, g.board, g.red_no,
                                                              g.black_no)]),
                          game=2, board=str(g.board))
    squat = Envelope("k1", 1, 6, chained([ev.encode(6, 700, ev.RESULT, (other, "4.1.12", "resigned"))])[0],
                     board=str(g.board), logger="pc1")
    n = len(lines)
    overrule = Envelope("k1", 1, n + 1, ev.seal(bytearray(32), ev.OVERRULE, ev.encode(
        n + 1, 99999, ev.OVERRULE, ("result", other, n, "X", "9", "forged", None))), board=str(g.board), logger="pc1")

    intake = published_by_pc1(hall, path, hub, fake_game + real[:5] + [squat] + real[5:] + [overrule])

    # the board's own game, whole and only it: on the pages and in the tournament file
    assert [x[4] for x in hub.pushed] == lines
    assert result_at(path, g.board)[:2] == (score, "board k1 game 1")
    q = intake.store.quarantined()
    reasons = {(device, game, seq): why for device, game, seq, logger, line, why in q}
    assert not intake.malformed
    assert reasons[("k1", 2, 1)].startswith("event 1: a board with a key MACs its events")  # forged GAME
    assert ("k1", 1, 6) in reasons and ("k1", 1, n + 1) in reasons  # the squat, the overrule
    assert all(logger == "pc1" for *_, logger, line, why in q)
    assert intake.store.flags() == []
    print("\nquarantine: %s" % json.dumps([[d, gm, s, why] for d, gm, s, lg, ln, why in q], ensure_ascii=False))


def test_a_board_without_a_key_is_shown_unverified_and_written_nowhere(tmp_path, hub):
    path = tmp_path / "event.db"
    g = tournament(path)[0]
    lines = game_events(short_game(1, 6), "City Cup", 1, g.board, g.red_no, g.black_no)
    intake = Intake(Store(":memory:"), hub, keys=Keys())
    intake.results = Results(str(path), intake.flag)
    intake.take(envelopes("nokey", lines, board=str(g.board)))
    assert [x[4] for x in hub.pushed] == lines  # shown
    assert result_at(path, g.board)[0] is None  # written nowhere
    (flag,) = intake.store.flags()
    assert flag[3] == "unverified" and "no key" in flag[4]


def test_a_keyed_boards_game_presented_as_its_next_game_is_quarantined(hub):
    # The board's MAC binds its game's number (docs/PROTOCOL.md, "The
    # board's MAC"): its game 1, every byte as the board sent it, published
    # as its game 2 (a replay into the next game) counts nowhere, its GAME
    # quarantined with a one-line reason; as game 1 it all counts.
    lines = game_events(short_game(0, 4), "City Cup", 1, 1, key=KEY, device="k1", number=1)
    intake = Intake(Store(":memory:"), hub, keys=Keys({"k1": KEY}))
    intake.take(envelopes("k1", lines, game=2))
    assert hub.pushed == []
    reasons = {(d, gm, s): why for d, gm, s, lg, ln, why in intake.store.quarantined()}
    why = reasons[("k1", 2, 1)]
    assert "\n" not in why and "event 1: its chain word is not the board's MAC with the key for game 2" in why, why
    intake.take(envelopes("k1", lines, game=1))
    assert [x[4] for x in hub.pushed] == lines
