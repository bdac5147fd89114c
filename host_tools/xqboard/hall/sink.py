"""The logger's hook into the hall: `Logger(..., sink=HallSink(bus, "pc1"))`.

The logger calls the sink with each board's new events, in the link's
order, once they are on its disk (Logger.on_events). The sink makes each an
Envelope keyed (device id, game number, seq), placed by the game's GAME
event (tournament slug of `event=`, `round=`, and the pairing's `board=`,
or the device id for a board started without one), and hands them to the
bus: a Publisher (the broker) or, in `xqboard broadcast` without a broker,
the Intake itself. After each batch it sends the board's state (retained on
the broker): position, clocks, phase, result and last seq.
"""
import json
import time

from ..core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from .envelope import UNKNOWN, Envelope, slug, state_topic

from game import events as ev  # noqa: E402
from xq.pieces import other, side_name  # noqa: E402

# The phase a kind of event leaves the game in (the others leave it as it was).
_PHASES = {ev.GAME: "setup", ev.START: "playing", ev.RESUME: "playing", ev.PAUSE: "paused",
           ev.RESULT: "over", ev.CONFIRM: "confirmed"}
# Events after which the retained state carries the position anew.
_MOVES_POSITION = (ev.MOVE, ev.CORRECT, ev.GAME)


def placement(game_event):
    """(tournament slug, round, board) of a GAME event (None: not seen)."""
    if game_event is None or game_event.kind != ev.GAME:
        return UNKNOWN, UNKNOWN, None
    return ev.dispatch(_PLACEMENT, game_event.kind, game_event.fields)


def _placement(what, event, round, board, *rest):
    return slug(event), slug(round) if round else UNKNOWN, board


_PLACEMENT = {ev.GAME: _placement}


class BoardState:
    """What the retained state topic says of one board's game."""

    def __init__(self, device, game):
        # board: the table its GAME names (`round start --mqtt` starts the
        # next round on the boards standing there); ready: the set-up
        # confirmed (the clocks may start, 20.1)
        self.d = {"device": device, "game": game, "seq": 0, "phase": "idle", "fen": None,
                  "red_ms": None, "black_ms": None, "running": None, "result": None,
                  "article": None, "confirmed": False, "link": "up", "heard": 0.0, "board": None,
                  "ready": False}
        self.offered = None  # the last seq handed to the bus in this run

    def follow(self, e):
        d = self.d
        d["seq"] = e.seq
        d["phase"] = _PHASES.get(e.kind, d["phase"])
        ev.dispatch(_FOLLOW, e.kind, e.fields, self)

    def _press(self, side, red_ms, black_ms, stage, article):
        self.d["red_ms"], self.d["black_ms"] = red_ms, black_ms
        self.d["running"] = side_name(other(side))  # the press starts the opponent's clock

    def _setup(self, what, *fields):
        if what == "confirmed":
            self.d["ready"] = True

    def _start(self, side, article):
        self.d["running"] = side_name(side) if side is not None else self.d["running"]

    def _stopped(self, *fields):
        self.d["running"] = None

    def _result(self, score, article, reason):
        self.d["running"] = None
        self.d["result"], self.d["article"] = score, article

    def _confirm(self, score, result_article, red_used, black_used, fouls, article, seal):
        self.d["result"], self.d["article"], self.d["confirmed"] = score, result_article, True

    def _overrule_result(self, what, score, replaces, by, article, reason, seal):
        self.d["result"], self.d["article"] = score, article

    def _annul(self, what, replaces, by, article):
        self.d["result"], self.d["article"], self.d["phase"] = None, None, "paused"

    def to_json(self):
        return json.dumps(self.d, ensure_ascii=False, separators=(",", ":"))


class HallSink:
    def __init__(self, bus, logger_id):
        self.bus = bus
        self.logger_id = logger_id
        self.states = {}  # (device, game) -> BoardState

    def __call__(self, board, events):
        f = board.files
        if f is None or not events:
            return
        tournament, rnd, number = placement(f.events[0] if f.events else None)
        now = time.time()
        state = self._state(f, events)
        state.d["board"] = number
        if state.offered is None:
            # First sight of this game in this run: offer all of it. A logger
            # killed after writing an event to its files and before its
            # outbox took it would otherwise never publish that event (its
            # files tell the link not to ask the board for it again); the
            # outbox keeps only what it did not have.
            events = f.events
        state.offered = events[-1].seq
        envs = [Envelope(f.board_id, f.game_no, e.seq, e.payload, board=number, tournament=tournament,
                         round=rnd, logger=self.logger_id, at=now) for e in events]
        self.bus.publish(envs)
        state.d["heard"] = now
        self.bus.publish_state(envs[-1].state_topic(), state.to_json())

    def link(self, board, word):
        """The board's link changed (up, silent, down: Logger._follow_link):
        its retained state says so at once."""
        f = board.files
        st = self.states.get((f.board_id, f.game_no))
        if st is None:
            return  # nothing published of this game yet: its first events will carry the link
        st.d["link"], st.d["heard"] = word, board.session.heard_at
        self.bus.publish_state(state_topic(self.logger_id, f.board_id), st.to_json())

    def _state(self, f, events):
        key = (f.board_id, f.game_no)
        st = self.states.get(key)
        if st is None:  # first sight (maybe a logger restarted on its files): the whole game so far
            st = self.states[key] = BoardState(f.board_id, f.game_no)
            st.d["logger"] = self.logger_id  # whom `xqboard broadcast` asks for a lost tail
            events = f.events
        for e in events:
            st.follow(e)
        if any(e.kind in _MOVES_POSITION for e in events):
            st.d["fen"] = f.game.position().fen()
        return st


_FOLLOW = {
    ev.PRESS: BoardState._press,
    ev.SETUP: BoardState._setup,
    ev.START: BoardState._start,
    ev.PAUSE: BoardState._stopped,
    ev.FLAG: BoardState._stopped,
    ev.RESULT: BoardState._result,
    ev.CONFIRM: BoardState._confirm,
    ev.OVERRULE: {"result": BoardState._overrule_result, "annul": BoardState._annul},
}
