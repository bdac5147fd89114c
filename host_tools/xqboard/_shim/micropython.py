"""CPython stand-in for MicroPython's `micropython` module.

The firmware's rules core imports `micropython` for `const` and the
`native`/`viper` decorators. On a PC these become no-ops, and the viper
casts (`ptr8(buf)`, ...) return the buffer itself, which indexes the same
way, so the same source runs unchanged under CPython. Only the host tools
put this directory on sys.path (see xqboard.core).
"""
import builtins


def const(x):
    return x


def native(f):
    return f


def viper(f):
    return f


def _same(x):
    return x


# Viper's type names: casts on the device, the identity here.
for _name in ("ptr", "ptr8", "ptr16", "ptr32"):
    setattr(builtins, _name, _same)
builtins.uint = int
