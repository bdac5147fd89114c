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
from xq.squares import file_of, move_name, parse_move, rank_of

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
        sys.stdout.write("%s %d " % (STATUS[pos.status()], 1 if pos.in_check() else 0))
        sys.stdout.write(legal_line(pos))


def legal_line(pos):
    """The sorted legal moves in ICCS as one line of bytes.

    Thousands of positions go through a 48k heap here, so the moves are
    sorted as small ints (file and rank of each end, in ICCS order) and
    spelled into one buffer: two allocations a position, not five a move.
    The heap left to a tool that made a string a square was fragmented
    enough that a longer MICROPYPATH tipped a 512-byte list over the edge."""
    keys = []
    for m in pos.legal_moves():
        a, b = m >> 8, m & 255
        keys.append(((file_of(a) * 10 + rank_of(a)) * 9 + file_of(b)) * 10 + rank_of(b))
    keys.sort()
    out = bytearray(5 * len(keys) + 1)
    i = 0
    for k in keys:
        for div, base in ((900, 97), (90, 48), (10, 97), (1, 48)):
            out[i] = base + k // div % (10 if base == 48 else 9)
            i += 1
        out[i] = 32
        i += 1
    if i:
        i -= 1
    out[i] = 10
    return out[:i + 1]


def run(argv):
    try:
        main(argv)
    except ValueError as e:  # a depth or a move that is not one
        print("error: %s" % e, file=sys.stderr)
        sys.exit(2)


run(sys.argv[1:])
