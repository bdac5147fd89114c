# A board runs the firmware frozen (manifest.py): the names its modules use
# are interned in flash, so no name a late-loaded module brings ever grows
# the heap. In the unix port the firmware is loaded from .mpy files, and
# the names of a cold module (game/cold.py) are interned when it first
# loads, into a pool that doubles when full: past 1,260 names it wants one
# block of 1,280 entries (~14 KB on x64; MicroPython's error says
# "allocating 1280 bytes", the entry count). Late in a run, in a heap that
# a recovery or play has split, that block is not found. intern_all(),
# called just after the firmware's boot imports, loads every cold module
# at once (so the pool's block is taken from the still whole free heap
# while they fill it in order, not from the holes loading and dropping
# them one by one would leave), then drops them all: the pool then has
# the size a frozen image keeps in flash, and what is left of the heap is
# the device's situation (docs/HARDWARE.md, "Heap").
import gc

from game import cold

_RULINGS = ("attacks", "classify", "detect", "exchange", "mate", "ruling", "threats", "values", "wording")


def intern_all():
    """Interns the names of every cold module; returns how many it loaded."""
    names = [v for k, v in cold.__dict__.items() if k.isupper() and isinstance(v, str) and "." in v]
    names += [cold.RULINGS + "." + m for m in _RULINGS]
    gc.collect()
    for name in names:
        cold.load(name)
    for name in names:
        cold.drop(name)
    gc.collect()
    return len(names)
