"""The desk's commands down the broker, without a broker: what the
logger's door (hall/door.py) and the broadcast's desk (hall/desk.py) do
with each message, the hostile ones first (docs/HALL.md, "The arbiter's
desk"). The whole path through Mosquitto and Chromium: test_desk.py."""
import json
import random

import pytest

from xqboard.boardlink import BoardLink
from xqboard.hall.desk import Desk, with_by
from xqboard.hall.door import Door
from xqboard.hall.envelope import answer_topic, command_topic, presence_topic
from xqboard.hall.trust import Keys
from xqboard.hall.wire import Malformed, decode

from .fuzzing import _mutate

from link.frame import framed  # noqa: E402  (firmware/, on the path once xqboard.boardlink is imported)

CMD = command_topic("pc1")
ANS = answer_topic("pc1")
GREETING = b"H proto=2 fw=0.1.0 id=b1 nonce=7 game=1 seq=0 phase=idle*b86c3759\n"


class FakePublisher:
    def __init__(self):
        self.inbox, self.answers = [], []

    def take_commands(self):
        out, self.inbox = self.inbox, []
        return out

    def publish_answer(self, text):
        self.answers.append(json.loads(text))


class FakeSession:
    def __init__(self):
        self.link = BoardLink()
        self.link.feed(GREETING)
        self.link.synced, self.link.board_id, self.link.game_no = True, "b1", 1
        self.connected, self.connects, self.sent = True, 1, []

    def send(self, frame):
        self.sent.append(frame)
        return True


class FakeBoard:
    def __init__(self):
        self.session = FakeSession()


class FakeLogger:
    def __init__(self):
        self.board = FakeBoard()

    def board_of(self, device):
        return self.board if device == "b1" else None


def ask(req="r1", words=("adjust", "red", "60000")):
    return CMD, json.dumps({"step": "ask", "req": req, "device": "b1", "words": list(words)}).encode()


def test_the_door_gives_one_ticket_per_request_and_the_same_answer_to_a_retry():
    pub, logger = FakePublisher(), FakeLogger()
    door = Door(pub)
    link = logger.board.session.link
    link.command(["status"], sign=False)  # the console's allocator is the same one
    pub.inbox = [ask(), ask()]
    door.step(logger)
    assert [a["step"] for a in pub.answers] == ["ticket", "ticket"]
    t = pub.answers[0]
    assert pub.answers[1] == t and t["cid"] == 2 and t["nonce"] == "7" and t["payload"] == "C 2 adjust red 60000"
    sign = {"step": "sign", "req": "r1", "device": "b1", "cid": 2, "mac": "0123456789abcdef"}
    pub.inbox = [(CMD, json.dumps(sign).encode())] * 2
    door.step(logger)
    assert len(logger.board.session.sent) == 1  # signed twice, sent once
    assert logger.board.session.sent[0].startswith(b"C 2 adjust red 60000 mac=0123456789abcdef")
    link.feed(framed("A 2 ok"))
    door.step(logger)
    assert pub.answers[-1] == {"step": "reply", "req": "r1", "device": "b1", "cid": 2, "reply": ["ok"], "game": 1}
    pub.inbox = [ask(), (CMD, json.dumps(sign).encode())]
    door.step(logger)
    assert pub.answers[-2:] == [pub.answers[-3]] * 2 and len(logger.board.session.sent) == 1
    assert link.reserve() == 3  # the next id, the console's or the desk's


def test_the_door_drops_and_counts_what_is_no_command_never_raising():
    pub, logger = FakePublisher(), FakeLogger()
    door = Door(pub)
    rng = random.Random(27)
    good = [ask()[1], json.dumps({"step": "sign", "req": "r1", "device": "b1", "cid": 1,
                                  "mac": "0123456789abcdef"}).encode()]
    hostile = [(CMD, b"\xff"), (CMD, b"[]"), (CMD, json.dumps({"step": "ask", "req": "r", "device": "b1",
                                                                 "words": ["since", "1"]}).encode()),
               (CMD, json.dumps({"step": "ask", "req": "r", "device": "b1", "words": ["a b"]}).encode()),
               (CMD, json.dumps({"step": "sign", "req": "nope", "device": "b1", "cid": 9,
                                 "mac": "0123456789abcdef"}).encode())]
    hostile += [(CMD, _mutate(rng, rng.choice(good))) for _ in range(500)]
    pub.inbox = hostile
    door.step(logger)
    assert sum(door.dropped.values()) >= 5
    assert all(a["step"] in ("ticket", "reply") for a in pub.answers)
    assert not any(f.startswith(b"C 9 ") for f in logger.board.session.sent)


def test_the_wire_refuses_every_malformed_desk_message():
    for topic, payload in [(CMD, b'{"step":"ask","req":"r","device":"b1","words":[]}'),
                           (CMD, b'{"step":"sign","req":"r","device":"b1","cid":1,"mac":"XYZ"}'),
                           (CMD, b'{"step":"burn","req":"r","device":"b1"}'),
                           (ANS, b'{"step":"ticket","req":"r","device":"b1","cid":3,"nonce":"7","payload":"C 4 x"}'),
                           (ANS, b'{"step":"reply","req":"r","device":"b1","cid":3,"reply":"ok"}'),
                           (presence_topic("pc1"), b'{"up":"yes"}')]:
        with pytest.raises(Malformed):
            decode(topic, payload)
    rng = random.Random(7)
    for _ in range(2000):
        try:
            decode(rng.choice([CMD, ANS]), _mutate(rng, ask()[1]))
        except Malformed:
            pass


def test_the_desk_signs_only_tickets_for_its_own_words_and_records_each_command():
    published, recorded = [], []
    desk = Desk(Keys({"b1": b"k"}), lambda device: "pc1", lambda t, m: published.append((t, json.loads(m))),
                record=lambda *row: recorded.append(row))
    done = []
    req = desk.send("b1", ["annul"], by="王 裁判", on_done=done.append)
    desk.step()
    assert published[-1][1]["words"] == ["annul", "by=王_裁判"]  # the overrule names the arbiter (21.5)
    base = {"req": req, "device": "b1", "logger": "pc1", "cid": 5, "nonce": "7"}
    desk.take(dict(base, step="ticket", payload="C 5 confirm"))  # a ticket for other words: no signature
    desk.take(dict(base, req="someone-else", step="ticket", payload="C 5 annul by=王_裁判"))
    assert len(published) == 1 and sum(desk.dropped.values()) == 2
    desk.take(dict(base, step="ticket", payload="C 5 annul by=王_裁判"))
    assert published[-1][1]["step"] == "sign" and len(published[-1][1]["mac"]) == 16
    desk.take({"step": "reply", "req": req, "device": "b1", "logger": "pc1", "cid": 5, "reply": ["ok"], "game": 2})
    assert done[0].reply == ["ok"] and recorded[0][1:7] == ("王 裁判", "b1", 2, 5, "annul by=王_裁判", "ok")
    assert with_by(["adjust", "red", "1000"], "Li") == ["adjust", "red", "1000"]  # ADJUST names no arbiter


def test_a_board_without_a_key_or_a_logger_is_refused_at_the_desk():
    desk = Desk(Keys({}), lambda device: "pc1" if device == "b1" else None, lambda t, m: None)
    done = []
    desk.send("b1", ["confirm"], by="Li", on_done=done.append)
    desk.send("b2", ["confirm"], by="Li", on_done=done.append)
    desk.step()
    assert [" ".join(p.reply[:3]) for p in done] == ["refused no key", "refused no logger"]
