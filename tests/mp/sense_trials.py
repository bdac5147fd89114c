# Runs many short recogniser trials in one unix-port process: each stdin
# line is "FEN|script" (tests/mp/sense_play.py tokens); prints "trial N",
# then the events of the trial after the set-up.
import sys

from sense_play import Play

n = 0
while True:
    line = sys.stdin.readline()
    if not line:
        break
    line = line.strip()
    if not line:
        continue
    fen, script = line.split("|")
    b = Play(fen)
    k = len(b.events)
    b.do(script)
    print("trial %d" % n)
    b.events = b.events[k:]
    b.show()
    n += 1
