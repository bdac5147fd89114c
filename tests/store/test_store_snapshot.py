"""The snapshot record (docs/STORE.md, "Snapshots"): a power-up starts
from the last snapshot and applies only the records after it; the game it
gives must be the game a full replay of the journal gives, attribute for
attribute, or a decision is lost silently.

Every attribute of Game is compared, generically over its __dict__ (a field
added to Game next year is compared without editing this test), after a
recovery from the snapshot in force at each commit of the journal against a
full replay of the same records: at every ply of master games and of
scenarios with overrules, claims, fouls, offers, a repetition in its grace,
alerts, a touch duty, flags, quotas, lateness, a correction back past a
snapshot. The games are played on the simulated board in-process (CPython;
the unix port recovers from snapshots in test_power.py's power cuts)."""
import os
import shutil
from array import array

import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)

from boards.scenario import actions  # noqa: E402
from boards.simrun import KEY as SIM_KEY, Runner  # noqa: E402
from clock.clock import Clock  # noqa: E402
from game import game as game_module  # noqa: E402
from game.game import Game  # noqa: E402
from game.journaled import JOURNALED, NOT_JOURNALED  # noqa: E402
from link.frame import framed  # noqa: E402
from store import recovery, snapshot  # noqa: E402
from store.journal import Journal  # noqa: E402
from link.auth import Keyed  # noqa: E402
from ui.scene import Scene  # noqa: E402
from xq.pieces import RED  # noqa: E402
from xq.position import Position  # noqa: E402

from board import scenarios as sc
from board.test_power import master_games

NOW = 123456
MISSING = object()


# -- the games ------------------------------------------------------------------

def play_script(store, script, snap_every):
    """Plays a scenario script on the simulated board in this process;
    returns the Runner (its journal in `store`)."""
    r = Runner(store, out=lambda line: None)
    r.app.journal.snap_every = snap_every
    last = 0
    for t, action, args, _ in actions(script.splitlines()):
        r.run_until(t)
        last = t
        if action == "end":
            break
        r.do(action, args)
    r.run_until(last + 5000)
    return r


def cmd(r, *words):
    r.command(list(words))
    quiet_steps(r)


def quiet_steps(r, most=200):
    """Steps at the same instant while a snapshot is due (built a slice a
    quiet step: store/journal.py, snapshot_step), so that a command's
    commit gets its snapshot before the next command, as a move's does in
    the time after its press."""
    for _ in range(most):
        if not r.app.journal.snap_due:
            return
        r.step()


def snapshot_steps(j, most=200):
    """Journal.snapshot_step until no snapshot is due (or `most` steps:
    one that cannot begin stays due)."""
    for _ in range(most):
        if not j.snapshot_step():
            return


def master(moves, snap_every, store):
    r = Runner(store, out=lambda line: None)
    r.app.journal.snap_every = snap_every
    cmd(r, "new", "tc=150m+30s")
    r.setup()
    cmd(r, "start")
    for m in moves:
        r.play(m, gap=20000)
    return r


def arbiter_game(store, snap_every):
    """Claims, fouls, offers, overrules (annul, foul, unfoul, result),
    pause, adjust, penalty, a correction back past snapshots by an odd
    number of plies (the clock handed back), confirmation and its
    amendment."""
    r = Runner(store, out=lambda line: None)
    r.app.journal.snap_every = snap_every
    cmd(r, "new", "tc=30m", "red=Lü_Qin", "black=Xu_Yinchuan")
    r.setup()
    cmd(r, "start")
    cmd(r, "claim", "red", "natural")  # false: 8.1.4 foul, 22.2 penalty
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"]:
        r.play(m)
    cmd(r, "offer", "red")
    r.play("i0h0")
    cmd(r, "offer", "red")  # two ahead: 8.1.3
    r.play("b9c7")
    cmd(r, "foul", "black", "8.1.2", "by=arb")
    seq = r.app.game.foul_log[0][0]
    cmd(r, "unfoul", str(seq), "by=arb")
    cmd(r, "pause")
    cmd(r, "adjust", "red", "600000")
    cmd(r, "resume")
    cmd(r, "penalty", "black", "30000")
    r.play("b2b6")
    start = Position().fen().replace(" ", "_")
    cmd(r, "correct", start)  # 5.8.2: back to the start, before every snapshot
    assert r.app.game.clock.running == RED  # 7 plies back: Red to move, Black's clock ran
    for m in ["c3c4", "c6c5", "b0c2"]:
        r.play(m)
    cmd(r, "offer", "black")
    cmd(r, "accept", "red")  # 4.2.1
    cmd(r, "annul", "17.1", "by=arb")
    cmd(r, "resume")
    r.play("b7b3")
    cmd(r, "resign", "red")
    cmd(r, "confirm")
    cmd(r, "result", "1/2-1/2", "4.2.1", "by=arb")
    return r


PERPETUAL_CHECK = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1"
CYCLE = ["d6e6", "e4d4", "e6d6", "d4e4"]
KINGS = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"
SHUFFLE = ["d0d1", "e9e8", "d1d0", "e8e9"]
MATE_IN_1 = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"


def scripts():
    """Scenario scripts, each a feature of the rules the journal keeps."""
    out = {}
    s, t = sc.game(PERPETUAL_CHECK, moves_iccs=CYCLE * 2)
    out["perpetual check 23.1 25.1 4.1.4"] = s + "%d cmd claim red repetition\n" % t
    s, t = sc.game(KINGS, moves_iccs=SHUFFLE * 2)
    body, _ = sc.play(SHUFFLE, fen=KINGS, t0=t + 1000)
    out["repetition grace 23.5.2"] = s + "%d cmd claim red repetition\n" % (t + 500) + "\n".join(body) + "\n"
    out["breach, restored, foul 8.1.8, 4.1.8"] = (
        "0 new level=provincial\n0 setup\n100 start\n1s lift a0\n1.2s place a4\n1.4s press red\n"
        "5s lift a4\n5.2s place a0\n8s lift a0\n8.2s place a4\n8.4s press red\n")
    out["touch duty 5.8.3"] = (
        "0 new level=junior\n0 setup\n100 start\n1s lift a0\n1.2s place a4\n1.4s press red\n"
        "5s lift a4\n5.2s place a0\n7s lift h2\n7.2s place e2\n7.4s press red\n")
    s, t = sc.game(tc="1m/2,1m/2*", moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9"])
    out["quota met 6.2, flag 4.1.6"] = s + "%d end\n" % (t + 200000)
    out["21.6 mate before the flag"] = ("0 new tc=1m fen=%s\n0 setup\n100 start\n59.8s lift a0\n60s place a9\n"
                                        "61s press red\n" % MATE_IN_1.replace(" ", "_"))
    out["empty presses 8.1.7 4.1.9"] = "0 new\n0 setup\n100 start\n1s press red\n2s press red\n"
    out["lateness 20.1, forfeit 4.1.7"] = "0 new tc=30m late=1\n0 setup\n100 start\n65s cmd forfeit red\n"
    s, t = sc.game(extra=" limit=2", moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"])
    out["natural limit 4.2.4"] = s + "%d cmd claim black natural\n" % t
    s, t = sc.game(MATE_IN_1, extra=" policy=report", moves_iccs=["a0a9"])
    out["verdict under report, then result"] = s + "%d cmd result\n" % (t + 100)
    out["flag annulled 21.5, resumed"] = ("0 new tc=1m\n0 setup\n100 start\n70s cmd annul 21.5 by=arb\n"
                                          "71s cmd adjust red 60000\n72s start\n73s lift h2\n73.2s place e2\n"
                                          "73.4s press red\n")
    out["set-up confirmed while wrong"] = "0 new tc=10m\n1s cmd setup arb\n"  # the board empty
    return out


# -- the comparison -------------------------------------------------------------

def canonical(v):
    """A value to compare: objects by their state, never by identity."""
    if isinstance(v, Position):
        return ("Position", [v.move_at(i) for i in range(v.ply)], v.fen(), v.quiet, v.hash,
                v.start_number, v.start_side)
    if isinstance(v, Clock):
        return ("Clock", v.save())
    if isinstance(v, (array, bytearray, bytes)):
        return (type(v).__name__, list(v))
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, [canonical(x) for x in v])
    if isinstance(v, dict):
        return ("dict", sorted((repr(canonical(k)), canonical(x)) for k, x in v.items()))
    if hasattr(v, "__dict__") and not callable(v):
        return (type(v).__name__, canonical(vars(v)))
    return v


def differences(a, b):
    """The attributes in which two recoveries differ: every attribute of
    the game, and of the faces' scene but SCENE_OWN."""
    (game_a, scene_a), (game_b, scene_b) = a, b
    out = []
    for x, y, skip, what in ((game_a, game_b, (), "game"), (scene_a, scene_b, SCENE_OWN, "scene")):
        names = (set(vars(x)) | set(vars(y))) - set(skip)
        out += [(what, n, canonical(getattr(x, n, MISSING)), canonical(getattr(y, n, MISSING)))
                for n in sorted(names) if canonical(getattr(x, n, MISSING)) != canonical(getattr(y, n, MISSING))]
    return out


# The faces' scene: compared in every attribute but its change counter
# (`version`, one per event it was given) and the game it shows.
SCENE_OWN = ("version", "game")


def recovered(store, snapshots):
    """(game, records applied) after a power-up on the journal in `store`;
    the faces' scene is game.scene_for_test."""
    j = Journal(store)
    g = Game()
    g.keyed = Keyed(SIM_KEY, b"scenario")  # the Runner's board: its key MACs the words it checks (link/auth.py)
    scene = Scene(g)
    count, lost = recovery.replay(j, g, NOW, scene=scene, snapshots=snapshots)
    j.close()
    assert lost == 0
    # one reducer (ui/shown.py): the scene's slots are the journal's
    assert sorted(scene.slots) == sorted(j.faces), (scene.slots, j.faces)
    recovered.started_at = j.recovered_from
    return (g, scene), count


def commits(path):
    """(end offset, whether it holds a snapshot, its start) of each commit."""
    reader = recovery.Reader(path)
    out = []
    start = 0
    for group in reader.commits():
        out.append((reader.good, any(p.startswith("K ") for p in group), start))
        start = reader.good
    return out


def check_every_commit(journal_dir, tmp, stale=False):
    """Recovers the journal cut after each of its commits, from the last
    snapshot (or, `stale`, the one before: a pointer lost to a cut) and
    in full; every attribute of the two games must agree. Returns how
    many cuts started from a snapshot."""
    path = os.path.join(journal_dir, "g00001.log")
    data = open(path, "rb").read()
    store = os.path.join(tmp, "cut")
    from_snapshots = 0
    snaps = []
    for end, has_snap, start in commits(path):
        if has_snap:
            snaps.append(start)
        shutil.rmtree(store, ignore_errors=True)
        os.makedirs(store)
        with open(os.path.join(store, "g00001.log"), "wb") as f:
            f.write(data[:end])
        pointed = snaps[-2] if stale and len(snaps) > 1 else (snaps[-1] if snaps else None)
        if pointed is not None:
            with open(os.path.join(store, "clock"), "wb") as f:
                f.write(framed("C 1 -1 0 0 %d" % pointed))  # the pointer alone
            from_snapshots += 1
        fast, n_fast = recovered(store, True)
        assert recovered.started_at == (pointed or 0), (end, recovered.started_at, pointed)
        full, n_full = recovered(store, False)
        assert not differences(fast, full), (end, differences(fast, full))
        if pointed is not None:
            assert n_fast <= n_full
    return from_snapshots


def write_cut(store, data, pointed):
    shutil.rmtree(store, ignore_errors=True)
    os.makedirs(store)
    with open(os.path.join(store, "g00001.log"), "wb") as f:
        f.write(data)
    if pointed is not None:
        with open(os.path.join(store, "clock"), "wb") as f:
            f.write(framed("C 1 -1 0 0 %d" % pointed))


def check_every_cut_inside_a_commit(journal_dir, tmp):
    """Cuts the journal between every pair of records of every commit and
    in the middle of every record (a power cut while the commit was
    written: the pointer still at the snapshot before). The board must come
    back as after the commit before, in every attribute, the file cut back
    to it. Returns how many cuts."""
    path = os.path.join(journal_dir, "g00001.log")
    data = open(path, "rb").read()
    store = os.path.join(tmp, "torn")
    cuts = 0
    last_snap = None
    for end, has_snap, start in commits(path):
        write_cut(store, data[:start], last_snap)
        want, _ = recovered(store, False)
        inner = [i + 1 for i in range(start, end - 1) if data[i] == 10]  # after each record but the last
        for cut in inner + [(a + b) // 2 for a, b in zip([start] + inner, inner + [end])]:
            write_cut(store, data[:cut], last_snap)
            got, _ = recovered(store, True)
            assert not differences(got, want), (start, cut, differences(got, want))
            assert os.path.getsize(os.path.join(store, "g00001.log")) == start
            cuts += 1
        if has_snap:
            last_snap = start
    return cuts


# -- the tests ----------------------------------------------------------------

def test_every_field_of_a_game_is_journaled_or_said_why_not(tmp_path):
    r = arbiter_game(str(tmp_path / "j"), 4)
    names = set(vars(r.app.game))
    assert not set(JOURNALED) & set(NOT_JOURNALED)
    assert names - set(JOURNALED) - set(NOT_JOURNALED) == set(), "add them to game.JOURNALED or NOT_JOURNALED"
    assert set(JOURNALED) <= names


def test_a_field_the_snapshot_does_not_know_is_refused_not_dropped(tmp_path):
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7"], 1, store)
    g = r.app.game
    g.next_years_field = 1
    with pytest.raises(TypeError):
        snapshot.parts(g, 0, 0, None)
    before = r.app.journal.snapshots
    r.play("h0g2")
    assert r.app.journal.snapshots == before  # none written: the power-up reads the whole file
    r.power(False)
    r.power(True)
    assert r.app.game.position.ply == 3


@pytest.mark.parametrize("snap_every", [1, 5])
def test_recovery_from_a_snapshot_is_a_full_replay_in_every_attribute_master_games(tmp_path, snap_every):
    games = sorted(master_games(), key=lambda g: -len(g.split()))
    for i, moves in enumerate([games[0].split()[:120], games[len(games) // 2].split()]):
        store = str(tmp_path / ("m%d" % i))
        master(moves, snap_every, store)
        assert check_every_commit(store, str(tmp_path)) > 0


@pytest.mark.parametrize("snap_every", [1, 3])
def test_recovery_from_a_snapshot_is_a_full_replay_in_every_attribute_arbiter(tmp_path, snap_every):
    store = str(tmp_path / "j")
    r = arbiter_game(store, snap_every)
    assert r.app.game.result[0] == "1/2-1/2" and r.app.game.confirmed
    assert check_every_commit(store, str(tmp_path)) > 0
    assert check_every_commit(store, str(tmp_path), stale=True) > 0


@pytest.mark.parametrize("name", ["arbiter"] + sorted(scripts()))
def test_a_cut_inside_any_commit_with_its_snapshot_loses_it_whole(tmp_path, name):
    # issue 14, "No cut between any two records loses or changes a decision":
    # every step kind of these games (moves and presses, claims and their
    # fouls and penalties, offers, overrules, results, flags, alerts), each
    # commit carrying a snapshot, cut between each pair of its records and
    # inside each record.
    store = str(tmp_path / "j")
    if name == "arbiter":
        arbiter_game(store, 1)
    else:
        play_script(store, scripts()[name], 1)
    assert check_every_cut_inside_a_commit(store, str(tmp_path)) > 0


@pytest.mark.parametrize("name", sorted(scripts()))
def test_recovery_from_a_snapshot_is_a_full_replay_in_every_attribute_scenarios(tmp_path, name):
    for every in (1, 2):
        store = str(tmp_path / ("j%d" % every))
        play_script(store, scripts()[name], every)
        assert check_every_commit(store, str(tmp_path)) > 0, name


def test_a_correction_back_past_the_snapshot_is_right_after_a_power_cut(tmp_path):
    # 5.8.2 reaches back to any earlier position: the snapshot carries every
    # move, so a CORRECT after it that goes back before it pops them again.
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"], 2, store)
    j = r.app.journal
    snapped_at = j.size
    assert j.snapshots and j.since_snap < 2  # a snapshot in the commit of the 6th ply
    cmd(r, "correct", Position().fen().replace(" ", "_"))
    before = canonical(r.app.game.position)
    assert before[1] == [] and j.size > snapped_at
    r.power(False)
    r.power(True)
    assert r.app.journal.recovered_from > 0
    assert canonical(r.app.game.position) == before


def test_the_chain_and_since_go_on_from_a_snapshot_started_recovery(tmp_path):
    store = str(tmp_path / "j")
    games = sorted(master_games(), key=lambda g: -len(g.split()))
    r = master(games[0].split()[:40], 8, store)
    r.power(False)
    r.power(True)
    assert r.app.journal.recovered_from > 0
    assert r.app.game.chain_broken == 0
    r.play(games[0].split()[40])
    r.power(False)
    r.power(True)
    assert r.app.game.chain_broken == 0  # the events after the snapshot chain on from its head
    texts = list(r.app.events_since(1))
    assert [int(t.split()[1]) for t in texts] == list(range(1, r.app.game.seq + 1))  # no K, no gap
    assert not any(t.startswith("K ") for t in texts)


def test_a_flipped_bit_before_the_snapshot_is_found_and_reported(tmp_path):
    # The bytes before the snapshot are checked by their CRC (in C, not read
    # as records): damage there sends the power-up through the whole file,
    # which cuts at the damage and reports the events lost.
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b2b6", "a9a8"], 4, store)
    path = r.app.journal.path(1)
    r.power(False)
    data = bytearray(open(path, "rb").read())
    i = data.find(b"MOVE 2 ")
    data[i + 8] ^= 1
    open(path, "wb").write(bytes(data))
    lines = []
    r.out = lines.append
    r.power(True)
    damaged = [x.split() for x in lines if "POWER damaged" in x]
    assert damaged and r.app.game.position.ply == 1, lines[:5]
    # numbered on after the events lost: the host's copies keep their numbers
    words = dict(w.split("=") for w in damaged[0] if "=" in w)
    assert int(damaged[0][1]) == int(words["last"]) + 1
    assert int(words["last"]) >= int(words["first"]) + int(words["lost"]) - 1


def test_a_snapshot_of_older_firmware_without_a_field_is_not_used(tmp_path, monkeypatch):
    # A field added to JOURNALED by an update: the snapshots on the flash
    # lack it, and the power-up reads the whole file instead of failing.
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7", "h0g2", "i9h9"], 2, store)
    r.power(False)
    j = Journal(store)
    assert recovery.start_of(j, 1, j.path(1))[0] > 0
    j.close()
    monkeypatch.setattr(snapshot, "JOURNALED", snapshot.JOURNALED + ("next_years_field",))
    r.power(True)
    assert r.app.journal.recovered_from == 0  # the whole file read
    assert r.app.game.position.ply == 4


def test_no_snapshot_closes_a_commit_the_game_has_moved_past(tmp_path):
    # App commits the old game's last step when a GAME event has already
    # made the game the next one's: that commit gets no snapshot of it.
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7"], 1, store)
    j = r.app.journal
    before = j.snapshots
    seq = r.app.game.seq
    r.app.game.seq += 1  # as after a GAME event of the next game
    assert j.commit(["E %d 0 TOUCH red own a0 5.1" % seq])
    snapshot_steps(j)
    assert j.snapshots == before
    r.app.game.seq -= 1
    assert j.commit(["E %d 0 TOUCH red own a0 5.1" % (seq + 1)])
    snapshot_steps(j)
    assert j.snapshots == before
    r.app.game.seq += 1
    assert j.commit(["E %d 0 TOUCH red own a0 5.1" % (seq + 1)])
    snapshot_steps(j)
    assert j.snapshots == before + 1


def test_records_applied_at_power_up_are_bounded_whatever_the_game_length(tmp_path):
    # SNAP_EVERY records since the snapshot, one commit's, the snapshot:
    # the same for a 40-ply and a 190-ply game.
    games = sorted(master_games(), key=lambda g: -len(g.split()))
    applied = []
    for plies in (40, 190):
        store = str(tmp_path / ("p%d" % plies))
        r = master(games[0].split()[:plies], 64, store)
        r.power(False)
        j = Journal(store)
        g = Game()
        count, _ = recovery.replay(j, g, NOW)
        j.close()
        applied.append(count)
    assert max(applied) <= 64 + 8 + 1, applied


def test_the_snapshot_is_built_and_written_in_steps_that_commit_nothing(tmp_path):
    # The press->MOVE step must not pay for the snapshot (docs/STORE.md,
    # "The cost in play"): its slices and its own commit come in later
    # steps, each of which commits nothing else; the step of every press
    # commits its MOVE without a K record.
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7"], 4, store)
    app, j = r.app, r.app.journal
    log = []
    step, commit, snapshot_step = app.step, j.commit, j.snapshot_step

    def logged(what, f):
        def call(*args):
            log.append(what)
            return f(*args)
        return call

    app.step = logged("step", step)
    j.commit = logged("commit", commit)
    j.snapshot_step = logged("slice", snapshot_step)
    before = j.snapshots
    for m in ["h0g2", "i9h9", "i0h0", "b9c7", "b2b6", "a9a8", "c3c4", "c6c5"]:
        r.play(m, gap=3000)
    steps = " ".join(log).split("step")
    assert j.snapshots >= before + 2
    assert sum("slice" in s for s in steps) > 2 * 3  # a few slices a snapshot, each a step of its own
    assert not [s for s in steps if "slice" in s and "commit" in s]
    for group in recovery.Reader(j.path(1)).commits():
        kinds = {p[0] for p in group}
        assert kinds == {"K"} or "K" not in kinds, group  # a commit of its own
        assert not ("K" in kinds and any(" MOVE " in p for p in group))


def test_an_event_during_the_build_begins_it_again_from_the_game_after_it(tmp_path):
    # The snapshot is the game after the last commit: an event committed
    # while it is half built (the arbiter's pause) drops it, and the one
    # written is of the game after that event (a power-up from it is a
    # full replay).
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7"], 1000, store)
    j = r.app.journal
    j.snap_every = 1
    r.play("h0g2", gap=601)  # up to the step of the press, not after
    assert j.snap_due
    seq = r.app.game.seq
    r.step()
    r.step()
    assert j.snap_due and j.snapshots == 0  # begun, not written
    r.command(["pause"])  # the arbiter stops the clocks: an event
    quiet_steps(r)
    assert j.snapshots == 1 and not j.snap_due
    assert r.app.game.seq > seq
    groups = list(recovery.Reader(j.path(1)).commits())
    k = [g for g in groups if g[0].startswith("K ")]
    assert len(k) == 1 and snapshot.header(k[0][0])[0] == r.app.game.seq
    assert check_every_commit(store, str(tmp_path)) > 0


def test_the_start_fen_is_known_without_taking_the_moves_back(tmp_path):
    # Reading the start FEN by taking every move back is the one part of a
    # snapshot that cannot be sliced (the game's own position changes
    # meanwhile): the journal knows it from the position's first record (a
    # GAME, a correction to a new position) and from a power-up's snapshot.
    store = str(tmp_path / "j")
    r = master(["h2e2", "h9g7", "h0g2", "i9h9"], 2, store)
    j, g = r.app.journal, r.app.game
    assert j.known_start == [g.position, Position().fen()]
    r.power(False)
    r.power(True)
    j, g = r.app.journal, r.app.game
    assert j.recovered_from > 0 and j.known_start[0] is g.position
    fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"
    cmd(r, "correct", fen.replace(" ", "_"))  # 5.8.2: a position not in the game
    assert j.known_start == [g.position, g.position.fen()] and g.position.ply == 0
    assert snapshot._position(g.position, j.known_start)[0] == g.position.fen()
