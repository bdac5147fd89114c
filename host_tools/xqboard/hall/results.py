"""Results into the event: the boards' confirmed results written into the
tournament's SQLite file as they happen, with no import step.

Only the arbiter's CONFIRM (art. 9) writes a result; a RESULT alone is the
board's proposal, shown as provisional on the pages and written nowhere.
The write goes through the tournament library's own `Tournament.set_result`,
the function behind `xqboard tournament result`, at the round and hall
board of the game's GAME event, after checking that the pairing there is
the players the board was started with (GAME's `red_no=`/`black_no=`, the
numbers `round start` sent: tournament/seating.py).

- A result the board wrote before and the arbiter then amends (an OVERRULE
  after CONFIRM) is replaced, and flagged `overruled`.
- A different result already in the file from elsewhere (entered by hand,
  imported) is never replaced: flagged `conflict` for the arbiter.
- A game that does not match its pairing is flagged `unmatched`.

The tournament file is in WAL mode (tournament/db.py) and is opened here
with a busy timeout, so the organiser's commands and this writer wait for
each other instead of failing.
"""
import sqlite3

from ..tournament.seating import round_games
from ..tournament.refusal import TournamentError
from ..core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from ..tournament.event import Tournament

from game import events as schema  # noqa: E402

BUSY_MS = 10000
SOURCE = "board"  # the games.source of a result the boards wrote: 'board <device> game <n>'


def fouls_of(text):
    """(red, black) from CONFIRM's `fouls=1/0` (None, None when absent)."""
    try:
        red, black = (text or "").split("/")
        return int(red), int(black)
    except ValueError:
        return None, None


class Results:
    """Follows every game's events (in order, each once: Intake) and writes
    the confirmed results into the tournament file at `path`.
    `flag(device, game, seq, what, note)` records what the arbiter must see."""

    def __init__(self, path, flag):
        self.path = path
        self.flag = flag
        self.games = {}  # (device, game) -> the game's GAME event
        self.confirmed = set()  # (device, game) whose result this writer has entered
        self.accepted = {}  # (device, game) of a board without a key -> the arbiter who accepted it (the source says so)

    def recall(self, device, game, event):
        """An event delivered before a restart: remembered, written nowhere."""
        schema.dispatch(_RECALL, event.kind, event.fields, self, (device, game))

    def follow(self, device, game, event):
        schema.dispatch(_FOLLOW, event.kind, event.fields, self, (device, game), event)

    def _game(self, key, what, event, round, board, *rest):
        # where the game is played and by whom (the pairing's numbers: rest's last two)
        self.games[key] = (round, board) + tuple(rest[-2:])

    def _follow_game(self, key, e, what, event, round, board, *rest):
        self._game(key, what, event, round, board, *rest)

    def _recall_confirm(self, key, *fields):
        self.confirmed.add(key)

    def _confirm(self, key, e, score, result_article, red_used, black_used, fouls, article, seal):
        self._write(key, e, score, result_article, fouls_of(fouls), amend=False)

    def _overrule_result(self, key, e, what, score, replaces, by, article, reason, seal):
        if key in self.confirmed:
            self._write(key, e, score, article, (None, None), amend=True, by=by)

    def _overrule_annul(self, key, e, what, replaces, by, article):
        self._overruled(key, e, what, article, by)

    def _overrule_foul(self, key, e, what, side, replaces, by, article):
        self._overruled(key, e, what, article, by)

    def _overruled(self, key, e, what, article, by):
        if key in self.confirmed:
            device, game = key
            self.flag(device, game, e.seq, "overruled", "%s %s by %s after CONFIRM (art. 9): check the fouls "
                      "entered" % (what, article or "", by or "?"))

    def _write(self, key, event, score, article, fouls, amend, by=None):
        head = self.games.get(key)
        device, game = key
        if head is None or not (head[0] or "").isdigit() or not (head[1] or "").isdigit():
            self.flag(device, game, event.seq, "unmatched", "the game was not started for a round and board "
                      "(GAME round=/board=): enter %s by hand" % score)
            return
        rnd, board = int(head[0]), int(head[1])
        source = self.source(key)
        try:
            ev = Tournament.open(self.path)
        except TournamentError as e:
            self.flag(device, game, event.seq, "unmatched", str(e))
            return
        ev.db.execute("pragma busy_timeout = %d" % BUSY_MS)
        try:
            self._enter(ev, key, event, rnd, board, score, article, fouls, amend, source, by)
        except (TournamentError, sqlite3.Error) as e:
            self.flag(device, game, event.seq, "unmatched", "round %d board %d: %s" % (rnd, board, e))
        finally:
            ev.db.close()

    def _enter(self, ev, key, event, rnd, board, score, article, fouls, amend, source, by):
        device, game = key
        mismatch = self._mismatch(ev, key, rnd, board)
        if mismatch:
            self.flag(device, game, event.seq, "unmatched", mismatch)
            return
        row = ev.game_at(rnd, board)
        ours = row["result"] is None or (row["source"] or "") == source
        if not ours and row["result"] != score:
            self.flag(device, game, event.seq, "conflict", "round %d board %d holds %s (%s); the board's %s %s "
                      "was not entered" % (rnd, board, row["result"], row["source"] or "?", score, article))
            return
        ev.set_result(rnd, board, score, fouls_red=fouls[0], fouls_black=fouls[1], termination=article,
                      source=source if ours else row["source"], force=amend)
        self.confirmed.add(key)
        if amend and row["result"] != score:
            self.flag(device, game, event.seq, "overruled", "round %d board %d: %s replaced by %s (%s, by %s)"
                      % (rnd, board, row["result"], score, article, by or "?"))

    def source(self, key):
        """The games.source this writer gives a game's result: `board
        <device> game <n>`, and `(unverified, accepted by <name>)` after it
        for a board without a key the arbiter accepted (its amendments
        carry the same: they are this writer's)."""
        device, game = key
        by = self.accepted.get(key)
        return "%s %s game %d%s" % (SOURCE, device, game, "" if by is None else " (unverified, accepted by %s)" % by)

    def place(self, key):
        """(round, board) of the game's GAME event, or None (not started for a round and board)."""
        head = self.games.get(key)
        if head is None or not (head[0] or "").isdigit() or not (head[1] or "").isdigit():
            return None
        return int(head[0]), int(head[1])

    def file_at(self, key):
        """(result, source) the event file holds at the game's round and
        board; None when it has no such place (or no file)."""
        place = self.place(key)
        if place is None:
            return None
        try:
            ev = Tournament.open(self.path)
        except TournamentError:
            return None
        try:
            ev.db.execute("pragma busy_timeout = %d" % BUSY_MS)
            row = ev.game_at(*place)
            return row["result"], row["source"]
        except (TournamentError, sqlite3.Error):
            return None
        finally:
            ev.db.close()

    def _mismatch(self, ev, key, rnd, board):
        """Why the pairing at (rnd, board) is not the game's players (None
        when it is, or when the board was started without numbers)."""
        want = self.games[key][2:]
        if want == (None, None):
            return None
        for g in round_games(ev, rnd):
            if g.board == board:
                got = (g.red_no, g.black_no)
                return None if got == want else ("round %d board %d is no. %s - no. %s in the pairing, the board "
                                                 "says no. %s - no. %s" % (rnd, board, got[0], got[1], *want))
        return "round %d has no board %d" % (rnd, board)


_RECALL = {schema.GAME: Results._game, schema.CONFIRM: Results._recall_confirm}
_FOLLOW = {
    schema.GAME: Results._follow_game,
    schema.CONFIRM: Results._confirm,
    schema.OVERRULE: {"result": Results._overrule_result, "annul": Results._overrule_annul,
                  "foul": Results._overrule_foul, "unfoul": Results._overrule_foul},
}
