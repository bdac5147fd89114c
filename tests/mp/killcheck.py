# After a real kill of the MicroPython process: power the board up on the
# same journal and print what it restored, for test_power.py to compare
# with what the killed process had sent to the host.
#   killcheck.py STORE_DIR
import sys

from boards.simrun import Runner
from game.chain import split

lines = []
r = Runner(sys.argv[1], out=lines.append, board_id="killed")
for e in r.app.events_since(1):
    print("J " + split(e)[0])  # as the scenario printed it: without the chain word
for line in lines:
    print("B " + line)
print("FEN " + r.app.game.position.fen())
