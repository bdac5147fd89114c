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
  (art. 9).
"""
from ..core import START_FEN, Position, parse_move
from ..record import BLACK, RED, Game
from ..record import articles

SIDES = {"red": RED, "black": BLACK}
_HEADERS = (("event", "Event"), ("round", "Round"), ("board", "Board"), ("red", "Red"),
            ("black", "Black"), ("tc", "TimeControl"))
_ALERT_WORDS = {
    "breach": "move against the movement rules",
    "displaced": "piece displaced",
    "knocked": "piece knocked over",
    "between": "piece left between points",
    "position": "position differs from the board's",
}


def _payload(e):
    return e if isinstance(e, str) else e.payload


def _words(e):
    return _payload(e).split()


def settings(args):
    """{key: value} of `key=value` words, `_` read as a space."""
    out = {}
    for a in args:
        if "=" in a:
            k, v = a.split("=", 1)
            out[k] = v.replace("_", " ")
    return out


def headers_of_game_event(args):
    """The record's headers and starting FEN from a GAME event's words."""
    s = settings(args)
    headers = {}
    for key, name in _HEADERS:
        v = s.get(key)
        if v and v != "-":
            headers[name] = v
    fen = s.get("fen", "startpos")
    if fen in ("startpos", "", "-"):
        fen = START_FEN
    return headers, fen


def _points_text(args):
    put = [a[4:] for a in args if a.startswith("put=") and a[4:] != "-"]
    clear = [a[6:] for a in args if a.startswith("clear=") and a[6:] != "-"]
    parts = []
    if put:
        parts.append("a piece missing on " + ",".join(put))
    if clear:
        parts.append("a piece out of place on " + ",".join(clear))
    return " and ".join(parts)


def _article(args):
    for a in reversed(args):
        if a[:1].isdigit() and "." in a and "=" not in a:
            return a
    return None


class _Builder:
    def __init__(self, headers):
        self.extra = dict(headers or {})
        self.game = Game(**self.extra)
        self.turn_start = None  # board time the running clock was handed over
        self.paused_at = None
        self.paused = 0  # ms paused in the current turn
        self.pending = None  # the last ply, waiting for its mover's press
        self.alert = None  # the standing alert's note

    def add(self, e):
        w = _words(e)
        t, kind, args = int(w[2]), w[3], w[4:]
        handler = getattr(self, "_" + kind.lower(), None)
        if handler:
            handler(t, args)
        else:
            self.game.add_comment("%s %s" % (kind, " ".join(args)))

    def _game(self, t, args):
        headers, fen = headers_of_game_event(args)
        headers.update(self.extra)
        self.game = Game(fen=fen, **headers)
        self.turn_start = None
        self.pending = None
        self.alert = None

    def _setup(self, t, args):
        pass  # the set-up check: not part of the record

    def _start(self, t, args):
        self.turn_start = t
        self.paused = 0

    def _move(self, t, args):
        try:
            ply = self.game.push(parse_move(args[1]))
        except ValueError:
            self.game.add_comment("move %s not recordable here" % args[1])
            self.pending = None
            return
        self.pending = ply
        if "suicide" in args:
            self.game.add_comment("suicide (3.4)")

    def _press(self, t, args):
        side = SIDES.get(args[0])
        ply = self.pending
        if ply is not None and side is not None and self.game.side_of(ply.number) == side:
            ply.clock = int(args[1] if side == RED else args[2])
            if self.turn_start is not None:
                ply.elapsed = max(0, t - self.turn_start - self.paused)
            self.pending = None
        if "stage" in args:
            self.game.add_comment("%s: next stage of the time control (6.2)" % args[0].capitalize())
        self.turn_start = t
        self.paused = 0

    def _pause(self, t, args):
        self.paused_at = t
        self.game.add_comment("Clock paused (%s)" % " ".join(args))

    def _resume(self, t, args):
        if self.paused_at is not None:
            self.paused += t - self.paused_at
            self.paused_at = None
        self.game.add_comment("Clock resumed (%s)" % " ".join(args))

    def _foul(self, t, args):
        # 8.2: a foul is recorded at once.
        self.game.add_foul(SIDES[args[0]], args[1])

    def _alert(self, t, args):
        kind = args[0]
        if kind == "breach":
            text = "%s: %s %s" % (_ALERT_WORDS[kind], args[1], " ".join(a for a in args[2:] if a != _article(args)))
        else:
            text = "%s, %s" % (_ALERT_WORDS.get(kind, kind), _points_text(args))
        if self.alert is not None:
            return  # the standing alert, its points changed while being restored: counted once
        self.alert = self.game.add_alert(text.strip(", "), _article(args))

    def _restored(self, t, args):
        if self.alert is not None:
            self.alert.text += ", restored"
            self.alert = None

    def _touch(self, t, args):
        who = args[0].capitalize()
        if args[1] == "duty-broken":
            text = "%s broke a touch-move duty: %s (%s)" % (who, args[2], args[3] if len(args) > 3 else "")
        else:
            what = "own piece" if args[1] == "own" else "opponent's piece"
            text = "%s touched the %s on %s (%s)" % (who, what, args[2], args[3] if len(args) > 3 else "")
        self.game.add_comment(text)

    def _offer(self, t, args):
        self.game.add_comment("%s offers a draw (22.1)" % args[0].capitalize())

    def _flag(self, t, args):
        self.game.add_comment("%s's flag fell at %s ms (4.1.6)" % (args[0].capitalize(), args[1][3:]))

    def _result(self, t, args):
        score, article = args[0], (args[1] if len(args) > 1 else None)
        words = " ".join(args[2:])
        if score == "0-0":
            # 20.2: both sides forfeit; PGN has no such result.
            self.game.set_result("*", article, "both sides forfeit (0-0) " + words)
            return
        known = articles.reason(article) if article else ""
        self.game.set_result(score, article, None if known else words or None)
        if words and words != known:
            self.game.add_comment("Result %s %s: %s" % (score, article, words))

    def _repetition(self, t, args):
        # 23.1: the board announces the third occurrence with its ruling;
        # the arbiter decides on a claim (docs/RULINGS.md).
        s = settings(args)
        arts = " ".join(a for a in args if a[:1].isdigit() and "." in a)
        verdict = s.get("verdict", "").replace("-", " ")
        head = {"third": "Repetition: third occurrence", "varied": "Repetition varied"}.get(args[0], "Repetition " + args[0])
        self.game.add_comment("%s%s (%s)" % (head, (", ruling: " + verdict) if verdict else "", arts))

    def _confirm(self, t, args):
        s = settings(args)
        try:
            self.game.time_used = {RED: int(s["red_used"]), BLACK: int(s["black_used"])}
        except (KeyError, ValueError):
            pass

    def _correct(self, t, args):
        fen = args[0].replace("_", " ")
        g = self.game
        want = Position(fen).fen().split()[:2]
        for k in range(len(g.plies), -1, -1):
            if g.position(k).fen().split()[:2] == want:
                if k < len(g.plies):
                    del g.plies[k:]
                    g._pos = g.position()
                g.add_comment("Position corrected by the arbiter (5.8): back to move %d" % k)
                return
        g.add_comment("Position corrected by the arbiter (5.8): %s" % fen)


def game_from_events(events, headers=None):
    """The record (xqboard.record.Game) of one game's events: payload
    strings or boardlink.Event objects, in order from the GAME event.
    `headers` (Date, Site...) are added to those the GAME event gives."""
    b = _Builder(headers)
    for e in events:
        b.add(e)
    return b.game
