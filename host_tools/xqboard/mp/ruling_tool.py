# `xqboard ruling` in the MicroPython unix port (xqboard.runtime): the
# firmware's repetition rulings (xq.rulings) on a FEN and ICCS moves.
#
#   ruling_tool.py [--nine-rounds] [--compact] FEN MOVE...
#
# Prints each move of the cycle with its classification, then the verdict
# on the last line. Bad input prints `error: ...` on stderr, exit status 2.
import sys

from xq.rulings.wording import report


def main(argv):
    nine = "--nine-rounds" in argv
    one = "--compact" in argv
    args = [a for a in argv if a not in ("--nine-rounds", "--compact")]
    if len(args) < 2:
        print("error: usage: ruling_tool.py [--nine-rounds] [--compact] FEN MOVE...", file=sys.stderr)
        sys.exit(2)
    try:
        out = report(args[0], args[1:], nine, one)
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        sys.exit(2)
    for line in out:
        print(line)


main(sys.argv[1:])
