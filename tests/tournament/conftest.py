"""Helpers for the tournament tests: events in a temporary directory."""
import random

import pytest

from xqboard.tournament.event import Tournament


@pytest.fixture
def new_event(tmp_path):
    """new_event(n, **settings) -> a Tournament with n players P01..Pnn (rating
    falling with the number) in a fresh SQLite file."""
    count = [0]

    def make(n=0, **kw):
        count[0] += 1
        kw.setdefault("seed", 1)
        ev = Tournament.create(str(tmp_path / ("event%d.db" % count[0])), kw.pop("name", "Test event"), **kw)
        for i in range(1, n + 1):
            ev.add_player("P%02d" % i, rating=2400 - 10 * i, club="C%d" % (i % 3))
        return ev

    return make


def play_round(ev, rng, results=("1-0", "0-1", "1/2-1/2")):
    """Random results for every game of the current round."""
    rnd = ev.current_round
    for p in ev.pairings(rnd):
        for g in p.games:
            if g["result"] is None:
                ev.set_result(rnd, g["board"], rng.choice(results))


@pytest.fixture
def swiss_event(new_event):
    """swiss_event(names, club, seed, **settings) -> the 5-round swiss
    "象棋公开赛 Open 2026" in Hangzhou: the players `names` (ratings from
    2700 down by 20, club(i) the i-th one's club), three rounds paired and
    played, each result (forfeits too) drawn by random.Random(seed). The
    output tests' event (test_output.py, test_export.py)."""

    def make(names, club, seed, **settings):
        ev = new_event(0, system="swiss", rounds=5, name="象棋公开赛 Open 2026", city="Hangzhou", **settings)
        for i, n in enumerate(names):
            ev.add_player(n, rating=2700 - 20 * i, club=club(i))
        r = random.Random(seed)
        for _ in (1, 2, 3):
            ev.pair()
            play_round(ev, r, ("1-0", "0-1", "1/2-1/2", "+-"))
        return ev

    return make


@pytest.fixture
def rng():
    return random.Random(2011)


@pytest.fixture
def play():
    """play(ev, rng): random results for the current round."""
    return play_round
