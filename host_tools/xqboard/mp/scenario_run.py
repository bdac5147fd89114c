# The scenario runner, run by `micropython` on the x64 build (`xqboard
# scenario FILE`): the firmware's App on the simulated board with virtual
# time (boards/simrun.py), fed by a script of timed physical actions and
# commands (README, "Scenario scripts"). Prints every line the board sends
# on its link, as a host receives it, without the checksum.
#
#   scenario_run.py SCRIPT STORE_DIR
import sys

from boards import scenario
from boards.simrun import TAIL_MS, Runner


def main(argv):
    if len(argv) != 2:
        print("usage: scenario_run.py SCRIPT STORE_DIR", file=sys.stderr)
        sys.exit(2)
    # First the whole script is checked, then it runs: both read it a line
    # at a time, so its length costs no heap.
    try:
        with open(argv[0]) as f:
            last = 0
            for t, _, _, _ in scenario.actions(f):
                last = t
    except scenario.ScenarioError as e:
        print("error: %s" % e, file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print("error: cannot read %s: %s" % (argv[0], e), file=sys.stderr)
        sys.exit(2)
    except UnicodeError:
        print("error: %s: not a text script (not UTF-8): a binary file?" % argv[0], file=sys.stderr)
        sys.exit(2)
    r = Runner(argv[1])
    end = last + TAIL_MS
    with open(argv[0]) as f:
        for t, action, args, _ in scenario.actions(f):
            r.run_until(t)
            if action == "end":
                end = t
                break
            r.do(action, args)
    r.run_until(end)


main(sys.argv[1:])
