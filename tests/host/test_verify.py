"""`xqboard verify RECORD` (issue 14, item 7): an `.events` file or the PGN
the logger wrote beside it, checked against the events' hash chain and,
with the arbiter's key, the CONFIRM's seal (art. 9). Exit 0 verified, 1
not (the first bad event named), 2 no record."""
import os
import subprocess
import sys

import pytest

from xqboard.cli import main
from xqboard.keyfile import write_file
from xqboard.logger.files import GameFiles
from xqboard.verify import check_payloads, verify

from game import events as ev  # noqa: E402
from link.frame import framed  # noqa: E402
from store.recovery import split_record  # noqa: E402
from link.frame import unframed  # noqa: E402

from board.test_seal import KEY, T0, played  # noqa: E402
from xqboard.paths import REPO

KEY_HEX = KEY.hex()


def write_record(tmp_path, payloads):
    """The logger's files of a game: .events and the PGNs."""
    f = GameFiles(tmp_path, "b1", 1, date="2026.11.30", headers={"Site": "Hall 2"})
    f.append(payloads)
    f.write_records()
    return tmp_path / "b1-g00001.events"


def write_events(path, payloads):
    path.write_bytes(b"# xqboard log: board=b1 game=1 date=2026.11.30\n" + b"".join(framed(p) for p in payloads))
    return path


def rechain(payloads):
    # what someone without the key can do: the chain recomputed over edits
    head = bytearray(32)
    out = []
    for p in payloads:
        seq, t, kind, fields = ev.decode(p)
        out.append(ev.seal(head, kind, ev.encode(seq, t, kind, fields)))
    return out


def run(*args, key=None):
    """`xqboard verify ARGS`, the arbiter's key (hex) in $XQBOARD_KEY: never in argv (xqboard/keyfile.py)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XQBOARD_KEY")}
    if key:
        env["XQBOARD_KEY"] = key
    return subprocess.run([sys.executable, "-m", "xqboard.cli", "verify"] + [str(a) for a in args],
                          capture_output=True, text=True, env=env)


@pytest.fixture
def game():
    return played()[1]


def test_a_sealed_record_verifies_with_and_without_the_key_9(tmp_path, game):
    events = write_record(tmp_path, game)
    r = run(events)
    assert r.returncode == 0 and "chain intact" in r.stdout and "not checked" in r.stdout, r.stderr
    r = run(events, key=KEY_HEX)
    assert r.returncode == 0 and "sealed with the key" in r.stdout, r.stderr
    key_file = write_file(tmp_path / "arbiter.key", KEY)
    for pgn in ("iccs", "wxf", "chinese", "bare"):
        assert main(["verify", str(tmp_path / ("b1-g00001.%s.pgn" % pgn)), "--key-file", str(key_file)]) == 0, pgn


def test_an_edited_move_is_named(tmp_path, game):
    n = next(i for i, p in enumerate(game) if " MOVE 3 h0g2 " in p)
    edited = list(game)
    edited[n] = edited[n].replace("h0g2", "h0i2")  # the CRC written again: a careful hand
    r = run(write_events(tmp_path / "x.events", edited))
    seq = ev.seq_of(game[n])
    assert r.returncode == 1 and "event %d does not match its chain word" % seq in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_a_deleted_event_is_named(tmp_path, game):
    gone = game[:5] + game[6:]
    r = run(write_events(tmp_path / "d.events", gone))
    assert r.returncode == 1 and "event 6 missing" in r.stderr, r.stderr
    # deleted and the rest numbered again: the chain breaks at the first renumbered one
    renumbered = gone[:5] + [p.replace("E %d " % ev.seq_of(p), "E %d " % (ev.seq_of(p) - 1), 1) for p in gone[5:]]
    v = check_payloads(renumbered)
    assert not v.ok and v.bad_seq == 6 and "chain word" in v.reason


def test_a_reordered_pair_is_named(tmp_path, game):
    swapped = game[:4] + [game[5], game[4]] + game[6:]
    v = check_payloads(swapped)
    assert not v.ok and v.bad_seq == 5 and "missing" in v.reason
    # the pair swapped with their numbers kept in place: the chain breaks at the first
    texts = [p.split(" ", 3) for p in (game[4], game[5])]
    a = " ".join(texts[0][:3] + [texts[1][3]])
    b = " ".join(texts[1][:3] + [texts[0][3]])
    v = check_payloads(game[:4] + [a, b] + game[6:])
    assert not v.ok and v.bad_seq == 5, v.reason


def test_9_a_forged_confirm_fails_with_the_key(tmp_path, game):
    # Black resigned; someone rewrites the result for Black, chain and all,
    # but cannot make the seal without the arbiter's key.
    forged = [p.replace("RESULT 1-0", "RESULT 0-1").replace("CONFIRM 1-0", "CONFIRM 0-1") for p in game]
    forged = rechain(forged)
    events = write_events(tmp_path / "f.events", forged)
    assert run(events).returncode == 0  # the chain alone cannot tell: anyone can compute it
    r = run(events, key=KEY_HEX)
    confirm = ev.seq_of(forged[-1])
    assert r.returncode == 1 and "CONFIRM (event %d)" % confirm in r.stderr and "forged" in r.stderr, r.stderr
    # a seal made up for the CONFIRM
    seq, t, kind, fields = ev.decode(game[-1])
    made_up = rechain(game[:-1] + [ev.encode(seq, t, kind, fields[:-1] + ("0" * 32,))])
    assert run(write_events(tmp_path / "s.events", made_up), key=KEY_HEX).returncode == 1


def test_an_edited_pgn_fails_against_its_events(tmp_path, game):
    write_record(tmp_path, game)
    pgn = tmp_path / "b1-g00001.iccs.pgn"
    pgn.write_text(pgn.read_text(encoding="utf-8").replace('[Result "1-0"]', '[Result "0-1"]'), encoding="utf-8")
    r = run(pgn)
    assert r.returncode == 1 and "Result" in r.stderr, r.stderr
    alone = tmp_path / "alone.pgn"
    alone.write_text((tmp_path / "b1-g00001.wxf.pgn").read_text(encoding="utf-8"), encoding="utf-8")
    r = run(alone)
    assert r.returncode == 1 and "a PGN alone carries no chain" in r.stderr


def test_an_unsealed_record_from_before_the_chain_does_not_verify(tmp_path):
    # the events of a journal written by protocol-1 firmware
    lines = (REPO / "tests/board/data/proto1_g00001.log").read_bytes().splitlines()
    old = [e for e, _ in (split_record(unframed(line, 1024)) for line in lines) if e]
    v = verify(write_events(tmp_path / "old.events", old))
    assert not v.ok and "unsealed" in v.reason


def test_unusable_input_exit_2(tmp_path):
    assert run(tmp_path / "nothing.events").returncode == 2
    junk = tmp_path / "junk.events"
    junk.write_bytes(bytes(range(256)) * 4)
    r = run(junk)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    empty = tmp_path / "empty.events"
    empty.write_bytes(b"# xqboard log: board=b1 game=1\n")
    assert run(empty).returncode == 2


def test_9_events_after_the_seal_are_said(tmp_path):
    # the arbiter amends the confirmed result (art. 9): the amendment carries its own seal
    g, out = played()
    g.sink = lambda seq, t, kind, fields, snap, payload: kind and out.append(payload)
    g.command(T0 + 20000, ["result", "1/2-1/2", "4.2.1", "by=Li", "agreed"], True)
    v = check_payloads(out, KEY)
    assert v.ok and v.seal == "good" and v.seals == [13, 14], v.summary()
    assert "sealed: events 1-13 (the CONFIRM's seal), 14 (its own seal); not sealed: none" in v.summary()
