"""A player's name in pinyin, surname style: the surname in capitals first,
then the given name as one capitalised word ('WANG Tianyi'), as Chinese
players' names are written abroad. pypinyin reads the characters; the
surname is read with its surname reading (单 shan, 曾 zeng, 解 xie...),
which pypinyin's phrase tables do not know, and the two-character surnames
(欧阳, 司马...) are kept whole.

>>> surname_style('王天一'), surname_style('单霞丽'), surname_style('欧阳琦琳')
('WANG Tianyi', 'SHAN Xiali', 'OUYANG Qilin')
>>> surname_style('吕钦'), surname_style('Wang Tianyi')
('LYU Qin', '')
"""
from pypinyin import Style, lazy_pinyin

# Surnames read otherwise than the character's usual reading.
SURNAME_READINGS = {
    "单": "shan", "曾": "zeng", "解": "xie", "查": "zha", "区": "ou", "仇": "qiu", "朴": "piao", "盖": "ge",
    "覃": "qin", "翟": "zhai", "乐": "yue", "缪": "miao", "召": "shao", "种": "chong", "秘": "bi", "员": "yun",
    "尉": "yu", "长": "chang", "华": "hua", "纪": "ji", "任": "ren", "洗": "xian", "冼": "xian", "折": "she",
    "句": "gou", "阚": "kan", "黑": "he", "繁": "po", "宓": "fu", "万": "wan", "沈": "shen", "柏": "bai",
}
COMPOUND_SURNAMES = (
    "欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "长孙", "宇文", "司徒", "夏侯",
    "令狐", "澹台", "西门", "南宫", "端木", "万俟", "独孤", "呼延", "轩辕", "申屠", "太史", "闻人", "第五",
)


def is_chinese(ch):
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _syllables(text):
    # ü written 'yu' after l and n, as on passports (吕 LYU), 'u' elsewhere
    out = []
    for s in lazy_pinyin(text, style=Style.NORMAL, errors="ignore"):
        out.append(s.replace("v", "yu") if s.startswith(("lv", "nv")) else s.replace("v", "u"))
    return out


def surname_style(name):
    """'SURNAME Given' for a name in Chinese characters; '' for a name
    that has none (it is its own Latin form)."""
    name = "".join(name.split())
    if not name or not all(is_chinese(ch) for ch in name):
        return ""
    n = 2 if name[:2] in COMPOUND_SURNAMES and len(name) > 2 else 1
    surname, given = name[:n], name[n:]
    sur = "".join(SURNAME_READINGS.get(ch) or _syllables(ch)[0] for ch in surname) if n == 1 else \
        "".join(_syllables(surname))
    return (sur.upper() + " " + "".join(_syllables(given)).capitalize()).strip()
