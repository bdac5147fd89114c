"""Points per game and per match (13.1-13.3, 20.3, 14.4).

>>> s = Scoring.parse('2/1/0')
>>> s.points('1/2-1/2', 'R'), s.points('+-', 'R'), s.points('+-', 'B')
(1, 2, 0)
>>> Scoring.parse('3/1/2/0').points('1/2-1/2', 'B')   # 13.3: Black's draw is worth 2
2
"""
from .refusal import TournamentError

# Result codes: a played game, a forfeit (20.3: '+' won without play, '-'
# lost without play), both forfeited (20.2), or void (19.2 cancelled).
MAX_FOULS = 99        # a foul count entered per game and side (the board's fouls of art. 8)
PLAYED = ("1-0", "0-1", "1/2-1/2")
FORFEITS = ("+-", "-+", "--")
CODES = PLAYED + FORFEITS + ("void",)     # '0-0' (both lose) is written '--'  (20.2)
ALIASES = {"1:0": "1-0", "0:1": "0-1", "=": "1/2-1/2", "½-½": "1/2-1/2", "draw": "1/2-1/2",
           "+/-": "+-", "-/+": "-+", "-/-": "--", "+:-": "+-", "-:+": "-+", "0-0": "--", "0:0": "--",
           "0.5-0.5": "1/2-1/2"}


def parse_result(text):
    t = text.strip()     # the command line marks '-+' and '--' with a space (commands/tournament/result.py)
    t = ALIASES.get(t, t)
    if t not in CODES:
        raise TournamentError("result %r: use 1-0, 0-1, 1/2-1/2 (or =), +- / -+ for a forfeit (20.3), -- for both" % text)
    return t


class Scoring:
    """Win, draw and loss points; a draw may be worth more to Black (13.3)."""

    def __init__(self, win=2, draw=1, loss=0, draw_black=None):
        self.win, self.draw, self.loss = win, draw, loss
        self.draw_red = draw
        self.draw_black = draw if draw_black is None else draw_black

    @classmethod
    def parse(cls, text):
        """'2/1/0' (13.1), '3/1/0', or win/draw-Red/draw-Black/loss '3/1/2/0'."""
        try:
            parts = [int(x) for x in str(text).split("/")]
        except ValueError:
            raise TournamentError("scoring %r: write win/draw/loss like 2/1/0, or 3/1/2/0 for Red/Black draws" % text)
        if len(parts) == 3:
            return cls(parts[0], parts[1], parts[2])
        if len(parts) == 4:
            return cls(parts[0], parts[1], parts[3], draw_black=parts[2])
        raise TournamentError("scoring %r: 3 or 4 numbers" % text)

    def __str__(self):
        if self.draw_black != self.draw_red:
            return "%d/%d/%d/%d" % (self.win, self.draw_red, self.draw_black, self.loss)
        return "%d/%d/%d" % (self.win, self.draw, self.loss)

    def __repr__(self):
        return "Scoring(%r)" % str(self)

    def points(self, result, colour):
        """Points of the side playing `colour` ('R' or 'B') for a result code."""
        if result is None or result == "void":
            return 0
        red = colour == "R"
        if result == "1/2-1/2":
            return self.draw_red if red else self.draw_black
        if result in ("1-0", "+-"):
            return self.win if red else self.loss
        if result in ("0-1", "-+"):
            return self.loss if red else self.win
        return self.loss  # '--'

    def match_points(self, mine, theirs):
        """13.2: more game points wins the match (2), equal draws (1)."""
        if mine > theirs:
            return self.win
        if mine < theirs:
            return self.loss
        return self.draw


def outcome(result, colour):
    """'W', 'D', 'L' or None for the side playing `colour`."""
    if result in (None, "void"):
        return None
    if result == "1/2-1/2":
        return "D"
    if result == "--":
        return "L"
    red_won = result in ("1-0", "+-")
    return "W" if red_won == (colour == "R") else "L"
