# Atomic steps (issue 14): a power cut anywhere in a step's commit loses the
# whole step or none of it, in the unix port.
#
#   atomic_run.py STORE_DIR
#
# Three short games are played on the simulated board, each making steps
# that emit several events: a move made final by the press (MOVE PRESS),
# an empty press that loses (FOUL RESULT), a mate (MOVE RESULT), a flag
# (FLAG RESULT). Then each game's journal is cut at every byte offset that
# ends a record and in the middle of every record, and a board powers up on
# what is left. The events it recovers must be exactly those of the commits
# wholly before the cut, and the result must be ruled if and only if its
# RESULT is among them. Prints a line per kind of commit: `commit KINDS
# cuts=N`, then `ok` or `FAIL ...`.
import os
import sys

from boards.simrun import Runner
from store.recovery import Reader, split_record

MATE_IN_ONE = "4k4/R8/1R7/9/9/9/9/9/9/3K5_w_-_-_0_1"  # b7b9 mates


def play_games(store):
    r = Runner(store, out=lambda line: None, board_id="atomic")
    # 1: moves made final by their press; two empty presses, the second loses (4.1.9)
    r.command(["new", "tc=30m"])
    r.setup()
    r.command(["start"])
    for m in ("h2e2", "h9g7", "h0g2"):
        r.play(m, gap=1500)
    for _ in range(2):
        r.at(r.vt + 500, "press", "black")
        r.run_until(r.vt + 1000)
    # 2: a mate in one
    r.command(["new", "tc=30m", "fen=" + MATE_IN_ONE])
    r.setup()
    r.command(["start"])
    r.play("b7b9", gap=1500)
    # 3: a flag
    r.command(["new", "tc=1m"])
    r.setup()
    r.command(["start"])
    r.run_until(r.vt + 70000)
    return r.app.journal.games()


def commits(path):
    # [(end offset, [event texts])] of a journal file, oldest first
    out = []
    reader = Reader(path)
    for group in reader.commits():
        events = [e for e in (split_record(p)[0] for p in group) if e]
        out.append((reader.good, events))
    return out


def kinds(events):
    return "+".join(e.split()[3] for e in events)


def cut_points(data):
    # every offset that ends a line, and the middle of every line
    start = 0
    for i in range(len(data)):
        if data[i] == 10:
            yield (start + i) // 2
            yield i + 1
            start = i + 1


def check_cut(data, cut, expected, store):
    os.mkdir(store)
    path = store + "/g00001.log"
    with open(path, "wb") as f:
        f.write(data[:cut])
    r = Runner(store, out=lambda line: None, board_id="atomic")
    got = []
    for e in r.app.events_since(1):
        if e.split()[3] == "POWER":
            break  # what the board emits once back, not what it recovered
        got.append(e)
    ruled = r.app.game.result is not None
    r.power(False)
    for name in os.listdir(store):
        os.remove(store + "/" + name)
    os.rmdir(store)
    if got != expected:
        return "FAIL cut at %d: recovered %s, want %s" % (cut, kinds(got[-3:]), kinds(expected[-3:]))
    if ruled != any(e.split()[3] == "RESULT" for e in expected):
        return "FAIL cut at %d: result ruled %s" % (cut, ruled)
    return None


def main(store):
    games = play_games(store + "/play")
    tested = {}
    for game in games:
        path = "%s/play/g%05d.log" % (store, game)
        with open(path, "rb") as f:
            data = f.read()
        whole = commits(path)
        for cut in cut_points(data):
            expected = []
            step = None
            for end, events in whole:
                if end <= cut:
                    expected += events
                elif step is None:
                    step = kinds(events)  # the commit the cut falls in
            err = check_cut(data, cut, expected, store + "/cut")
            if err:
                print(err)
                return
            if step:
                tested[step] = tested.get(step, 0) + 1
    for step in sorted(tested):
        print("commit %s cuts=%d" % (step, tested[step]))
    print("ok")


main(sys.argv[1])
