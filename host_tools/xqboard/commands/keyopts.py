"""The arbiter's key options of `round start`, `log`, `broadcast`,
`verify`, `tournament import` and `sim`:
`--key-file FILE` or the environment (xqboard/keyfile.py), never the key
itself on the command line (`--key HEX` is refused, saying why)."""
import argparse

from ..errors import UsageError
from ..keyfile import ENV_FILE, ENV_KEY, BoardKeyError, key_of, keys_of


def add(p, what):
    """Adds --key-file (and the refused --key) to parser `p`; `what`: what the key does there."""
    p.add_argument("--key-file", metavar="FILE",
                   help="the arbiter's key: a file of it in hex, mode 600, or the event's key file "
                        "(default $%s, else $%s=HEX); %s" % (ENV_FILE, ENV_KEY, what))
    p.add_argument("--key", help=argparse.SUPPRESS)  # refused: a key in argv is visible in `ps`


def refuse_argv(args):
    """--key HEX refused, saying why (UsageError: exit 2)."""
    if args.key is not None:
        raise UsageError("--key: a key on the command line is visible to every user in `ps`: put it in a file "
                         "(mode 600) for --key-file, or in $%s" % ENV_KEY)


def keys_from(args, beside=None):
    """The keys of the command's options and environment for checking
    records: bytes (one key), {device: key} (the event's key file), or None."""
    refuse_argv(args)
    try:
        return keys_of(args.key_file, beside)
    except BoardKeyError as e:
        raise UsageError(str(e))


def key_from(args, beside=None, required=False):
    """The key of the command's options and environment (bytes), or None;
    `beside`: the event's key file, the last place looked in."""
    refuse_argv(args)
    try:
        key = key_of(args.key_file, beside)
    except BoardKeyError as e:
        raise UsageError(str(e))
    if key is None and required:
        raise UsageError("no arbiter's key: give --key-file FILE (the key in hex, mode 600) or $%s%s"
                         % (ENV_KEY, ", or start from an event file with its key file beside it" if beside else ""))
    return key
