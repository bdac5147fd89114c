"""Random Swiss tournaments for the property tests and the benchmark.

>>> t = simulate(10, 5, seed=1)
>>> len(t.rounds), len(t.players)
(5, 10)
"""
import random

from .swiss import BLACK, RED, SwissPlayer, pair_round


class SimTournament:
    def __init__(self, players, rounds, times):
        self.players = players      # id -> SwissPlayer (final state)
        self.rounds = rounds        # list of SwissRound
        self.times = times          # seconds to pair each round

    def __repr__(self):
        return "SimTournament(%d players, %d rounds)" % (len(self.players), len(self.rounds))


def simulate(n, rounds, seed=0, forfeit_rate=0.03, draw_rate=0.3, win=2, draw=1):
    """Plays n players over `rounds` rounds with random results: the higher
    rating wins a little more often; some games are forfeits (20.3), which
    count for the score but not for colours."""
    import time

    rng = random.Random(seed)
    ps = {i: SwissPlayer(i, i) for i in range(1, n + 1)}
    strength = {i: rng.random() + (n - i) / n for i in ps}
    out, times = [], []
    for r in range(1, rounds + 1):
        t = time.perf_counter()
        rd = pair_round(list(ps.values()), r, rounds)
        times.append(time.perf_counter() - t)
        out.append(rd)
        if rd.bye is not None:
            ps[rd.bye].byes += 1
            ps[rd.bye].score += win  # 14.4: the bye counts as a win
        for pid, (d, forced) in rd.floats.items():
            if d == "down":
                ps[pid].down_all += 1
            if not forced:
                if d == "down":
                    ps[pid].down += 1
                else:
                    ps[pid].up += 1
        for red, black in rd.pairs:
            a, b = ps[red], ps[black]
            a.opponents.add(black)
            b.opponents.add(red)
            x = rng.random()
            if x < forfeit_rate:
                (a if rng.random() < 0.5 else b).score += win
                continue
            a.colours.append(RED)
            b.colours.append(BLACK)
            y = rng.random()
            if y < draw_rate:
                a.score += draw
                b.score += draw
            elif rng.random() < strength[red] / (strength[red] + strength[black]):
                a.score += win
            else:
                b.score += win
    return SimTournament(ps, out, times)
