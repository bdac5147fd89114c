"""`xqboard verify RECORD [--key-file FILE]`: does a game's record say what
its board sent? (docs/HOST.md; xqboard/verify.py)

RECORD is an `.events` file the logger wrote, or a PGN the logger wrote
beside one. Without the key: the chain of every event (an edited, deleted
or reordered event is named); with the arbiter's key, the CONFIRM's seal
too (art. 9) and a keyed board's MACs. The key from --key-file (a hex
key, or the event's key file: each record its board's key),
$XQBOARD_KEY_FILE or $XQBOARD_KEY, never argv (--key HEX is refused:
xqboard/keyfile.py). Exit status 0: verified; 1: not verified, the first bad event
named; 2: input that is no record.
"""
import sys

from ..errors import UsageError
from . import keyopts


def register(sub):
    p = sub.add_parser("verify", help="check a record's hash chain and the arbiter's seal (exit 1: tampered)")
    p.add_argument("record", metavar="RECORD", help="an .events file, or a PGN the logger wrote beside one")
    keyopts.add(p, "the CONFIRM's seal and a keyed board's MACs are checked too")
    p.set_defaults(func=cmd_verify)


def cmd_verify(args):
    from ..verify import Unusable, verify

    key = keyopts.keys_from(args)
    try:
        v = verify(args.record, key)
    except Unusable as e:
        raise UsageError(str(e))
    print("%s: %s" % (args.record, v.summary()), file=sys.stdout if v.ok else sys.stderr)
    return 0 if v.ok else 1
