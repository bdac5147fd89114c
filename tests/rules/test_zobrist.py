"""The Zobrist table (xq/zobrist.py): the bytes literal in the source is the
generator's output, and both runtimes read the same keys and hashes (art. 23
compares positions by their hash)."""
import sys

from xqboard import core  # noqa: F401  (puts firmware/ on sys.path)
from xqboard.paths import REPO

sys.path.insert(0, str(REPO / "scripts"))
import zobrist_table  # noqa: E402

from xq import zobrist  # noqa: E402
from xq.position import Position  # noqa: E402

FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "3k5/4a4/9/9/9/9/9/9/4A4/4K1R2 w - - 0 1",
]


def test_the_table_in_the_source_is_the_generators():
    want = zobrist_table.keys()
    assert [zobrist.key(i) for i in range(zobrist_table.COUNT)] == want
    assert all(0 <= k < 1 << 30 for k in want)  # small ints on 32-bit ports


def test_micropython_reads_the_same_keys_and_hashes(mp):
    code = ("from xq import zobrist\nfrom xq.position import Position\n"
            "print(*[zobrist.key(i) for i in (0, 1, 17, 700, 1439, 1440)])\n"
            "for f in %r:\n    print(Position(f).state[1])\n" % (FENS,))
    lines = mp.run(code, heap=mp.CORE_HEAP).split("\n")
    assert [int(x) for x in lines[0].split()] == [zobrist.key(i) for i in (0, 1, 17, 700, 1439, 1440)]
    assert [int(x) for x in lines[1:1 + len(FENS)]] == [Position(f).state[1] for f in FENS]
    # the side key is what tells the two start positions apart
    assert Position(FENS[0]).state[1] ^ Position(FENS[1]).state[1] == zobrist.key(zobrist.SIDE)
