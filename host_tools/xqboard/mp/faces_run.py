# `xqboard faces SCENARIO`, run by `micropython` on the x64 build: the
# scenario on the simulated board with displays (boards/simpanels.py), and
# after every event the board sends, each display's face as drawn then:
#
#   F <display> <hex of the 1024-byte framebuffer> <the event line>
#
# and at the end of the run, each display's face then:
#
#   F <display> <hex> END <virtual ms>
#
#   faces_run.py SCRIPT STORE_DIR SIDES    (SIDES: red,black or both)
import sys

from boards.simpanels import PanelSimBoard
from boards.simrun import KEY, TAIL_MS, Runner
from scenario_file import check, play


def main(argv):
    script, store, sides = argv
    last = check(script)
    runner = None

    def shoot(label):
        now = runner.tick()
        for p in runner.board.panels:
            p.face.draw(runner.app.scene, now)
            print("F %s %s %s" % (p.name, p.buffer.hex(), label))

    def out(line):
        print(line)
        if line.startswith("E ") and runner is not None and runner.app is not None:
            shoot(line)

    board = PanelSimBoard(sides, store=store, key=KEY, board_id="faces")
    runner = Runner(store, out=out, board=board)
    play(runner, script, last + TAIL_MS)
    if runner.app is not None:
        shoot("END %d" % runner.vt)


main(sys.argv[1:])
