"""What the pages show of one board, kept up to date event by event.

A BoardView is fed one board's events in order (`apply(event, wall_ms)`)
and answers `state()`: a plain dict, ready for JSON, that the live page
draws (docs/HALL.md, "Pages"):

    >>> v = BoardView("5")
    >>> for line in ["E 1 0 GAME new event=City_Cup round=3 board=5 red=ZHANG_San black=LI_Si "
    ...              "tc=10m+5s level=provincial policy=auto fen=startpos limit=60 late=15",
    ...              "E 2 900 START red 20.1",
    ...              "E 3 4000 MOVE 1 h2e2 red at=3800",
    ...              "E 4 4100 PRESS red 601900 600000",
    ...              "E 5 9800 RESULT 1-0 4.1.12 resigned black"]:
    ...     v.apply(Event(line), 0)
    >>> s = v.state()
    >>> s["moves"], s["last"], s["phase"], s["clocks"]["red"], s["clocks"]["black"]
    (['炮二平五'], ['h2', 'e2'], 'over', 601900, 594300)
    >>> s["result"]["score"], s["result"]["article"], s["result"]["provisional"]
    ('1-0', '4.1.12', True)

The record itself (moves, clock times, fouls, the result with its article,
the arbiter's overrules) is the logger's RecordBuilder's, the same code
that writes the logger's PGN files: the view only adds what a page needs
live, the clocks as they run, the phase, the standing alert and whether the
result is confirmed yet (art. 9).
"""
from ..boardlink import Event  # noqa: F401  (the doctest's)
from ..core import LEGAL, SUICIDE, Position, parse_move
from ..core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from ..logger.builder import RecordBuilder, headers_of_game_event
from ..record import articles
from ..record.bilingual import incident_zh
from ..record.record import start_position
from ..record.notation import move_text
from ..textsafe import visible

from clock import control  # noqa: E402
from game import events as schema  # noqa: E402
from xq.pieces import index, other, side_name  # noqa: E402

SETUP, PLAYING, PAUSED, OVER = "setup", "playing", "paused", "over"


def start_times(tc):
    """[red ms, black ms] of a time control's first stage (0 when the GAME
    event gave none or one this firmware cannot read)."""
    try:
        parsed = control.parse(tc)
    except (control.ControlError, TypeError):
        return [0, 0]
    return [parsed.red.stage(0)[0], parsed.black.stage(0)[0]]


class Clocks:
    """Both clocks as the board last reported them: `times` [red, black] ms
    left at board time `t`, and the side whose clock runs (None: stopped).
    `wall` is the host's time (ms) when that report arrived, from which a
    page counts the running clock down."""

    def __init__(self, times):
        self.times = list(times)
        self.t = 0
        self.running = None
        self.stopped_side = None  # the side to run again on RESUME
        self.wall = 0

    def run_to(self, t):
        """Charges the running side the board time since the last report."""
        if self.running is not None:
            i = index(self.running)
            self.times[i] = max(0, self.times[i] - max(0, t - self.t))
        self.t = t

    def start(self, side, t):
        self.run_to(t)
        self.running = side

    def stop(self, t):
        self.run_to(t)
        if self.running is not None:
            self.stopped_side = self.running
        self.running = None

    def press(self, side, red_ms, black_ms, t):
        """`side` handed the clock over; the board states both times."""
        self.times = [red_ms, black_ms]
        self.t = t
        self.running = other(side)

    def resume(self, t):
        self.t = t
        self.running = self.stopped_side

    def set(self, side, ms, t):
        self.run_to(t)
        self.times[index(side)] = max(0, ms)

    def state(self):
        return {"red": self.times[0], "black": self.times[1],
                "running": side_name(self.running) if self.running is not None else None,
                "asof": self.wall}


class BoardView:
    """One board of the hall, as its events leave it."""

    def __init__(self, board):
        self.board = board
        self.device = None
        self.game_no = None
        self.seq = 0
        self.info = {}  # the GAME event's settings: event, round, players, tc
        self.builder = RecordBuilder({})
        self.pos = Position()
        self.clocks = Clocks([0, 0])
        self.phase = SETUP
        self.last = None  # (from, to) point names of the last move
        self.alert = None  # the standing alert's words
        self.alert_zh = None  # and in Chinese
        self.result = None
        self.chinese = []  # the record's moves in Chinese, one added per move
        self.pending = {}  # "offer"/"claim" -> the side and its words: what waits for the other side or the arbiter
        self.foul_seqs = []  # [(seq, side name, article)] of the fouls standing: the desk strikes one by its seq
        self.cached = None  # state(), until the next event

    @property
    def record(self):
        """The board's game record (xqboard.record.GameRecord)."""
        return self.builder.game

    def apply(self, e, wall_ms):
        """Applies the next event `e` (boardlink.Event) of this board,
        arrived at host time `wall_ms`."""
        self.cached = None
        self.seq = e.seq
        if e.kind == schema.GAME:
            self._new_game(e)
        # the running clock charged up to this event's board time, which is
        # what `wall_ms` anchors: a page counts on from there
        self.clocks.run_to(e.t)
        self.clocks.wall = wall_ms
        self.builder.add(e)
        schema.dispatch(_APPLY, e.kind, e.fields, self, e)

    def _new_game(self, e):
        headers, fen = headers_of_game_event(e)
        schema.dispatch(_GAME, e.kind, e.fields, self)
        self.builder = RecordBuilder({})
        self.pos = Position(fen)
        self.phase, self.last, self.alert, self.result = SETUP, None, None, None
        self.alert_zh = None
        self.chinese = []
        self.pending = {}
        self.foul_seqs = []

    def _game_settings(self, what, event, round, board, red, black, tc, level, policy, fen, limit, late,
                       red_no, black_no):
        # the names as they are, never as they would make themselves read (textsafe.py)
        self.info = {"event": visible(event), "round": visible(round), "red": visible(red),
                     "black": visible(black), "tc": visible(tc), "red_no": red_no, "black_no": black_no}
        self.clocks = Clocks(start_times(tc))

    # -- the clocks and the phase ------------------------------------------

    def _start(self, e, side, article):
        self.clocks.start(side, e.t)  # 20.1
        self.phase = PLAYING

    def _press(self, e, side, red_ms, black_ms, stage, article):
        self.clocks.press(side, red_ms, black_ms, e.t)
        offer = self.pending.get("offer")
        if offer is not None and offer["side"] != side_name(side):
            self.pending.pop("offer")  # 22.1: the opponent played on, the offer lapsed

    def _pause(self, e, by, *reason_or_article):
        self.clocks.stop(e.t)  # 8.1.2: only the arbiter stops the clock
        self.phase = PAUSED

    def _resume(self, e, by):
        self.clocks.resume(e.t)
        self.phase = PLAYING

    def _adjust(self, e, side, ms, moves, article):
        self.clocks.set(side, ms, e.t)  # 21.4

    def _penalty(self, e, side, ms, article):
        self.pending.pop("claim", None)  # 22.2: a false claim fined
        self.clocks.run_to(e.t)
        self.clocks.set(side, self.clocks.times[index(side)] - ms, e.t)  # 22.2

    def _flag(self, e, side, at, article):
        self.clocks.set(side, 0, e.t)
        self.clocks.stop(e.t)

    # -- the position --------------------------------------------------------

    # -- what waits for the arbiter or the other side (the desk's actions) ----

    def _offer(self, e, side, n, article):
        self.pending["offer"] = {"side": side_name(side), "article": article}  # 22.1: a draw offered

    def _claim(self, e, side, what, *rest):
        self.pending["claim"] = {"side": side_name(side), "what": what, "article": rest[-1]}

    def _answered(self, e, *fields):
        self.pending.pop("claim", None)  # the board's ruling on the claim (4.2.4, 23.1)

    def _foul(self, e, side, article, fouls, period):
        self.foul_seqs.append((e.seq, side_name(side), article))

    def _declared(self, e, what, side, replaces, by, article):
        self.foul_seqs.append((e.seq, side_name(side), article))

    def _struck(self, e, what, side, replaces, by, article):
        self.foul_seqs = [f for f in self.foul_seqs if f[0] != replaces]

    def _move(self, e, ply, move, side, at, capture, check, suicide):
        m = parse_move(move)
        if self.pos.classify(m) in (LEGAL, SUICIDE):
            if len(self.record.plies) == len(self.chinese) + 1:  # the record took it too
                self.chinese.append(move_text(self.pos, m, "Chinese"))
            self.pos.push(m)
            self.last = (move[:2], move[2:])

    def _correct(self, e, fen, article):
        self.pos = Position(fen)  # 5.8: the arbiter's position
        self.last = None

    def _alert(self, e, what, *rest):
        standing = self.builder.alert  # the record's note of the standing alert
        self.alert = standing.text if standing is not None else e.describe()
        # the same in Chinese (record/bilingual.py, the host's table), for the pages
        self.alert_zh = standing.zh if standing is not None and standing.zh else incident_zh(e)

    def _restored(self, e):
        self.alert = self.alert_zh = None

    # -- the result (art. 4, confirmed by the arbiter: art. 9) ---------------

    def _verdict(self, e, score, article, reason):
        # policy=report: the board's ruling, waiting for the arbiter
        self._set_result(score, article, reason, verdict=True)

    def _result(self, e, score, article, reason):
        self.pending = {}
        self.clocks.stop(e.t)
        self.phase = OVER
        self._set_result(score, article, reason)

    def _confirm(self, e, score, result_article, red_used, black_used, fouls, article, seal):
        # art. 9: the arbiter's act makes the result final
        old = self.result or {}
        self._set_result(score, result_article, old.get("reason"),
                         provisional=False, overruled=old.get("overruled", False))
        self.phase = OVER

    def _annul(self, e, what, replaces, by, article):
        self.result = None  # play reopens, the clocks paused (docs/RULES.md)
        self.phase = PAUSED

    def _overrule_result(self, e, what, score, replaces, by, article, reason, seal):
        confirmed = self.result is not None and not self.result["provisional"]
        self._set_result(score, article, reason, provisional=not confirmed, overruled=True)
        self.clocks.stop(e.t)
        self.phase = OVER

    def _set_result(self, score, article, reason, provisional=True, overruled=False, verdict=False):
        if not reason:
            reason = articles.reason(article) if article else ""
        # reason_zh: the article's words in Chinese for the pages (the board's reason is English)
        self.result = {"score": score, "article": article, "reason": reason,
                       "reason_zh": articles.reason(article, chinese=True) if article else "",
                       "provisional": provisional, "overruled": overruled, "verdict": verdict}

    # -- what the page gets ----------------------------------------------------

    def moves_chinese(self):
        """The record's moves in Chinese notation (art. 1.1): those written
        move by move, unless the arbiter's correction (5.8) took the record
        back, when they are written again from the record."""
        if len(self.chinese) == len(self.record.plies):
            return list(self.chinese)
        g = self.record
        p = start_position(g.start_fen)
        out = []
        for ply in g.plies:
            out.append(move_text(p, ply.move, "Chinese"))
            p.push(ply.move)
        self.chinese = out
        return list(out)

    def first_side(self):
        """The side to move in the game's start position (the record reads
        it once per start position: every board's state is built again at
        each of its events)."""
        return side_name(self.record.first_side)

    def state(self):
        """The board as a dict for the pages (cached until the next event)."""
        if self.cached is None:
            fouls = [0, 0]
            by_kind = {"red": {}, "black": {}}  # side -> article -> fouls (8.1.1-8.1.9)
            for n in self.record.fouls():
                fouls[index(n.side)] += 1
                kinds = by_kind[side_name(n.side)]
                kinds[n.article or "?"] = kinds.get(n.article or "?", 0) + 1
            self.cached = {
                "board": self.board, "device": self.device, "game": self.game_no, "seq": self.seq,
                "info": dict(self.info), "fen": self.pos.fen(),
                "last": list(self.last) if self.last else None,
                "clocks": self.clocks.state(), "phase": self.phase, "alert": self.alert,
                "alert_zh": self.alert_zh,
                "moves": self.moves_chinese(), "result": self.result,
                "overrules": list(self.record.overrules), "overrules_zh": list(self.record.overrules_zh),
                "fouls": {"red": fouls[0], "black": fouls[1]}, "fouls_by": by_kind,
                "pending": dict(self.pending),
                "foul_events": [{"seq": q, "side": sd, "article": a} for q, sd, a in self.foul_seqs],
                "first": self.first_side(),  # who moved first: the moves' numbers
            }
        return self.cached


_GAME = {schema.GAME: BoardView._game_settings}
_APPLY = {
    schema.START: BoardView._start,
    schema.PRESS: BoardView._press,
    schema.OFFER: BoardView._offer,
    schema.CLAIM: BoardView._claim,
    schema.LIMIT: BoardView._answered,
    schema.REPETITION: BoardView._answered,
    schema.FOUL: BoardView._foul,
    schema.PAUSE: BoardView._pause,
    schema.RESUME: BoardView._resume,
    schema.ADJUST: BoardView._adjust,
    schema.PENALTY: BoardView._penalty,
    schema.FLAG: BoardView._flag,
    schema.MOVE: BoardView._move,
    schema.CORRECT: BoardView._correct,
    schema.ALERT: BoardView._alert,
    schema.RESTORED: BoardView._restored,
    schema.VERDICT: BoardView._verdict,
    schema.RESULT: BoardView._result,
    schema.CONFIRM: BoardView._confirm,
    schema.OVERRULE: {"annul": BoardView._annul, "result": BoardView._overrule_result,
                      "foul": BoardView._declared, "unfoul": BoardView._struck},
}
