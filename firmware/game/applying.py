# Applying events to the game's derived state (position, counters, result):
# pure bookkeeping, the same on the live path (Game.emit) and when the
# journal is replayed after a power cut (store/recovery.py). Each handler takes
# the event's typed fields, as game/events.py declares them; `now` is the
# tick of a live event, None on replay (the clock then comes from the
# journal's snapshot).
from array import array

import ticks

from clock import clock as _clock
from clock.control import parse as parse_control
from game import events as ev
from game.config import FIELDS, Config, ConfigError
from game.phases import OVER, PLAYING, SETUP
from xq import squares
from xq.pieces import index, other
from xq.position import Position


_FALSE_CLAIM = "8.1.4"


# The event handlers, each a function of the game it updates (Game.apply
# dispatches to them: game/game.py holds the state, this module the
# bookkeeping; no mixin between them).


def apply(game, kind, fields, now=None):
    """Updates `game`'s derived state for one event."""
    ev.dispatch(_APPLY, kind, fields, game, now)


def _a_game(game, now, what, *settings):
    game.config = config_of(*settings)  # the settings in config.FIELDS order
    game.position = Position(game.config.fen, history=128)  # grows for long games
    game.clock = new_clock(game)
    game.reset_counters()
    game.hashes.append(game.position.hash)  # the start counts as an occurrence
    game.phase = SETUP

def new_clock(game):
    """The clock of the game's settings, as a GAME event makes it (a
    power-up from a snapshot taken before any clock event too)."""
    return _clock.Clock(parse_control(game.config.tc), _clock.BOARD, late_ms=game.config.late * 60000)

def _a_setup(game, now, what, *fields):
    if what == "confirmed":
        game.setup_ok = True

def _a_start(game, now, side, article):
    game.phase = PLAYING
    game.started = True
    if now is not None and game.clock.state == _clock.READY:
        game.clock.start(now, game.position.side)

def _a_move(game, now, ply, move, side, at, capture, check, suicide):
    # Made already on the live path (Game.on_move pushed it, computing its
    # facts); made here from the text on a replay.
    if game.position.ply < ply:
        game.position.push(squares.parse_move(move))
    if capture:
        game.quiet_run += 1
        game.checks = bytearray()
        game.hashes = array("i")  # a capture ends every cycle (23.2)
    else:
        game.checks.append(1 if check else 0)
    game.hashes.append(game.position.hash)
    game.moved[index(side)] = True
    if game.open_offer == other(side):
        game.open_offer = None  # a move answers the opponent's draw offer (22.1)
    if now is not None and game.clock is not None:
        ran = game.clock.running == side and game.clock.state == _clock.RUNNING
        left = game.clock.remaining(side, now) if ran else 0
        r = game.clock.move_made(side, game.tick_of(at, now))
        if r & _clock.STAGE and ran:
            # 6.2 met by a move not yet pressed: the board credits it
            # (it sees moves), and if no press comes by the instant the
            # old stage's time runs out, that flag is the arbiter's to
            # rule (21.5); Game.tick reports it.
            game.quota_unpressed = (side, ticks.add(now, left))

def _a_press(game, now, side, red_ms, black_ms, stage, article):
    game.moved[index(side)] = False
    game.quota_unpressed = None
    game.pressed_between = None

def _a_nopress(game, now, side, reason):
    if reason == "piece-between":
        game.pressed_between = side  # 5.10: a move was made; the press hands over when the piece lands

def _a_claim(game, now, side, what, *fields):
    if what == "repetition":
        game.claimed = game.position.ply  # 23.5.2: its grace runs (a loss at once ends it: RESULT)

def _a_repetition(game, now, what, *fields):
    if what == "varied":
        game.claimed = None  # the grace is over, the cycle varied: the ruling lapses

def _a_foul(game, now, side, article, fouls, period):
    _count_foul(game, side, article, 1)
    game.foul_log.append((game.seq, side, article))

def _count_foul(game, side, article, n):
    # n = 1: a foul counted; -1: one the arbiter removed
    i = index(side)
    game.fouls[i] += n
    if article == "8.1.7":
        game.empty_presses[i] += n
    elif article == "8.1.8":
        game.breaches[i] += n
    elif article == _FALSE_CLAIM:
        # 4.1.11: false claims count within one capture-free run
        key = (i, game.quiet_run)
        game.false_claims[key] = game.false_claims.get(key, 0) + n

def _a_overrule(game, now, what, *fields):
    # The arbiter's overrule (game/overrule.py).
    if what == "annul":
        # play reopens; the clocks wait paused as they stood (or as adjusted)
        game.result = None
        game.result_seq = 0
        game.phase = PLAYING if game.started else SETUP  # a forfeit before the start: the set-up again
        if now is not None and game.clock is not None and game.clock.state in (_clock.STOPPED, _clock.FLAGGED):
            game.clock.state = _clock.PAUSED  # resume() runs them again
    elif what == "result":
        score, replaces, by, article, reason, seal = fields
        _a_result(game, now, score, article, reason)
    elif what == "foul":
        side, replaces, by, article = fields
        _count_foul(game, side, article, 1)
        game.foul_log.append((game.seq, side, article))
    else:  # unfoul
        side, replaces, by, article = fields
        entry = foul_entry(game, replaces)
        if entry is not None:
            game.foul_log.remove(entry)
            _count_foul(game, side, article, -1)

def foul_entry(game, seq):
    """(seq, side, article) of the foul counted by event `seq`, or None."""
    for entry in game.foul_log:
        if entry[0] == seq:
            return entry
    return None

def _a_confirm(game, now, *fields):
    game.confirmed = game.seq

def _a_alert(game, now, what, *fields):
    game.alert = what
    if what == "breach" and game.phase == PLAYING:
        side, put, clear, move, article, again = fields
        if article == "4.1.8":  # a breach that loses counts too
            game.breaches[index(side)] += 1

def _a_restored(game, now):
    game.alert = None

def _a_result(game, now, score, article, reason):
    game.result = (score, article, reason)
    game.result_seq = game.seq
    game.ruling = None  # no grace runs in a finished game (23.5.2); the rulings may go
    game.claimed = None
    game.pressed_between = None
    game.verdict = None
    game.phase = OVER
    if now is not None and game.clock is not None and game.clock.state != _clock.STOPPED:
        game.clock.stop(now)

def _a_verdict(game, now, score, article, reason):
    game.verdict = (score, article, reason)

def _a_offer(game, now, side, n, article):
    game.offers[index(side)] += 1
    game.open_offer = side

def _a_late(game, now, red, black, article):
    game.late_reported = True

def _a_limit(game, now, what, rounds, article):
    game.limit_reported = True

def _a_correct(game, now, fen, article):
    # 5.8.2 「恢复到错误前的局面重走」: back to the position before ply
    # k + 1, the moves, the natural-limit count and the repetition
    # history cut back to it; the current position (no move undone):
    # all three kept; any other position: the game goes on from it.
    k = ply_of(game, fen)
    if k == game.position.ply:
        return
    if k is None:
        game.position = Position(fen)
        _count_new(game, game.position.quiet)
        return
    while game.position.ply > k:
        game.position.pop()
    _recount(game)
    # the side to move has not moved yet (its clock runs: arbiter.py)
    game.moved = [False, False]
    game.pressed_between = None

def _count_new(game, n):
    # A position new to the game: its count is the FEN's half-move field
    # (the correct command put the count set there, or the run played: then
    # the checks played count too, 22.2); the repetition history starts at it.
    if n != len(game.checks):
        game.checks = bytearray(n)
    game.hashes = array("i")
    game.hashes.append(game.position.hash)
    _limit_again(game)

def _limit_again(game):
    if len(game.checks) // 2 < game.config.limit:
        game.limit_reported = False

def ply_of(game, fen):
    """The ply k at which the game's position was `fen` (board and side
    to move; the latest such), or None."""
    want = Position(fen).fen().split()[:2]
    pos = game.position
    undone = []
    found = None
    while found is None:
        if pos.fen().split()[:2] == want:
            found = pos.ply
        elif pos.ply == 0:
            break
        else:
            undone.append(pos.move_at(pos.ply - 1))
            pos.pop()
    while undone:
        pos.push(undone.pop())
    return found

def _recount(game):
    # The natural-limit count (checks per quiet ply) and the repetition
    # history of the capture-free run that leads to the position.
    pos = game.position
    quiet = pos.quiet if pos.quiet < pos.ply else pos.ply
    undone = []
    for _ in range(quiet):
        undone.append(pos.move_at(pos.ply - 1))
        pos.pop()
    game.checks = bytearray()
    game.hashes = array("i")
    game.hashes.append(pos.hash)
    while undone:
        pos.push(undone.pop())
        game.checks.append(1 if pos.check(pos.ply - 1) else 0)
        game.hashes.append(pos.hash)
    _limit_again(game)

def _a_pause(game, now, by, *reason_or_article):
    if now is not None and game.clock is not None:
        game.clock.pause(now)

def _a_resume(game, now, by):
    if now is not None and game.clock is not None:
        game.clock.resume(now)


def config_of(*values):
    """The Config of a GAME event's settings (in config.FIELDS order); a
    setting the event lacks keeps its default."""
    c = Config()
    for i in range(len(FIELDS)):
        if values[i] is not None:
            try:
                c.set(FIELDS[i], values[i])
            except ConfigError:
                pass  # a log from a newer board: keep the default
    return c


_APPLY = {
    ev.GAME: _a_game,
    ev.SETUP: _a_setup,
    ev.START: _a_start,
    ev.MOVE: _a_move,
    ev.PRESS: _a_press,
    ev.NOPRESS: _a_nopress,
    ev.CLAIM: _a_claim,
    ev.REPETITION: _a_repetition,
    ev.FOUL: _a_foul,
    ev.ALERT: _a_alert,
    ev.RESTORED: _a_restored,
    ev.RESULT: _a_result,
    ev.VERDICT: _a_verdict,
    ev.OFFER: _a_offer,
    ev.LATE: _a_late,
    ev.LIMIT: _a_limit,
    ev.CORRECT: _a_correct,
    ev.PAUSE: _a_pause,
    ev.RESUME: _a_resume,
    ev.OVERRULE: _a_overrule,
    ev.CONFIRM: _a_confirm,
}
