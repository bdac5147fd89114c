# A scenario script (README, "Scenario scripts") read from a file by the
# runners in the unix port (scenario_run.py, faces_run.py): checked whole
# first, then played on a Runner (boards/simrun.py: Runner.replay). Both
# read it a line at a time, so its length costs no heap.
import sys

from boards import scenario


def check(path):
    """The time (ms) of the script's last line; a malformed or unreadable
    script ends the run with its reason and status 2 (a usage error)."""
    try:
        with open(path) as f:
            last = 0
            for t, _, _, _ in scenario.actions(f):
                last = t
            return last
    except scenario.ScenarioError as e:
        print("error: %s" % e, file=sys.stderr)
    except OSError as e:
        print("error: cannot read %s: %s" % (path, e), file=sys.stderr)
    except UnicodeError:
        print("error: %s: not a text script (not UTF-8): a binary file?" % path, file=sys.stderr)
    sys.exit(2)


def play(runner, path, end):
    """Runs the script on the runner (boards/simrun.py), then on until
    `end` (virtual ms) or its `end` line's time; returns that time."""
    with open(path) as f:
        return runner.replay(f, end)
