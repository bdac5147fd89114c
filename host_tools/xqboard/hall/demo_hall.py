"""`xqboard broadcast --demo` (`make demo-hall`): a hall on this PC.

A Mosquitto broker of its own (persistence in the demo folder), an event
file with round 1 paired (16 players, 8 boards), 8 replay boards started
for that round (each with its board number and the players' numbers)
playing master games from data/master-games.pgn over the real link
protocol, a logger publishing them through the broker, and the broadcast:
subscriber, store, the live page, and each confirmed result (art. 9)
written into the event file as it comes. Prints the page's URL; Ctrl-C (or
--timeout) ends it and prints round 1 as the event file has it.
"""
import contextlib
import secrets
import tempfile
from pathlib import Path

from ..tournament.seating import round_games
from ..tournament.event import Tournament
from .arbiters import Arbiters, demo_arbiter
from .broadcast import Broadcast
from .broker import Mosquitto
from .masters import cut_short, master_games
from .replayboard import ReplayBoard, ReplayHall
from .trust import Keys

PLAYERS = ("程亮", "冯军", "王天一", "郑惟桐", "许银川", "吕钦", "赵鑫鑫", "蒋川",
           "洪智", "谢靖", "孙勇征", "汪洋", "党斐", "王斌", "聂铁文", "才溢")
EVENT = "Hall demo"


def make_event(path, players=PLAYERS):
    """An event file with round 1 paired; its BoardGames."""
    ev = Tournament.create(str(path), EVENT, system="roundrobin", seed=17)
    for name in players:
        ev.add_player(name)
    ev.pair()
    games = round_games(ev, 1)
    ev.db.close()
    return games


def round_one(path):
    """Lines: board, players, result and where it came from."""
    ev = Tournament.open(str(path))
    try:
        es = ev.by_id()
        rows = ev.db.execute("select g.* from games g join pairings p on p.id = g.pairing_id where p.round = 1 "
                             "order by g.board").fetchall()
        return ["board %d  %s - %s  %s  %s" % (r["board"], es[r["red_player"]].name, es[r["black_player"]].name,
                                               r["result"] or "*", r["source"] or "") for r in rows]
    finally:
        ev.db.close()


def run(folder=None, boards=8, every=1.0, plies=None, timeout=None, web=True, http=("127.0.0.1", 8017),
        say=print):
    folder = Path(folder or tempfile.mkdtemp(prefix="xqboard-hall-"))
    folder.mkdir(parents=True, exist_ok=True)
    event_path = folder / "event.db"
    for old in (event_path, Keys.path_beside(event_path)):
        if old.exists():
            old.unlink()
    games = make_event(event_path)[:boards]
    replays, records = [], master_games()
    for i, g in enumerate(games):
        record = cut_short(records[i], plies)
        device = "hall-%d" % g.board
        key = secrets.token_bytes(16)  # each board its key, recorded beside the event file (as round start does)
        Keys.record(Keys.path_beside(event_path), device, key)
        replays.append(ReplayBoard.playing(device, [record], board=g.board, event=EVENT, rnd=1,
                                           numbers=(g.red_no, g.black_no), names=(g.red, g.black), key=key))
    hub = server = None
    if web:  # the pages' half of issue 17 (hall/hub.py, hall/web.py)
        from .hub import Hub
        from .web import Serving, make_app

        hub = Hub()
        name, secret = demo_arbiter()
        server = Serving(make_app(hub, Arbiters.of({name: secret})), port=http[1], host=http[0])
    with Mosquitto(folder / "broker") as broker, server or contextlib.nullcontext() as url:
        hall = ReplayHall(replays, every=every).start()
        b = Broadcast(folder / "hall.sqlite", hub, mqtt=("127.0.0.1", broker.port),
                      ports=[r.url for r in replays], out=str(folder / "games"), tournament=event_path,
                      logger_id="demo")
        try:
            say("broker: mqtt://127.0.0.1:%d (persistence in %s)" % (broker.port, folder / "broker"))
            say("event file: %s (round 1, %d boards)" % (event_path, len(games)))
            if url:
                say("live page: %s/  (arbiter page: %s/arbiter, %s / %r)" % (url, url, name, secret))
            total = sum(len(r.log) for r in replays)
            done = None if web else (lambda: b.intake.delivered >= total)  # the pages stay until Ctrl-C
            b.run(until=done, timeout=timeout)
        finally:
            b.close()
            hall.close()
    say("delivered %d events, %d duplicates dropped" % (b.intake.delivered, b.intake.duplicates))
    for line in round_one(event_path):
        say(line)
    return b
