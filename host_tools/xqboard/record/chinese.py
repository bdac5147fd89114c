"""Chinese notation as players write it on the score sheet (art. 1.1, 7.5).

Full form (完整记录), four characters: the piece, the file it stands on
(Red 一..九, Black 1..9, each counted from its own right: art. 1.1), 进 / 退
/ 平, then the steps (straight moves) or the file arrived on:

    炮二平五  马８进７  车一进一  士４进５

Black's digits are written full-width (１..９) as xqbase and most programs
do; `black_digits="ascii"` writes 1..9. Tandem pieces (xqbase 《中国象棋电脑应
用规范(二)：着法表示》, as ElephantEye implements it):

- two like pieces on a file: 前 / 后 replace the file: 前车进一, 后马退６;
- three soldiers on a file: 前 / 中 / 后;
- four or five soldiers on a file, or soldiers doubled on two files: all
  the soldiers on those files are numbered together 一..五, file by file
  from the mover's right, front to back within a file: 二兵平四;
- advisors and elephants never need 前 / 后: the direction tells them apart.

Abbreviated form (简写记录, art. 7.5): the piece, then two Arabic digits
for both sides (the file, then the steps or the file arrived on); a line
under the last digit means 进, a line over it 退, none 平. Written here with
the combining characters U+0332 (low line) and U+0305 (overline):
炮二平五 -> 炮25, 马８进７ -> 马87̲, 车一退二 -> 车12̅. A tandem piece keeps its
position word: 前车进一 -> 前车1̲.

    >>> from xqboard.core import Position, parse_move, move_name
    >>> p = Position()
    >>> chinese(p, parse_move("h2e2"))
    '炮二平五'
    >>> chinese(p, parse_move("h0g2"), traditional=True)
    '馬二進三'
    >>> p.push(parse_move("h2e2"))
    0
    >>> chinese(p, parse_move("h9g7"))
    '马８进７'
    >>> chinese(p, parse_move("h9g7"), abbreviated=True) == '马87\\u0332'
    True
    >>> move_name(parse_chinese(p, "馬8進7"))
    'h9g7'
"""
from ..core import pieces, squares
from . import geometry as g

LETTERS = "KAEHRCP"  # by type 1-7
# Piece names by type (index 1-7), Red then Black.
SIMPLIFIED = (".帅仕相马车炮兵", ".将士象马车炮卒")
TRADITIONAL = (".帥仕相馬車炮兵", ".將士象馬車炮卒")
RED_DIGITS = ".一二三四五六七八九"
FULLWIDTH = ".１２３４５６７８９"
ASCII = ".123456789"
# Direction words (simplified, traditional) by direction symbol.
DIRS = {"+": ("进", "進"), "-": ("退", "退"), ".": ("平", "平")}
# Position words (simplified, traditional): front, middle, rear.
POS_WORDS = {"+": ("前", "前"), "=": ("中", "中"), "-": ("后", "後")}
ORDINALS = ".一二三四五"
UNDER = "\u0332"  # combining low line: 进 in the abbreviated form
OVER = "\u0305"  # combining overline: 退 in the abbreviated form

# Every spelling accepted on input.
_PIECE_IN = {}
for _names in SIMPLIFIED + TRADITIONAL:
    for _i in range(1, 8):
        _PIECE_IN[_names[_i]] = LETTERS[_i - 1]
_PIECE_IN.update({"俥": "R", "硨": "R", "砗": "R", "傌": "H", "碼": "H", "码": "H",
                  "砲": "C", "包": "C"})
_DIR_IN = {"进": "+", "進": "+", "退": "-", "平": "."}
_POS_IN = {"前": "+", "中": "=", "后": "-", "後": "-"}
_ORD_IN = {ORDINALS[i]: i for i in range(1, 6)}
_DIGIT_IN = {}
for _d in range(1, 10):
    for _s in (RED_DIGITS, FULLWIDTH, ASCII):
        _DIGIT_IN[_s[_d]] = _d


class Key(tuple):
    """What a Chinese move text says, independent of spelling:
    (designator, piece letter, direction, figure). The designator is
    ('file', n), ('pos', '+' | '=' | '-') for 前 / 中 / 后, or ('ord', i) for
    一..五 among four or more soldiers."""

    __slots__ = ()

    def __new__(cls, des, letter, d, n):
        return tuple.__new__(cls, (des, letter, d, n))


def key(pos, move, tandem_rules=True):
    """The Key of `move` in `pos`; without tandem_rules, always by file."""
    fa = g.facts(pos, move)
    des = designator(pos, fa) if tandem_rules else ("file", fa.file)
    return Key(des, LETTERS[fa.type - 1], fa.dir, fa.arg)


def designator(pos, fa):
    if fa.type in (g.KING, g.ADVISOR, g.ELEPHANT):
        return ("file", fa.file)  # never two on a file that need telling apart
    t = g.tandem(pos, fa.frm)
    if t is None:
        return ("file", fa.file)
    i, k, _ = t
    if k == 2:
        return ("pos", "+-"[i])
    if k == 3:
        return ("pos", "+=-"[i])
    return ("ord", i + 1)  # numbered together over the files (ElephantEye)


def render(k, side, traditional=False, abbreviated=False, black_digits="fullwidth"):
    """The text of Key k for `side` (RED or BLACK)."""
    (kind, v), letter, d, n = k
    t = 1 if traditional else 0
    names = (TRADITIONAL if traditional else SIMPLIFIED)[pieces.index(side)]
    name = names[LETTERS.index(letter) + 1]
    if abbreviated:
        digits = ASCII  # art. 7.5: Arabic digits for both sides
    elif side == pieces.BLACK:
        digits = FULLWIDTH if black_digits == "fullwidth" else ASCII
    else:
        digits = RED_DIGITS
    if kind == "pos":
        head = POS_WORDS[v][t] + name
    elif kind == "ord":
        head = ORDINALS[v] + name
    else:
        head = name + digits[v]
    if abbreviated:
        return head + digits[n] + {"+": UNDER, "-": OVER, ".": ""}[d]
    return head + DIRS[d][t] + digits[n]


def chinese(pos, move, traditional=False, abbreviated=False, black_digits="fullwidth"):
    """The Chinese text of `move` in `pos` (the position before it):
    simplified or traditional characters, full (炮二平五) or abbreviated
    (炮25) form of art. 7.5."""
    mover = pieces.colour(pos.piece_at(squares.move_from(move)))
    return render(key(pos, move), mover,
                  traditional, abbreviated, black_digits)


def parse_key(text):
    """The Key a Chinese text (full or abbreviated, simplified or
    traditional, any digits) says; ValueError if it is not one."""
    t = "".join(text.split())
    d = None
    if UNDER in t or OVER in t:
        d = "+" if UNDER in t else "-"
        t = t.replace(UNDER, "").replace(OVER, "")
    if len(t) == 3 and d is None:
        d = "."  # abbreviated, no line: 平
    if len(t) == 3:
        t = t[:2] + {"+": "进", "-": "退", ".": "平"}[d] + t[2]
    if len(t) != 4:
        raise ValueError("not a Chinese move: %r (want four characters such as 炮二平五)" % text)
    c0, c1, c2, c3 = t
    if c0 in _PIECE_IN and c1 in _DIGIT_IN:
        des, letter = ("file", _DIGIT_IN[c1]), _PIECE_IN[c0]
    elif c0 in _POS_IN and c1 in _PIECE_IN:
        des, letter = ("pos", _POS_IN[c0]), _PIECE_IN[c1]
    elif c0 in _ORD_IN and c1 in _PIECE_IN:
        des, letter = ("ord", _ORD_IN[c0]), _PIECE_IN[c1]
    else:
        raise ValueError("not a Chinese move: %r (piece and file, or 前/中/后 and piece)" % text)
    if c2 not in _DIR_IN or c3 not in _DIGIT_IN:
        raise ValueError("not a Chinese move: %r (进/退/平, then a number)" % text)
    return Key(des, letter, _DIR_IN[c2], _DIGIT_IN[c3])


def parse_chinese(pos, text):
    """The move a Chinese text names in `pos`; ValueError if none or
    several. A text without the tandem words (车二进一 with two chariots on
    file 二) is accepted when only one of them can make the move."""
    k = parse_key(text)
    cands = g.candidate_moves(pos, LETTERS.index(k[1]) + 1)
    exact = [m for m in cands if key(pos, m) == k]
    if len(exact) == 1:
        return exact[0]
    if k[0][0] == "file":
        loose = [m for m in cands if key(pos, m, tandem_rules=False) == k]
        if len(loose) == 1:
            return loose[0]
    if exact:
        raise ValueError("ambiguous move %r in this position" % text)
    raise ValueError("no move %r in this position" % text)
