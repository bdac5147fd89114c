"""Game records on the host: the notations players and programs read, the
game record object, PGN, the score sheet of art. 9, the terminal diagram.

    >>> from xqboard.record import GameRecord, write_pgn, read_game
    >>> g = GameRecord(Red="A", Black="B")
    >>> _ = g.push_text("炮二平五"); _ = g.push_text("H8+7")
    >>> g.texts("WXF"), g.texts("ICCS")
    (['C2.5', 'H8+7'], ['h2e2', 'h9g7'])
    >>> read_game(write_pgn(g, "Chinese")).moves == g.moves
    True

Modules: geometry (a move as the mover sees it), wxf, chinese, notation
(ICCS and the dispatcher), articles, text (times, sides, widths), record (the
record object), and the writers and readers of a game: pgn (write_pgn,
read_game), scoresheet (score_sheet), diagram. A GameRecord knows nothing of
them, as in python-chess: `write_pgn(game)`, not `game.pgn()`.
"""
from .articles import BLACK_WINS, DRAW, RED_WINS, UNFINISHED
from .chinese import chinese, parse_chinese
from .record import BLACK, RED, GameRecord, Note, Ply
from .notation import FORMATS, iccs, move_text, notation_of, parse_iccs, parse_text
from .pgn import LazyGames, read_game, read_games, write_pgn
from .wxf import parse_wxf, wxf
from .scoresheet import score_sheet
from .diagram import diagram, game_diagram

__all__ = [
    "GameRecord", "Ply", "Note", "RED", "BLACK", "RED_WINS", "BLACK_WINS", "DRAW", "UNFINISHED",
    "FORMATS", "move_text", "parse_text", "notation_of", "iccs", "parse_iccs",
    "wxf", "parse_wxf", "chinese", "parse_chinese",
    "write_pgn", "read_game", "read_games", "score_sheet", "diagram", "game_diagram",
]
