# The words a face shows for an article of the 2011 rules: Chinese (drawn
# with ui/glyphs.py, whose glyphs host_tools/xqboard/faces_glyphs.py makes from exactly
# the characters of this file) and a short English word (framebuf's 8x8
# font). Players read the Chinese; arbiters and visitors the English.
#
# Kept as one string per table, "article chinese english" a line: a string
# stays whole in the heap, where a tuple of tuples costs an object each.
RESULTS = """
4.1.1 将死 mate
4.1.2 困毙 stalemate
4.1.3 自杀 suicide
4.1.4 长将 perpetual
4.1.5 不变 no-vary
4.1.6 超时 time
4.1.7 迟到 late
4.1.8 违规 illegal
4.1.9 空按 no-move
4.1.10 三犯 3-fouls
4.1.11 误报 claim
4.1.12 认输 resigned
4.1.13 拒规 refused
4.2.1 议和 agreed
4.2.2 无胜 no-win
4.2.3 循环 repeated
4.2.4 限着 60-rounds
"""

# Alerts by the kind the ALERT event names (sense/report.py ALERT_NAMES;
# their articles, ALERT_ARTICLES, come with the event).
ALERTS = """
breach 违规 illegal
displaced 移位 moved
knocked 碰倒 knocked
between 未落 between
position 摆棋 position
"""

# Touch duties (art. 5) by article.
DUTIES = """
5.1 走子 move-it
5.2 吃子 take-it
8.1.5 犯规 foul
5.8.3 走子 move-it
"""

# Scores, sides and the arbiter.
SCORES = """
1-0 红胜 RED-WINS
0-1 黑胜 BLACK-WINS
1/2-1/2 和棋 DRAW
0-0 双负 BOTH-LOSE
"""
# The arbiter's overrules (game/overrule.py) by the OVERRULE event's kind.
OVERRULES = """
annul 取消 result-annulled
result 改判 new-result
foul 判罚 foul-declared
unfoul 撤销 foul-struck
"""
RED_WORD = "红方"
BLACK_WORD = "黑方"
ARBITER_WORD = "待裁判"  # awaiting the arbiter
JUDGE_WORD = "裁判"  # the arbiter (16.3: 「应当服从裁判」)
FLAG_WORD = "超时"

# Piece names by type (xq/pieces.py: K A B N R C P), Red's then Black's.
PIECES_RED = "帅仕相马车炮兵"
PIECES_BLACK = "将士象马车炮卒"


_ENCODED = {}  # table -> its UTF-8 bytes


def lookup(table, key):
    """(chinese, english) of `key` in a table, or None. An article looks up
    its own line first, then its parent's (5.3.1 -> 5.3 -> 5)."""
    # (in bytes: a str of Chinese is found and sliced by characters, which
    # walks its UTF-8 from the start each time: 25,000-47,000 instructions
    # a lookup on the emulated Pico, a face step's worth)
    raw = _ENCODED.get(table)
    if raw is None:
        raw = _ENCODED[table] = table.encode()  # once a table (an allocation of ~20 blocks)
    k = key.encode()
    while k:
        i = raw.find(b"\n" + k + b" ")
        if i >= 0:
            line = raw[i + 1:raw.find(b"\n", i + 1)].decode().split(" ")
            return line[1], line[2]
        cut = k.rfind(b".")
        k = k[:cut] if cut > 0 else b""
    return None


def duty(article):
    """(chinese, english) of a touch duty: 5.1 and 5.3.x own pieces move,
    5.2 and 5.4.x opposing pieces are taken, 5.5.x as its parts say."""
    found = lookup(DUTIES, article)
    if found:
        return found
    if article.startswith("5.4") or article.startswith("5.2"):
        return lookup(DUTIES, "5.2")
    return lookup(DUTIES, "5.1")


def piece_name(piece_type, black):
    """The Chinese name of a piece type (1 king .. 7 soldier)."""
    return (PIECES_BLACK if black else PIECES_RED)[piece_type - 1]


def all_chinese():
    """Every CJK character a face can show (for host_tools/xqboard/faces_glyphs.py)."""
    text = RESULTS + ALERTS + DUTIES + SCORES + OVERRULES + RED_WORD + BLACK_WORD + ARBITER_WORD + JUDGE_WORD
    text += FLAG_WORD
    text += PIECES_RED + PIECES_BLACK
    seen = []
    for ch in text:
        if ord(ch) >= 0x2E80 and ch not in seen:
            seen.append(ch)
    return "".join(sorted(seen))
