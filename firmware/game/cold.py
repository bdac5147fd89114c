# Cold code: a module the board needs seldom (the host's commands) is
# loaded for one call and dropped after, so that its code does not sit in
# the heap while a game is played (~7 KB on x64 for game/commands.py). On a
# device with the firmware frozen (manifest.py) the code is in flash and
# loading it again costs next to nothing.
import sys


def call(name, function, *args):
    """name.function(*args), with the module `name` loaded for the call."""
    module = __import__(name, None, None, (function,))
    try:
        return getattr(module, function)(*args)
    finally:
        sys.modules.pop(name, None)
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot])
        if parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])  # the package holds its submodules too
