"""`xqboard tournament result FILE ROUND BOARD RESULT`: enter a result by
round and hall board number.

Every form works unquoted, forfeits included: `1-0 0-1 1/2-1/2 = +- -+ --
0-0`. argparse would read `-+` as an unknown option and `--` as the end of
the options, so the result parser rewrites those words before argparse
sees them (`DashResults`).
"""
import argparse

from ...tournament.scoring import MAX_FOULS
from .common import game_line, open_event, print_correction

# Results that begin with '-' (scoring.ALIASES has their other spellings).
DASHED = ("-+", "--", "-/+", "-/-", "-:+")
MARK = " "        # argparse takes an argument with a space in it as a value, never an option


class DashResults(argparse.ArgumentParser):
    """The `result` parser: a result written with a leading dash is marked
    (and the mark stripped again by scoring.parse_result) so that argparse
    takes it as the RESULT value."""

    def parse_known_args(self, args=None, namespace=None):
        args = [a + MARK if a in DASHED else a for a in (args or [])]
        return super().parse_known_args(args, namespace)


def fouls(text):
    """argparse type: a foul count 0-99 (a negative count is refused, not
    counted in the player's favour)."""
    if not text.isdigit() or int(text) > MAX_FOULS:
        raise argparse.ArgumentTypeError("%r: a count from 0 to %d" % (text, MAX_FOULS))
    return int(text)


def register(actions):
    a = actions.add_parser("result", help="enter a result by round and board number")
    a.__class__ = DashResults
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("board", type=int, help="board number in the hall (the record's [Board])")
    a.add_argument("result", help="1-0, 0-1, 1/2-1/2 (=), +- / -+ forfeit (20.3), -- or 0-0 both forfeit (20.2)")
    a.add_argument("--fouls-red", type=fouls)
    a.add_argument("--fouls-black", type=fouls)
    a.add_argument("--termination", help="how it ended, with its article (e.g. '4.1.6 flag')")
    a.add_argument("--force", action="store_true", help="replace a result entered before")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.entry import paired_round

    ev = open_event(args)
    paired_round(ev, args.round)
    old = ev.game_at(args.round, args.board)["result"]
    correction = ev.set_result(args.round, args.board, args.result, fouls_red=args.fouls_red,
                               fouls_black=args.fouls_black, termination=args.termination, force=args.force)
    new = ev.game_at(args.round, args.board)["result"]
    if old is not None and old != new:
        print("forced: round %d board %d was %s, now %s; the standings are re-ranked" % (
            args.round, args.board, old, new))
        if correction:
            print_correction(ev, correction)
        return
    print("%s: %s%s" % (game_line(ev, args.round, args.board), new, " (unchanged)" if old == new else " entered"))
