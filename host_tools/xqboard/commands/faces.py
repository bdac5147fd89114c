"""`xqboard faces SCENARIO [--png DIR] [--shared]`: runs a scenario script
on the simulated board with displays (boards/simpanels.py) and shows each
display's face at every event the board sends: as text art in the
terminal, or as PNG files in DIR (NNN-KIND-DISPLAY.png, NNN the event's
number; end-DISPLAY.png the faces when the script ends). The faces are drawn by the firmware's own code (firmware/ui/) in
the MicroPython unix port, on the framebuffer an SSD1306 shows.
"""
import os
import sys
import tempfile

from ..errors import UsageError


def register(sub):
    p = sub.add_parser("faces", help="the displays' faces at every event of a scenario (text art or PNG)")
    p.add_argument("file", metavar="SCENARIO", help="a scenario script (README, 'Scenario scripts')")
    p.add_argument("--png", metavar="DIR", help="write PNG files to DIR instead of printing")
    p.add_argument("--shared", action="store_true",
                   help="one display shared by both players (default: one per player)")
    p.add_argument("--scale", type=int, default=4, help="PNG pixels per display pixel (default 4)")
    p.set_defaults(func=cmd_faces)


def faces(path, shared=False):
    """[(display, framebuffer bytes, event line)] of a scenario, in order."""
    from .. import runtime
    from .scenario import check

    check(path)
    with tempfile.TemporaryDirectory(prefix="xqboard-faces-") as store:
        r = runtime.run_script("faces_run.py", [path, store + "/journal", "both" if shared else "red,black"],
                               heap=runtime.SIM_HEAP)
    if r.returncode:
        sys.stderr.write(r.stderr)
        raise SystemExit("the board stopped (status %d): that is a firmware bug" % r.returncode)
    out = []
    for line in r.stdout.splitlines():
        if line.startswith("F "):
            _, display, data, event = line.split(" ", 3)
            out.append((display, bytes.fromhex(data), event))
    return out


def file_name(display, event):
    words = event.split(" ")  # E <seq> <t> <KIND> ..., or END <ms>
    if words[0] == "END":
        return "end-%s.png" % display
    return "%03d-%s-%s.png" % (int(words[1]), words[3].lower(), display)


def cmd_faces(args):
    from ..faces_png import png, text_art

    if args.scale < 1 or args.scale > 16:
        raise UsageError("--scale: 1 to 16")
    shots = faces(args.file, args.shared)
    if args.png:
        os.makedirs(args.png, exist_ok=True)
        for display, buf, event in shots:
            with open(os.path.join(args.png, file_name(display, event)), "wb") as f:
                f.write(png(buf, args.scale))
        print("%d faces written to %s" % (len(shots), args.png))
        return 0
    for display, buf, event in shots:
        print("%s  [%s]" % (event, display))
        print(text_art(buf))
    return 0
