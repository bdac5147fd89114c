# Cold code: modules the board needs seldom are loaded for the call and
# dropped after, so that their code does not sit in the heap while a game is
# played: the journal's read-back (store/recovery.py, at start-up and for
# `since`), the arbiter's commands (game/arbiter.py, ~5 KB on x64) and the
# players' offers and claims (game/claims.py: a claim of repetition loads
# only them beside the repetition rulings). On a device with the firmware
# frozen (manifest.py) the code is in flash and loading it again costs next
# to nothing. Under CPython (the host runs this source too) nothing is
# dropped: the host's heap is not the board's.
import sys

# The cold modules, declared once: a caller names one by its constant
# (`cold.call(cold.BUDGET, "games", journal)`), never by a string of its
# own, and tests/tree/test_code_shape.py reads each such call as an import of
# the module by the caller (circles among cold loads count).
BOUNDS = "link.bounds"  # a host's words bounded (config, the board's name)
BUDGET = "store.budget"  # the flash's space: games kept, dropped, the last command id
CHAIN = "game.chain"  # the events' hash chain: a CONFIRM's seal, a replay's check
CLAIMS = "game.claims"  # the players' offers and claims
ARBITER = "game.arbiter"  # the arbiter's commands
HOSTCMD = "jobs.hostcmd"  # the host's commands to the app (hello, status, since, set-up)
GAP = "store.gap"  # a power-up's events no longer held, named (damage, a full flash)
FASTDECODE = "game.fastdecode"  # the schema's quick reading of a journal's records (with RECOVERY)
OVERRULE = "game.overrule"  # the arbiter's overrules (21.5)
RECOVERY = "store.recovery"  # the journal read back: power-up, `since`
RULINGS = "xq.rulings"  # the repetition rulings (~20 KB; dropped when a command needs room)
SNAPSHOT = "store.snapshot"  # the journal's snapshots

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
