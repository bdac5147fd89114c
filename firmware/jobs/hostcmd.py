# The host's commands (the link's callback, App._on_command): `hello`,
# `status`, `since` and the set-up's confirmation here, the game's own in
# game/game.py (the arbiter's loaded cold). A command's events are a commit
# of their own, sent before its reply.
from game import cold
from game import events as ev
from game.phases import PHASE_NAMES, SETUP, CommandError, need_id
from jobs.sensed import put_and_clear, sense
from sense import report
from xq.pieces import BLACK, RED


def on_command(app, cid, words, arbiter):
    """Runs command `cid` (its words; `arbiter` if signed with the key);
    returns the reply words, or None when the reply comes later (`since`)."""
    app.outbox.commit(app.now)  # the sensing's events of this step go first
    if words[0] == "since":
        # The events from `first` on, a slice per loop step, the reply
        # after the last (store/recovery.py). A new `since` ends the one
        # before (answered with what it sent).
        if app.since:
            app.since.end(app.link.send)
            app.since = None
        app.since = cold.call(cold.RECOVERY, "since", app.journal, cid, words)
        return None
    if arbiter:
        need_id(cid, app.link.last_id)  # an id far ahead would lock the arbiter out
    try:
        reply = _command(app, app.now, words, arbiter)
    finally:
        app.outbox.commit(app.now)
    if arbiter and app.journal:
        app.journal.save_command(cid)
    return reply


def _command(app, now, words, arbiter):
    name = words[0]
    g = app.game
    if name == "hello":
        app.link.send(app.greeting())
        return ["hello"]
    if name == "status":
        return status(app, now)
    if name == "setup" and g.phase == SETUP and arbiter:
        # The arbiter (or the host) vouches for the set-up.
        who = words[1] if len(words) > 1 else "arbiter"
        evs = app.rec.confirm(now, who)
        if not any(e[0] == report.SETUP_OK for e in evs):
            # refused, so nothing enters the log: the reason names the points
            put, clear = put_and_clear(evs[0][3], evs[0][5])
            raise CommandError("set-up not verified: points still wrong put=%s clear=%s" % (put, clear))
        sense(app, now, evs)
        return ["setup"]
    if name == "start" and g.phase == SETUP and not g.setup_ok:
        raise CommandError("set-up not confirmed yet: the clock starts after it (20.1)")
    reply = g.command(now, words, arbiter)
    if name == "new":
        app.setup_shown = None
        app.rec.follow(g.position)  # (the GAME's new Position)
        sense(app, now, app.rec.setup(now))
    elif name == "correct":
        # 5.8: the board shows which points to change to reach the position
        app.rec.follow(g.position)  # (a new one if the position is new to the game)
        sense(app, now, app.rec.reset(now))
    return reply


def status(app, now):
    """The `status` reply: phase, seq, position, clocks, result."""
    g = app.game
    words = ["phase=%s" % PHASE_NAMES[g.phase], "seq=%d" % g.seq,
             "fen=%s" % ev.escape(g.position.fen())]
    if g.clock is not None:
        words += ["red=%d" % g.clock.remaining(RED, now), "black=%d" % g.clock.remaining(BLACK, now)]
    if g.result:
        words.append("result=%s" % g.result[0])
    return words
