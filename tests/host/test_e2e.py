"""End to end through the pseudo-terminal: the firmware in the MicroPython
unix port on the simulated board, its link a pseudo-terminal, the logger
on pyserial. A whole master game becomes a PGN identical to the game
played, also with the cable pulled several times and the logger's own port
closed, and with the logger killed (SIGKILL) and started again."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from xqboard.keyfile import write_file
from xqboard.logger import game_from_events
from xqboard.record import read_game

from .helpers import (MATE_GAME, board_journal, logged, master_game, new_logger, new_sim, script, seqs,
                      start_game, step_until)

from game import chain  # noqa: E402  (firmware/ on sys.path through helpers)


def finished(logger):
    """The game is over and confirmed: confirming is the arbiter's act (art.
    9), sent through the logger once the board's result stands."""
    return finished_board(logger, logger.boards[0])


def check_records(out, played, board_log):
    """The logger's files hold exactly the board's log, and every record made
    from them has exactly the moves played."""
    mine = logged(out)
    assert seqs(mine) == list(range(1, len(mine) + 1))  # no event twice, none missing
    assert mine == board_log
    stem = Path(out) / "t-1-g00001"
    # first the game the board recorded (its moves and result), then the files
    rebuilt = game_from_events(mine)
    assert rebuilt.moves == played.moves, [e for e in mine if e.split()[3] not in ("MOVE", "PRESS")][-8:]
    assert (rebuilt.result, rebuilt.article) == ("0-1", "4.1.1"), mine[-6:]
    for fmt in ("iccs", "wxf", "chinese", "bare"):
        g = read_game(Path("%s.%s.pgn" % (stem, fmt)).read_text(encoding="utf-8"))
        assert g.moves == played.moves, fmt
    sheet = Path("%s.sheet.txt" % stem).read_text(encoding="utf-8")
    assert "4.1.1 将死 mate" in sheet and "Time used 用时: Red 红方 0:" in sheet
    return rebuilt


def test_whole_master_game_through_the_pty_is_recorded_exactly(tmp_path):
    played = master_game(MATE_GAME)
    lines, shown = script(played)
    assert {"captured-first", "mover-first", "touch", "knock"} <= set(shown)
    sim = new_sim(tmp_path)
    logger = new_logger(sim, tmp_path / "out")
    try:
        start_game(sim, logger)
        sim.act(*lines)
        b = logger.boards[0]
        step_until(logger, lambda: b.files is not None and b.files.ended)
        for _ in range(10):  # a second more
            logger.step(0.1)
        assert not b.files.has("CONFIRM")  # the logger never confirms by itself
        step_until(logger, lambda: finished(logger))
    finally:
        logger.close()
        sim.close()
    g = check_records(tmp_path / "out", played, board_journal(sim))
    # Clock times from the presses, fouls/alerts/touches as comments.
    # (the mating move needs no press: the game is over on it)
    assert all(p.clock is not None and p.elapsed is not None for p in g.plies[:-1])
    text = (tmp_path / "out" / "t-1-g00001.chinese.pgn").read_text(encoding="utf-8")
    assert "[Termination \"4.1.1 mate\"]" in text and "[%clk" in text
    assert "{Alert 5.8.2: piece displaced" in text and ", restored}" in text
    assert "touched the own piece" in text
    assert "[Event \"Test Cup\"]" in text and "[Round \"2\"]" in text and "[Red \"Red Player\"]" in text
    import cchess

    bare = cchess.read_from_pgn(str(tmp_path / "out" / "t-1-g00001.bare.pgn"))
    assert [str(m) for m in bare.iter_moves()] == g.texts("ICCS")  # cchess reads the bare copy
    assert bare.info["red"] == "Red Player"


def test_cable_pulled_and_port_closed_several_times(tmp_path):
    played = master_game(MATE_GAME)
    lines, _ = script(played)
    sim = new_sim(tmp_path, speed=30)
    logger = new_logger(sim, tmp_path / "out")
    cuts = {12: "cable", 30: "drop", 47: "cable", 70: "cable", 80: "drop"}
    done = set()
    connects_at_cut = [0]

    def cut():
        # One cut at a time, each on a link the logger has opened again
        # since the last: a board faster than the logger (the emulated Pico
        # as fast as it goes) passes two plies of `cuts` while the link is
        # down, and a second pull of a pulled cable costs no reconnect.
        session = logger.boards[0].session
        n = len(logger.boards[0].game.plies) if logger.boards[0].game else 0
        if not session.connected or session.connects == connects_at_cut[0]:
            return
        for at, how in cuts.items():
            if n >= at and at not in done:
                done.add(at)
                connects_at_cut[0] = session.connects
                if how == "cable":
                    sim.cable(False)  # the port disappears: reads fail, reopening fails
                    for _ in range(5):
                        logger.step(0.02)
                    sim.cable(True)
                else:
                    session.drop()  # the logger's own end closed
                return

    try:
        start_game(sim, logger)
        sim.act(*lines)
        # (every cut made and the link opened again after the last before
        # the result is confirmed: a fast board can end the game before the
        # last ply of `cuts` is cut, and a confirm sent before a cut may
        # have its CONFIRM still to come when it is sent again)
        step_until(logger, lambda: done == set(cuts) and logger.boards[0].session.connects > connects_at_cut[0]
                   and finished(logger), each=cut)
    finally:
        logger.close()
        sim.close()
    assert done == set(cuts)
    assert logger.boards[0].session.connects >= 1 + len(cuts)
    check_records(tmp_path / "out", played, board_journal(sim))


def test_logger_killed_and_restarted(tmp_path):
    played = master_game(MATE_GAME)
    lines, _ = script(played)
    out = tmp_path / "out"
    sim = new_sim(tmp_path, speed=20)
    base = [sys.executable, "-m", "xqboard.cli"]
    key = dict(os.environ, XQBOARD_KEY=sim.key.hex())  # the arbiter's key: never in argv (xqboard/keyfile.py)
    first = subprocess.Popen(base + ["round", "start", "--event", "Test Cup", "--round", "2", "--tc", "30m+10s",
                                     "--confirm", "host", "--log", str(out),
                                     "%s=1:Red Player:Black Player" % sim.port],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=key)
    second = None
    try:
        events = out / "t-1-g00001.events"
        deadline = time.monotonic() + 60
        while not (events.exists() and logged(out)):
            assert time.monotonic() < deadline and first.poll() is None, first.stderr.read() if first.poll() else ""
            time.sleep(0.02)
        sim.act("setup")  # the pieces; the host confirms the set-up once the sensors agree
        while not any(" START " in p for p in logged(out)):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        sim.act(*lines)
        while sum(" MOVE " in p for p in logged(out)) < 30:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        first.send_signal(signal.SIGKILL)
        first.wait()
        killed_at = sum(" MOVE " in p for p in logged(out))
        time.sleep(0.5)  # the game goes on without a host
        second = subprocess.Popen(base + ["log", sim.port, "--out", str(out), "--plain", "--until-over",
                                          "--key-file", write_file(tmp_path / "arbiter.key", sim.key), "--timeout",
                                          "60"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # the restarted logger waits for the confirmation too, which the
        # arbiter types once the result stands (art. 9)
        deadline = time.monotonic() + 60
        while not any(" RESULT " in p for p in logged(out)):
            assert time.monotonic() < deadline and second.poll() is None
            time.sleep(0.05)
        second.stdin.write("confirm\n")
        second.stdin.flush()
        stdout, stderr = second.communicate(timeout=90)
        assert second.returncode == 0, stderr
        assert any(" CONFIRM " in p for p in logged(out))
        assert "arbiter confirm: ok" in stdout
    finally:
        if first.poll() is None:
            first.kill()
        if second is not None and second.poll() is None:
            second.kill()
        sim.close()
    assert 30 <= killed_at < len(played.plies)
    # The restarted logger printed only the moves it had not written before.
    printed = [x for x in stdout.splitlines() if "(" in x and x.split()[1][0].isdigit()]
    assert len(printed) == len(played.plies) - killed_at
    check_records(out, played, board_journal(sim))


def test_power_cut_of_the_board_while_logging(tmp_path):
    # The board's process killed (SIGKILL) and started again on its journal
    # and its pieces; the arbiter resumes; the logger's record goes on
    # without a gap or a repeat.
    played = master_game(MATE_GAME)
    lines, _ = script(played)
    half = len(lines) // 2
    while not lines[half - 1].split()[1] == "press":
        half += 1
    sim = new_sim(tmp_path, speed=30)
    logger = new_logger(sim, tmp_path / "out")
    try:
        start_game(sim, logger)
        sim.act(*lines[:half])
        sim.sync()
        n = lambda: len(logger.boards[0].game.plies)  # noqa: E731
        step_until(logger, lambda: n() > 0 and logger.boards[0].files.payloads[-1].split()[3] == "PRESS")
        before = n()
        sim.power(False)
        sim.power(True)
        session = logger.boards[0].session
        step_until(logger, lambda: any(" PAUSE power " in p for p in logger.boards[0].files.payloads))
        assert session.command(["resume"], on_events=lambda evs: logger.on_events(session, evs))[0] == "ok"
        sim.act(*lines[half:])
        step_until(logger, lambda: finished(logger))
    finally:
        logger.close()
        sim.close()
    payloads = logged(tmp_path / "out")
    assert any(" POWER restored " in p for p in payloads) and before > 10
    check_records(tmp_path / "out", played, board_journal(sim))


def test_a_round_of_two_boards_started_at_once_and_logged_together(tmp_path):
    import io

    from xqboard.logger import Logger
    from xqboard.logger.round import BoardStart, start_round
    from xqboard.simboard import DEFAULT_KEY, SimulatedBoard
    from xqboard.simplay import move_actions

    sims = [SimulatedBoard(speed=20, key=DEFAULT_KEY, board_id="r-%d" % i, link=str(tmp_path / ("port%d" % i)),
                           store=str(tmp_path / ("journal%d" % i))).start() for i in (1, 2)]
    games = [master_game(0), master_game(1)]
    logger = Logger([s.port for s in sims], str(tmp_path / "out"), key=DEFAULT_KEY, stream=io.StringIO(),
                    live=False).start()
    try:
        pairings = {sims[0].port: BoardStart(1, "ZHAO GuoRong", "LIU DaHua"),
                    sims[1].port: BoardStart(2, "CHEN TianCai", "LIU DaHua")}
        start_round(logger, pairings, event="Round Cup", round_no=5, tc="60m", confirm="host", wait=20,
                    on_waiting=lambda ports: [s.act("setup") for s in sims])
        starts = [next(p for p in b.files.payloads if " START " in p) for b in logger.boards]
        assert all(chain.split(p)[0].split()[4:] == ["red", "20.1"] for p in starts)  # (the chain word aside)
        for sim, g in zip(sims, games):
            pos, acts = g.position(0), []
            for ply in g.plies[:12]:
                acts += move_actions(pos, ply.move)
                pos.push(ply.move)
            sim.act(*acts)
        step_until(logger, lambda: all(b.game and len(b.game.plies) == 12 for b in logger.boards))
        for b, side in zip(logger.boards, ("black", "red")):
            assert b.session.command(["resign", side], on_events=lambda e, s=b.session: logger.on_events(s, e))[0] == "ok"
        step_until(logger, lambda: all(finished_board(logger, b) for b in logger.boards))
    finally:
        logger.close()
        for s in sims:
            s.close()
    for i, (b, g) in enumerate(zip(logger.boards, games), 1):
        pgn = read_game((tmp_path / "out" / ("r-%d-g00001.iccs.pgn" % i)).read_text(encoding="utf-8"))
        assert pgn.moves == g.moves[:12]
        assert pgn.headers["Event"] == "Round Cup" and pgn.headers["Round"] == "5" and pgn.headers["Board"] == str(i)
        assert pgn.result == ("1-0" if i == 1 else "0-1") and pgn.article == "4.1.12"


def finished_board(logger, b):
    if b.files is None or not b.files.ended:
        return False
    if not b.files.has("CONFIRM"):
        assert logger.arbiter(b, ["confirm"])[0] == "ok"
    return b.files.has("CONFIRM")
