# The rules core's command-line tool, run by `micropython` on the x64 build
# (xqboard.runtime). Not deployed to the board.
#
#   xq_tool.py legal FEN          legal moves in ICCS, sorted, one per line
#   xq_tool.py perft FEN DEPTH    node count (with `divide`: per move first)
#   xq_tool.py batch              for each FEN on stdin: status, check flag
#                                 and the sorted legal moves, one line each
#   xq_tool.py classify FEN MOVE  legal / suicide / breach
# A bad FEN, depth or move prints `error: ...` on stderr and exits with
# status 2. (An argument of 256 bytes or more kills the unix port's VM before
# this runs: the CLI refuses one first, commands/inputs.py.)
import sys

from xq.perft import divide, perft
from xq.position import Position
from xq.squares import move_name, parse_move

STATUS = ("playing", "mated", "stalemated")
KIND = ("legal", "suicide", "breach")


def position(fen):
    if fen == "startpos":
        return Position()
    try:
        return Position(fen)
    except ValueError as e:
        print("error: bad FEN: %s" % e, file=sys.stderr)
        sys.exit(2)


def legal(pos):
    return sorted(move_name(m) for m in pos.legal_moves())


def main(argv):
    if len(argv) < 1:
        print("error: usage: legal FEN | perft FEN DEPTH [divide] | batch | classify FEN MOVE", file=sys.stderr)
        sys.exit(2)
    cmd = argv[0]
    if cmd == "legal" and len(argv) == 2:
        for m in legal(position(argv[1])):
            print(m)
    elif cmd == "perft" and len(argv) in (3, 4):
        pos = position(argv[1])
        depth = int(argv[2])
        if not 0 <= depth <= 12:
            raise ValueError("depth must be from 0 to 12")
        if len(argv) == 4:
            total = 0
            rows = [(move_name(m), n) for m, n in divide(pos, depth)]
            for name, n in sorted(rows):
                print("%s %d" % (name, n))
                total += n
            print(total)
        else:
            print(perft(pos, depth))
    elif cmd == "classify" and len(argv) == 3:
        pos = position(argv[1])
        print(KIND[pos.classify(parse_move(argv[2]))])
    elif cmd == "batch":
        batch()
    else:
        print("error: unknown command or wrong arguments: %s" % " ".join(argv), file=sys.stderr)
        sys.exit(2)


def batch():
    pos = Position()
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        line = line.strip()
        if not line:
            continue
        try:
            pos.set_fen(line)
        except ValueError as e:
            print("error %s" % e)
            continue
        print("%s %d %s" % (STATUS[pos.status()], 1 if pos.in_check() else 0, " ".join(legal(pos))))


def run(argv):
    try:
        main(argv)
    except ValueError as e:  # a depth or a move that is not one
        print("error: %s" % e, file=sys.stderr)
        sys.exit(2)


run(sys.argv[1:])
