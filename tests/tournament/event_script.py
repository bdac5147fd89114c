"""The organiser's whole event, scripted (issue 15, "Done when"): players
registered from a CSV with duplicate Chinese names, a late entry in round
3 (2 in a shorter event), every round's boards started from the event file on simulated boards
with the names in UTF-8 and the players' numbers (each PC's share from a
board map naming the boards by device id, as `round start EVENT ROUND
--boards MAP --only RANGE` reads it), the games recorded by the host's
logger (the Chinese names, the pinyin as a second header, the players'
numbers), the results imported from those records with no header edited,
then standings, TRF, the site.

`make test` runs it with 20 players for 3 rounds
(test_done_when.py); the full size is

    .venv/bin/python -m tests.tournament.event_script 200 9 /tmp/open
"""
import io
import random
import sys
import time
from pathlib import Path

from xqboard.cli import main
from xqboard.logger.round import round_logger, start_round
from xqboard.simboard import DEFAULT_KEY, SimulatedBoard
from xqboard.tournament.seating import hall_pairings, round_games
from xqboard.tournament.event import Tournament

SURNAMES = "王李张刘陈杨黄赵周吴"
GIVEN = ["伟", "芳", "强", "磊", "军", "洋", "勇", "杰", "涛", "明"]
CLUBS = ["北京", "上海", "广东", "四川", "浙江", "湖北", "江苏", "河北"]


def player_csv(n, rng):
    """A CSV of n players; every name is used twice (two 王伟, from two clubs)."""
    lines = ["name,rating,club,birth,sex"]
    for i in range(n):
        k = i // 2
        name = SURNAMES[k % len(SURNAMES)] + GIVEN[(k // len(SURNAMES)) % len(GIVEN)] + \
            ("" if k < len(SURNAMES) * len(GIVEN) else GIVEN[k % len(GIVEN)])
        lines.append("%s,%d,%s,%d,%s" % (name, 1600 + rng.randrange(900), CLUBS[i % len(CLUBS)],
                                        1960 + rng.randrange(50), "mf"[rng.randrange(2)]))
    return "\n".join(lines) + "\n"


def cli(*args):
    status = main([str(a) for a in args])
    assert status in (0, None), "xqboard %s: exit %s" % (" ".join(map(str, args)), status)


class Hall:
    """The simulated boards of the hall: at most PC_BOARDS of them, as one
    PC drives (`round start ... --only 1-25`); a bigger round is played in
    turns of that many boards, each turn a PC's share."""

    PC_BOARDS = 25

    def __init__(self, folder, count):
        self.sims = [SimulatedBoard(speed=40, key=DEFAULT_KEY, board_id="hall-%02d" % k,
                                    link=str(folder / ("port%d" % k)), store=str(folder / ("journal%d" % k))).start()
                     for k in range(1, min(count, self.PC_BOARDS) + 1)]

    def ports(self):
        """Where `round start --ports` looks for the boards' device ids."""
        return ",".join(s.port for s in self.sims)

    def shares(self, boards):
        """(board map, range) of each PC's share of the round's boards: the
        map names each board by its device id (`12=hall-03`)."""
        boards = sorted(boards)
        size = len(self.sims)
        return [(",".join("%d=%s" % (b, s.board_id) for b, s in zip(boards[k:k + size], self.sims)),
                 "%d-%d" % (boards[k], boards[min(k + size, len(boards)) - 1])) for k in range(0, len(boards), size)]

    def close(self):
        for s in self.sims:
            s.close()


def play_round(ev, rnd, hall, records, rng):
    """Starts round `rnd`'s boards from the event file, each PC its share,
    plays every game to a resignation and records it; returns {board: result}."""
    results = {}
    for board_map, only in hall.shares(g.board for g in round_games(ev, rnd)):
        pairings = hall_pairings(ev, rnd, board_map, only, hall.ports(), DEFAULT_KEY)
        results.update(play_share(ev, rnd, pairings, hall, records, rng))
    return results


def play_share(ev, rnd, pairings, hall, records, rng):
    logger = round_logger(pairings, str(records), DEFAULT_KEY, stream=io.StringIO(), live=False).start()
    results = {}
    try:
        by_port = {s.port: s for s in hall.sims}
        start_round(logger, pairings, event=ev.get("name"), round_no=rnd, tc=ev.get("tc") or None, confirm="host",
                    wait=60, on_waiting=lambda ports: [by_port[p].act("setup") for p in ports])
        for b in logger.boards:
            loser = rng.choice(("red", "black"))
            reply = b.session.command(["resign", loser], on_events=lambda e, s=b.session: logger.on_events(s, e))
            assert reply[0] == "ok", reply
            results[int(pairings[b.session.port].board)] = "0-1" if loser == "red" else "1-0"
            # the arbiter confirms the result (art. 9): the logger never does
            assert logger.arbiter(b, ["confirm"])[0] == "ok"
        deadline = time.monotonic() + 60
        while not all(b.files is not None and b.files.has("CONFIRM") for b in logger.boards):
            assert time.monotonic() < deadline, "the boards did not confirm their results"
            logger.step(0.02)
    finally:
        logger.close()
    return results


def run_event(folder, players=20, rounds=3, seed=15):
    """The whole event in `folder`; returns the Tournament (see the module)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    db, records = folder / "open.db", folder / "records"
    (folder / "players.csv").write_text(player_csv(players, rng), encoding="utf-8")
    cli("tournament", "new", db, "--name", "城市杯 City Open", "--system", "swiss", "--rounds", rounds,
        "--seed", seed, "--tc", "30m+10s")
    cli("tournament", "import-players", db, folder / "players.csv")
    hall = Hall(folder, (players + 2) // 2)
    played = {}
    try:
        for rnd in range(1, rounds + 1):
            if rnd == min(3, rounds):
                cli("tournament", "add", db, "王伟", "--club", "迟到俱乐部", "--rating", "2100")   # a late entry
            cli("tournament", "pair", db)
            played[rnd] = play_round(Tournament.open(str(db)), rnd, hall, records, rng)
            cli("tournament", "import", db, records)
    finally:
        hall.close()
    ev = Tournament.open(str(db))
    for rnd, results in played.items():
        for board, res in results.items():
            assert ev.game_at(rnd, board)["result"] == res, (rnd, board)
    cli("tournament", "standings", db)
    cli("tournament", "export", db, "trf", folder / "open.trf")
    cli("tournament", "export", db, "site", folder / "site")
    return ev, played


if __name__ == "__main__":
    n, r = int(sys.argv[1]), int(sys.argv[2])
    t = time.perf_counter()
    run_event(sys.argv[3], n, r)
    print("%d players, %d rounds: %.1f s" % (n, r, time.perf_counter() - t))
