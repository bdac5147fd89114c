"""`xqboard deploy [--port PORT] [--board pico|esp32s3]`: build the .mpy
files for the board's architecture and copy them with mpremote, with
main.py as source and /config.json (board, board_id, the arbiter's key);
then micropython-lib's ssd1306 with mip (the clock faces).

A board running the firmware owns its USB serial port: power it up holding
both clock levers (safe mode, main.py) to get the REPL mpremote needs. The
board then asks for its arbiter's key (firmware/link/maintenance.py):
`--unlock HEX` types it on the port first. A board deployed with
`--tournament` opens no REPL at all: reflash it through BOOTSEL.
`--frozen` is for a board flashed with the UF2 of `make uf2` (the firmware
frozen in flash, README "Firmware images"): it copies main.py and
/config.json only. `--write-package-json` rewrites the repository's package.json (for
`mpremote mip install`) from the firmware's files.
"""
import json
import os
import secrets
import subprocess
import sys
import tempfile

from .. import deploy
from ..errors import UsageError
from ..paths import REPO
from .sim import key_arg


def register(sub):
    p = sub.add_parser("deploy", help="build the firmware for a board and copy it with mpremote")
    p.add_argument("--port", default="/dev/ttyACM0", help="the board's serial port (default /dev/ttyACM0)")
    p.add_argument("--board", default="pico", choices=sorted(deploy.BOARD_CHIP), help="board definition (default pico)")
    p.add_argument("--board-id", default="xqboard-1", help="the board's name on the link (default xqboard-1)")
    p.add_argument("--key", help="the arbiter's key in hex (default: a new random key, printed)")
    p.add_argument("--unlock", help="the board's present key in hex, typed to open its maintenance REPL")
    p.add_argument("--tournament", action="store_true",
                   help="tournament mode: the board never opens its maintenance REPL (link/maintenance.py)")
    p.add_argument("--frozen", action="store_true",
                   help="the board runs the UF2 of make uf2 (the firmware in flash): copy main.py and the config only")
    p.add_argument("--no-deps", action="store_true", help="do not install ssd1306 with mip (needs the network)")
    p.add_argument("--resume", action="store_true", help="no soft reset on connecting (a board already at its REPL, the unix port)")
    p.add_argument("--reset", action="store_true", help="reset the board at the end (it starts the firmware)")
    p.add_argument("--dry-run", action="store_true", help="print the mpremote command, run nothing")
    p.add_argument("--write-package-json", action="store_true", help="write package.json at the repository's root and stop")
    p.set_defaults(func=cmd_deploy)


def cmd_deploy(args):
    if args.write_package_json:
        path = REPO / "package.json"
        path.write_text(deploy.package_json())
        print("wrote %s (%d files)" % (path, len(deploy.package_files())))
        return 0
    new_key = not args.key
    key = secrets.token_bytes(16) if new_key else key_arg(args.key)
    config = {"board": args.board, "board_id": args.board_id, "key": key.hex()}
    if args.tournament:
        config["tournament"] = True
    with tempfile.TemporaryDirectory(prefix="xqboard-deploy-") as tmp:
        config_path = os.path.join(tmp, "config.json")
        with open(config_path, "w") as f:
            json.dump(config, f)
        cmd = deploy.deploy_commands(args.port, args.board, config, config_path, deps=not args.no_deps,
                                     resume=args.resume, reset=args.reset, exe=deploy.mpremote_exe(),
                                     frozen=args.frozen)
        if args.dry_run:
            print(" ".join(_quote(c) for c in cmd))
            return 0
        if args.unlock:
            _unlock(args.port, key_arg(args.unlock))
        r = subprocess.run(cmd)
        if r.returncode:
            raise UsageError("mpremote failed (status %d): is the board in safe mode (both levers held at power-up)?"
                             % r.returncode)
    what = "main.py (the firmware is in the UF2)" if args.frozen else "%d files (%s)" % (
        len(deploy.device_files(deploy.arch_of(args.board))), deploy.arch_of(args.board))
    print("deployed %s to %s as %s" % (what, args.port, args.board_id), file=sys.stderr)
    if new_key:
        print("the arbiter's key of %s: %s (keep it: `xqboard round start --key ...`)" % (args.board_id, key.hex()))
    return 0


def _unlock(port, key):
    # The key the board asks for in safe mode, typed as a line.
    import serial

    try:
        with serial.Serial(port, 115200, timeout=1) as s:
            s.write(key.hex().encode() + b"\r\n")
            s.flush()
    except serial.SerialException as e:
        raise UsageError("cannot open %s to unlock the board: %s" % (port, e))


def _quote(text):
    import shlex

    return shlex.quote(text)
