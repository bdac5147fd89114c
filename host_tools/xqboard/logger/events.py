"""A game's record rebuilt from its raw event log (docs/PROTOCOL.md).

The log is the record of truth (ARCHITECTURE, principle 1): every file the
logger writes (PGN in three notations, the score sheet) is made from it by
`game_from_events`, so a record can always be made again from the `.events`
file alone.

    >>> evs = ["E 1 0 GAME new event=City_Cup round=3 board=5 red=ZHANG_San black=LI_Si "
    ...        "tc=10m+5s level=provincial policy=auto fen=startpos limit=60 late=15",
    ...        "E 2 900 START red 20.1",
    ...        "E 3 4000 MOVE 1 h2e2 red at=3800",
    ...        "E 4 4100 PRESS red 601900 600000",
    ...        "E 5 9000 TOUCH black own h9 5.1",
    ...        "E 6 9600 MOVE 2 h9g7 black at=9500",
    ...        "E 7 9700 PRESS black 601900 599600",
    ...        "E 8 9800 RESULT 1-0 4.1.12 resigned black"]
    >>> g = game_from_events(evs)
    >>> g.headers["Event"], g.headers["Red"], g.headers["TimeControl"]
    ('City Cup', 'ZHANG San', '10m+5s')
    >>> g.texts("Chinese"), [p.clock for p in g.plies], [p.elapsed for p in g.plies]
    (['炮二平五', '马８进７'], [601900, 599600], [3200, 5600])
    >>> g.result, g.termination
    ('1-0', '4.1.12 resignation')

Mapping (what each event becomes):
- GAME: the headers (Event, Round, Board, Red, Black, TimeControl; `-` is
  unset, `_` a space) and the starting FEN;
- MOVE: a ply; the mover's next PRESS gives its clock (time left, increment
  included) and its time (board time from the hand-over that started the
  turn to the press, pauses left out);
- FOUL (art. 8, 8.2): a foul; ALERT: an alert, `restored` appended when
  RESTORED follows; TOUCH, OFFER, CLAIM, LIMIT, REPETITION, FLAG, LATE,
  PENALTY, ADJUST, PAUSE, RESUME, VERDICT, POWER, BATTERY, CORRECT:
  comments;
- RESULT: the result with its article (art. 4); `0-0` (both sides forfeit,
  20.2) is written `*` with the board's words; CONFIRM: the times used
  (art. 9);
- OVERRULE: the arbiter's decision over the board's (docs/RULES.md): the
  board's result annulled (`*` again) or replaced, a foul declared or
  struck; each is listed on the score sheet with the board's decision it
  replaces, and as a comment.
"""
from ..boardlink import Event
from ..core import START_FEN, Position, parse_move
from ..record import BLACK, RED, Game
from ..record import articles

_HEADERS = (("event", "Event"), ("round", "Round"), ("board", "Board"), ("red", "Red"),
            ("black", "Black"), ("tc", "TimeControl"), ("red_no", "RedNo"), ("black_no", "BlackNo"))
_ALERT_WORDS = {
    "breach": "move against the movement rules",
    "displaced": "piece displaced",
    "knocked": "piece knocked over",
    "between": "piece left between points",
    "position": "position differs from the board's",
}


def event_of(e):
    """An Event of a payload (or the Event itself)."""
    return Event(e) if isinstance(e, str) else e


def headers_of_game_event(e):
    """The record's headers and starting FEN from a GAME event."""
    headers = {}
    for key, name in _HEADERS:
        v = e.get(key)
        if v and v != "-":
            headers[name] = str(v)
    fen = e.get("fen", "startpos")
    if fen in ("startpos", "", "-"):
        fen = START_FEN
    return headers, fen


def _points_text(e):
    parts = []
    if e.get("put", "-") != "-":
        parts.append("a piece missing on " + e.get("put"))
    if e.get("clear", "-") != "-":
        parts.append("a piece out of place on " + e.get("clear"))
    return " and ".join(parts)


def _side_word(side):
    return "Red" if side == RED else "Black"


class RecordBuilder:
    """Builds a record Game from a board's events, one at a time
    (`add(event)`): what `game_from_events` and the logger's files use."""

    def __init__(self, headers):
        self.extra = dict(headers or {})
        self.game = Game(**self.extra)
        self.turn_start = None  # board time the running clock was handed over
        self.paused_at = None
        self.paused = 0  # ms paused in the current turn
        self.pending = None  # the last ply, waiting for its mover's press
        self.alert = None  # the standing alert's note
        self.by_seq = {}  # seq: the foul note or the result (score, article, reason) that event made

    def add(self, e):
        e = event_of(e)
        handler = getattr(self, "_" + e.kind.lower(), None)
        if handler:
            handler(e.t, e)
        else:
            self.game.add_comment(("%s %s" % (e.kind, e.describe())).strip())

    def _game(self, t, e):
        headers, fen = headers_of_game_event(e)
        headers.update(self.extra)
        self.game = Game(fen=fen, **headers)
        self.turn_start = None
        self.pending = None
        self.alert = None

    def _setup(self, t, e):
        pass  # the set-up check: not part of the record

    def _start(self, t, e):
        self.turn_start = t
        self.paused = 0

    def _move(self, t, e):
        try:
            ply = self.game.push(parse_move(e.get("move")))
        except ValueError:
            self.game.add_comment("move %s not recordable here" % e.get("move"))
            self.pending = None
            return
        self.pending = ply
        if e.get("suicide"):
            self.game.add_comment("suicide (3.4)")

    def _press(self, t, e):
        side = e.get("side")
        ply = self.pending
        if ply is not None and self.game.side_of(ply.number) == side:
            ply.clock = e.get("red_ms") if side == RED else e.get("black_ms")
            if self.turn_start is not None:
                ply.elapsed = max(0, t - self.turn_start - self.paused)
            self.pending = None
        if e.get("stage"):
            self.game.add_comment("%s: next stage of the time control (6.2)" % _side_word(side))
        self.turn_start = t
        self.paused = 0

    def _pause(self, t, e):
        self.paused_at = t
        self.game.add_comment("Clock paused (%s)" % e.describe())

    def _resume(self, t, e):
        if self.paused_at is not None:
            self.paused += t - self.paused_at
            self.paused_at = None
        self.game.add_comment("Clock resumed (%s)" % e.describe())

    def _foul(self, t, e):
        # 8.2: a foul is recorded at once.
        self.by_seq[e.seq] = self.game.add_foul(e.get("side"), e.get("article"))

    def _overrule(self, t, e):
        g = self.game
        what, by, replaced = e.get("what"), e.get("by", "?"), e.get("replaces")
        head = "the arbiter %s (%s)" % (by, e.get("article", ""))
        if what == "annul":
            board = self._decision(replaced)
            g.set_result("*")
            g.add_overrule("%s annulled the board's result %s: play resumes" % (head, board))
        elif what == "result":
            board = self._decision(replaced)
            score, article, words = e.get("score"), e.get("article"), e.get("reason", "")
            self.by_seq[e.seq] = (score, article, words)
            if score == "0-0":
                g.set_result("*", article, "both sides lose (0-0) " + words)
            else:
                g.set_result(score, article, None if articles.reason(article) else words or None)
            g.add_overrule("%s ruled %s %s %s in place of the board's %s" % (
                head, score, article, words, board))
        elif what == "foul":
            self.by_seq[e.seq] = g.add_foul(e.get("side"), e.get("article"), "%s, declared by the arbiter %s" % (
                articles.reason(e.get("article")), by))
            g.add_overrule("%s declared a foul of %s" % (head, _side_word(e.get("side")).lower()))
        else:  # unfoul
            note = self.by_seq.pop(replaced, None)
            if note is not None and note in g.notes:
                g.remove_foul(note)
            g.add_overrule("%s struck the foul of %s (event %s)" % (head, _side_word(e.get("side")).lower(), replaced))

    def _decision(self, seq):
        # the words of the result event `seq` replaced ("?" if not in this log)
        r = self.by_seq.get(seq)
        return " ".join(w for w in r if w) if isinstance(r, tuple) else "(event %s)" % seq

    def _alert(self, t, e):
        what = e.get("what")
        if what == "breach":
            where = " ".join("%s=%s" % (k, e.get(k)) for k in ("put", "clear", "move") if e.get(k))
            text = "%s: %s %s" % (_ALERT_WORDS[what], _side_word(e.get("side")).lower(), where)
        else:
            text = "%s, %s" % (_ALERT_WORDS.get(what, what), _points_text(e))
        if self.alert is not None:
            return  # the standing alert, its points changed while being restored: counted once
        self.alert = self.game.add_alert(text.strip(", "), e.get("article"))

    def _restored(self, t, e):
        if self.alert is not None:
            self.alert.text += ", restored"
            self.alert = None

    def _touch(self, t, e):
        who = _side_word(e.get("side"))
        if e.get("whose") == "duty-broken":
            text = "%s broke a touch-move duty: %s (%s)" % (who, e.get("where"), e.get("article", ""))
        else:
            what = "own piece" if e.get("whose") == "own" else "opponent's piece"
            text = "%s touched the %s on %s (%s)" % (who, what, e.get("point"), e.get("article", ""))
        self.game.add_comment(text)

    def _offer(self, t, e):
        self.game.add_comment("%s offers a draw (22.1)" % _side_word(e.get("side")))

    def _flag(self, t, e):
        article = e.get("article", "4.1.6")
        if article == "21.5":
            # the quota's last move made but not pressed: the arbiter rules
            self.game.add_comment("%s's flag fell at %s ms with the quota's last move made but not pressed: "
                                  "the arbiter rules (21.5)" % (_side_word(e.get("side")), e.get("at")))
        else:
            self.game.add_comment("%s's flag fell at %s ms (%s)" % (_side_word(e.get("side")), e.get("at"), article))

    def _result(self, t, e):
        score, article, words = e.get("score"), e.get("article"), e.get("reason", "")
        self.by_seq[e.seq] = (score, article, words)
        if score == "0-0":
            # 20.2: both sides forfeit; PGN has no such result.
            self.game.set_result("*", article, "both sides forfeit (0-0) " + words)
            return
        known = articles.reason(article) if article else ""
        self.game.set_result(score, article, None if known else words or None)
        if words and words != known:
            self.game.add_comment("Result %s %s: %s" % (score, article, words))

    def _repetition(self, t, e):
        # 23.1: the board announces the third occurrence with its ruling;
        # the arbiter decides on a claim (docs/RULINGS.md).
        ruling = ruling_of(e.get("ruling", ""))
        arts = " ".join(ruling["articles"] + [e.get("article")])
        verdict = ruling["verdict"]
        what = e.get("what")
        head = {"third": "Repetition: third occurrence", "varied": "Repetition varied"}.get(what, "Repetition " + what)
        self.game.add_comment("%s%s (%s)" % (head, (", ruling: " + verdict) if verdict else "", arts))

    def _confirm(self, t, e):
        self.by_seq[e.seq] = (e.get("score"), e.get("result_article"), "confirmed (art. 9)")
        if e.get("red_used") is not None and e.get("black_used") is not None:
            self.game.time_used = {RED: e.get("red_used"), BLACK: e.get("black_used")}

    def _correct(self, t, e):
        fen = e.get("fen")
        g = self.game
        want = Position(fen).fen().split()[:2]
        for k in range(len(g.plies), -1, -1):
            if g.position(k).fen().split()[:2] == want:
                g.back_to(k)
                g.add_comment("Position corrected by the arbiter (5.8): back to move %d" % k)
                return
        g.add_comment("Position corrected by the arbiter (5.8): %s" % fen)


def ruling_of(text):
    """The parts of a repetition ruling's text (docs/RULINGS.md): `moves`
    (`R:h2e2:check`...), `verdict` (spaces restored) and `articles`."""
    out = {"moves": [], "verdict": "", "articles": [], "count": None}
    for w in text.split():
        if w.startswith("verdict="):
            out["verdict"] = w[8:].replace("-", " ")
        elif w[:1].isdigit():
            out["articles"].append(w)
        elif w.startswith("x") and w[1:].isdigit():
            out["count"] = int(w[1:])
        else:
            out["moves"].append(w)
    return out


def game_from_events(events, headers=None):
    """The record (xqboard.record.Game) of one game's events: payload
    strings or boardlink.Event objects, in order from the GAME event.
    `headers` (Date, Site...) are added to those the GAME event gives."""
    b = RecordBuilder(headers)
    for e in events:
        b.add(e)
    return b.game
