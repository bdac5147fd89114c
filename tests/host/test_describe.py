"""An event's fields for people in English and in Chinese come from one
describer (xqboard/boardlink.py's Event.describe_in, one phrase table a
language: ENGLISH there, CHINESE in record/bilingual.py)."""
from xqboard import boardlink
from xqboard.boardlink import ENGLISH, Event
from xqboard.record.bilingual import BOTH, CHINESE, incident_zh


def test_both_languages_come_from_one_walk_over_the_fields(monkeypatch):
    walks = []
    fields_of = boardlink.schema.fields_of

    def counted(kind, values, first=0):
        walks.append(kind)
        return fields_of(kind, values, first)

    e = Event("E 9 7000 FOUL red 8.1.7 fouls=1")  # 8.1.7: pressed the clock without a move
    monkeypatch.setattr(boardlink.schema, "fields_of", counted)
    assert e.describe_in(*BOTH) == ("red 8.1.7 fouls=1", "红方 8.1.7 犯规次数 1")
    assert walks == ["FOUL"]


def test_5_8_2_alert_english_keeps_no_point_chinese_leaves_it_out():
    # 5.8.2: a displaced piece; "-" is the wire's "no point" (nothing out of place)
    e = Event("E 3 2000 ALERT displaced put=e3 clear=- 5.8.2")
    assert e.describe() == "displaced put=e3 clear=- 5.8.2"
    assert e.describe_in(ENGLISH, CHINESE) == (e.describe(), "棋子移位 缺子 e3 5.8.2")
    assert e.describe_in(CHINESE) == ("棋子移位 缺子 e3 5.8.2",)
    assert incident_zh(e) == "警示 棋子移位 缺子 e3 5.8.2"


def test_25_1_a_ruling_is_in_each_language_in_its_own_words():
    # 23.1/25.1: the third repetition, ruled by the perpetual check's article
    e = Event("E 20 10100 REPETITION third x3 R:h2e2:check B:e9d9:idle verdict=red-loses 23.1 4.1.4")
    en, zh = e.describe_in(*BOTH)
    assert en == e.describe() == "third x3 R:h2e2:check B:e9d9:idle verdict=red-loses 23.1 4.1.4"
    assert "第3次 红h2e2将 黑e9d9闲 裁决 红方负" in zh
