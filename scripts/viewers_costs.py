"""Two micro-benchmarks of a replica's costs after the frames (docs/HALL.md,
"Frames of what changed"), each tree in a process of its own, by turns:

    git archive d0d2525 host_tools firmware data | tar -x -C /tmp/v2-main
    nice -n 19 .venv/bin/python scripts/viewers_costs.py main=/tmp/v2-main here=.

- press: us per clock press through the record builder (GameRecord.side_of);
- relay: CPU s of a hall of 60 boards' events into a Hub with its Relay,
  the relay catching up every 1,000 events and writing round 1's files:
  the hub's pushes, the relay's catch-up, the files' writing, apart."""
import subprocess
import sys
from pathlib import Path

PRESS = '''
from xqboard.boardlink import Event
from xqboard.logger.builder import RecordBuilder
import time
b = RecordBuilder({})
for line in ("E 1 0 GAME new event=C round=1 board=5 red=A black=B tc=10m fen=startpos",
             "E 2 900 START red 20.1", "E 3 4000 MOVE 1 h2e2 red at=3800"):
    b.add(Event(line))
press, n = Event("E 4 4100 PRESS red 601900 600000"), 20000
t = time.perf_counter()
for _ in range(n):
    b.pending = b.game.plies[0]  # the ply waiting for its mover's press, each time
    b._press(press, *press.fields)
print("press: %.2f us" % ((time.perf_counter() - t) / n * 1e6))
'''

RELAY = '''
import time
from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.relay import FILES, Relay
rows = masters.merged(masters.hall_lines(boards=60))
hub = Hub(clock=lambda: 1000.0)
relay = Relay(hub, clock=lambda: 1000.0)
push = catch = write = 0.0
for i, (t, board, seq, line) in enumerate(rows, 1):
    a = time.process_time()
    hub.push(board, "d" + board, 1, seq, line)
    push += time.process_time() - a
    if i % 1000 == 0 or i == len(rows):
        a = time.process_time()
        relay.rounds.catch_up()
        b = time.process_time()
        for f in FILES:
            relay.file("1", f)
        write += time.process_time() - b
        catch += b - a
print("relay: %d events, push %.3f s, catch-up %.3f s, files %.3f s" % (len(rows), push, catch, write))
'''


def main(argv):
    trees = dict(t.split("=", 1) for t in argv)
    for bench in (PRESS, RELAY):
        for name, folder in list(trees.items()) * 2:
            code = "import sys; sys.path.insert(0, %r)\n%s" % (str(Path(folder).resolve() / "host_tools"), bench)
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            print(name, out.stdout.strip(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
