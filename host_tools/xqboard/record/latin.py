"""The players' names in Latin letters, a record's second name header.

A record keeps the names as registered (`[Red "程亮"]`: Chinese records
and the score sheet use them); `RedPinyin`/`BlackPinyin` follow, so that a
reader without the characters still knows who played. The pinyin is the
event file's when the board was started from it (`round start EVENT ROUND
--boards`: the organiser may have edited it, 单 SHAN), else made from the
name in surname style (tournament/pinyin.py); a name already in Latin
letters has none.

>>> latin_headers({"Red": "程亮", "Black": "Tom Smith", "RedPinyin": "CHENG Liang"})
[('RedPinyin', 'CHENG Liang')]
>>> latin_headers({"Red": "单霞丽", "Black": "冯军"})
[('RedPinyin', 'SHAN Xiali'), ('BlackPinyin', 'FENG Jun')]
"""
PINYIN_HEADERS = (("Red", "RedPinyin"), ("Black", "BlackPinyin"))


def latin_headers(headers):
    """[(header, pinyin)] for Red and Black (see the module)."""
    out = []
    for name_key, key in PINYIN_HEADERS:
        latin = headers.get(key) or _made(headers.get(name_key, ""))
        if latin:
            out.append((key, latin))
    return out


def _made(name):
    from ..tournament.pinyin import is_chinese, surname_style  # pypinyin: only for a Chinese name

    if not any(is_chinese(ch) for ch in name):
        return ""
    return surname_style(name)
