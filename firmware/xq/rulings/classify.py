# What each move of a repetition cycle is (art. 24), with the special cases
# of art. 26. One move is judged on the position before it (its side to
# move) and after it; threats are judged with the mover to move again (a
# null move), as "after the move, the moved piece can capture ..." (24.3).
#
# Kinds, heaviest first (26.4: a move with several roles counts as the
# heaviest): check 将 24.1, mate threat 杀 24.2, chase 捉 24.3; then the idle
# kinds (24.8): exchange offer 兑 24.4, sacrifice 献 24.5, follow 跟 24.7,
# block 拦 24.6, idle 闲 24.8.
from micropython import const

from xq.pieces import ADVISOR, CANNON, CHARIOT, ELEPHANT, EMPTY, HORSE, KING, OFF, SOLDIER
from xq.pieces import colour, other, type_of
from xq.rulings import exchange as ex
from xq.rulings.attacks import attackers
from xq.rulings.mate import DEPTH, mate_by_checks, mates_at_once, null_move
from xq.rulings.threats import Threat, threats, wins_by_check
from xq.rulings.values import attacking, value

CHECK = const(0)
MATE = const(1)
CHASE = const(2)
EXCHANGE = const(3)
SACRIFICE = const(4)
FOLLOW = const(5)
BLOCK = const(6)
IDLE = const(7)

NAMES = ("check", "mate threat", "chase", "exchange offer", "sacrifice", "follow", "block", "idle")
CHINESE = ("将", "杀", "捉", "兑", "献", "跟", "拦", "闲")
ARTICLES = ("24.1", "24.2", "24.3", "24.4", "24.5", "24.7", "24.6", "24.8")

_buf = bytearray(16)


class MoveClass:
    """The classification of one move: `kind` (CHECK ... IDLE), the articles
    that decide it, the chased targets (Threat objects, for CHASE) and notes
    (the special articles that changed the kind)."""

    __slots__ = ("move", "side", "piece", "kind", "articles", "targets", "notes", "self_inflicted")

    def __init__(self, move, side, piece):
        self.move = move
        self.side = side
        self.piece = piece
        self.kind = IDLE
        self.articles = []
        self.targets = []
        self.notes = []
        self.self_inflicted = False

    def set(self, kind, *articles):
        self.kind = kind
        self.articles = [ARTICLES[kind]] + list(articles)

    def forbidden_kind(self):
        return self.kind <= CHASE


def classify_cycle(pos, moves):
    """[MoveClass] for the moves played one after the other from `pos`;
    pos is left as it was. 24.18/26.3 look at each check and its answer."""
    out = []
    for m in moves:
        out.append(classify_move(pos, m))
        pos.push(m)
    for _ in moves:
        pos.pop()
    n = len(out)
    for i in range(n):
        # 24.18: the check that put its own side in a mated state, answered
        # by a move that is not a check, mate threat or chase.
        if out[i].kind == CHECK and n > 1:
            ans = out[(i + 1) % n]
            if "26.3" in ans.notes and ans.kind > CHASE:
                out[i].self_inflicted = True
                out[i].articles.append("24.18")
    return out


def classify_move(pos, m):
    """MoveClass of move m for the side to move of pos (pos unchanged)."""
    side = pos.side
    frm = m >> 8
    to = m & 255
    piece = pos.board[frm]
    mc = MoveClass(m, side, piece)
    in_check_before = pos.in_check()
    before = {}
    for t, th in threats(pos).items():
        if not _exchange_back(pos, th):
            before[t] = th
    pos.push(m)
    if pos.in_check():
        mc.set(CHECK)  # 24.1: the move attacks the general directly
        pos.pop()
        return mc
    pos.pop()
    # 24.2: a mate threat counts if the mover could not mate before the move.
    mate_before = mate_by_checks(pos, DEPTH)
    pos.push(m)
    null_move(pos)
    firsts = []
    mate = not mate_before and mate_by_checks(pos, DEPTH, firsts)
    chases = _new_chases(pos, before, frm, to, piece)
    if not chases and not mate and type_of(piece) != SOLDIER:
        chases = _chase_by_checks(pos, m)
    null_move(pos)
    if in_check_before and type_of(piece) == KING and (mate or chases):
        # 26.1.2: the general's answer to a check creates nothing.
        mc.notes.append("26.1.2")
        mate = False
        chases = []
    chases = _special_chases(pos, mc, chases, piece, frm, to)
    if mate and in_check_before and not _new_mate(pos, firsts, frm, to):
        # 26.3: a mate threat left by the other side's own check (自毙).
        mc.notes.append("26.3")
        mate = False
    if mate:
        if chases:
            _note(mc, "26.4")  # 26.4: mate threat and chase: the mate threat
        mc.set(MATE)
    elif chases:
        mc.targets = chases
        for th in chases:
            if _chariot_and_same_type(pos, th, side):
                _note(mc, "26.10")  # 26.10.1: chariot and horse (cannon) on an unprotected horse (cannon)
        if type_of(piece) != KING and _exchange(pos, MoveClass(m, side, piece), piece, to) == EXCHANGE:
            _note(mc, "26.4")  # 26.4: an exchange offer that also chases is a chase
        mc.set(CHASE)
    else:
        _idle_kind(pos, mc, piece, to)
    pos.pop()
    for a in mc.notes:
        if a not in mc.articles:
            mc.articles.append(a)
    return mc


def _new_chases(pos, before, frm, to, piece):
    # 24.3: what the move lets its side win that it could not win before:
    # by the moved piece (direct), by a line it opened (discovered), or with
    # its help (joint, 24.17). pos: after the move, its mover to move again.
    out = []
    for t, th in threats(pos).items():
        old = before.get(t)
        if old is not None and old.gain >= th.gain:
            continue  # the threat was there before the move
        if _exchange_back(pos, th):
            continue  # 24.4: pieces that can take each other offer an exchange
        th.how = _how(pos, th, frm, to, piece)
        out.append(th)
    return out


def _how(pos, th, frm, to, piece):
    b = pos.board
    if th.capturer == to:
        return "joint" if th.protection == ex.UNDER_PROTECTED else "direct"
    if type_of(piece) == KING or _line_through(b, th.capturer, th.target, frm):
        return "discovered"  # a line opened, or a pin lifted by the general
    if _line_through(b, th.capturer, th.target, to) or to in _list_attackers(pos, th.target, pos.side):
        return "joint"  # the moved piece is the cannon's screen or a second attacker
    return "discovered"  # the move cut a root's line


def _exchange_back(pos, th):
    # 24.4: the target can take its chaser at once and do at least as well
    # as the chaser would (pieces that can take each other offer an
    # exchange); 26.10.1: with a chariot also in contact, taking back loses,
    # and the chase stands.
    opp = other(pos.side)
    by = th.last
    if pos.board[th.target] != th.piece or th.target not in _list_attackers(pos, by, opp):
        return False
    null_move(pos)
    r = ex.capture(pos, th.target, by)
    null_move(pos)
    return r is not None and r[0] >= th.gain


def _chase_by_checks(pos, m):
    # 24.3: material won by a check first (抽吃), if the move made it possible.
    th = wins_by_check(pos)
    if th is None or _exchange_back(pos, th):
        return []
    null_move(pos)
    pos.pop()  # the position before m, its mover to move
    old = wins_by_check(pos)
    pos.push(m)
    null_move(pos)
    if old is not None and old.gain >= th.gain:
        return []
    return [th]


def _special_chases(pos, mc, chases, piece, frm, to):
    # Art. 26 on the chases found: pos is after the move, the other side to move.
    kind = type_of(piece)
    keep = []
    for th in chases:
        if (kind == KING or kind == SOLDIER) and th.how == "direct":
            # 26.1: the general and the soldier may chase by themselves;
            # 26.1.1: with other pieces (joint) it is a chase.
            _note(mc, "26.1")
            continue
        if kind == SOLDIER and th.how == "checks":
            _note(mc, "26.7")  # 26.7: a soldier winning by another's check
            continue
        if kind == KING or kind == SOLDIER:
            _note(mc, "26.1.1")
        if not _pays_after_leaving(pos, th, mc):
            continue
        keep.append(th)
    if keep and _lone_attacker(pos, mc.side) and all(_weak(t.piece) for t in keep):
        _note(mc, "26.2")  # 26.2: the defender's lone attacker takes a key point
        return []
    for th in keep:
        if type_of(th.piece) == SOLDIER:
            _note(mc, "26.6")
    return keep


def _pays_after_leaving(pos, th, mc):
    # 26.5: a chaser that is a root (做根) or pinned (被牵) leaves something
    # to the other side when it captures; an even trade still counts as a
    # chase, a losing one is idle. pos: after the move, other side to move.
    if th.how == "checks":
        return True
    baseline = ex.best_gain(pos)
    null_move(pos)  # the chaser's side to move
    if not ex.try_move(pos, th.capturer << 8 | th.target):
        null_move(pos)
        return True
    lost = ex.best_gain(pos, th.target)  # the other side to move again
    pos.pop()
    null_move(pos)
    extra = lost - baseline
    if extra <= 0:
        return True
    _note(mc, "26.5")
    return th.gain - extra >= 0


def _lone_attacker(pos, side):
    n = 0
    b = pos.board
    for sq in range(51, 205):
        p = b[sq]
        if p != EMPTY and p != OFF and colour(p) == side and attacking(p, sq):
            n += 1
    return n == 1


def _new_mate(pos, firsts, frm, to):
    # 26.3: the threat is new if the moved piece gives a mating check or
    # opened the line of one.
    for c in firsts:
        if c >> 8 == to or _line_through(pos.board, c & 255, pos.king(pos.side), frm):
            return True
    return False


def _idle_kind(pos, mc, piece, to):
    # The idle kinds (24.8); pos: after the move, the other side to move.
    opp = other(mc.side)
    if type_of(piece) != KING:
        k = _exchange(pos, mc, piece, to)
        if k >= 0:
            mc.set(k, *mc.notes)
            return
        r = None
        for a in _list_attackers(pos, to, opp):
            g = ex.capture(pos, a, to)
            if g is not None and g[0] > 0:
                r = a
                break
        if r is not None:
            ex.try_move(pos, r << 8 | to)
            mated = mates_at_once(pos)
            pos.pop()
            if not mated:
                mc.set(SACRIFICE)  # 24.5: an unprotected piece offered
                return
    eyed = _attacks_enemy(pos, to, mc.side)
    if eyed:
        if eyed == 2:
            _note(mc, "26.6")  # 26.6: an uncrossed soldier is no gain
        mc.set(FOLLOW, *mc.notes)  # 24.7: it eyes a protected piece, no gain
        return
    if _blocks(pos.board, to, opp):
        mc.set(BLOCK)  # 24.6
        return
    mc.set(IDLE)


def _exchange(pos, mc, piece, to):
    # 24.4: the moved piece and an enemy piece of equal value attack each
    # other. 26.9: offered to a piece of its own type, it is a chase if
    # accepting loses the other side material or gets it mated at once.
    side = mc.side
    opp = other(side)
    mine = value(piece, to)
    for x in range(51, 205):
        p = pos.board[x]
        if p == EMPTY or p == OFF or colour(p) != opp or type_of(p) == KING:
            continue
        if value(p, x) != mine or mine == 0:
            continue
        if to not in _list_attackers(pos, x, side) or x not in _list_attackers(pos, to, opp):
            continue
        r = ex.capture(pos, x, to)  # the other side accepts
        if r is None:
            continue
        if type_of(p) == type_of(piece):
            ex.try_move(pos, x << 8 | to)
            mated = mates_at_once(pos)
            pos.pop()
            if r[0] < 0 or mated:
                mc.notes.append("26.9")
                th = Threat(x, p, to, -r[0], ex.PROTECTED if r[1] == ex.PROTECTED else ex.UNPROTECTED)
                th.how = "exchange offer"
                mc.targets = [th]
                return CHASE
        if _strong(p) and _chariot_also(pos, x, side):
            mc.notes.append("26.10")
        return EXCHANGE
    return -1


def _chariot_and_same_type(pos, th, side):
    if not _strong(th.piece):
        return False
    kind = type_of(th.piece)
    types = [type_of(pos.board[a]) for a in _list_attackers(pos, th.target, side)]
    return CHARIOT in types and kind in types


def _strong(piece):
    # 1.2: a horse or a cannon, the "strong pieces" below a chariot.
    t = type_of(piece)
    return t == HORSE or t == CANNON


def _weak(piece):
    # 1.2: an advisor or an elephant.
    t = type_of(piece)
    return t == ADVISOR or t == ELEPHANT


def _chariot_also(pos, x, side):
    for a in _list_attackers(pos, x, side):
        if type_of(pos.board[a]) == CHARIOT:
            return True
    return False


def _list_attackers(pos, t, side):
    n = attackers(pos.board, t, side, _buf)
    return [_buf[i] for i in range(n)]


def _attacks_enemy(pos, sq, side):
    # 1 if the piece on sq attacks an enemy piece (not the general), 2 if
    # the only pieces it attacks are uncrossed soldiers, 0 if none.
    b = pos.board
    found = 0
    for x in range(51, 205):
        p = b[x]
        if p != EMPTY and p != OFF and colour(p) != side and type_of(p) != KING:
            if sq in _list_attackers(pos, x, side):
                if value(p, x):
                    return 1
                found = 2
    return found


def _blocks(b, sq, opp):
    # 24.6: the moved piece now stands on the line of an enemy chariot or
    # cannon, or on the leg of an enemy horse.
    for d in (16, -16, 1, -1):
        s = sq + d
        if b[s] == (HORSE | opp):
            return True
        while b[s] == 0:
            s += d
        p = b[s]
        if p in (CHARIOT | opp, CANNON | opp):
            return True
    return False


def _line_through(b, a, t, s):
    # True if s lies strictly between a and t on one rank or file, or s is
    # the leg of a horse on a that reaches t.
    if type_of(b[a]) == HORSE:
        d = t - a
        if d in (33, 31):
            return s == a + 16
        if d in (-33, -31):
            return s == a - 16
        if d in (18, -14):
            return s == a + 1
        if d in (14, -18):
            return s == a - 1
        return False
    if a >> 4 == t >> 4 == s >> 4:
        return min(a, t) < s < max(a, t)
    if a & 15 == t & 15 == s & 15:
        return min(a, t) < s < max(a, t)
    return False


def _note(mc, art):
    if art not in mc.notes:
        mc.notes.append(art)
