"""The pictures of docs/TOURNAMENT.md ("What they look like"): three events
made with the library, printed to PDF by `xqboard tournament export` and
turned into PNG by pdftoppm (poppler-utils).

    .venv/bin/python docs/tournament/pictures.py docs/tournament/

  pdf-team-pairings.png  6 teams x 3 boards, round 3 (colours swap on even boards)
  pdf-standings.png      a 46-player Swiss after round 3, round 4 in play
  pdf-crosstable.png     an 8-player round robin, all 7 rounds
"""
import os
import random
import subprocess
import sys
import tempfile

from xqboard.cli import main as xqboard
from xqboard.tournament.event import Tournament

SURNAMES = "王郑许赵蒋洪李张刘陈杨黄吴周徐孙"
GIVEN = ["天一", "伟", "银川", "鑫鑫", "川", "智", "强", "明", "晓", "军"]
CLUBS = ["杭州", "北京", "上海", "广东", "四川", "湖北"]


def play(ev, rnd, rng, results=("1-0", "0-1", "1/2-1/2"), fouls=False, tables=None):
    for p in ev.pairings(rnd)[:tables]:
        for g in p.games:
            ev.set_result(rnd, g["board"], rng.choice(results), fouls_red=rng.choice([0, 0, 0, 1]) if fouls else None,
                          fouls_black=rng.choice([0, 0, 0, 1, 2]) if fouls else None)


def teams(path, rng):
    t = Tournament.create(path, "城市团体赛 City Teams 2026", system="roundrobin", kind="team", boards=3, seed=3)
    for i, name in enumerate(("北京", "上海", "广东", "四川", "浙江", "湖北")):
        t.add_team(name)
        for k in range(3):
            t.add_player("%s队%d" % (name, k + 1), team=name, rating=2500 - 30 * i - 10 * k, club=name)
    for rnd in (1, 2):
        t.pair()
        play(t, rnd, rng)
    t.pair()
    play(t, 3, rng, tables=2)


def swiss(path, rng):
    s = Tournament.create(path, "象棋公开赛 Open 2026", system="swiss", rounds=7, seed=5, city="Hangzhou")
    s.add_players([{"name": SURNAMES[i % 16] + GIVEN[(i * 7) % 10], "rating": 2650 - 9 * i, "club": CLUBS[i % 6]}
                   for i in range(46)])
    for rnd in (1, 2, 3):
        s.pair()
        play(s, rnd, rng, ("1-0", "0-1", "1/2-1/2", "1-0", "0-1"), fouls=True)
    s.pair()


def round_robin(path, rng):
    r = Tournament.create(path, "俱乐部循环赛 Club Round Robin", system="roundrobin", seed=2)
    for i in range(8):
        r.add_player(SURNAMES[i] + GIVEN[i], rating=2400 - 20 * i, club=CLUBS[i % 4])
    for rnd in range(1, 8):
        r.pair()
        play(r, rnd, rng)


def main(out):
    rng = random.Random(25)
    with tempfile.TemporaryDirectory() as tmp:
        for make, what, png in ((teams, "pairings", "pdf-team-pairings"), (swiss, "standings", "pdf-standings"),
                                (round_robin, "crosstable", "pdf-crosstable")):
            db, pdf = os.path.join(tmp, png + ".db"), os.path.join(tmp, png + ".pdf")
            make(db, rng)
            assert xqboard(["tournament", "export", db, "pdf", pdf, "--what", what]) == 0
            subprocess.run(["pdftoppm", "-r", "80", "-png", "-singlefile", "-f", "1", "-l", "1", pdf,
                            os.path.join(out, png)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))))
