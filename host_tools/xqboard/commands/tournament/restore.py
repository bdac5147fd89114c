"""`xqboard tournament restore FILE [WHICH]`: list the backups made before
each changing command (newest first, the last 50), or put one back (1 =
the newest, or its name); the file as it was is kept as a backup too."""
from ...tournament import backups


def register(actions):
    a = actions.add_parser("restore", help="list the event file's backups, or put one back")
    a.add_argument("file")
    a.add_argument("which", nargs="?", help="1 = the newest, 2 the one before..., or a backup's name")
    a.set_defaults(func=run)


def run(args):
    if args.which is None:
        found = backups.listing(args.file)
        if not found:
            print("no backups of %s" % args.file)
        for i, b in enumerate(found, 1):
            print("%3d  %s  before %-16s %s" % (i, b.when.strftime("%Y-%m-%d %H:%M:%S"), b.action, b.name))
        return
    b = backups.restore(args.file, args.which)
    print("%s: restored the copy of %s, made before `%s`" % (args.file, b.when.strftime("%Y-%m-%d %H:%M:%S"), b.action))
