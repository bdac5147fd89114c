"""The heap a board really has: both commits' firmware frozen into the
emulator image (boards/qemu_pico) and booted on the emulated Pico, for
bench/compare_commits.py.

On the unix port the firmware's code is loaded into the heap, so the x64
figures count bytecode that a board keeps in flash. Here the code is frozen,
as in the image a board maker flashes, and what `import app` costs is what
the board's RAM pays: module dictionaries, classes, tables built at import.
The emulator runs in emulated time, so the figures are the same on every run.

The base image is built from the base commit's firmware/ beside this
checkout's boards/, manifest.py and build script (the emulator board is
newer than most base commits), with the MicroPython source of firmware.lock.
"""
import re
import shutil
import subprocess
from pathlib import Path

from xqboard.target import image
from xqboard.target.emulator import Emulator

PROBE = """
import gc
gc.collect(); a0 = gc.mem_alloc()
import app
gc.collect(); print(gc.mem_alloc() - a0, gc.mem_free())
"""

FIGURES = ("heap of `import app`, emulated Pico (bytes)", "free heap after boot, emulated Pico (bytes)")


def missing():
    """Why the emulated Pico cannot run here (one line), or None."""
    return image.missing()


def base_image(base_root, repo, tmp):
    """The image of the base commit's firmware (built in tmp)."""
    tree = Path(tmp) / "target-base"
    for name in ("boards", "scripts"):
        shutil.copytree(repo / name, tree / name)
    for name in ("manifest.py", "firmware.lock"):
        shutil.copy(repo / name, tree / name)
    shutil.copytree(Path(base_root) / "firmware", tree / "firmware")
    _fit_manifest(tree)
    _fit_names(tree)
    r = subprocess.run(["bash", "scripts/firmware.sh"], cwd=tree, capture_output=True, text=True)
    elf = tree / "build" / "firmware" / "qemu_pico" / "firmware.elf"
    if not elf.exists():
        raise RuntimeError("the base image did not build:\n%s%s" % (r.stdout[-2000:], r.stderr[-2000:]))
    return elf


def _fit_names(tree):
    # This checkout's boards/ may import a firmware function by a name the
    # base gave it otherwise: the frame's `encode`/`decode` are
    # `framed`/`unframed` since 12af4a7 (one name, one meaning: issue 24).
    # The base's frame.py gets the new names beside its own, nothing else.
    frame = tree / "firmware" / "link" / "frame.py"
    text = frame.read_text() if frame.exists() else ""
    if "def decode(" in text and "def unframed(" not in text:
        frame.write_text(text + "\n\nframed, unframed = encode, decode  # (the bench's: boards/ of 12af4a7 and on)\n")


def _fit_manifest(tree):
    # This checkout's manifest may freeze parts the base does not have yet
    # (ui/, app_loop.py): leave those out of the base's image.
    path = tree / "manifest.py"
    text = path.read_text()
    fw = tree / "firmware"
    m = re.search(r'for name in \(([^)]*)\):', text)
    if m:
        names = [n.strip().strip('"') for n in m.group(1).split(",") if n.strip()]
        kept = ", ".join('"%s"' % n for n in names if (fw / n).is_dir())
        text = text.replace(m.group(0), "for name in (%s,):" % kept)
    lines = [line for line in text.splitlines()
             if not (line.startswith("module(") and 'base_path="firmware"' in line
                     and not (fw / line.split('"')[1]).exists())]
    path.write_text("\n".join(lines) + "\n")


def boot_heap(elf, tmp, label):
    """(bytes `import app` takes, bytes free after it) on the image `elf`."""
    with Emulator(Path(tmp) / ("flash-%s.img" % label.replace(" ", "_")), elf=str(elf)) as emu:
        used, free = emu.exec(PROBE).split()
    return int(used), int(free)


def measure(base_root, repo, tmp):
    """{"base": (used, free), "new": (used, free)}; RuntimeError if an image
    does not build or boot."""
    return {"base": boot_heap(base_image(base_root, repo, tmp), tmp, "base"),
            "new": boot_heap(image.ensure_built(), tmp, "new")}
