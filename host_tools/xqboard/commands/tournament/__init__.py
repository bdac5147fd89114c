"""`xqboard tournament ACTION EVENT.db ...`: run an event from the command
line (issue 8). One SQLite file per event; every action is one transaction.

    xqboard tournament new open.db --name "Open 2026" --system swiss --rounds 7
    xqboard tournament add open.db "Wang Tianyi" --rating 2650 --club Hangzhou --seed 1
    xqboard tournament pair open.db
    xqboard tournament result open.db 1 3 1-0         # round 1, board 3
    xqboard tournament slips open.db 1 slip1.xlsx      # round 1's blank result slip (.pdf to print)
    xqboard tournament results open.db 1 slip1.xlsx    # the whole round from the filled-in slip
    xqboard tournament import open.db records/         # the boards' PGN files
    xqboard tournament standings open.db
    xqboard tournament export open.db pdf standings.pdf --what standings
    xqboard tournament table 8                         # appendix 1 (also `xqboard roundrobin 8`)

One module per action, in the order of the help. The library raises
TournamentError; here, and only here, it becomes the command line's
one-line message and exit status 2 (see `reports_errors`).
"""
import functools
import importlib
import os
import sqlite3
import sys

from ...errors import UsageError
from ...tournament import backups
from ...textsafe import VisibleWriter
from ...tournament.refusal import TournamentError

ACTIONS = ("new", "add", "import_players", "edit", "team", "remove", "players", "draw", "pair", "pairings", "lineup", "result", "results", "slips",
           "winner", "import_records", "withdraw", "penalty", "unpair", "delete_round", "repair", "standings", "bracket", "export", "table",
           "restore")
# The actions that change an existing event file: a backup copy first.
CHANGING = ("add", "import-players", "edit", "team", "remove", "draw", "pair", "lineup", "result", "results", "winner",
            "import", "withdraw", "penalty", "unpair", "delete-round", "repair")


def register(sub):
    p = sub.add_parser("tournament", help="pair, score and rank an event (round robin, Swiss, knockout)")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    p.set_defaults(func=lambda a: (p.print_help(), 2)[1])
    for name in ACTIONS:
        importlib.import_module("%s.%s" % (__name__, name)).register(actions)
    for name, parser in actions.choices.items():
        func = parser.get_default("func")
        parser.set_defaults(func=reports_errors(backed_up(name, func) if name in CHANGING else func))


def one_line(text):
    """A message on one line (a tool's multi-line output included).

    >>> one_line('chromium made no PDF (exit 1):\\n  no display\\n')
    'chromium made no PDF (exit 1): no display'
    """
    return " ".join(line.strip() for line in str(text).splitlines() if line.strip())


def reports_errors(func):
    """func, with a TournamentError turned into a UsageError: `xqboard:
    <message>` on stderr and exit status 2, no traceback. A file SQLite
    cannot read (damaged, or not an event) says so the same way."""
    @functools.wraps(func)
    def run(args):
        out = sys.stdout
        sys.stdout = VisibleWriter(out)  # every printout: names as they are (textsafe.py)
        try:
            return func(args)
        except TournamentError as e:
            raise UsageError(one_line(e)) from None
        except sqlite3.DatabaseError as e:
            raise UsageError("%s: the event file is damaged or not an event file (%s); `xqboard tournament "
                             "restore %s` lists its backups" % (args.file, e, args.file)) from None
        finally:
            sys.stdout = out
    return run


def backed_up(action, func):
    """func, after a copy of the event file (tournament/backups.py); the
    copy is dropped again when the command fails (the file is unchanged)."""
    @functools.wraps(func)
    def run(args):
        copy = None
        if os.path.isfile(args.file):
            from ...tournament.event import Tournament

            Tournament.open(args.file).db.close()      # a damaged or foreign file stops here, with its reason
            copy = backups.save(args.file, action)
        try:
            return func(args)
        except BaseException:
            if copy:
                os.remove(copy)
            raise
    return run
