"""Fairy-Stockfish (pyffish) as an independent rules oracle, and random
positions from random games played with it.

pyffish writes moves with ranks 1-10 (`h3e3`); ICCS uses 0-9 (`h2e2`).
"""
import functools
import random

import pyffish

VARIANT = "xiangqi"
START = pyffish.start_fen(VARIANT)


def to_iccs(move):
    """pyffish 'h3e3' / 'a10a9' -> ICCS 'h2e2' / 'a9a8'."""
    i = 1
    while move[i].isdigit():
        i += 1
    return "%s%d%s%d" % (move[0], int(move[1:i]) - 1, move[i], int(move[i + 1:]) - 1)


def legal(fen):
    return sorted(to_iccs(m) for m in pyffish.legal_moves(VARIANT, fen, []))


def verdict(fen):
    """'playing', 'mated' or 'stalemated' for the side to move."""
    if pyffish.legal_moves(VARIANT, fen, []):
        return "playing"
    return "mated" if pyffish.gives_check(VARIANT, fen, []) else "stalemated"


def in_check(fen):
    return bool(pyffish.gives_check(VARIANT, fen, []))


def judge(fen):
    """(legal, verdict, in_check) of `fen` from two pyffish calls, where
    the three functions above take three (the verdict asks for the legal
    moves again): 2,000 positions in ~16 s of CPU instead of ~24 s.
    >>> judge(START)[1:]
    ('playing', False)
    """
    moves = pyffish.legal_moves(VARIANT, fen, [])
    check = bool(pyffish.gives_check(VARIANT, fen, []))
    return (sorted(to_iccs(m) for m in moves),
            "playing" if moves else "mated" if check else "stalemated", check)


@functools.lru_cache(maxsize=None)
def judged_positions(count, seed):
    """((fen, legal, verdict, in_check), ...) for random_positions(count,
    seed): made once a process for every test that holds a runtime to
    pyffish on them (tests/rules/test_oracle.py, the armv6m run of
    tests/target/test_rules_on_target.py; their xdist group
    "oracle_positions" keeps them in one worker), ~16 s of CPU each time
    it is made."""
    return tuple((fen,) + judge(fen) for fen in random_positions(count, seed))


def random_positions(count, seed, max_plies=300, keep=0.15):
    """`count` distinct FENs from random games. The games are played with
    the firmware core for speed (pyffish takes ~1.5 ms a call); every
    position is then judged by pyffish alone. A capture is preferred half
    of the time, so games reach endgames, mates and stalemates; a position
    is kept with probability `keep`, a game's final position always."""
    from xqboard.core import Position

    rng = random.Random(seed)
    seen = set()
    out = []

    def add(fen):
        if fen not in seen and len(out) < count:
            seen.add(fen)
            out.append(fen)

    while len(out) < count:
        pos = Position()
        for _ in range(max_plies):
            moves = pos.legal_moves()
            if not moves:
                break
            caps = [m for m in moves if pos.piece_at(m & 255)]
            pos.push(rng.choice(caps if caps and rng.random() < 0.5 else moves))
            if rng.random() < keep:
                add(pos.fen())
        add(pos.fen())
    return out
