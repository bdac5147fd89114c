"""A round started from the desk, through the running loggers (docs/HALL.md,
"The arbiter's desk"): each board of the round gets its `new` with the
pairing's names, numbers, the event's time control and its short name,
sent down the broker as any desk command (hall/desk.py), so no port is
opened twice and no logger stops: their next game simply begins. The
clocks then start together (20.1) once the players have confirmed their
set-ups: `start` to every board of the round.

    starter = DeskRound(desk, "event.db", intake.devices)
    starter.start(3, by="Li")      # {"boards": [{"board", "device", "reply"}]}
    starter.clocks(3, by="Li")     # `start` to each board of round 3, one right after the other
"""
import threading

from ..logger.round import BoardStart, RoundError, check_fits, new_words
from ..tournament.seating import round_games
from ..tournament.refusal import TournamentError
from ..tournament.event import Tournament

WAIT_S = 15.0  # s the boards have to answer


def event_settings(ev):
    """(the event's name for the boards, its time control): the short
    name stored with the event (tournament new/edit --short, defaulted
    from the full name), as `round start` gives it."""
    return ev.short_name, ev.get("tc") or None


class DeskRound:
    def __init__(self, desk, tournament, devices):
        self.desk, self.tournament, self.devices = desk, str(tournament), devices

    def _games(self, rnd):
        ev = Tournament.open(self.tournament)
        try:
            return round_games(ev, rnd), event_settings(ev)
        finally:
            ev.db.close()

    def start(self, rnd, by, tables=None):
        """Sends each board of round `rnd` its `new` (the boards standing at
        the pairing's tables; of `tables` alone, a set of table numbers,
        given); returns every board's answer."""
        try:
            games, (event, tc) = self._games(rnd)
        except TournamentError as e:
            return {"boards": [], "reply": ["refused", str(e)]}
        games = [g for g in games if tables is None or g.board in tables]
        devices = self.devices()
        sends, out = [], []
        for g in games:
            device = devices.get(str(g.board))
            if device is None:
                out.append({"board": g.board, "device": None, "reply": ["refused", "no", "board", "at", "this",
                                                                          "table", "in", "the", "hall"]})
                continue
            words = new_words(BoardStart(g.board, g.red, g.black, g.red_no, g.black_no), event, rnd, tc)
            try:
                check_fits(words)
            except RoundError as e:
                out.append({"board": g.board, "device": device, "reply": ["refused"] + str(e).split()})
                continue
            sends.append((g.board, device, words))
        return {"boards": out + self._send_all(sends, by), "round": rnd}

    def games(self, rnd):
        """Round `rnd`'s games in the event file (tournament.seating.BoardGame)."""
        return self._games(rnd)[0]

    def clocks(self, rnd, by, devices=None):
        """`start` (20.1) to every board of round `rnd` (of `devices`
        alone, given), sent together."""
        games, _ = self._games(rnd)
        at = self.devices()
        return {"boards": self._send_all([(g.board, at[str(g.board)], ["start"]) for g in games
                                          if str(g.board) in at and (devices is None or at[str(g.board)] in devices)],
                                         by), "round": rnd}

    def _send_all(self, sends, by):
        """[{board, device, reply}] of `sends` [(board, device, words)],
        sent at once, each answer awaited (WAIT_S at most)."""
        done = threading.Event()
        replies = {}
        lock = threading.Lock()

        def answered(board, p):
            with lock:
                replies[board] = p.reply
                if len(replies) == len(sends):
                    done.set()

        for board, device, words in sends:
            self.desk.send(device, words, by, on_done=lambda p, board=board: answered(board, p))
        if sends:
            done.wait(WAIT_S)
        return [{"board": board, "device": device, "reply": replies.get(board, ["not", "answered"])}
                for board, device, _ in sends]
