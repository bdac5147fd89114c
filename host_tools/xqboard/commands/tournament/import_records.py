"""`xqboard tournament import FILE PATH...`: results from the boards' PGN
records (files or directories); one line per record, refusals on stderr.
Each record must verify (`xqboard verify`: the `.events` file the logger
wrote beside it; with the key, the arbiter's seal and a keyed board's MACs
too), unless
--accept-unverified: then it is imported, said so, and its source marked
`unverified` in the event file. The key: --key-file FILE,
$XQBOARD_KEY_FILE, $XQBOARD_KEY, else the event's key file beside the
event file (EVENT.db.keys, each record its board's key); never argv
(--key HEX is refused: xqboard/keyfile.py)."""
import sys

from ...errors import UsageError
from .. import keyopts
from .common import open_event, print_correction


def register(actions):
    a = actions.add_parser("import", help="results from the boards' PGN records (files or directories)")
    a.add_argument("file")
    a.add_argument("paths", nargs="+")
    a.add_argument("--partial", action="store_true", help="apply the matching records even if some are refused")
    a.add_argument("--force", action="store_true", help="replace results entered before")
    keyopts.add(a, "each record's CONFIRM seal (art. 9) and a keyed board's MACs are checked too; default: the "
                   "event's key file FILE.keys beside the event file, if there is one")
    a.add_argument("--accept-unverified", action="store_true",
                   help="import records that do not verify (no events file, chain or seal broken), marked as such")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.pgn_import import import_records

    from ...hall.trust import Keys

    key = keyopts.keys_from(args, beside=Keys.path_beside(args.file))
    ev = open_event(args)
    rep = import_records(ev, args.paths, partial=args.partial, force=args.force, key=key,
                         accept_unverified=args.accept_unverified)
    for where, rnd, board, res in rep.applied:
        print("imported  %s: round %d board %d %s" % (where, rnd, board, res))
    for where, rnd, board, res in rep.unchanged:
        print("unchanged %s: round %d board %d %s" % (where, rnd, board, res))
    for where, why in rep.unverified:
        print("UNVERIFIED %s: %s (taken: --accept-unverified)" % (where, why))
    for correction in rep.forced:
        print("forced: round %d board %s corrected after round %d was paired"
              % (correction.corrected, ", ".join(map(str, correction.boards)), correction.repaired))
        print_correction(ev, correction)
    for where, why in rep.refused:
        print("refused   %s: %s" % (where, why), file=sys.stderr)
    if rep.refused:
        raise UsageError("%d record(s) refused%s" % (
            len(rep.refused), "" if args.partial else "; nothing imported (--partial imports the others)"))
