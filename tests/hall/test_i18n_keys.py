"""The hall's one translation table (static/i18n.js) covers every page's
words, without a browser: each key a page asks for (its HTML's data-t*
attributes, its scripts' quoted keys, and the keys built from the states
the server sends: "phase." + a board's phase, "link." + a link's state)
is in the table with both its English and its Chinese."""
import re
from pathlib import Path

import pytest

from xqboard.hall import boardview
from xqboard.hall.hub import Hub

STATIC = Path(boardview.__file__).parent / "static"
ROW = re.compile(r'"([a-z]+\.[\w.]+)":\s*\{\s*en:\s*"([^"]*)",\s*zh:\s*"([^"]*)"\s*\}')
NAMESPACES = ("desk", "act", "side", "phase", "state", "link", "live", "view", "std")
QUOTED = re.compile(r'"((?:%s)\.[a-z]+)"' % "|".join(NAMESPACES))
ATTR = re.compile(r'data-t(?:-title|-placeholder|-label)?="([^"]+)"')
BUILT = {"phase.": (boardview.SETUP, boardview.PLAYING, boardview.PAUSED, boardview.OVER),
         "link.": Hub.LINK_STATES}
PAGES = {"live.html": ("live.js", "event.js", "viewer.js", "board.js"), "standings.html": ("standings.js",),
         "arbiter.html": ("arbiter.js",)}


def table():
    text = (STATIC / "i18n.js").read_text()
    rows = {key: (en, zh) for key, en, zh in ROW.findall(text)}
    assert len(rows) == text.count("{en: "), "a row of i18n.js the test cannot read"
    return rows


def keys_of(page):
    html = (STATIC / page).read_text()
    assert '<script src="/static/i18n.js">' in html
    keys = set(ATTR.findall(html))
    for script in PAGES[page]:
        js = (STATIC / script).read_text()
        keys |= set(QUOTED.findall(js))
        for prefix, values in BUILT.items():
            if '"%s" +' % prefix in js:
                keys |= {prefix + v for v in values}
    return keys


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_key_a_page_uses_is_in_both_languages(page):
    rows = table()
    keys = keys_of(page)
    assert len(keys) > 10
    missing = sorted(k for k in keys if k not in rows)
    assert not missing
    half = sorted(k for k in keys if not rows[k][0] or not re.search(r"[\u4e00-\u9fff]", rows[k][1]))
    assert not half  # an English text with no Chinese, or none at all


def test_the_spectator_pages_use_the_table_and_no_second_one():
    for page in ("live.html", "standings.html"):
        for script in PAGES[page]:
            assert "{en:" not in (STATIC / script).read_text()


# -- the server's words: the host's table (record/bilingual.py) -----------------

from xqboard.hall.exports import steps  # noqa: E402
from xqboard.hall.hub import incident_text  # noqa: E402
from xqboard.boardlink import Event  # noqa: E402
from xqboard.logger.builder import RecordBuilder  # noqa: E402
from xqboard.record import bilingual  # noqa: E402

# a game with every kind of note the builder writes: each handler of
# logger/builder.py and the comment of a kind with none
GAME_LINES = ["E 1 0 GAME new event=杯赛 round=1 board=1 red=王伟 black=李强 tc=10m+5s",
              "E 2 900 START red 20.1", "E 3 4000 MOVE 1 h2e2 red at=3800", "E 4 4100 PRESS red 601900 600000",
              "E 5 4200 ALERT displaced put=e3 clear=d4 5.8.2", "E 6 4300 RESTORED",
              "E 7 4400 ALERT breach black put=h9 clear=g7 move=h9g7 5.3", "E 8 4500 RESTORED",
              "E 9 9000 TOUCH black own h9 5.1", "E 10 9100 TOUCH black duty-broken h9:h9g7 5.3",
              "E 11 9200 FOUL black 8.1.7 fouls=1", "E 12 9300 OFFER black n=1 22.1",
              "E 13 9400 PAUSE arbiter 16.3", "E 14 9500 RESUME arbiter", "E 15 9600 LATE black 20.3",
              "E 16 9700 CLAIM red natural rounds=30 4.2.4", "E 17 9800 LIMIT natural rounds=60 4.2.4",
              "E 18 9900 PENALTY red 60000 8.3", "E 19 10000 ADJUST black 30000 moves=40 16.3",
              "E 20 10100 REPETITION third x3 R:h2e2:check B:e9d9:idle verdict=red-loses 23.1 4.1.4",
              "E 21 10200 REPETITION varied 23.1", "E 22 10300 OVERRULE foul red by=张裁判 8.1.9",
              "E 23 10400 OVERRULE unfoul black replaces=11 by=张裁判 8.1.7",
              "E 24 10500 FLAG red at=601900 4.1.6", "E 25 10600 RESULT 0-1 4.1.6 flag red",
              "E 26 10700 OVERRULE annul replaces=25 by=张裁判 21.5", "E 27 10800 RESULT 1-0 4.1.12 resigned black",
              "E 28 10900 CONFIRM 1-0 4.1.12 red_used=5000 black_used=6000 fouls=1/0 9",
              "E 29 11000 OVERRULE result 1/2-1/2 replaces=28 by=张裁判 4.2.1 agreed"]
DATA = {"杯赛", "王伟", "李强", "张裁判", "flag red", "resigned black", "agreed"}  # names and the board's own words


def latin(text):
    for d in DATA:
        text = text.replace(d, " ")
    return sorted(set(re.findall(r"[A-Za-z]{2,}", text)))


def test_the_hosts_table_has_both_languages_and_the_same_blanks():
    for key, (en, zh) in bilingual.TABLE.items():
        assert en.strip() and zh.strip(), key
        assert sorted(re.findall(r"\{\w+\}", en)) == sorted(re.findall(r"\{\w+\}", zh)), key
        fixed = re.sub(r"\{\w+\}", "", zh)
        assert latin(fixed) == [] and (re.search(r"[\u4e00-\u9fff]", fixed) or not re.sub(r"[\W_]", "", fixed)), key


def test_every_note_and_incident_comes_in_chinese_beside_the_english():
    b = RecordBuilder({})
    for line in GAME_LINES:
        b.add(Event(line))
    game = steps(b.game)
    notes = game["before"] + [n for p in game["plies"] for n in p["notes"]]
    assert len(notes) >= 20  # (a RESTORED, a PRESS, a result the article says write none)
    for n in notes:
        assert n["text"] and n["text_zh"], n
        assert re.search(r"[\u4e00-\u9fff]", n["text_zh"]) and latin(n["text_zh"]) == [], n
    assert b.game.overrules and all(latin(o) == [] for o in b.game.overrules_zh)
    # the English is the record's as it was (PGN comments): the table's words filled in
    assert "Black offers a draw (22.1)" in [n["text"] for n in notes]
    assert "黑方提和（22.1）" in [n["text_zh"] for n in notes]
    assert "重复局面：第三次出现，裁决：红方负（23.1 4.1.4）" in [n["text_zh"] for n in notes]
    # the desk's incidents: every line the hub lists, in Chinese (the fields' words too)
    from xqboard.hall.hub import is_incident
    incidents = [Event(line) for line in GAME_LINES if is_incident(Event(line))]
    assert len(incidents) >= 9
    for e in incidents:
        zh = bilingual.incident_zh(e)
        assert incident_text(e) and re.search(r"[\u4e00-\u9fff]", zh) and latin(zh) == [], (e, zh)


def test_the_pages_show_the_servers_chinese_where_they_have_it():
    # the viewer's notes, the cards' alert and overrules, the desk's incidents and alerts
    for script, fields in (("viewer.js", ("text_zh",)), ("live.js", ("alert_zh", "overrules_zh")),
                           ("arbiter.js", ("text_zh", "alert_zh"))):
        js = (STATIC / script).read_text()
        assert 'XQi18n.lang === "zh"' in js
        for f in fields:
            assert "." + f in js, (script, f)
