"""One position on the board (issue 24 item 3): the recogniser follows the
game's own Position object, never a copy kept in step by FEN, and proposes
each final move; the game makes the ply once (Position.push, its facts) or
refuses it, and a refused ply leaves the position as it was
(firmware/sense/plies.py). Run in CPython on the simulated board (the same
source): a few hundred ms each."""
from xqboard.core import FIRMWARE  # noqa: F401  (the firmware's modules on the path)

from boards.simrun import Runner

from . import scenarios as sc

START_AFTER_H2E2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
NEW_POSITION = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"


def one(r):
    return r.app.rec.pos is r.app.game.position


def test_5_8_2_one_position_through_new_moves_corrections_and_a_power_up(tmp_path):
    lines = []
    r = Runner(str(tmp_path / "j"), out=lines.append)
    assert one(r)
    r.command(["new", "tc=30m"])
    assert one(r)
    r.setup()
    r.command(["start"])
    pos = r.app.game.position
    for k, m in enumerate(("h2e2", "h9g7", "h0g2")):
        r.play(m, gap=1500)
        assert pos.ply == k + 1 and pos.move_at(k) == sc.parse_move(m)  # made once, by the game
    assert sc.moves(lines) == ["h2e2", "h9g7", "h0g2"]
    # 5.8.2 back to an earlier position: the same object, its plies undone
    r.command(["correct", START_AFTER_H2E2.replace(" ", "_")])
    assert one(r) and r.app.game.position is pos and pos.ply == 1
    r.board.set_occupancy(pos.occupancy())  # the board restored as the alert asks
    r.run_until(r.vt + 500)
    r.play("h9g7", gap=1500)
    assert one(r) and pos.ply == 2
    # a position new to the game: the game's new Position, followed
    r.command(["correct", NEW_POSITION.replace(" ", "_")])
    assert one(r) and r.app.game.position.fen().split()[:2] == NEW_POSITION.split()[:2]
    # a power-up: the replay's Position, followed
    r.power(False)
    r.power(True)
    assert one(r) and r.app.game.position.fen().split()[:2] == NEW_POSITION.split()[:2]


def test_a_move_after_the_result_is_refused_and_the_position_stays():
    # Black resigns; Black's move on the board is not made: the position
    # stays as the game left it, the board is to show it (ALERT position),
    # and putting the piece back restores it.
    script, t = sc.game(moves_iccs=["h2e2"])
    lines = sc.run(script + "%d cmd resign black\n%d lift h9\n%d place g7\n%d lift g7\n%d place h9\n"
                   % (t, t + 500, t + 700, t + 5000, t + 5200) + "%d cmd status\n" % (t + 6000))
    assert sc.moves(lines) == ["h2e2"]
    assert sc.result(lines)[:2] == ["1-0", "4.1.12"]
    kinds = [w[3] for w in sc.events(lines)]
    after = kinds[kinds.index("RESULT"):]
    assert "ALERT" in after and "RESTORED" in after[after.index("ALERT"):], after
    alert = sc.events(lines, "ALERT")[-1]
    assert alert[4] == "position", alert
    status = [x for x in lines if "fen=" in x][-1]
    assert START_AFTER_H2E2.replace(" ", "_") in status, status


def test_21_6_report_policy_the_provisional_move_made_at_the_flag_is_made_once():
    # Red's move is placed before its flag, not pressed: at the flag the
    # game makes it (21.6) on the one position; the recogniser follows it
    # (no second MOVE, no ply made twice) and Black's reply is the next ply.
    lines = sc.run("0 new tc=1m policy=report\n0 setup\n100 start\n59.5s lift h2\n59.8s place e2\n"
                   "63s lift h9\n63.2s place g7\n63.5s press black\n64s cmd status\n")
    assert sc.events(lines, "FLAG") and sc.events(lines, "VERDICT")
    assert sc.moves(lines) == ["h2e2", "h9g7"], sc.moves(lines)
    status = [x for x in lines if "fen=" in x][-1]
    assert "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR_w" in status, status
