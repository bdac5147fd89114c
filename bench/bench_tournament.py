"""Pairing speed of the positional Swiss (appendix 2) against bbpPairings.

Reference (FIELD-NOTES, as published by bbpPairings): the FIDE Dutch
system pairs the worst round of 500 players x 9 rounds in 7.5 s; the
Burstein system 1,000 players x 11 rounds in 3.1 s. Those figures come
from another machine and another pairing system: the ratios say how far
apart we are, not who is better.

Measured here, in this run:
  1. 1,000 players x 11 rounds, random results and forfeits: the time to
     pair each round (the pure pairing, swiss.pair_round);
  2. 500 players x 9 rounds, the same, against the Dutch reference;
  3. one round of the 1,000-player event through the event file
     (SQLite, records, floats, games): what `xqboard tournament pair` costs.
"""
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "host_tools"))

from xqboard.tournament.event import Tournament  # noqa: E402
from xqboard.tournament.simulate import simulate  # noqa: E402

BBP_DUTCH_500x9_WORST = 7.5     # s, worst round, as published
BBP_BURSTEIN_1000x11 = 3.1      # s, as published


def pure(n, rounds, seeds=3):
    worst, per_round = 0.0, []
    for s in range(seeds):
        t = simulate(n, rounds, seed=s, forfeit_rate=0.03)
        worst = max(worst, max(t.times))
        per_round.extend(t.times)
    return worst, statistics.median(per_round)


def through_the_file(n=1000, rounds=11):
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        ev = Tournament.create(os.path.join(tmp, "big.db"), "bench", system="swiss", rounds=rounds, seed=1)
        with ev.db:
            for i in range(n):
                ev.db.execute("insert into entrants (kind, name, rating) values ('player', ?, ?)",
                              ("P%04d" % i, 2600 - i))
        times = []
        for r in range(1, rounds + 1):
            t = time.perf_counter()
            rd = ev.pair()
            times.append(time.perf_counter() - t)
            with ev.db:
                for p in rd.pairs:
                    for g in p.games:
                        ev.db.execute("update games set result = ? where id = ?",
                                      (rng.choice(["1-0", "0-1", "1/2-1/2"]), g["id"]))
        return max(times), statistics.median(times)


def main():
    w1000, m1000 = pure(1000, 11)
    w500, m500 = pure(500, 9)
    print("positional Swiss, pure pairing (swiss.pair_round), 3 events each:")
    print("  1,000 players x 11 rounds: worst round %.3f s, median %.3f s" % (w1000, m1000))
    print("  500 players x 9 rounds:    worst round %.3f s, median %.3f s" % (w500, m500))
    print("reference bbpPairings (published): Dutch 500 x 9 worst round %.1f s; Burstein 1,000 x 11 %.1f s"
          % (BBP_DUTCH_500x9_WORST, BBP_BURSTEIN_1000x11))
    print("  ratio 500 x 9 worst round, ours / bbpPairings Dutch: %.4f (%.0fx faster)"
          % (w500 / BBP_DUTCH_500x9_WORST, BBP_DUTCH_500x9_WORST / max(w500, 1e-9)))
    print("  ratio 1,000-player worst round / bbpPairings Dutch 500 x 9 worst round: %.4f"
          % (w1000 / BBP_DUTCH_500x9_WORST))
    print("  ratio 1,000-player worst round / bbpPairings Burstein 1,000 x 11: %.4f" % (w1000 / BBP_BURSTEIN_1000x11))
    wf, mf = through_the_file()
    print("one round of 1,000 players through the event file (SQLite, records, games):")
    print("  worst %.2f s, median %.2f s; ratio to the Dutch reference %.3f" % (wf, mf, wf / BBP_DUTCH_500x9_WORST))
    print("(not the same algorithm: the positional Swiss pairs score groups greedily with"
          " undo, where the Dutch system solves a weighted matching)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
