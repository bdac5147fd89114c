# Cold code: modules the board needs seldom are loaded for the call and
# dropped after, so that their code does not sit in the heap while a game is
# played: the journal's read-back (store/recovery.py, at start-up and for
# `since`), the arbiter's commands (game/commands.py, ~5 KB on x64) and the
# players' offers and claims (game/claims.py: a claim of repetition loads
# only them beside the repetition rulings). On a device with the firmware
# frozen (manifest.py) the code is in flash and loading it again costs next
# to nothing. Under CPython (the host runs this source too) nothing is
# dropped: the host's heap is not the board's.
import sys

_BOARD = sys.implementation.name == "micropython"


def load(name):
    """The module `name`, imported now if it is not yet."""
    return __import__(name, None, None, ("__name__",))


def call(name, function, *args):
    """name.function(*args), with the module `name` loaded for the call."""
    module = load(name)
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
