"""xqboard host tools: rules core on the PC, the board's serial link,
recorder, simulator runner and tournament tools.

The firmware's rules core is importable on the PC through `xqboard.core`::

    >>> from xqboard.core import Position, parse_move, move_name
    >>> p = Position()
    >>> len(p.legal_moves())
    44
"""

__version__ = "0.1.0"
