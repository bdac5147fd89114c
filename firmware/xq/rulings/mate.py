# Mates: by a check or a series of checks (24.2 杀), and the mate at once that
# voids a chase (24.3 "得子后不致立即被对方将死").

# Checks a mate threat may take (24.2 "下一著将军或连续将军以将死对方"): up
# to three checks of the attacker, five plies. Deeper threats are not ruled.
DEPTH = 3


def is_mated(pos):
    """The side to move is in check and has no legal move (3.2, 4.1.1)."""
    return pos.in_check() and not pos.gen_legal()


def mate_by_checks(pos, depth=DEPTH, firsts=None):
    """True if the side to move mates by checking at every move, within
    `depth` of its own moves, whatever the defence. If `firsts` is a list,
    every first check that mates is appended to it."""
    found = False
    for m in pos.legal_moves():
        pos.push(m)
        ok = False
        if pos.in_check():
            if not pos.gen_legal():
                ok = True
            elif depth > 1:
                ok = _all_replies_lose(pos, depth - 1)
        pos.pop()
        if ok:
            found = True
            if firsts is None:
                return True
            firsts.append(m)
    return found


def _all_replies_lose(pos, depth):
    for r in pos.legal_moves():
        pos.push(r)
        ok = mate_by_checks(pos, depth)
        pos.pop()
        if not ok:
            return False
    return True


def mates_at_once(pos):
    """The side to move has a mating move (mate in one)."""
    return mate_by_checks(pos, 1)


def null_move(pos):
    """Passes the move (both sides' threats are judged with the other side
    to move, 24.2-24.3). Call again to undo."""
    from xq.zobrist import SIDE, key

    pos.state[0] ^= 8
    pos.state[1] ^= key(SIDE)
