# Fuzzing the board's link in the unix port (issue 5): every line on stdin
# (hex-encoded bytes, so that any byte can be sent) goes to the board as one
# line; the board must answer each with exactly one `A` or `X` line and go
# on working: at the end a move is still recognised and `hello` answered.
# Prints `lines=N answered=M` and the last lines of the check.
import sys
from binascii import unhexlify

from boards.simrun import Runner

replies = [0]
log = []


def out(line):
    if line[:2] in ("A ", "X "):
        replies[0] += 1
    log.append(line)
    if len(log) > 40:
        log.pop(0)


r = Runner(sys.argv[1], out=out, board_id="fuzz")
r.command(["new"])
r.setup()
r.command(["start"])
base = replies[0]
n = 0
while True:
    line = sys.stdin.readline()
    if not line:
        break
    line = line.strip()
    if line.startswith("LONG"):
        # a line too long for the board, sent in pieces as a cable would
        # (built here, not read in, to spare this harness's own heap)
        left = int(line[5:])
        while left > 0:
            r.board.port.host_write(b"y" * min(128, left))
            r.step()
            left -= 128
    else:
        r.board.port.host_write(unhexlify(line))
    r.board.port.host_write(b"\n")
    r.step()
    n += 1
print("lines=%d answered=%d" % (n, replies[0] - base))
r.play("h2e2")
r.board.port.host_write(b"C 1 hello*" + b"%08x" % 0 + b"\n")  # a bad checksum: X
r.command(["hello"])
for line in log:
    print(line)
