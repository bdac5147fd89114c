"""From the board to the standings: a round is paired, the game is played on
the simulated board (the firmware in the unix port), the board's event log
becomes a PGN record as the logger writes it, and the tournament imports
the record and ranks the players. One path through issues 5, 6 and 8."""
import subprocess
import sys

from xqboard.logger.builder import game_from_events
from xqboard.record import write_pgn

from board import scenarios as sc


def xqboard(*args, cwd):
    r = subprocess.run([sys.executable, "-m", "xqboard.cli"] + list(args), capture_output=True, text=True, cwd=cwd)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_game_on_the_board_reaches_the_standings(tmp_path):
    xqboard("tournament", "new", "ev.db", "--name", "City Cup", "--system", "roundrobin", cwd=tmp_path)
    xqboard("tournament", "add", "ev.db", "Zhang", cwd=tmp_path)
    xqboard("tournament", "add", "ev.db", "Li", cwd=tmp_path)
    table = xqboard("tournament", "pair", "ev.db", cwd=tmp_path)
    row = [line.split() for line in table.splitlines() if line.startswith("1 ")][0]
    # Board, No., Red, Pts, Pts, No., Black (these players have no club or rating)
    red, black = row[2], row[-1]

    script, t = sc.game(extra=" event=City_Cup round=1 board=1 red=%s black=%s" % (red, black),
                        moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9"])
    lines = sc.run(script + "%d cmd resign black\n%d cmd confirm\n" % (t, t + 100))
    events = [x for x in lines if x.startswith("E ")]
    game = game_from_events(events)
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "board1.pgn").write_text(write_pgn(game), encoding="utf-8")

    xqboard("tournament", "import", "ev.db", "records", "--accept-unverified", cwd=tmp_path)  # a PGN without its events
    standings = xqboard("tournament", "standings", "ev.db", cwd=tmp_path)
    first = [line for line in standings.splitlines() if line.strip().startswith("1 ")][0]
    assert red in first and "2" in first.split()  # Red won (4.1.12): 2 points, first place
