# Power cuts at random instants in whole games (issue 5), in the unix port.
#
#   powercut_run.py SEED GAMES STORE_DIR < games (one line of ICCS moves each)
#
# Each game is played by hand on the simulated board; at random instants
# the power goes off (everything in RAM is lost), sometimes in the middle of
# a journal write (a torn record is left at the end of the file), and comes
# back after a random while; the arbiter resumes the game. The checks, per
# game, printed as `ok ...` or `FAIL ...`:
#   - the journal holds events 1..N, each once, in order;
#   - every event the host saw is in the journal, unchanged (none lost);
#   - the position after each recovery is the one before the cut;
#   - the clocks after a recovery are within the snapshot bound of the
#     clocks at the cut, and never charge a side for time it did not use.
import gc
import os
import random
import sys
from array import array

from boards.simrun import Runner
from game.chain import split
from game.events import seq_of
from link.frame import crc as _crc


def crc(text):
    return int(_crc(text)[1:], 16)  # 28 bits: a small int on every port

SNAPSHOT_MS = 5000
MAX_EVENTS = 1200
JOURNAL = array("i", bytes(4 * MAX_EVENTS))
SEEN = array("i", bytes(4 * 2 * MAX_EVENTS))


def check_game(r, seen, cuts):
    # seen: (seq, crc of the payload) of every event the host received
    expect = 1
    by_seq = JOURNAL  # crc of the journal's event, by sequence number
    for e in r.app.events_since(1):
        seq = seq_of(e)
        if seq != expect or seq >= MAX_EVENTS:
            return "journal sequence broken at %d (want %d)" % (seq, expect)
        by_seq[seq] = crc(split(e)[0])  # the host's lines come without the chain word (boards/simrun.py)
        expect += 1
    for i in range(0, len(seen), 2):
        if seen[i] >= expect or by_seq[seen[i]] != seen[i + 1]:
            # the host saw it, so the journal must hold it, unchanged
            return "event %d seen by the host is not in the journal" % seen[i]
    return None


def run_game(rng, moves, store):
    # (seq, crc) pairs of the events the host saw, in a buffer allocated
    # once: a growing list would fragment the small heap this runs in.
    seen = SEEN
    count = [0]

    def host(line):
        if line.startswith("E ") and count[0] < 2 * MAX_EVENTS:
            seen[count[0]] = seq_of(line)
            seen[count[0] + 1] = crc(line)
            count[0] += 2

    r = Runner(store, out=host, board_id="cut")
    r.command(["new", "tc=30m+10s"])
    r.setup()
    r.command(["start"])
    cuts = 0
    clock_errors = []
    for m in moves:
        if rng.random() < 0.08:
            cuts += 1
            err = cut(r, rng, seen)
            if err:
                return err
        if r.app.game.phase != 2:  # PLAYING
            break
        r.play(m, gap=rng.choice((700, 1200, 3000)))
    return check_game(r, seen[: count[0]], cuts) or ("ok cuts=%d events=%d" % (cuts, r.app.game.seq))


def cut(r, rng, seen):
    # The power goes at a random instant within the next second.
    r.run_until(r.vt + rng.randrange(0, 1000))
    g = r.app.game
    fen = g.position.fen()
    now = r.tick()
    before = (g.clock.remaining(0, now), g.clock.remaining(8, now)) if g.clock else None
    g = None  # let the old game go with the power, as a reboot would
    r.power(False)
    gc.collect()
    if rng.random() < 0.5:
        tear(r.board.store, rng)
    r.vt += rng.randrange(10, 60000)  # off for a while
    r.power(True)
    g = r.app.game
    if g.position.fen() != fen:
        return "FAIL position after recovery %s != %s" % (g.position.fen(), fen)
    if before is not None:
        now = r.tick()
        after = (g.clock.remaining(0, now), g.clock.remaining(8, now))
        for b, a in zip(before, after):
            if not 0 <= a - b <= SNAPSHOT_MS:
                return "FAIL clock %d before the cut, %d after recovery" % (b, a)
    if g.phase == 2 and g.clock.state == 2:  # paused: the arbiter resumes
        r.command(["resume"])
    return None


def tear(store, rng):
    # A record half written when the power went: no newline, or garbage.
    names = [n for n in os.listdir(store) if n.endswith(".log")]
    if not names:
        return
    names.sort()
    with open(store + "/" + names[-1], "ab") as f:
        junk = "E 999 123456 MOVE 9 h2e2 red at=1*0000"
        f.write(junk[: rng.randrange(1, len(junk))].encode())


def main(argv):
    seed, count, store = int(argv[0]), int(argv[1]), argv[2]
    random.seed(seed)  # MicroPython's random has no Random class: the module serves
    rng = random
    for i in range(count):
        line = sys.stdin.readline()
        if not line:
            break
        d = "%s/%d" % (store, i)
        result = run_game(rng, line.split(), d)
        print(result if result.startswith("ok") else "FAIL game %d: %s" % (i, result))
        gc.collect()


main(sys.argv[1:])
