"""`xqboard sim`: a simulated board in real time on a pseudo-terminal.

The firmware runs in the MicroPython unix port (x64 build) on the simulated
board; its link is a pseudo-terminal whose path is printed on the first
line of the output, to open like /dev/ttyACM0 (`xqboard log PATH`). Then
the board is played by typing physical actions, one a line (or by a
program writing them to its standard input, or to the FIFO of --control):

    lift h2 / place e2 / press red / flicker e3 40 / setup / clear
    +300 place e2       (300 ms of board time after the line before)
    power off|on        a power cut (the process killed with SIGKILL)
    cable off|on        the USB cable pulled and plugged back

Host commands (new, setup, start, resign...) are the host's: they come over
the port, signed with the arbiter's key (`xqboard round start`, the API).
The board's key: 'sim' (73696d), or --key-file FILE, $XQBOARD_KEY_FILE,
$XQBOARD_KEY (xqboard/keyfile.py); never argv (--key HEX is refused).
Runs until Ctrl-C or the end of its input.
"""
import os
import shutil
import sys
import threading

from ..errors import UsageError
from ..simboard import DEFAULT_KEY, SimulatedBoard
from . import keyopts


def key_arg(text):
    """The arbiter's key given in hex (bytes): `deploy`'s."""
    try:
        key = bytes.fromhex(text)
    except ValueError:
        raise UsageError("--key: want the key in hex (e.g. %s), got %r" % (DEFAULT_KEY.hex(), text))
    if not key:
        raise UsageError("--key: empty key")
    return key


def speed_arg(text):
    try:
        v = float(text)
    except ValueError:
        raise UsageError("--speed: want a number (1 = real time), got %r" % text)
    if not 0 < v <= 1000:
        raise UsageError("--speed: from 0 to 1000 (1 = real time)")
    return v


def register(sub):
    p = sub.add_parser("sim", help="run a simulated board on a pseudo-terminal (prints its port)")
    p.add_argument("--speed", default="1", help="board time per real time (default 1; the demo uses 25)")
    p.add_argument("--store", metavar="DIR", help="journal directory (default: a temporary one)")
    keyopts.add(p, "the simulated board's own key (default %s, 'sim')" % DEFAULT_KEY.hex())
    p.add_argument("--board-id", default="sim-1", help="the board's name (default sim-1)")
    p.add_argument("--link", metavar="PATH",
                   help="also keep a symlink PATH to the port (it follows `cable off/on`)")
    p.add_argument("--control", metavar="FIFO", help="also read actions from this FIFO (made if missing)")
    p.add_argument("--faces", metavar="DISPLAYS", choices=("red,black", "both"),
                   help="give the board displays (red,black: one per player; both: one shared) and "
                        "print each face as text art when it changes")
    p.add_argument("--target", choices=("unix", "qemu", "rp2040"), default="unix",
                   help="unix: the unix port (default); qemu: the firmware image on the emulated Pico, "
                        "in real time (make firmware); rp2040: the Pico's UF2 on rp2040js with the "
                        "board's parts, its USB link on a pseudo-terminal (make uf2)")
    p.set_defaults(func=cmd_sim)


def cmd_sim(args):
    key = keyopts.key_from(args) or DEFAULT_KEY
    if args.target in ("qemu", "rp2040"):
        if args.target == "qemu":
            from ..target.emulator import open_sim
        else:
            from ..target.rp2040_sim import open_sim

        sim, banner = open_sim(args, key)
    else:
        speed = speed_arg(args.speed)
        sim = SimulatedBoard(store=args.store, speed=speed, key=key, board_id=args.board_id, link=args.link,
                             log=lambda line: print("board: " + line, file=sys.stderr, flush=True),
                             displays=args.faces, on_face=_show_face if args.faces else None)
        sim.start()
        banner = ("xqboard sim: board %s on %s (key %s, speed %gx, journal %s); type actions "
                  "(lift h2, place e2, press red, setup, power off, cable off...), Ctrl-C ends"
                  % (args.board_id, sim.port, "sim" if key == DEFAULT_KEY else "of the key file or environment",
                     speed, sim.store))
    print(sim.port, flush=True)
    print(banner, file=sys.stderr, flush=True)
    if args.control:
        if not os.path.exists(args.control):
            os.mkfifo(args.control)
        threading.Thread(target=_fifo, args=(sim, args.control), daemon=True).start()
    try:
        for line in sys.stdin:
            if line.strip():
                sim.act(line)
        if args.control:
            threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        sim.close()
        if args.target != "unix" and not args.store:
            shutil.rmtree(sim.store, ignore_errors=True)  # the flash image of a one-off run
    return 0


def _show_face(display, frame):
    from ..faces_png import text_art

    print("display %s:\n%s" % (display, text_art(frame)), flush=True)


def _fifo(sim, path):
    while True:
        with open(path) as f:
            for line in f:
                if line.strip():
                    sim.act(line)
