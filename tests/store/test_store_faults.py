"""Faults that stay reconcilable (issue 26, item 5; docs/STORE.md, "A
damaged snapshot"): a snapshot that fails its check, its commit torn or a
byte of it flipped, is stepped over. The power-up falls back to the full
replay and the game in progress resumes exactly, in every attribute, as a
full replay of the undamaged journal gives it: never idle at seq 0, never
`POWER damaged first=1`.

The journal is a master game's (data/master-games.pgn), played on the
simulated board in-process (CPython) as tests/store/test_store_snapshot.py
does; its last snapshot is cut at every byte and flipped at every byte in
`make bench`, a sample of each in `make test`; the unix port's power-up
(heap capped) is checked on a torn and a flipped snapshot of the same game."""
import os

import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)

from link.frame import framed  # noqa: E402

from board.test_power import master_games
from test_store_snapshot import commits, differences, master, recovered, write_cut

PLIES = 48  # the game played: its journal holds several snapshots, and commits after the last


def a_game(tmp_path):
    """(journal bytes, [start, end) of its last snapshot's commit, the
    game of a full replay): a master game's first PLIES plies, a snapshot
    every 16 records, the mark pointing at the last."""
    store = str(tmp_path / "game")
    moves = max(master_games(), key=lambda g: len(g.split())).split()[:PLIES]
    r = master(moves, 16, store)
    r.power(False)
    path = os.path.join(store, "g00001.log")
    data = open(path, "rb").read()
    spans = [(start, end) for end, has_snap, start in commits(path) if has_snap]
    assert len(spans) >= 3 and spans[-1][1] < len(data)  # events after the last snapshot
    ref = str(tmp_path / "ref")
    write_cut(ref, data, spans[-1][0])  # the mark a pointer alone, as in the damaged copies
    want, _ = recovered(ref, False)
    return data, spans[-1], want


def resumed(tmp_path, data, snap, want, expect):
    """Powers up on `data` with the mark naming the snapshot at `snap`:
    the game must be `want` in every attribute, no event lost, and the
    file what `expect` is (the damaged bytes spliced out or cut off)."""
    store = str(tmp_path / "cut")
    write_cut(store, data, snap)
    got, _ = recovered(store, True)  # (asserts no event lost)
    assert not differences(got, want), differences(got, want)[:3]
    assert open(os.path.join(store, "g00001.log"), "rb").read() == expect
    return got


# The damage done to the last snapshot's commit, and at every how many
# bytes in make test (every byte in make bench).
SAMPLED = {"torn": 41, "flipped": 37}


@pytest.mark.parametrize("damage", sorted(SAMPLED))
def test_a_damaged_snapshot_falls_back_to_the_full_replay_sampled(tmp_path, damage):
    DAMAGE[damage](tmp_path, SAMPLED[damage])


@pytest.mark.bench
@pytest.mark.parametrize("damage", sorted(SAMPLED))
def test_a_damaged_snapshot_falls_back_to_the_full_replay_at_every_byte(tmp_path, damage):
    DAMAGE[damage](tmp_path, 1)


def check_cuts(tmp_path, every):
    # The power went while the snapshot's commit was written and the mark
    # names it all the same: the game as after the commit before it.
    data, (start, end), _ = a_game(tmp_path)
    write_cut(str(tmp_path / "ref"), data[:start], None)
    want, _ = recovered(str(tmp_path / "ref"), False)
    cuts = list(range(start + 1, end, every)) + [end - 1]
    for cut in cuts:
        resumed(tmp_path, data[:cut], start, want, data[:start])
    assert len(cuts) >= (end - start) // every


def check_flips(tmp_path, every):
    # One byte of the snapshot's commit flipped (its group frame, its
    # records' headers, json, CRCs, newlines): the full replay steps over
    # the snapshot, the events after it are applied, and the file is the
    # journal without the snapshot.
    data, (start, end), want = a_game(tmp_path)
    offsets = set(range(start, end, every)) | {start, start + 1, end - 1, end - 2}
    offsets |= {i for i in range(start, end) if data[i] == 10}
    for i in sorted(offsets):
        for bit in (1, 0x40):  # a low bit; and one that makes a newline of "J" (0x4a)
            bad = bytearray(data)
            bad[i] ^= bit
            resumed(tmp_path, bytes(bad), start, want, data[:start] + data[end:])


DAMAGE = {"torn": check_cuts, "flipped": check_flips}


def test_a_damaged_older_snapshot_is_stepped_over_too(tmp_path):
    # The mark names the last snapshot, whose CRC of the bytes before it
    # then fails: the full replay steps over the older one.
    data, _, want = a_game(tmp_path)
    path = str(tmp_path / "game" / "g00001.log")
    spans = [(start, end) for end, has_snap, start in commits(path) if has_snap]
    (a, b), (last, _) = spans[0], spans[-1]
    bad = bytearray(data)
    bad[(a + b) // 2] ^= 1
    got = resumed(tmp_path, bytes(bad), last, want, data[:a] + data[b:])
    assert got[0].seq == want[0].seq


def test_damage_in_an_event_after_the_snapshot_is_still_cut_and_reported(tmp_path):
    # Only a snapshot's bytes are stepped over: a flipped bit in an event
    # record still ends the reading there, its events reported lost.
    from boards.simrun import KEY as SIM_KEY
    from game.game import Game
    from link.auth import Keyed
    from store import recovery
    from store.journal import Journal

    data, (start, end), want = a_game(tmp_path)
    i = data.index(b"\nE ", end) + 8
    bad = bytearray(data)
    bad[i] ^= 1
    store = str(tmp_path / "cut")
    write_cut(store, bytes(bad), start)
    j = Journal(store)
    g = Game()
    g.keyed = Keyed(SIM_KEY, b"scenario")
    _, lost = recovery.replay(j, g, 0)
    j.close()
    assert lost >= 1 and g.seq > want[0].seq  # numbered on after the events lost


MP_SCRIPT = r"""
from boards.simrun import Runner
from store import recovery
STORE = %(store)r
seen = []
r = Runner(STORE, out=seen.append, board_id="flt")
r.app.journal.snap_every = 16
r.command(["new", "tc=150m+30s"])
r.setup()
r.command(["start"])
for m in %(moves)r:
    r.play(m, gap=20000)
before = (r.app.game.seq, r.app.game.position.fen())
r.power(False)
path = STORE + "/g00001.log"
spans = []
rd = recovery.Reader(path)
start = 0
for group in rd.commits():
    if group[0].startswith("K ") or (len(group) > 1 and group[1].startswith("K ")):
        spans.append((start, rd.good))
    start = rd.good
a, b = spans[-1]
rd = group = None
if %(torn)r:
    recovery.cut_tail(path, (a + b) // 2)  # (store/lines.py's copy, in place of the board's own cut)
    before = None
else:
    with open(path, "r+b") as f:
        f.seek((a + b) // 2)
        x = f.read(1)[0]
        f.seek((a + b) // 2)
        f.write(bytes([x ^ 1]))
with open(STORE + "/clock", "wb") as f:
    f.write(%(mark)r %% a)
seen.clear()
r.power(True)
print("FROM", r.app.journal.recovered_from)
print("BEFORE", before)
print("AFTER", (int([x for x in seen if x.startswith("E ")][0].split()[1]) - 1, r.app.game.position.fen()))
print("PHASE", r.app.game.phase, r.app.game.position.ply)
for x in seen:
    print("L", x)
"""


@pytest.mark.parametrize("torn", [False, True], ids=["flipped", "torn"])
def test_the_unix_port_resumes_the_game_from_a_damaged_snapshot(mp, tmp_path, torn):
    moves = max(master_games(), key=lambda g: len(g.split())).split()[:PLIES]
    out = mp.run(MP_SCRIPT % {"store": str(tmp_path / "j"), "moves": moves, "torn": torn,
                              "mark": framed("C 1 -1 0 0 %d")}, heap="256k")
    got = {x.split(" ", 1)[0]: x.split(" ", 1)[1] for x in out.splitlines() if not x.startswith("L ")}
    lines = [x[2:] for x in out.splitlines() if x.startswith("L ")]
    assert got["FROM"] == "0"  # the whole file read, not the snapshot
    assert not [x for x in lines if " damaged " in x], lines
    phase, ply = got["PHASE"].split()
    assert int(ply) >= (PLIES - 20 if torn else PLIES)  # not idle
    if not torn:
        assert got["AFTER"] == got["BEFORE"]  # the same game: numbered on from its last event, its position
    assert any(" POWER restored " in x for x in lines)
