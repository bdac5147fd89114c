"""The arbiter's two acts on the desk's quarantine list (issue 26 item 2;
docs/HALL.md, "Security"): ACCEPT a game of a board without a key (its
events count from then on, its result goes into the tournament file,
recorded with the arbiter's name and what it replaced: the arbiter rules,
21.5), DISMISS a quarantined entry (kept on record as dismissed, never
counted). A quarantined event is never accepted: asked to, the desk says
why, and nothing moves. Over HTTP, against the intake of a broadcast fed
through `hall init`'s Mosquitto from pc1's own account, the store a real
SQLite file; the intake's acts run on the test's thread (the store's), as
`Broadcast.step` runs them."""
import concurrent.futures
import http.client
import json
import urllib.parse

from xqboard.hall.envelope import Envelope
from xqboard.hall.eventdb import Store
from xqboard.hall.hub import Hub
from xqboard.hall.intake import Intake
from xqboard.hall.quarantine import Quarantine
from xqboard.hall.replayboard import game_events
from xqboard.hall.results import Results
from xqboard.hall.trust import Keys
from xqboard.hall.web import Serving, make_app
from xqboard.tournament.event import Tournament

from game import events as ev  # noqa: E402

from .conftest import short_game, wait_for
from .test_arbiter_login import login
from .test_desk_quarantine import ARBITERS, SECRET, body, forged_game
from .test_hall_trust import KEY, envelopes, published_by_pc1
from .test_pipe_results import result_at, tournament

POOL = concurrent.futures.ThreadPoolExecutor(2)


def post_json(url, path, doc, cookie=None):
    """(status, the answer decoded) of a POST of `doc` as JSON."""
    u = urllib.parse.urlsplit(url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    c.request("POST", path, body=json.dumps(doc), headers=headers)
    r = c.getresponse()
    text = r.read().decode("utf-8")
    c.close()
    return r.status, (json.loads(text) if r.headers.get("content-type", "").startswith("application/json") else text)


def act(intake, url, path, doc, cookie):
    """The desk's POST, answered once the intake's thread (this one) ran it."""
    answer = POOL.submit(post_json, url, path, doc, cookie)
    wait_for(answer.done, 60, step=lambda: intake.settle(0.05), what="the desk's answer to %s" % path)
    print("%s %s -> %s" % (path, json.dumps(doc), answer.result()))
    return answer.result()


def listing(url, cookie):
    status, text = body(url, "/arbiter/quarantine", cookie)
    assert status == 200
    return json.loads(text)


def hostile_hall(tmp_path, hall):
    """A round through pc1's account: k1 (a key) plays board 1 and
    confirms, nokey (no key) plays board 2 and confirms, a forged game of
    k1 and a squat at one of nokey's keys come too."""
    path = tmp_path / "event.db"
    g, g2 = tournament(path)[:2]
    Keys.record(Keys.path_beside(path), "k1", KEY)
    real = envelopes("k1", game_events(short_game(0, 6), "City Cup", 1, g.board, g.red_no, g.black_no, key=KEY,
                                       device="k1"), board=str(g.board))
    lines = game_events(short_game(1, 4), "City Cup", 1, g2.board, g2.red_no, g2.black_no)
    unkeyed = envelopes("nokey", lines, board=str(g2.board))
    # someone else's event at nokey's key (1, 5), after the board's own (no key: anyone's texts pass its check)
    squat = Envelope("nokey", 1, 5, lines[4].replace("MOVE 1 ", "MOVE 9 "), board=str(g2.board), logger="pc1")
    assert squat.line != lines[4]
    intake = published_by_pc1(hall, path, Hub(), real + forged_game(g) + unkeyed + [squat])
    return path, g, g2, intake, ev.decode(lines[-1])[3][0]


def test_21_5_the_arbiter_accepts_an_unverified_game_and_its_result_is_written_with_her_name(tmp_path, hall):
    path, g, g2, intake, score = hostile_hall(tmp_path, hall)
    keyed_before = result_at(path, g.board)
    assert result_at(path, g2.board)[0] is None  # unverified: written nowhere
    q = Quarantine(tmp_path / "hall.sqlite", intake=intake)
    with Serving(make_app(intake.hub, ARBITERS, tournament=str(path), quarantine=q)) as url:
        assert post_json(url, "/arbiter/accept", {"flag": 1})[0] == 401  # the arbiter's alone
        assert post_json(url, "/arbiter/dismiss", {"id": 1})[0] == 401
        cookie, _ = login(url, secret=SECRET)
        assert post_json(url, "/arbiter/accept", {"flag": "1; drop table"}, cookie)[0] == 400
        (u,) = listing(url, cookie)["unverified"]
        assert u["accepted"] is None

        # refused while a quarantine entry of the game stands: someone else published at its keys
        status, a = act(intake, url, "/arbiter/accept", {"flag": u["flag"]}, cookie)
        assert status == 409 and not a["ok"]
        assert "board nokey game 1 has 1 quarantine entry (events 5)" in a["reply"][0], a
        assert result_at(path, g2.board)[0] is None
        (squat,) = [r for r in listing(url, cookie)["quarantined"] if r["device"] == "nokey"]
        status, a = act(intake, url, "/arbiter/dismiss", {"id": squat["id"]}, cookie)
        assert status == 200 and a["ok"] and a["reply"][0].startswith("dismissed by chief: quarantine entry")

        status, a = act(intake, url, "/arbiter/accept", {"flag": u["flag"]}, cookie)
        assert status == 200 and a["ok"], a
        source = "board nokey game 1 (unverified, accepted by chief)"
        assert a["replaced"] == "none replaced by %s (%s)" % (score, source)
        assert "accepted by chief: board nokey game 1 (round 1 board %d), its 14 events count" % g2.board \
            in a["reply"][0]
        assert result_at(path, g2.board)[:2] == (score, source)  # its result, naming who accepted it
        assert result_at(path, g.board) == keyed_before  # the keyed board's, untouched
        (u,) = listing(url, cookie)["unverified"]
        assert (u["accepted"]["by"], u["accepted"]["replaced"]) == ("chief", a["replaced"]) and u["accepted"]["clock"]

        status, a = act(intake, url, "/arbiter/accept", {"flag": u["flag"]}, cookie)  # once
        assert status == 409 and "was accepted before, by chief" in a["reply"][0]
    # recorded: who, which game, what it replaced
    acts = [(by, device, game, words, reply) for at, by, device, game, cid, words, reply in intake.store.commands()]
    assert [(by, device, game, words) for by, device, game, words, reply in acts] == [
        ("chief", "nokey", 1, "dismiss quarantine entry %d" % squat["id"]),
        ("chief", "nokey", 1, "accept unverified game (21.5)")]
    assert "none replaced by %s" % score in acts[1][4]


def test_a_quarantined_event_is_never_accepted_and_a_dismissed_one_stays_on_record(tmp_path, hall):
    path, g, g2, intake, score = hostile_hall(tmp_path, hall)
    keyed_before = result_at(path, g.board)
    q = Quarantine(tmp_path / "hall.sqlite", intake=intake)
    with Serving(make_app(intake.hub, ARBITERS, tournament=str(path), quarantine=q)) as url:
        cookie, _ = login(url, secret=SECRET)
        before = listing(url, cookie)
        (forged,) = [r for r in before["quarantined"] if r["device"] == "k1"]  # the forged GAME: a failed MAC
        status, a = act(intake, url, "/arbiter/accept", {"id": forged["id"]}, cookie)
        assert status == 409 and not a["ok"]
        why = a["reply"][0]
        assert why.startswith("refused: quarantine entry %d (board k1 game 2 event 1) failed its check: event 1: "
                              "a board with a key MACs its events" % forged["id"]), why
        assert "A quarantined event is never accepted" in why and "\n" not in why
        assert listing(url, cookie) == before  # nothing moved
        assert result_at(path, g.board) == keyed_before

        status, a = act(intake, url, "/arbiter/dismiss", {"id": forged["id"]}, cookie)
        assert status == 200 and a["ok"]
        after = listing(url, cookie)
        (row,) = [r for r in after["quarantined"] if r["id"] == forged["id"]]
        assert row["dismissed"]["by"] == "chief" and row["reason"] == forged["reason"]  # kept, with its reason
        assert after["counts"]["quarantined"] == before["counts"]["quarantined"]
        assert after["counts"]["dismissed"] == before["counts"]["dismissed"] + 1
        status, a = act(intake, url, "/arbiter/dismiss", {"id": forged["id"]}, cookie)
        assert status == 409 and "was dismissed before, by chief" in a["reply"][0]
        status, a = act(intake, url, "/arbiter/accept", {"id": forged["id"]}, cookie)  # dismissed: still never
        assert status == 409 and "never accepted" in a["reply"][0]
        status, a = act(intake, url, "/arbiter/dismiss", {"id": 10 ** 6}, cookie)
        assert status == 409 and "no quarantine entry 1000000" in a["reply"][0]
    # never counted: the keyed board's game is the board's own, its result the board's
    assert result_at(path, g.board) == keyed_before
    assert intake.store.head("k1", 2) == 0
    assert [e.seq for e in intake.store.events_of("k1", 1)] == list(range(1, 19))


def test_21_5_a_game_accepted_while_it_is_played_writes_its_result_when_it_is_confirmed(tmp_path):
    # the store a real SQLite file, events taken straight (no broker: the acts are the intake's alike)
    path = tmp_path / "event.db"
    g = tournament(path)[0]
    store = Store(tmp_path / "hall.sqlite")
    intake = Intake(store, Hub(), keys=Keys.load(Keys.path_beside(path)))
    intake.results = Results(str(path), intake.flag)
    lines = game_events(short_game(2, 6), "City Cup", 1, g.board, g.red_no, g.black_no)
    envs = envelopes("nokey", lines, board=str(g.board))
    intake.take(envs[:-2])  # no RESULT, no CONFIRM yet
    (fid,) = [row[0] for row in store.db.execute("select id from flags where what = 'unverified'")]
    a = intake.accept_flagged(fid, "deputy")
    assert a["ok"] and a["replaced"] == "none, unchanged (no CONFIRM yet: written when it comes)", a
    assert intake.accept("k9", 1, "deputy")["reply"][0] == "refused: the hall holds no event of board k9 game 1"
    intake.take(envs[-2:])
    score = ev.decode(lines[-1])[3][0]
    assert result_at(path, g.board)[:2] == (score, "board nokey game 1 (unverified, accepted by deputy)")
    store.close()

    # after a restart the acceptance holds: an amendment from the board (an OVERRULE after CONFIRM) is its own
    store = Store(tmp_path / "hall.sqlite")
    intake = Intake(store, Hub(), keys=Keys.load(Keys.path_beside(path)))
    intake.results = Results(str(path), intake.flag)
    intake.load()
    other = "0-1" if score == "1-0" else "1-0"
    n = len(lines)
    overrule = ev.encode(n + 1, 99999, ev.OVERRULE, ("result", other, n, "deputy", "20.2", None, None))
    intake.take(envelopes("nokey", lines + [overrule], board=str(g.board))[-1:])
    assert result_at(path, g.board)[:2] == (other, "board nokey game 1 (unverified, accepted by deputy)")
    assert any(what == "overruled" for d, gm, s, what, note in store.flags())
    store.close()


def test_a_board_with_a_key_is_never_accepted(tmp_path):
    path = tmp_path / "event.db"
    g = tournament(path)[0]
    intake = Intake(Store(tmp_path / "hall.sqlite"), Hub(), keys=Keys({"k1": KEY}))
    intake.results = Results(str(path), intake.flag)
    intake.take(envelopes("k1", game_events(short_game(0, 4), "City Cup", 1, g.board, g.red_no, g.black_no, key=KEY,
                                            device="k1"), board=str(g.board)))
    a = intake.accept("k1", 1, "chief")
    assert not a["ok"] and "board k1 has a key: its events count as they verify" in a["reply"][0]
    assert intake.store.commands() == []


def test_21_5_an_accepted_game_replaces_no_result_entered_by_hand_the_conflict_is_said(tmp_path):
    # what the file holds from elsewhere stays (as a keyed board's result would): the answer names it,
    # the conflicts list offers "take the board's" (hall/conflicts.py)
    path = tmp_path / "event.db"
    g = tournament(path)[0]
    lines = game_events(short_game(3, 4), "City Cup", 1, g.board, g.red_no, g.black_no)
    score = ev.decode(lines[-1])[3][0]
    by_hand = "1/2-1/2" if score != "1/2-1/2" else "1-0"
    t = Tournament.open(str(path))
    t.set_result(1, g.board, by_hand, termination="4.2.1")
    t.db.close()
    intake = Intake(Store(tmp_path / "hall.sqlite"), Hub(), keys=Keys())
    intake.results = Results(str(path), intake.flag)
    intake.take(envelopes("nokey", lines, board=str(g.board)))
    a = intake.accept("nokey", 1, "chief")
    assert a["ok"] and a["replaced"] == "%s (hand), unchanged" % by_hand, a
    assert "; conflict: round 1 board %d holds %s (hand); the board's %s" % (g.board, by_hand, score) in a["reply"][0]
    assert result_at(path, g.board)[:2] == (by_hand, "hand")
