"""The firmware's rules core, imported under CPython.

Host tools and tests use the very source the board runs: this module puts
`firmware/` and the `micropython` shim on sys.path, then re-exports the core.

    >>> from xqboard.core import Position, parse_move, move_name
    >>> p = Position()
    >>> p.push(parse_move("h2e2"))
    0
    >>> move_name(p.move_at(0))
    'h2e2'
"""
import sys

from .paths import BOARDS, FIRMWARE, SHIM, REPO


def _install_paths():
    for p in (str(SHIM), str(FIRMWARE), str(REPO)):
        if p not in sys.path:
            sys.path.insert(0, p)


_install_paths()

from xq import fen, movegen, pieces, squares  # noqa: E402
from xq.fen import START as START_FEN  # noqa: E402
from xq.perft import divide, perft  # noqa: E402
from xq.pieces import BLACK as BLACK_SIDE, RED as RED_SIDE  # noqa: E402
from xq.position import BREACH, LEGAL, MATED, PLAYING, STALEMATED, SUICIDE, Position  # noqa: E402
from xq.squares import move_name, parse_move  # noqa: E402

__all__ = [
    "Position", "parse_move", "move_name", "perft", "divide", "START_FEN",
    "LEGAL", "SUICIDE", "BREACH", "PLAYING", "MATED", "STALEMATED", "RED_SIDE", "BLACK_SIDE",
    "fen", "movegen", "pieces", "squares", "BOARDS",
]
