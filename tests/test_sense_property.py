"""The property of issue 4: random legal games turned into random physical
action sequences (captures in either lift order or with the captured piece
leaving only briefly, slides over empty points, touches, adjustments,
presses or none, pauses of any length between moves and under the settle
time within one, fast replies 20-100 ms after the placement), with bounce on
every transition and one-scan flickers and 2-3-scan dropouts on random
points, run through the debouncer and the recogniser in the MicroPython
unix port (heap capped): the recognised moves equal the game, every time.

Scripts are made in CPython (tests/mp/sense_gen.py) and played scan by scan
in one micropython process (tests/mp/sense_run.py), which skips idle scans
exactly (nothing counting in the debouncer, no timer due). Games start
just before the 2^30 tick wrap, so they cross it."""
import collections
import random
import sys

import pytest

from xqboard.paths import REPO

sys.path.insert(0, str(REPO / "tests" / "mp"))
import sense_gen as gen  # noqa: E402

RUNNER = REPO / "tests" / "mp" / "sense_run.py"
BY = {4: "press", 8: "next", 16: "settle", 32: "alert"}


def run(mp, games, seed, **kw):
    rng = random.Random(seed)
    text, expected = gen.script(rng, games, **kw)
    r = mp.script(RUNNER, input=text)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    out = gen.parse_output(r.stdout)
    assert len(out) == len(expected)
    bad = []
    for i, (o, e) in enumerate(zip(out, expected)):
        if o["moves"] != e:
            n = next((j for j in range(min(len(o["moves"]), len(e))) if o["moves"][j] != e[j]), min(len(o["moves"]), len(e)))
            bad.append("game %d (seed %d) differs at ply %d: %s vs %s" % (i, seed, n, o["moves"][n:n + 3], e[n:n + 3]))
        odd = [x for x in o["events"] if x.split()[0] in ("alert", "nomove", "restored")]
        if odd:
            bad.append("game %d (seed %d): %s" % (i, seed, odd[:3]))
    assert not bad, "\n".join(bad[:10])
    return out


def finality(out):
    return collections.Counter(BY.get(f & 60, f) for o in out for f in o["flags"])


def test_master_games_recognised_exactly(mp):
    out = run(mp, gen.master_games()[:150], seed=101)
    by = finality(out)
    # Every way a move becomes final (5.7) is exercised.
    assert by["press"] > 1000 and by["next"] > 1000 and by["settle"] > 300, by
    assert sum(len(o["moves"]) for o in out) > 10000


def test_random_games_recognised_exactly(mp):
    rng = random.Random(102)
    games = [gen.random_game(rng, rng.randint(20, 160)) for _ in range(120)]
    out = run(mp, games, seed=103)
    for o, g in zip(out, games):
        assert o["fen"].split()[0] == _final_fen(g).split()[0]


def test_noisy_and_fast_board(mp):
    # Many fast replies and four times the noise.
    run(mp, gen.master_games()[150:200], seed=104, noise_rate=4.0, fast=0.6)


def _final_fen(moves):
    from xqboard.core import Position
    p = Position()
    for m in moves:
        p.push(m)
    return p.fen()


@pytest.mark.bench
@pytest.mark.parametrize("seed", [201, 202, 203])
def test_stress_all_master_games(mp, seed):
    run(mp, gen.master_games(), seed=seed)


@pytest.mark.bench
@pytest.mark.parametrize("seed", [301, 302, 303])
def test_stress_random_games(mp, seed):
    rng = random.Random(seed)
    run(mp, [gen.random_game(rng, rng.randint(20, 200)) for _ in range(400)], seed=seed + 1,
        noise_rate=rng.choice([0.5, 1.0, 3.0]), fast=rng.choice([0.25, 0.5]))
