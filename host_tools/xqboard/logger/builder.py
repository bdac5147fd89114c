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
from ..core import LEGAL, START_FEN, SUICIDE, Position, parse_move
from ..record import BLACK, RED, GameRecord
from ..record import articles
from ..record.bilingual import (ALERTS, BOTH, KINDS_ZH, VERDICTS_ZH, WHOSE, points_words, reason_words, say,
                                side_words, where_words)
from game import events as schema  # (firmware/ is on sys.path: ..core)

_HEADERS = ("Event", "Round", "Board", "Red", "Black", "TimeControl")
# Every note is written in English (the record's, PGN) and Chinese (the
# pages'), both from the host's table (record/bilingual.py).


def event_of(e):
    """An Event of a payload (or the Event itself)."""
    return Event(e) if isinstance(e, str) else e


def headers_of_game_event(e):
    """The record's headers and starting FEN from a GAME event."""
    return schema.dispatch(_HEADERS_OF, e.kind, e.fields)


def _game_headers(what, event, round, board, red, black, tc, level, policy, fen, limit, late, red_no, black_no):
    headers = {}
    for name, v in zip(_HEADERS + ("RedNo", "BlackNo"), (event, round, board, red, black, tc, red_no, black_no)):
        if v and v != "-":
            headers[name] = str(v)
    if fen in (None, "startpos", "", "-"):
        fen = START_FEN
    return headers, fen


_HEADERS_OF = {schema.GAME: _game_headers}


class RecordBuilder:
    """Builds a GameRecord from a board's events, one at a time
    (`add(event)`): what `game_from_events` and the logger's files use.
    Each kind has its handler (_ADD), which takes the Event `e` and its
    fields by the schema's names; a kind with none becomes a comment."""

    def __init__(self, headers):
        self.extra = dict(headers or {})
        self.game = GameRecord(**self.extra)
        self.turn_start = None  # board time the running clock was handed over
        self.paused_at = None
        self.paused = 0  # ms paused in the current turn
        self.pending = None  # the last ply, waiting for its mover's press
        self.alert = None  # the standing alert's note
        self.by_seq = {}  # seq: the foul note or the result (score, article, reason) that event made

    def add(self, e):
        e = event_of(e)
        handler = schema.handler(_ADD, e.kind, e.fields) or RecordBuilder._described
        handler(self, e, *e.fields)

    def _described(self, e, *fields):
        # A kind without a handler of its own: a comment of its fields for
        # people, both languages from one walk of its field specs.
        said = e.describe_in(*BOTH)
        en, zh = say("event", kind=(e.kind, KINDS_ZH.get(e.kind, e.kind)), fields=said)
        self.game.add_comment(en.strip(), zh=zh.strip())

    def _game(self, e, what, *settings):
        headers, fen = _game_headers(what, *settings)
        headers.update(self.extra)
        self.game = GameRecord(fen=fen, **headers)
        self.turn_start = None
        self.pending = None
        self.alert = None

    def _setup(self, e, what, *points_or_by):
        pass  # the set-up check: not part of the record

    def _start(self, e, side, article):
        self.turn_start = e.t
        self.paused = 0

    def _move(self, e, ply, move, side, at, capture, check, suicide):
        try:
            # (its class is the board's: the ply's facts came with the event)
            made = self.game.push(parse_move(move), kind=SUICIDE if suicide else LEGAL)
        except ValueError:
            self.comment("unrecordable", move=move)
            self.pending = None
            return
        self.pending = made
        if suicide:
            self.comment("suicide")

    def _press(self, e, side, red_ms, black_ms, stage, article):
        ply = self.pending
        if ply is not None and self.game.side_of(ply.number) == side:
            ply.clock = red_ms if side == RED else black_ms
            if self.turn_start is not None:
                ply.elapsed = max(0, e.t - self.turn_start - self.paused)
            self.pending = None
        if stage:
            self.comment("stage", side=side_words(side))
        self.turn_start = e.t
        self.paused = 0

    def _pause(self, e, by, *reason_or_article):
        self.paused_at = e.t
        self.comment("paused", why=e.describe_in(*BOTH))

    def _resume(self, e, by):
        if self.paused_at is not None:
            self.paused += e.t - self.paused_at
            self.paused_at = None
        self.comment("resumed", why=e.describe_in(*BOTH))

    def _foul(self, e, side, article, fouls, period):
        # 8.2: a foul is recorded at once.
        self.by_seq[e.seq] = self.game.add_foul(side, article)

    def comment(self, key, **values):
        """A comment of the host's table (record/bilingual.py), in both languages."""
        en, zh = say(key, **values)
        return self.game.add_comment(en, zh=zh)

    def overrule(self, key, **values):
        en, zh = say(key, **values)
        return self.game.add_overrule(en, zh=zh)

    @staticmethod
    def _head(by, article):
        return say("head", by=by or "?", article=article or "")

    def _annul(self, e, what, replaces, by, article):
        board = self._decision(replaces)
        self.game.set_result("*")
        self.overrule("annulled", head=self._head(by, article), board=board)

    def _overrule_result(self, e, what, score, replaces, by, article, reason, seal):
        g = self.game
        board = self._decision(replaces)
        words = reason or ""
        self.by_seq[e.seq] = (score, article, words)
        if score == "0-0":
            g.set_result("*", article, say("lose.both", words=words)[0])
        else:
            g.set_result(score, article, None if articles.reason(article) else words or None)
        self.overrule("ruled", head=self._head(by, article), score=score, article=article,
                      words=reason_words(article, words), board=board)

    def _overrule_foul(self, e, what, side, replaces, by, article):
        g = self.game
        en, zh = say("declared.foul", reason=reason_words(article), by=by or "?")
        self.by_seq[e.seq] = g.add_foul(side, article, en, zh=zh)
        self.overrule("declared", head=self._head(by, article), side=side_words(side, lower=True))

    def _unfoul(self, e, what, side, replaces, by, article):
        g = self.game
        note = self.by_seq.pop(replaces, None)
        if note is not None and note in g.notes:
            g.remove_foul(note)
        self.overrule("struck", head=self._head(by, article), side=side_words(side, lower=True), seq=str(replaces))

    def _decision(self, seq):
        # the words of the result event `seq` replaced, both languages ("(event n)" if not in this log)
        r = self.by_seq.get(seq)
        if not isinstance(r, tuple):
            return say("decision", seq=str(seq))
        score, article, words = r
        zh = say("confirmed")[1] if words == say("confirmed")[0] else reason_words(article, words)[1] or words
        return (" ".join(w for w in r if w), " ".join(w for w in (score, article, zh) if w))

    def _breach(self, e, what, side, put, clear, move, article, again):
        self._note_alert(say("breach", what=ALERTS[what], side=side_words(side, lower=True),
                             where=where_words((("put", put), ("clear", clear), ("move", move)))), article)

    def _alert(self, e, what, put, clear, article):
        self._note_alert(say("alert", what=ALERTS.get(what, (what, what)), points=points_words(put, clear)), article)

    def _note_alert(self, words, article):
        if self.alert is not None:
            return  # the standing alert, its points changed while being restored: counted once
        en, zh = words
        self.alert = self.game.add_alert(en.strip(", "), article, zh=zh.strip("，, "))

    def _restored(self, e):
        if self.alert is not None:
            en, zh = say("restored")
            self.alert.text += en
            if self.alert.zh is not None:
                self.alert.zh += zh
            self.alert = None

    def _touch(self, e, side, whose, point, article):
        self.comment("touch", side=side_words(side), what=WHOSE["own" if whose == "own" else "opp"], point=point,
                     article=article or "")

    def _duty_broken(self, e, side, whose, where, article):
        self.comment("duty", side=side_words(side), where=where, article=article or "")

    def _offer(self, e, side, n, article):
        self.comment("offer", side=side_words(side))

    def _flag(self, e, side, at, article):
        article = article or "4.1.6"
        if article == "21.5":
            # the quota's last move made but not pressed: the arbiter rules
            self.comment("flag.unpressed", side=side_words(side), at=str(at))
        else:
            self.comment("flag", side=side_words(side), at=str(at), article=article)

    def _result(self, e, score, article, reason):
        words = reason or ""
        self.by_seq[e.seq] = (score, article, words)
        if score == "0-0":
            # 20.2: both sides forfeit; PGN has no such result.
            self.game.set_result("*", article, say("forfeit.both", words=words)[0])
            return
        known = articles.reason(article) if article else ""
        known_zh = articles.reason(article, chinese=True) if article else ""
        self.game.set_result(score, article, None if known else words or None)
        if words and words != known:
            self.comment("result", score=score, article=article, words=(words, known_zh or words))

    # 23.1: the board announces the third occurrence with its ruling;
    # the arbiter decides on a claim (docs/RULINGS.md).
    def _third(self, e, what, ruling, article):
        self._repetition("repetition.third", ruling, article)

    def _varied(self, e, what, article):
        self._repetition("repetition.varied", "", article)

    def _unruled(self, e, what, reason, article):
        self._repetition("repetition.unruled", "", article)

    def _repetition(self, head, text, article):
        ruling = ruling_of(text or "")
        arts = " ".join(ruling["articles"] + [article])
        verdict = ruling["verdict"]
        ruling = say("ruling", verdict=(verdict, VERDICTS_ZH.get(verdict, verdict))) if verdict else ""
        self.comment("repetition", head=say(head), ruling=ruling, articles=arts)

    def _confirm(self, e, score, result_article, red_used, black_used, fouls, article, seal):
        self.by_seq[e.seq] = (score, result_article, say("confirmed")[0])
        if red_used is not None and black_used is not None:
            self.game.time_used = {RED: red_used, BLACK: black_used}

    def _correct(self, e, fen, article):
        g = self.game
        want = Position(fen).fen().split()[:2]
        for k in range(len(g.plies), -1, -1):
            if g.position(k).fen().split()[:2] == want:
                g.back_to(k)
                self.comment("corrected.back", k=str(k))
                return
        self.comment("corrected", fen=fen)


_ADD = {
    schema.GAME: RecordBuilder._game,
    schema.SETUP: RecordBuilder._setup,
    schema.START: RecordBuilder._start,
    schema.MOVE: RecordBuilder._move,
    schema.PRESS: RecordBuilder._press,
    schema.PAUSE: RecordBuilder._pause,
    schema.RESUME: RecordBuilder._resume,
    schema.FOUL: RecordBuilder._foul,
    schema.OVERRULE: {"annul": RecordBuilder._annul, "result": RecordBuilder._overrule_result,
                      "foul": RecordBuilder._overrule_foul, "unfoul": RecordBuilder._unfoul},
    schema.ALERT: {"breach": RecordBuilder._breach, "displaced": RecordBuilder._alert,
                   "knocked": RecordBuilder._alert, "between": RecordBuilder._alert,
                   "position": RecordBuilder._alert},
    schema.RESTORED: RecordBuilder._restored,
    schema.TOUCH: {"own": RecordBuilder._touch, "opp": RecordBuilder._touch,
                   "duty-broken": RecordBuilder._duty_broken},
    schema.OFFER: RecordBuilder._offer,
    schema.FLAG: RecordBuilder._flag,
    schema.RESULT: RecordBuilder._result,
    schema.REPETITION: {"third": RecordBuilder._third, "varied": RecordBuilder._varied,
                        "unruled": RecordBuilder._unruled},
    schema.CONFIRM: RecordBuilder._confirm,
    schema.CORRECT: RecordBuilder._correct,
}


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
    """The record (xqboard.record.GameRecord) of one game's events: payload
    strings or boardlink.Event objects, in order from the GAME event.
    `headers` (Date, Site...) are added to those the GAME event gives."""
    b = RecordBuilder(headers)
    for e in events:
        b.add(e)
    return b.game
