# What the side to move threatens to win (24.3 捉): every enemy piece it can
# capture at a gain, directly or through the whole exchange, without being
# mated at once after; and material won by a check first (抽吃, 从下一著开始
# 运用连续将军得子).
from xq.pieces import CHARIOT, EMPTY, KING, OFF, SOLDIER, colour, type_of
from xq.rulings.exchange import PROTECTED, capture
from xq.rulings.attacks import attackers
from xq.rulings.mate import mates_at_once

_buf = bytearray(16)


class Threat:
    """One enemy piece the side to move can win: the target's square and
    piece, the capturer's square, the gain and the target's protection."""

    __slots__ = ("target", "piece", "capturer", "gain", "protection", "how", "last")

    def __init__(self, target, piece, capturer, gain, protection):
        self.target = target
        self.piece = piece
        self.capturer = capturer
        self.gain = gain
        self.protection = protection
        self.how = ""  # set by the classifier: direct, discovered, joint, checks
        self.last = capturer  # the square the capture is made from


def _winning_capture(pos, frm, t):
    # (gain, protection) of capturing t with frm, or None if it wins nothing.
    r = capture(pos, frm, t)
    if r is None or r[0] <= 0:
        return None
    gain, protection = r
    capturer = pos.board[frm]
    victim = pos.board[t]
    # 26.6: a soldier given for anything but a chariot is no gain.
    if type_of(capturer) == SOLDIER and type_of(victim) != CHARIOT and protection == PROTECTED:
        return None
    # 24.3: a gain after which the capturer is mated at once is none.
    pos.push(frm << 8 | t)
    mated = mates_at_once(pos)
    pos.pop()
    return None if mated else r


def threats(pos, only_from=-1):
    """{target square: Threat} for the side to move; the best capture of
    each target. With only_from, only captures by the piece on that square."""
    side = pos.side
    b = pos.board
    out = {}
    for t in range(51, 205):
        p = b[t]
        if p == EMPTY or p == OFF or colour(p) == side or type_of(p) == KING:
            continue
        n = attackers(b, t, side, _buf)
        sqs = [_buf[i] for i in range(n)]
        best = None
        for a in sqs:
            if only_from >= 0 and a != only_from:
                continue
            r = _winning_capture(pos, a, t)
            if r is not None and (best is None or r[0] > best.gain):
                best = Threat(t, p, a, r[0], r[1])
        if best is not None:
            out[t] = best
    return out


def wins_by_check(pos):
    """A Threat if the side to move has a check after which, whatever the
    reply, it captures at a gain (抽吃; 24.3 wins by checks). The check's
    move is kept in `capturer` as from<<8|to, `how` = 'checks'."""
    for c in pos.legal_moves():
        pos.push(c)
        if not pos.in_check():
            pos.pop()
            continue
        worst = None
        for r in pos.legal_moves():
            pos.push(r)
            ts = threats(pos)
            pos.pop()
            best = None
            for th in ts.values():
                if best is None or th.gain > best.gain:
                    best = th
            if best is None:
                worst = None
                break
            if worst is None or best.gain < worst.gain:
                worst = best
        pos.pop()
        if worst is not None:
            th = Threat(worst.target, worst.piece, c, worst.gain, worst.protection)
            th.how = "checks"
            th.last = worst.capturer
            return th
    return None


def is_chariot(th):
    return type_of(th.piece) == CHARIOT
