"""`xqboard tournament import FILE PATH...`: results from the boards' PGN
records (files or directories); one line per record, refusals on stderr."""
import sys

from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("import", help="results from the boards' PGN records (files or directories)")
    a.add_argument("file")
    a.add_argument("paths", nargs="+")
    a.add_argument("--partial", action="store_true", help="apply the matching records even if some are refused")
    a.add_argument("--force", action="store_true", help="replace results entered before")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.pgn import import_records

    ev = open_event(args)
    rep = import_records(ev, args.paths, partial=args.partial, force=args.force)
    for where, rnd, board, res in rep.applied:
        print("imported  %s: round %d board %d %s" % (where, rnd, board, res))
    for where, rnd, board, res in rep.unchanged:
        print("unchanged %s: round %d board %d %s" % (where, rnd, board, res))
    for line in rep.forced:
        print("forced: %s" % line)
    for where, why in rep.refused:
        print("refused   %s: %s" % (where, why), file=sys.stderr)
    if rep.refused:
        raise UsageError("%d record(s) refused%s" % (
            len(rep.refused), "" if args.partial else "; nothing imported (--partial imports the others)"))
