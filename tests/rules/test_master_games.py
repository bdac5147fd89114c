"""The 300 master games (checked legal by Fairy-Stockfish) replay move by
move on the firmware in the unix port: every move is LEGAL, no game ends
early, and the final positions equal those under CPython."""
import re

from xqboard import runtime
from xqboard.core import LEGAL, PLAYING, Position, parse_move
from xqboard.paths import DATA


def games():
    text = (DATA / "master-games.pgn").read_text()
    out = []
    for block in text.split("[Game ")[1:]:
        body = block.split("]\n\n", 1)[-1]
        out.append(re.findall(r"\b([a-i][0-9][a-i][0-9])\b", body))
    return out


REPLAY = """
import sys
from xq.position import Position
from xq.squares import parse_move
p = Position()
while True:
    line = sys.stdin.readline()
    if not line:
        break
    p.set_fen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')
    bad = 0
    for m in line.split():
        mv = parse_move(m)
        if p.classify(mv) != 0 or p.status() != 0:
            bad += 1
        p.push(mv)
    print(bad, p.fen())
"""


def test_all_300_master_games_replay_in_micropython(mp):
    gs = games()
    assert len(gs) == 300
    out = mp.run(REPLAY, heap=runtime.HEAP, input="".join(" ".join(g) + "\n" for g in gs))
    lines = out.splitlines()
    assert len(lines) == 300
    for g, line in zip(gs, lines):
        bad, fen = line.split(" ", 1)
        assert bad == "0"
        p = Position()
        for m in g:
            assert p.classify(parse_move(m)) == LEGAL and p.status() == PLAYING
            p.push(parse_move(m))
        assert p.fen() == fen
