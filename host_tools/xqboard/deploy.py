"""Putting the firmware on a board: `xqboard deploy` and package.json.

`deploy_commands(port, board, config)` builds the firmware for the board's
architecture (build.ARCH_OF_BOARD: a Pico is an RP2040, armv6m) and returns
the mpremote command line that copies it: the .mpy files (the simulator's
modules left out), main.py as source, and /config.json (board, board_id,
key), then micropython-lib's ssd1306 (the clock faces) with mip.

    >>> cmd = deploy_commands("/dev/ttyACM0", "pico", {"board": "pico", "board_id": "b1", "key": "6b6579"},
    ...                       config_path="/tmp/config.json", deps=False, build=False)
    >>> cmd[:4], cmd[4][:3]
    (['mpremote', 'connect', '/dev/ttyACM0', 'exec'], 'imp')
    >>> "fs cp /tmp/config.json :config.json" in " ".join(cmd)
    True

`package_json()` is the micropython-lib package description at the root of
the repository, so that `mpremote mip install --target / github:ORG/REPO`
(or `./package.json` from a clone) installs the firmware as source: every
module of firmware/ and the device's boards/ modules, with relative URLs,
and ssd1306 as a dependency (boards/device.py drives the faces with it).
"""
import json
import shutil
import sys
from pathlib import Path

from . import __version__
from .build import ARCH_OF_BOARD
from .paths import BOARDS, BUILD, FIRMWARE, REPO

BOARD_CHIP = {"pico": "rp2040", "esp32s3": "esp32s3"}  # main.py's board names -> chips
SIM_ONLY = {"sim", "simrun", "scenario", "qemu", "simpanels"}  # boards/ modules only the simulators (unix, emulated Pico) use
DEPS = [["ssd1306", "latest"]]


def arch_of(board):
    try:
        return ARCH_OF_BOARD[BOARD_CHIP.get(board, board)]
    except KeyError:
        raise ValueError("unknown board %r (one of %s)" % (board, ", ".join(sorted(BOARD_CHIP))))


def device_files(arch):
    """(local path, remote path) of every file a board needs, from the
    build of its architecture."""
    root = BUILD / arch
    out = []
    for f in sorted(root.rglob("*")):
        if not f.is_file() or f.suffix not in (".mpy", ".py"):
            continue
        rel = f.relative_to(root)
        if rel.parts[0] == "boards" and rel.stem in SIM_ONLY:
            continue
        out.append((f, rel.as_posix()))
    return out


def mpremote_exe():
    exe = Path(sys.executable).with_name("mpremote")
    return str(exe) if exe.exists() else (shutil.which("mpremote") or "mpremote")


def deploy_commands(port, board, config, config_path, deps=True, resume=False, reset=False, build=True,
                    exe="mpremote", frozen=False):
    """The mpremote command line (a list) that deploys to `port`; the
    config is written to config_path by the caller (see cmd_deploy).
    frozen: the board runs the UF2 of `make uf2`, which holds the firmware
    and ssd1306 in flash: main.py and the config are all it needs."""
    arch = arch_of(board)
    if build:
        _build(arch)
    files = [(BUILD / arch / "main.py", "main.py")] if frozen else device_files(arch)
    deps = deps and not frozen
    dirs = sorted({Path(r).parent.as_posix() for _, r in files} - {"."})
    cmd = [exe, "connect", port]
    if resume:
        cmd.append("resume")  # no soft reset (the unix port ends on one)
    mk = "import os\nfor d in %r:\n    try:\n        os.mkdir(d)\n    except OSError:\n        pass" % (dirs,)
    cmd += ["exec", mk]
    by_dir = {}
    for local, remote in files:
        by_dir.setdefault(Path(remote).parent.as_posix(), []).append(str(local))
    for d in sorted(by_dir):
        cmd += ["+", "fs", "cp"] + by_dir[d] + [":." if d == "." else ":%s/" % d]
    cmd += ["+", "fs", "cp", str(config_path), ":config.json"]
    if deps:
        for name, version in DEPS:
            cmd += ["+", "mip", "install", name if version == "latest" else "%s@%s" % (name, version)]
    if reset:
        cmd += ["+", "reset"]
    return cmd


def _build(arch):
    from . import build as _b

    _b.build(arch)


def package_files():
    """(device path, repository path) of every source file the package
    installs: firmware/ at the root, the device's boards/ modules."""
    out = []
    for f in sorted(FIRMWARE.rglob("*.py")):
        out.append((f.relative_to(FIRMWARE).as_posix(), f.relative_to(REPO).as_posix()))
    for f in sorted(BOARDS.rglob("*.py")):
        if f.stem in SIM_ONLY:
            continue
        out.append(("boards/" + f.relative_to(BOARDS).as_posix(), f.relative_to(REPO).as_posix()))
    return out


def package_json():
    """The package.json text (micropython-lib format: urls, deps, version)."""
    urls = ",\n".join("    %s" % json.dumps(list(p)) for p in package_files())
    return '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s\n}\n' % (
        urls, json.dumps(DEPS), json.dumps(__version__))
