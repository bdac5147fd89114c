"""The host's translation table: the words the host writes about a game
(the record's notes: fouls, alerts, the arbiter's rulings, comments; the
desk's incidents) in English and in Chinese. The pages' own words are in
hall/static/i18n.js; these are the server's, sent beside the English
(`text_zh`, `alert_zh`, `overrules_zh`) and shown on the Chinese interface.
English stays the record's language (PGN comments); the Chinese is for
people reading the pages.

    >>> say("offer", side=side_words(RED))
    ('Red offers a draw (22.1)', '红方提和（22.1）')
    >>> say("flag", side=side_words(BLACK), at="1200", article="4.1.6")
    ("Black's flag fell at 1200 ms (4.1.6)", '黑方在1200毫秒时超时（4.1.6）')

A value is one string (the same in both: a point, a number, a name, an
article) or a pair (English, Chinese). Article numbers stay numbers in
both languages; what is data (names, points, FEN, the board's own free
words) stays as it came.

An event's fields in Chinese (the desk's incidents):

    >>> from ..boardlink import Event
    >>> incident_zh(Event("E 3 2000 ALERT displaced put=e3 clear=- 5.8.2"))
    '警示 棋子移位 缺子 e3 5.8.2'
    >>> incident_zh(Event("E 9 7000 FOUL red 8.1.7 fouls=1"))
    '犯规 红方 8.1.7 犯规次数 1（没有走棋先按钟）'
"""
from ..core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from ..boardlink import ENGLISH, Tongue
from ..core import pieces
from . import articles

from game import events as schema  # noqa: E402

RED, BLACK = pieces.RED, pieces.BLACK

# key: (English, Chinese); {name}s filled by say()
TABLE = {
    "event": ("{kind} {fields}", "{kind} {fields}"),
    "unrecordable": ("move {move} not recordable here", "着法 {move} 无法记录"),
    "suicide": ("suicide (3.4)", "自杀着法（3.4）"),
    "stage": ("{side}: next stage of the time control (6.2)", "{side}：进入用时的下一阶段（6.2）"),
    "paused": ("Clock paused ({why})", "棋钟暂停（{why}）"),
    "resumed": ("Clock resumed ({why})", "棋钟继续（{why}）"),
    "head": ("the arbiter {by} ({article})", "裁判 {by}（{article}）"),
    "annulled": ("{head} annulled the board's result {board}: play resumes",
                 "{head}撤销棋台的结果 {board}：继续对局"),
    "ruled": ("{head} ruled {score} {article} {words} in place of the board's {board}",
              "{head}改判 {score} {article} {words}，取代棋台的 {board}"),
    "declared": ("{head} declared a foul of {side}", "{head}判{side}犯规"),
    "declared.foul": ("{reason}, declared by the arbiter {by}", "{reason}，由裁判 {by} 判定"),
    "struck": ("{head} struck the foul of {side} (event {seq})", "{head}撤销{side}的犯规（事件 {seq}）"),
    "decision": ("(event {seq})", "（事件 {seq}）"),
    "confirmed": ("confirmed (art. 9)", "已确认（第9条）"),
    "breach": ("{what}: {side} {where}", "{what}：{side} {where}"),
    "alert": ("{what}, {points}", "{what}，{points}"),
    "missing": ("a piece missing on {point}", "{point}缺子"),
    "extra": ("a piece out of place on {point}", "{point}多出棋子"),
    "and": (" and ", "，"),
    "restored": (", restored", "，已复原"),
    "touch": ("{side} touched the {what} on {point} ({article})", "{side}摸了{point}的{what}（{article}）"),
    "duty": ("{side} broke a touch-move duty: {where} ({article})", "{side}违反摸子走子的规定：{where}（{article}）"),
    "offer": ("{side} offers a draw (22.1)", "{side}提和（22.1）"),
    "flag.unpressed": ("{side}'s flag fell at {at} ms with the quota's last move made but not pressed: "
                       "the arbiter rules (21.5)",
                       "{side}在{at}毫秒时超时，限定着数的最后一着已走但未按钟：由裁判裁决（21.5）"),
    "flag": ("{side}'s flag fell at {at} ms ({article})", "{side}在{at}毫秒时超时（{article}）"),
    "result": ("Result {score} {article}: {words}", "结果 {score} {article}：{words}"),
    "forfeit.both": ("both sides forfeit (0-0) {words}", "双方均判负（0-0）{words}"),
    "lose.both": ("both sides lose (0-0) {words}", "双方均判负（0-0）{words}"),
    "repetition": ("{head}{ruling} ({articles})", "{head}{ruling}（{articles}）"),
    "repetition.third": ("Repetition: third occurrence", "重复局面：第三次出现"),
    "repetition.varied": ("Repetition varied", "重复局面已变着"),
    "repetition.unruled": ("Repetition unruled", "重复局面未裁决"),
    "ruling": (", ruling: {verdict}", "，裁决：{verdict}"),
    "corrected.back": ("Position corrected by the arbiter (5.8): back to move {k}",
                       "裁判更正局面（5.8）：退回到第{k}步"),
    "corrected": ("Position corrected by the arbiter (5.8): {fen}", "裁判更正局面（5.8）：{fen}"),
    "note.foul": ("Foul {article} {side}: {text}", "犯规 {article} {side}：{text}"),
    "note.alert": ("Alert {article}: {text}", "警示 {article}：{text}"),
    "note.alert.bare": ("Alert: {text}", "警示：{text}"),
}

SIDES = {RED: ("Red", "红方"), BLACK: ("Black", "黑方")}
ALERTS = {  # ALERT's what
    "breach": ("move against the movement rules", "违反行棋规定的走法"),
    "displaced": ("piece displaced", "棋子移位"),
    "knocked": ("piece knocked over", "棋子被碰倒"),
    "between": ("piece left between points", "棋子未落在交叉点上"),
    "position": ("position differs from the board's", "局面与棋盘记录不符"),
}
WHOSE = {"own": ("own piece", "本方棋子"), "opp": ("opponent's piece", "对方棋子")}
# an event's kinds, words and field names as the desk lists them (incident_zh)
KINDS_ZH = {schema.ALERT: "警示", schema.FLAG: "超时", schema.CLAIM: "申请", schema.FOUL: "犯规",
            schema.REPETITION: "重复局面", schema.LATE: "迟到", schema.LIMIT: "自然限着", schema.OVERRULE: "裁判改判",
            schema.NOPRESS: "未按钟", schema.PENALTY: "罚时", schema.ADJUST: "调整棋钟", schema.VERDICT: "待裁判",
            schema.POWER: "电源", schema.BATTERY: "电池", schema.SETUP: "摆棋", schema.CONFIRM: "确认",
            schema.PAUSE: "暂停", schema.RESUME: "继续", schema.TOUCH: "摸子", schema.OFFER: "提和",
            schema.CORRECT: "更正局面", schema.RESULT: "结果", schema.START: "开始", schema.RESTORED: "已复原"}
WORDS_ZH = dict({w: zh for w, (en, zh) in ALERTS.items()}, **{
    "natural": "自然限着", "repetition": "重复局面", "third": "第三次出现", "varied": "已变着", "unruled": "未裁决",
    "foul": "判犯规", "unfoul": "撤销犯规", "annul": "撤销结果", "result": "改判结果", "arbiter": "裁判",
    "power": "断电", "restored": "已恢复", "chain": "记录链", "damaged": "记录损坏", "journal-full": "记录已满",
    "low": "电量低", "wrong": "摆放有误", "ready": "已摆好", "confirmed": "已确认", "own": "本方棋子",
    "opp": "对方棋子", "duty-broken": "违反摸子走子的规定", "again": "再次", "red": "红方", "black": "黑方"})
FIELDS_ZH = {"put": "缺子", "clear": "多出棋子", "move": "着法", "fouls": "犯规次数", "period": "阶段", "at": "毫秒",
             "n": "次数", "rounds": "回合", "by": "由", "replaces": "取代事件", "seal": "签名", "moves": "着数",
             "events": "事件数", "broken": "断开于", "lost": "丢失", "first": "首", "last": "末", "head": "链头",
             "unsaved": "未保存", "mv": "毫伏", "red_used": "红方用时", "black_used": "黑方用时"}

# a repetition's ruling (docs/RULINGS.md): each move's class (art. 24, 26) and the verdict
CLASSES_ZH = {"check": "将", "mate": "杀", "threat": "杀", "chase": "捉", "exchange": "兑", "offer": "兑",
              "sacrifice": "献", "follow": "跟", "block": "拦", "idle": "闲"}
VERDICTS_ZH = {"red loses": "红方负", "black loses": "黑方负", "red must vary": "红方须变着",
               "black must vary": "黑方须变着", "draw": "和棋"}


def ruling_zh(text):
    """A ruling's words ('x3 R:h2e2:check verdict=red-loses 25.1') in Chinese:
    '第3次 红h2e2将 裁决 红方负 25.1' (the moves and articles as they are)."""
    out = []
    for w in str(text).split():
        side, _, rest = w.partition(":")
        if w.startswith("verdict="):
            verdict = w[8:].replace("-", " ")
            out.append("裁决 " + VERDICTS_ZH.get(verdict, verdict))
        elif w[:1] == "x" and w[1:].isdigit():
            out.append("第%s次" % w[1:])
        elif side in ("R", "B") and rest:
            move, _, what = rest.partition(":")
            out.append(("红" if side == "R" else "黑") + move + "".join(CLASSES_ZH.get(c, c) for c in what.split(":") if c))
        else:
            out.append(w)
    return " ".join(out)


# an event's fields in Chinese (Event.describe_in beside ENGLISH): sides and
# the schema's words in Chinese, keyed fields by their Chinese name, the
# rest (points, numbers, articles, names) as they are; "-" (no point) left out
CHINESE = Tongue({side: zh for side, (en, zh) in SIDES.items()}, "%s %s", names=FIELDS_ZH, words=WORDS_ZH,
                 ruling=ruling_zh, left_out=("-",))
BOTH = (ENGLISH, CHINESE)


def _pick(v, i):
    return v[i] if isinstance(v, tuple) else str(v)


def say(key, **values):
    """(English, Chinese) of TABLE[key], each {name} filled from `values`."""
    out = []
    for i, text in enumerate(TABLE[key]):
        for k, v in values.items():
            text = text.replace("{%s}" % k, _pick(v, i))
        out.append(text)
    return tuple(out)


def side_words(side, lower=False):
    """('Red', '红方'); lower=True: ('red', '红方') as the English runs mid-sentence."""
    en, zh = SIDES[side]
    return (en.lower() if lower else en, zh)


def reason_words(article, fallback=""):
    """(English, Chinese) of an article's reason (art. 4, art. 8), or the fallback words in both."""
    en = articles.reason(article) if article else ""
    return (en, articles.reason(article, chinese=True)) if en else (fallback, fallback)


def points_words(put, clear):
    """'a piece missing on e3 and a piece out of place on d4', both languages."""
    parts = []
    if put and put != "-":
        parts.append(say("missing", point=put))
    if clear and clear != "-":
        parts.append(say("extra", point=clear))
    joiner = TABLE["and"]
    return tuple(joiner[i].join(p[i] for p in parts) for i in (0, 1))


def where_words(pairs):
    """'put=e3 move=h2e2' and '缺子 e3 着法 h2e2' of (name, value) pairs (empty values left out)."""
    pairs = [(k, v) for k, v in pairs if v]
    return (" ".join("%s=%s" % (k, v) for k, v in pairs), " ".join("%s %s" % (FIELDS_ZH.get(k, k), v) for k, v in pairs))


def incident_zh(e):
    """The desk's incident text in Chinese: the kind, its fields, the article's words."""
    article = schema.article_of(e.kind, e.fields)
    known = articles.reason(article, chinese=True) if article else ""
    words = "%s %s" % (KINDS_ZH.get(e.kind, e.kind), e.describe_in(CHINESE)[0])
    return "%s（%s）" % (words.strip(), known) if known else words.strip()


def note_zh(note):
    """A Note's comment in Chinese (record/pgn.py's note_text in English), or
    None for a note that came with no Chinese (a PGN read back)."""
    text = getattr(note, "zh", None)
    if text is None and note.kind == "foul" and note.article:
        text = articles.reason(note.article, chinese=True) or None
    if text is None:
        return None
    if note.kind == "foul":
        return say("note.foul", article=note.article or "", side=side_words(note.side), text=text)[1]
    if note.kind == "alert":
        return (say("note.alert", article=note.article, text=text) if note.article else
                say("note.alert.bare", text=text))[1]
    return text
