"""The board's MAC on the emulated Pico (qemu, boards/qemu_pico; issue 26):
the rows of `make bench-target` that MAC, alone, in instructions
(-icount shift=0: 1 instruction = 1 ns of the board's clock).

Each event a keyed board sends carries the first 64 bits of
HMAC-SHA256(key, chain head + board name + game number) (link/auth.py's Keyed,
game/events.py's seal). Timed on the board, N times each, less an empty
loop: seal() of a MOVE without a key (the plain chain word: one SHA-256
over the head and the text), the same with the key (two SHA-256 more),
and encode() of that MOVE; printed: the MAC's instructions an event and
its ratio to the plain seal and to encode, measured in the same run.

    MICROPY_DIR=/work/src/micropython nice python bench/target/bench_mac.py
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_target import on_board, row  # noqa: E402
from xqboard.target import image  # noqa: E402

N = 300

MAC = """
import gc, time
from game import events as ev
from link.auth import Keyed
keyed = Keyed(b"0123456789abcdef", b"hall-017", 17)
head = bytearray(32)
fields = (12, "h2e2", 0, 3800, None, "check", None)
text = ev.encode(23, 41000, ev.MOVE, fields)
def timed(f):
    gc.collect()
    t = time.ticks_us()
    for i in range(%(n)d):
        f()
    return time.ticks_diff(time.ticks_us(), t)
empty = timed(lambda: None)
plain = timed(lambda: ev.seal(head, ev.MOVE, text))
mac = timed(lambda: ev.seal(head, ev.MOVE, text, keyed))
enc = timed(lambda: ev.encode(23, 41000, ev.MOVE, fields))
print("MAC", (plain - empty) / %(n)d, (mac - empty) / %(n)d, (enc - empty) / %(n)d)
"""


def main():
    why = image.missing()
    if why:
        raise SystemExit("bench_mac needs %s" % why)
    out = on_board(MAC.replace("%(n)d", str(N)), 600)
    plain_us, mac_us, enc_us = (float(x) for x in next(x for x in out if x.startswith("MAC")).split()[1:])
    cost = (mac_us - plain_us) * 1000
    print("The board's MAC on the emulated Pico (armv6m code, 1 instruction = 1 ns), %d calls each" % N)
    row("seal a MOVE, no key (the plain chain word)", "%d instr" % (plain_us * 1000), plain_us * 1000)
    row("seal a MOVE with the key (HMAC of the head)", "%d instr" % (mac_us * 1000), mac_us * 1000)
    row("  the MAC alone (the difference)", "%d instr" % cost, cost)
    row("encode() of the MOVE", "%d instr" % (enc_us * 1000), enc_us * 1000)
    print("the MAC: %.2fx the plain seal, %.2fx a MOVE's encode(), a keyed seal %.2fx the plain one" % (
        cost / (plain_us * 1000), cost / (enc_us * 1000), mac_us / plain_us))


if __name__ == "__main__":
    main()
