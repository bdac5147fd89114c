# The scenario runner, run by `micropython` on the x64 build (`xqboard
# scenario FILE`): the firmware's App on the simulated board with virtual
# time (boards/simrun.py), fed by a script of timed physical actions and
# commands (README, "Scenario scripts"). Prints every line the board sends
# on its link, as a host receives it, without the checksum.
#
#   scenario_run.py SCRIPT STORE_DIR
import sys

from boards.simrun import TAIL_MS, Runner
from scenario_file import check, play


def main(argv):
    if len(argv) != 2:
        print("usage: scenario_run.py SCRIPT STORE_DIR", file=sys.stderr)
        sys.exit(2)
    last = check(argv[0])
    play(Runner(argv[1]), argv[0], last + TAIL_MS)


main(sys.argv[1:])
