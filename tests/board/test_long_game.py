"""A full 300-move game (600 plies) on the simulated board with clocks and
journal, in the unix port with the heap capped at runtime.HEAP (as on an RP2040):
no MemoryError, every move recorded, the final position exact."""
import random

from xqboard import runtime
from xqboard.core import MATED, PLAYING, STALEMATED, Position, move_name
from xqboard.paths import REPO


def long_game(plies, seed):
    """A random legal game that does not end before `plies` plies: moves
    that would mate or stalemate are avoided, captures are rare."""
    rng = random.Random(seed)
    p = Position()
    out = []
    while len(out) < plies:
        moves = p.legal_moves()
        rng.shuffle(moves)
        moves.sort(key=lambda m: 1 if p.piece_at(m & 255) else 0)  # quiet moves first
        for m in moves[: max(3, len(moves) // 2)] + moves:
            p.push(m)
            if p.status() == PLAYING:
                out.append(move_name(m))
                break
            p.pop()
        else:
            raise AssertionError("no move keeps the game going")
    return out, p.fen()


def test_300_move_game_in_the_capped_heap(tmp_path):
    moves, fen = long_game(600, 3)
    r = runtime.run([str(REPO / "bench/mp/board_bench.py"), str(tmp_path / "j")], heap=runtime.HEAP,
                    input="\n".join(moves) + "\n")
    assert r.returncode == 0, r.stderr[-2000:]
    got = dict(line.split(" ", 1) for line in r.stdout.splitlines())
    assert "stopped_at" not in got
    assert int(got["moves"]) == 600
    assert got["fen"].replace("_", " ") == fen
