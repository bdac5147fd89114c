# How a game ends after a move: suicide (4.1.3), a flag the move came after (21.6), mate (4.1.1),
# stalemate (4.1.2), the natural limit (4.2.4) and repetition (art. 23-26); and the result itself
# (decide), for every ruling that gives one.
#
# Functions of a Game (game/game.py), which calls after_move once a move is made and binds
# decide, natural_rounds and repetition_result as its methods (the commands' modules,
# game/arbiter.py, claims.py, overrule.py, call them on the game).
import gc

import ticks
from clock import clock as _clock
from game import cold
from game import events as ev
from game import repetition
from game.phases import DRAW, PLAYING, win_for
from xq.pieces import other, side_name
from xq.position import MATED, STALEMATED, SUICIDE


def after_move(game, now, side, cls, at):
    """The rulings a move made by `side` may end the game by (`cls` its
    class, Position.classify's; `at` the tick of its placement)."""
    if cls == SUICIDE:
        # 4.1.3: a suicide loses once the move is final.
        return decide(game, now, win_for(other(side)), "4.1.3", "suicide by " + side_name(side))
    flag = game.clock.flag_at(side)
    if flag != _clock.NONE and ticks.diff(at, flag) > 0 and game.phase == PLAYING:
        # 21.6: the move came after the flag: the flag stands (a move placed at the flag's very
        # millisecond is in time).
        return game.flag_result(now, side)
    state = game.position.status()
    if state == MATED:
        return decide(game, now, win_for(side), "4.1.1", "mate")
    if state == STALEMATED:
        return decide(game, now, win_for(side), "4.1.2", "stalemate")
    _check_natural_limit(game, now)
    _check_repetition(game, now)


def decide(game, now, score, article, reason):
    """A result (reason: text): applied at once under the `auto` policy,
    reported for the arbiter under `report`."""
    kind = ev.RESULT if game.config.policy == "auto" else ev.VERDICT
    game.emit(now, kind, score, article, reason)


# -- the natural limit (4.2.4, 22.2) --------------------------------------------------------------

def _check_natural_limit(game, now):
    # 4.2.4: announce when the natural limit is reached; rule on a claim (game/claims.py).
    rounds = len(game.checks) // 2
    if rounds >= game.config.limit and not game.limit_reported:
        game.emit(now, ev.LIMIT, "natural", rounds, "4.2.4")


def natural_rounds(game, claimant):
    """22.2: rounds without a capture as counted for `claimant`: at most
    10 of the claimant's checking moves count (「提出方"将军"最多只计10著」),
    each further check removing one round."""
    plies = len(game.checks)
    # ply k of the quiet run was made by the side to move then
    first = other(game.position.side) if plies % 2 else game.position.side
    checks = 0
    for k in range(plies):
        mover = first if k % 2 == 0 else other(first)
        if mover == claimant and game.checks[k]:
            checks += 1
    # each check beyond the 10th removes a whole round, not one ply
    excess = checks - 10 if checks > 10 else 0
    rounds = plies // 2 - excess
    return rounds if rounds > 0 else 0


# -- repetition (art. 23-26; game/repetition.py, xq/rulings/) -------------------------------------

def _check_repetition(game, now):
    # Cheap on every move: the rulings are loaded only when a position occurs a third time or a
    # claimed ruling is in its grace.
    if game.claimed is None and repetition.occurrences(game.hashes, game.position.hash) != 3:
        return
    if game.ruling is None:
        gc.collect()  # the rulings' ~20 KB load into a collected heap (fragmented at 192k on x64)
    try:
        decision = repetition.after_move(game.position, game.ruling, game.claimed)
    except MemoryError:
        # The rulings load ~20 KB at this moment: after a collection there is room, or the
        # announcement says it could not rule, but a move already made is never disturbed by it.
        gc.collect()
        try:
            decision = repetition.after_move(game.position, game.ruling, game.claimed)
        except MemoryError:
            # what did load of the rulings goes, so it holds no room the commands need (it
            # loads again at the next repetition)
            if game.ruling is None:
                cold.drop(cold.RULINGS)
            gc.collect()
            return game.emit(now, ev.REPETITION, "unruled", "no-memory", "23.1")
    if decision is not None:
        what, r, effect = decision
        if what == repetition.ANNOUNCE:
            ruling, article = repetition.words(r)
            game.emit(now, ev.REPETITION, "third", ruling, article)
        elif what == repetition.VARIED:
            game.ruling = None
            game.emit(now, ev.REPETITION, "varied", "23.5.2")
        else:
            game.ruling = None
            repetition_result(game, now, r, effect)


def repetition_result(game, now, r, effect):
    """The result a repetition ruling's effect gives."""
    if effect == "4.2.3":
        return decide(game, now, DRAW, "4.2.3", "repetition ruled a draw")
    # 4.1.4 one-sided perpetual check (23.5.1); 4.1.5 a forbidden repetition not varied
    reason = "repetition " + r.verdict.replace(" ", "-")
    return decide(game, now, win_for(other(r.side)), effect, reason)
