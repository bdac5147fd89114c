"""After damage the board names the gap, sealed with its key (issue 26,
item 5; docs/PROTOCOL.md, "A gap the board names"): a flipped bit
mid-journal costs the board events first..last, and its `POWER damaged`
names them and the chain head it resumes from, sealed. The board's own
record (`since 1`: events up to first-1, then last+1 on) verifies with the
gap named; the host's copy, which holds the lost events, verifies its own
events up to the gap and the board's continuation from the named head;
`xqboard verify --key` says so, and `tournament import --key` takes the
honest game (art. 9). The board runs in the unix port, heap capped."""
import subprocess
import sys

import pytest

from xqboard.boardlink import BoardLink
from xqboard.logger.files import GameFiles
from xqboard.tournament.event import Tournament
from xqboard.tournament.pgn_import import import_records
from xqboard.verify import check_payloads, verify

from boards.simrun import KEY  # noqa: E402
from game import events as ev  # noqa: E402
from host.test_verify_forgeries import keyed_env  # noqa: E402

BOARD = "gap"

SCRIPT = r"""
from boards.simrun import Runner
STORE = %(store)r
seen = []
r = Runner(STORE, out=seen.append, board_id=%(board)r, raw=True)  # the frames as sent, chain words and all
r.command(["new", "tc=30m", "round=1", "board=1", "red=P02", "black=P01"])
r.setup()
r.command(["start"])
for m in "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7b3".split():
    r.play(m, gap=1500)
r.power(False)
path = STORE + "/g00001.log"
with open(path, "rb") as f:
    data = bytearray(f.read())
at = data.find(b"\nE %(hit)d ") + 8  # one flipped bit mid-journal
data[at] ^= 4
with open(path, "wb") as f:
    f.write(data)
data = None
r.power(True)
r.run_until(r.vt + 1000)
r.command(["resume"])
for m in "b0c2 a9a8".split():
    r.play(m, gap=1500)
r.command(["resign", "black"])
r.command(["confirm"])
for x in seen:
    print("L", x.decode()[:-1])
for x in r.app.events_since(1):
    print("B", x)
"""


@pytest.fixture(scope="module")
def damaged(tmp_path_factory):
    """(the host's events, the board's record) of a game whose journal
    lost events 12-16 to a flipped bit, then went on to Red's win,
    confirmed."""
    from xqboard import runtime

    tmp = tmp_path_factory.mktemp("gap")
    r = runtime.run(["-c", SCRIPT % {"store": str(tmp / "j"), "hit": 12, "board": BOARD}], heap="256k")
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    host = BoardLink()
    for x in lines:
        if x.startswith("L "):
            host.feed((x[2:] + "\n").encode())
    board = [x[2:] for x in lines if x.startswith("B ")]
    return [e.payload for e in host.events], board


def gap_of(payloads):
    return next(ev.decode(p)[3] for p in payloads if " POWER damaged " in p)


def write(folder, payloads):
    f = GameFiles(folder, BOARD, 1, date="2026.12.02")
    f.append(payloads)
    f.write_records()
    return folder / ("%s-g00001.events" % BOARD)


def test_9_the_board_seals_the_gap_it_names(damaged):
    host, board = damaged
    what, lost, first, last, head, seal = gap_of(host)
    assert what == "damaged" and first <= 12 <= last and lost == last - first + 1
    assert seal and len(head) == 16
    seqs = [ev.decode(p)[0] for p in board]
    assert seqs == list(range(1, first)) + list(range(last + 1, seqs[-1] + 1))  # the board's record: the gap
    assert [ev.decode(p)[0] for p in host] == list(range(1, seqs[-1] + 1))  # the host's copy: none


def test_9_the_boards_record_verifies_with_the_gap_named(damaged, tmp_path):
    _, board = damaged
    v = verify(write(tmp_path, board), KEY)
    assert v.ok and v.seal == "good", v.summary()
    what, lost, first, last, head, seal = gap_of(board)
    assert "events %d-%d lost on the board's flash" % (first, last) in v.summary()
    assert "the gap named" in v.summary() and "sealed with the key" in v.summary()


def test_9_the_hosts_copy_verifies_its_own_events_and_the_boards_continuation(damaged, tmp_path):
    host, _ = damaged
    path = write(tmp_path, host)
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "verify", str(path)],
                       capture_output=True, text=True, env=keyed_env(KEY))
    assert r.returncode == 0, r.stderr
    what, lost, first, last, head, seal = gap_of(host)
    assert "this copy holds events %d-%d of them, verified up to %d" % (first, last, last) in r.stdout
    assert "the board's continuation from event %d's head verified" % (first - 1) in r.stdout
    assert "CONFIRM sealed with the key" in r.stdout


def test_9_tournament_import_with_the_key_takes_the_honest_game(damaged, tmp_path):
    host, board = damaged
    for name, payloads in (("host", host), ("board", board)):
        event = Tournament.create(str(tmp_path / ("%s.db" % name)), "Gap", seed=1, system="roundrobin")
        for n in ("P01", "P02"):
            event.add_player(n, rating=2000)
        event.pair()
        g = event.game_at(1, 1)
        assert [event.by_id()[g[c]].name for c in ("red_player", "black_player")] == ["P02", "P01"]  # as the board's GAME has them
        write(tmp_path / name, payloads)
        rep = import_records(event, [str(tmp_path / name)], key=KEY)
        assert not rep.refused and event.game_at(1, 1)["result"] == "1-0", (name, rep.refused)


def rechained(events):
    """(seq, t, kind, fields) chained as anyone can (the plain head's
    words: no key needed), their numbers kept."""
    head = bytearray(32)
    return [ev.seal(head, kind, ev.encode(seq, t, kind, fields)) for seq, t, kind, fields in events]


def test_9_a_gap_cut_by_hand_or_its_seal_forged_fails_with_the_key(damaged):
    host, board = damaged
    # events cut out of the host's copy without the board's gap: missing
    assert "missing" in check_payloads(host[:5] + host[7:], KEY, BOARD, 1).reason
    # the board's record re-chained by someone without the key (the heads
    # are the same: the key makes only the words): the gap's seal taken
    # off, or made up, or the head it names changed
    events = [ev.decode(p) for p in board]
    assert check_payloads(rechained(events), KEY, BOARD, 1).ok  # (the re-chaining alone keeps the seals good)
    i = next(i for i, p in enumerate(board) if " POWER damaged " in p)
    seq, t, kind, fields = events[i]
    for forged, why in ((fields[:5] + (None,), "names a gap without the board's seal"),
                        (fields[:5] + ("0" * 32,), "its seal is not the key's"),
                        (fields[:4] + ("0" * 16, fields[5]), "resumes from head 0000000000000000, not event")):
        v = check_payloads(rechained(events[:i] + [(seq, t, kind, forged)] + events[i + 1:]), KEY, BOARD, 1)
        assert not v.ok and why in v.reason, v.reason
