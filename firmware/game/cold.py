# Cold code: modules the board needs seldom are loaded when needed and
# dropped after, so that their code does not sit in the heap while a game is
# played: the host's commands (~7 KB on x64), the journal's read-back, the
# repetition rulings (~22 KB, xq/rulings/). On a device with the firmware
# frozen (manifest.py) the code is in flash and loading it again costs next
# to nothing. Under CPython (the host runs this source too) nothing is
# dropped: the host's heap is not the board's, and its own code may hold
# the same modules.
import sys

_BOARD = sys.implementation.name == "micropython"


def call(name, function, *args):
    """name.function(*args), with the module `name` loaded for the call."""
    module = __import__(name, None, None, (function,))
    try:
        return getattr(module, function)(*args)
    finally:
        drop(name)


def drop(name):
    """Drops the module `name` and its submodules: their code is freed once
    nothing uses it (their names stay interned)."""
    if not _BOARD:
        return
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])  # a package holds its submodules too
