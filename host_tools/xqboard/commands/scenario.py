"""`xqboard scenario FILE`: replay a script of physical actions and commands
on the simulated board, in the MicroPython unix port with virtual time, and
print the link's lines as a host receives them (README, "Scenario
scripts"). Exit status 0 when the script ran, whatever the game's result; 2
with the line number for a malformed script.
"""
import sys
import tempfile

from ..errors import UsageError
from .. import inputs


def register(sub):
    p = sub.add_parser("scenario", help="run a scenario script on the simulated board")
    p.add_argument("file", metavar="FILE", help="the script (see the README)")
    p.add_argument("--store", metavar="DIR",
                   help="journal directory to use and keep (default: a fresh temporary one)")
    p.add_argument("--target", choices=("unix", "qemu", "rp2040"), default="unix",
                   help="unix: the unix port with virtual time (default); qemu: the firmware image "
                        "on the emulated Pico, in emulated time (make firmware); rp2040: the Pico's "
                        "UF2 on rp2040js with the board's parts, in the chip's time (make uf2)")
    p.set_defaults(func=cmd_scenario)


def check(path):
    """Parses the script under CPython first, so that a malformed one is
    refused before anything runs."""
    from .. import core  # noqa: F401  (puts firmware/ and boards/ on sys.path)
    from boards import scenario

    lines = inputs.text_lines(path, "script")
    try:
        return scenario.parse(lines)
    except scenario.ScenarioError as e:
        raise UsageError("%s: %s" % (path, e))


def run(path, store, stdout=None):
    """Runs the scenario; returns the CompletedProcess (stdout: the lines)."""
    from .. import runtime

    return runtime.run_script("scenario_run.py", [path, store], heap=runtime.HEAP)


def cmd_scenario(args):
    check(args.file)
    if args.target == "qemu":
        from ..target.emulator import cmd_scenario as on_qemu

        return on_qemu(args)
    if args.target == "rp2040":
        from ..target.rp2040_scenario import cmd_scenario as on_rp2040

        return on_rp2040(args)
    if args.store:
        r = run(args.file, args.store)
    else:
        with tempfile.TemporaryDirectory(prefix="xqboard-journal-") as store:
            r = run(args.file, store + "/journal")
    sys.stdout.write(r.stdout)
    if r.returncode == 2:
        raise UsageError(r.stderr.strip().replace("error: ", "", 1))
    if r.returncode:
        sys.stderr.write(r.stderr)
        raise SystemExit("the board stopped (status %d): that is a firmware bug" % r.returncode)
    return 0
