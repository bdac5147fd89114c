"""firmware/ and boards/ type-checked against the MicroPython stubs of each
target port (issue 18; docs/HARDWARE.md, "Type check").

The unix-port tests hand the boards fakes of `machine`, so a wrong keyword to
machine.SPI or a Pin constant a port lacks passes them all. Here basedpyright
(pinned in requirements.txt) reads the code with each port's stubs, which
`make setup` installs in .venv/stubs/<port> (typings/stubs-<port>.txt):

- rp2: the Pico definition, the drivers, the device shell, main.py and the
  shared firmware they import;
- esp32s3: the same with the ESP32-S3 definition instead of the Pico's.

The shared firmware is checked in both runs, each with the MicroPython
stdlib stubs (micropython-stdlib-stubs) in place of CPython's stdlib, so it
may use only what both ports have.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from xqboard.paths import REPO

CHECKER = Path(sys.executable).with_name("basedpyright")
STUBS = REPO / ".venv" / "stubs"
CONFIG = REPO / "pyrightconfig.json"

# The board definition each port's run checks; the other one is left out.
DEFINITION = {"rp2": "boards/pico.py", "esp32s3": "boards/esp32s3.py"}
# The fakes of `machine` the unix-port tests hand the boards, checked
# against the port's classes.
FAKES = "tests/mp/sense_fakes.py"
# The simulator runs only in the unix port, which has no stubs.
UNIX_ONLY = ["boards/sim.py", "boards/simrun.py", "boards/scenario.py"]

# Errors in files other engineers were rewriting when the check came in
# (issue 18): matched by file, rule and message, not by line, so that edits
# around them do not matter. Each must still occur: fix it, then delete it
# here. Nothing else is tolerated.
KNOWN = []


def check(port, root, tmp_path):
    """Runs the checker over root's firmware/ and boards/ with the port's
    stubs; returns its errors as (path relative to root, line, rule, message)."""
    stubs = STUBS / port
    if not (stubs / "machine.pyi").exists():
        pytest.fail("no stubs in %s: run `make setup`" % stubs)
    other = [d for p, d in DEFINITION.items() if p != port]
    config = {
        "extends": str(CONFIG),
        "include": [str(root / "firmware"), str(root / "boards"), str(root / FAKES)],
        "exclude": [str(root / f) for f in UNIX_ONLY + other],
        "typeshedPath": str(stubs),
        "extraPaths": [str(stubs), str(root / "firmware"), str(root)],
        "stubPath": str(REPO / "typings"),
    }
    path = tmp_path / ("pyright-%s.json" % port)
    path.write_text(json.dumps(config))
    r = subprocess.run([str(CHECKER), "-p", str(path), "--outputjson"],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    try:
        report = json.loads(r.stdout)
    except ValueError:
        pytest.fail("basedpyright failed (%d):\n%s\n%s" % (r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
    if report["summary"]["filesAnalyzed"] < 20:
        pytest.fail("the checker saw only %d files" % report["summary"]["filesAnalyzed"])
    errors = []
    for d in report["generalDiagnostics"]:
        if d["severity"] == "error":
            rel = Path(d["file"]).resolve().relative_to(root.resolve()).as_posix()
            errors.append((rel, d["range"]["start"]["line"] + 1, d.get("rule", ""), d["message"]))
    return errors


def unknown(errors):
    """The errors KNOWN does not list, and the KNOWN entries that no longer occur."""
    left = list(KNOWN)
    new = []
    for e in errors:
        hit = next((k for k in left if (e[0], e[2]) == k[:2] and e[3].startswith(k[2])), None)
        if hit:
            left.remove(hit)
        else:
            new.append(e)
    return new, left


def show(errors):
    return "\n".join("%s:%d: [%s] %s" % e for e in errors)


# Deliberate mistakes, made in a throwaway copy of the sources, all of one
# port's at once (one run of the checker): the check must report each, at the
# line of the mistake or at the line that starts with `at`.
MISTAKES = {
    "rp2": [
        # a misspelt machine.SPI keyword (polarity)
        ("boards/pico.py", "polarity=0", "polarty=0", "reportCallIssue", None),
        # a Pin constant that does not exist
        ("boards/matrix.py", "Pin.PULL_UP)", "Pin.PULL_UPP)", "reportAttributeAccessIssue", None),
        # a fake that takes a call the port refuses: read_u16(scale)
        (FAKES, "def read_u16(self) -> int:", "def read_u16(self, scale=1) -> int:",
         "reportIncompatibleMethodOverride", "    class _PortTakesWhatTheADCTakes"),
    ],
    "esp32s3": [
        # a misspelt machine.I2C keyword (freq)
        ("boards/esp32s3.py", "freq=I2C_FREQ", "frq=I2C_FREQ", "reportCallIssue", None),
        # a class the ESP32-S3 lacks: it has no DAC (the ESP32 has)
        ("firmware/main.py", "wdt = machine.WDT(", "wdt = machine.DAC(", "reportAttributeAccessIssue", None),
        # a fake that refuses a call the port takes: writeto_mem(addrsize=16)
        (FAKES, "__buf, *, addrsize=8) -> None:\n        self.hw.i2c_writes", "__buf) -> None:\n        self.hw.i2c_writes",
         "reportIncompatibleMethodOverride", "    class _I2CTakesWhatThePortTakes"),
    ],
}


# Viper's type names (ptr8, ptr16, ptr32, uint) are builtins only inside
# @micropython.viper functions; the stub packages declare them for the
# checker (their __builtins__.pyi, found through extraPaths). A new module in
# the copy uses each, and misspells one.
VIPER_PROBE = ("firmware/viper_probe.py", """import micropython


@micropython.viper
def total(buf, words, longs, n: int) -> uint:
    b = ptr8(buf)
    w = ptr16(words)
    q = ptr32(longs)
    s = 0
    for i in range(n):
        s += b[i] + w[i] + q[i]
    return uint(s)


@micropython.viper
def first(buf) -> int:
    return int(ptr9(buf)[0])
""", "ptr9(", "reportUndefinedVariable")


def make_mistake(root, path, good, bad, at):
    """Makes one mistake in the copy at root; returns the line it must be reported at."""
    src = (root / path).read_text()
    assert src.count(good) == 1, "%s no longer has %r: update MISTAKES" % (path, good)
    (root / path).write_text(src.replace(good, bad))
    if at:
        return next(i + 1 for i, text in enumerate(src.splitlines()) if text.startswith(at))
    return src[:src.index(good)].count("\n") + 1


@pytest.mark.parametrize("port", sorted(DEFINITION))
def test_firmware_and_boards_agree_with_the_port_stubs(port, tmp_path):
    """One run of the checker a port (each run is 10-15 s of CPU): over a
    copy of firmware/ and boards/ with that port's deliberate mistakes made
    in it. The copy is the tree but for the mistakes' lines, so an error
    anywhere else is the tree's own (the tree disagrees with the stubs),
    and a mistake not reported means the check has gone blind."""
    copy = tmp_path / "src"
    for part in ("firmware", "boards"):
        shutil.copytree(REPO / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / FAKES).parent.mkdir(parents=True)
    shutil.copy(REPO / FAKES, copy / FAKES)
    wanted = []
    for path, good, bad, rule, at in MISTAKES[port]:
        wanted.append((path, make_mistake(copy, path, good, bad, at), rule))
    path, text, bad, rule = VIPER_PROBE
    (copy / path).write_text(text)
    wanted.append((path, text[:text.index(bad)].count("\n") + 1, rule))
    new, gone = unknown(check(port, copy, tmp_path))
    found = set(e[:3] for e in new)
    missed = [w for w in wanted if w not in found]
    assert not missed, "the check missed the deliberate mistakes %s; it reported:\n%s" % (missed, show(new))
    own = [e for e in new if e[:3] not in set(wanted)]
    assert not own, "type errors against the %s stubs:\n%s" % (port, show(own))
    assert not gone, "fixed, so delete from KNOWN in this file: %r" % gone
