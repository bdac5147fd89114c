"""Results of art. 4 and fouls of art. 8: the article and how a record
says it (English for PGN, Chinese for the score sheet)."""

RED_WINS, BLACK_WINS, DRAW, UNFINISHED = "1-0", "0-1", "1/2-1/2", "*"
RESULTS = (RED_WINS, BLACK_WINS, DRAW, UNFINISHED)

# article: (English, Chinese)
REASONS = {
    "4.1.1": ("mate", "将死"),
    "4.1.2": ("stalemate", "困毙"),
    "4.1.3": ("suicide", "自杀"),
    "4.1.4": ("perpetual check", "长将"),
    "4.1.5": ("refused to vary a forbidden repetition", "禁例不变"),
    "4.1.6": ("time", "超时"),
    "4.1.7": ("late beyond the limit", "迟到"),
    "4.1.8": ("movement rules broken", "违反行棋规定"),
    "4.1.9": ("pressed the clock twice without moving", "两次未走棋先按钟"),
    "4.1.10": ("three fouls", "犯规三次"),
    "4.1.11": ("second false natural-limit claim", "再次提出自然限着不实"),
    "4.1.12": ("resignation", "认输"),
    "4.1.13": ("refused to follow the rules", "拒绝执行规则"),
    "4.2.1": ("agreed draw", "双方同意"),
    "4.2.2": ("no side can win", "双方均无取胜可能"),
    "4.2.3": ("repetition", "循环判和"),
    "4.2.4": ("natural move limit", "自然限着"),
}

FOULS = {
    "8.1.1": ("distracting the opponent", "干扰对方"),
    "8.1.2": ("stopped or started the clock without cause", "擅自停、开棋钟"),
    "8.1.3": ("draw offers two ahead of the opponent", "提和次数超过对方达两次"),
    "8.1.4": ("false natural-limit claim", "提出自然限着不实"),
    "8.1.5": ("touched a piece that cannot be moved or captured", "摸子犯规"),
    "8.1.6": ("record incomplete or illegible", "记录不全"),
    "8.1.7": ("pressed the clock without having moved", "没有走棋先按钟"),
    "8.1.8": ("broke the movement rules", "违反行棋规定"),
    "8.1.9": ("conduct", "违反棋手须知"),
}


def reason(article, chinese=False):
    """The words for a result's or a foul's article ('' if unknown)."""
    r = REASONS.get(article) or FOULS.get(article)
    if r is None:
        return ""
    return r[1] if chinese else r[0]
