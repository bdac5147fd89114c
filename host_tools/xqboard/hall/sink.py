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

from .envelope import UNKNOWN, Envelope, slug
from xq.pieces import other, side_name

# The phase a kind of event leaves the game in (the others leave it as it was).
_PHASES = {"GAME": "setup", "START": "playing", "RESUME": "playing", "PAUSE": "paused",
           "RESULT": "over", "CONFIRM": "confirmed"}


def placement(game_event):
    """(tournament slug, round, board) of a GAME event (None: not seen)."""
    if game_event is None or game_event.kind != "GAME":
        return UNKNOWN, UNKNOWN, None
    rnd = game_event.get("round")
    return slug(game_event.get("event")), slug(rnd) if rnd else UNKNOWN, game_event.get("board")


class BoardState:
    """What the retained state topic says of one board's game."""

    def __init__(self, device, game):
        self.d = {"device": device, "game": game, "seq": 0, "phase": "idle", "fen": None,
                  "red_ms": None, "black_ms": None, "running": None, "result": None,
                  "article": None, "confirmed": False}
        self.offered = None  # the last seq handed to the bus in this run
    def follow(self, e):
        d = self.d
        d["seq"] = e.seq
        d["phase"] = _PHASES.get(e.kind, d["phase"])
        if e.kind == "PRESS":
            d["red_ms"], d["black_ms"] = e.get("red_ms"), e.get("black_ms")
            d["running"] = side_name(other(e.get("side")))  # the press starts the opponent's clock
        elif e.kind in ("START", "RESUME"):
            d["running"] = side_name(e.get("side")) if e.get("side") is not None else d["running"]
        elif e.kind in ("PAUSE", "RESULT", "FLAG"):
            d["running"] = None
        if e.kind == "RESULT":
            d["result"], d["article"] = e.get("score"), e.get("article")
        elif e.kind == "CONFIRM":
            d["result"], d["article"], d["confirmed"] = e.get("score"), e.get("result_article"), True
        elif e.kind == "OVERRULE" and e.get("what") == "result":
            d["result"], d["article"] = e.get("score"), e.get("article")
        elif e.kind == "OVERRULE" and e.get("what") == "annul":
            d["result"], d["article"], d["phase"] = None, None, "paused"

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
        self.bus.publish_state(envs[-1].state_topic(), state.to_json())

    def _state(self, f, events):
        key = (f.board_id, f.game_no)
        st = self.states.get(key)
        if st is None:  # first sight (maybe a logger restarted on its files): the whole game so far
            st = self.states[key] = BoardState(f.board_id, f.game_no)
            st.d["logger"] = self.logger_id  # whom `xqboard broadcast` asks for a lost tail
            events = f.events
        for e in events:
            st.follow(e)
        if any(e.kind in ("MOVE", "CORRECT", "GAME") for e in events):
            st.d["fen"] = f.game.position().fen()
        return st
