"""Results from the boards' records: xqbase-style PGN (issue 6 writes them).

A record names its round, its board number in the hall, the players and the
result; it is matched to the pairing by round + board + both players, and
refused, with the reason, when anything differs. The players are matched by
their numbers when the record has them (`RedNo`/`BlackNo`, from a board
started by `round start EVENT ROUND --boards`: names may then be written
any way), else by name or pinyin (a record saying `CHENG Liang` matches 程亮).

Every record must verify first (issue 14: xqboard/verify.py): its `.events`
file beside it, written by the logger, holds the board's hash chain, and the
PGN must be what those events make; with the arbiter's key the CONFIRM's
seal too (art. 9). A record that does not verify (edited, or a PGN with no
events: typed from a paper score sheet) is refused with the reason, or,
with `accept_unverified`, taken and recorded as unverified.

>>> recs = parse('[Game "Chinese Chess"]\\n[Round "2"]\\n[Board "1"]\\n[Red "A"]\\n[Black "B"]\\n'
...              '[Result "1-0"]\\n[Format "ICCS"]\\n\\n1. h2e2 h9g7 1-0\\n')
>>> recs[0].tags['Red'], recs[0].result
('A', '1-0')
"""
import os
import re

from .refusal import TournamentError

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


class PgnRecord:
    def __init__(self, tags, moves, source, index):
        self.tags, self.moves, self.source, self.index = tags, moves, source, index

    @property
    def result(self):
        return self.tags.get("Result")

    def where(self):
        return "%s#%d" % (self.source, self.index)

    def __repr__(self):
        return "PgnRecord(%s, round=%s, board=%s)" % (self.where(), self.tags.get("Round"), self.tags.get("Board"))


def _read(path):
    data = open(path, "rb").read()
    for enc in ("utf-8-sig", "gb18030"):  # xqbase files are often GBK
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            pass
    raise TournamentError("%s: neither UTF-8 nor GB18030 text" % path)


def parse(text, source="-"):
    """Every game of a PGN text: its tags and its movetext."""
    games, tags, moves, in_moves = [], {}, [], False
    for line in text.splitlines():
        m = _TAG.match(line.strip())
        if m:
            if in_moves:
                games.append(PgnRecord(tags, " ".join(moves), source, len(games) + 1))
                tags, moves, in_moves = {}, [], False
            tags[m.group(1)] = m.group(2).replace('\\"', '"')
        elif line.strip():
            in_moves = True
            moves.append(line.strip())
    if tags:
        games.append(PgnRecord(tags, " ".join(moves), source, len(games) + 1))
    return games


def collect(paths):
    """PgnRecords of the files given, directories read for *.pgn, sorted."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in sorted(os.walk(p)):
                files.extend(os.path.join(root, n) for n in sorted(names) if n.lower().endswith(".pgn"))
        elif os.path.exists(p):
            files.append(p)
        else:
            raise TournamentError("no such file or directory: %s" % p)
    out = []
    for f in files:
        out.extend(parse(_read(f), f))
    return out


def _norm(name):
    return " ".join((name or "").split()).casefold()


def _int(tags, key, rec):
    v = tags.get(key, "")
    m = re.match(r"\s*(\d+)", v)
    if not m:
        raise ValueError("no %s number (%s %r)" % (key, key, v))
    return int(m.group(1))


def check(event, rec):
    """(round, board, result, fouls) if the record matches the pairing, else
    raises ValueError with the reason."""
    t = rec.tags
    if t.get("Game", "Chinese Chess") != "Chinese Chess":
        raise ValueError("not a Xiangqi record (Game %r)" % t.get("Game"))
    rnd, board = _int(t, "Round", rec), _int(t, "Board", rec)
    res = t.get("Result", "*")
    if res not in ("1-0", "0-1", "1/2-1/2"):
        raise ValueError("no final result (Result %r)" % res)
    try:
        g = event.game_at(rnd, board)
    except TournamentError as e:
        raise ValueError(str(e))
    es = event.by_id()
    want = (es[g["red_player"]], es[g["black_player"]])
    if t.get("RedNo") or t.get("BlackNo"):
        _same_numbers(t, want, rnd, board)
    else:
        _same_names(t, want, rnd, board)
    fouls = tuple(int(t[k]) if t.get(k, "").isdigit() else None for k in ("RedFouls", "BlackFouls"))
    return rnd, board, res, fouls, g["result"]


def _same_numbers(t, want, rnd, board):
    from .seating import player_number

    got = (t.get("RedNo", "").strip(), t.get("BlackNo", "").strip())
    nums = tuple(str(player_number(e)) for e in want)
    if got != nums:
        raise ValueError("round %d board %d is %s (Red, no. %s) - %s (Black, no. %s) in the pairing, the record says "
                         "no. %s - no. %s%s" % (rnd, board, want[0].name, nums[0], want[1].name, nums[1], got[0] or "?",
                                                got[1] or "?", " (colours swapped)" if got == nums[::-1] else ""))


def _same_names(t, want, rnd, board):
    red, black = t.get("Red", ""), t.get("Black", "")

    def known_as(e, name):
        return _norm(name) in (_norm(e.name), _norm(e.pinyin))

    if not (known_as(want[0], red) and known_as(want[1], black)):
        swapped = known_as(want[0], black) and known_as(want[1], red)
        raise ValueError("round %d board %d is %s (Red) - %s (Black) in the pairing, the record says %s - %s%s" % (
            rnd, board, want[0].name, want[1].name, red, black, " (colours swapped)" if swapped else ""))


class ImportReport:
    def __init__(self):
        self.applied, self.unchanged, self.refused = [], [], []
        self.forced = []      # LateCorrections: what a correction of an earlier round would have changed (Tournament.set_result)
        self.unverified = []  # (where, why) of the records taken without verifying (accept_unverified)

    def __repr__(self):
        return "ImportReport(applied=%d, unchanged=%d, refused=%d)" % (
            len(self.applied), len(self.unchanged), len(self.refused))


def verified(path, key=None):
    """'' if the record at `path` verifies (xqboard/verify.py), else why not."""
    from ..verify import Unusable, verify

    try:
        v = verify(path, key)
    except Unusable as e:
        return str(e)
    return "" if v.ok else v.reason


def import_records(event, paths, partial=False, force=False, key=None, accept_unverified=False):
    """Checks every record first; applies them only if none is refused
    (or, with partial, applies the good ones). A record must verify (with
    the arbiter's `key`, its seal too), unless `accept_unverified`: then it
    is taken, listed in the report and its source marked `unverified`.
    Returns an ImportReport."""
    rep = ImportReport()
    todo = []
    why_not = {}  # file -> '' or why it does not verify
    for rec in collect(paths):
        if rec.source not in why_not:
            why_not[rec.source] = verified(rec.source, key)
        why = why_not[rec.source]
        if why and not accept_unverified:
            rep.refused.append((rec.where(), "not verified: %s (--accept-unverified takes it anyway)" % why))
            continue
        try:
            rnd, board, res, fouls, old = check(event, rec)
        except ValueError as e:
            rep.refused.append((rec.where(), str(e)))
            continue
        if why:
            rep.unverified.append((rec.where(), why))
        if old == res:
            rep.unchanged.append((rec.where(), rnd, board, res))
        elif old is not None and not force:
            rep.refused.append((rec.where(), "round %d board %d has %s already, the record says %s" % (rnd, board, old, res)))
        else:
            todo.append((rec, rnd, board, res, fouls))
    if rep.refused and not partial:
        return rep
    for rec, rnd, board, res, fouls in todo:
        unverified = " unverified" if why_not[rec.source] else ""
        said = event.set_result(rnd, board, res, fouls_red=fouls[0], fouls_black=fouls[1],
                                termination=rec.tags.get("Termination"),
                                source="pgn:%s%s" % (os.path.basename(rec.source), unverified), force=True)
        if said:
            rep.forced.append(said)
        rep.applied.append((rec.where(), rnd, board, res))
    return rep
