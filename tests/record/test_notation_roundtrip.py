"""Every move of the master games written in WXF and Chinese (full,
abbreviated, traditional) and read back to the same move. The whole
collection (27,584 moves) runs in `make bench`; `make test` runs every
fifteenth game."""
import pytest

from xqboard.core import Position, move_name
from xqboard.record import chinese, parse_chinese, parse_wxf, wxf

VARIANTS = (
    ("WXF", lambda p, m: wxf(p, m), parse_wxf),
    ("Chinese", lambda p, m: chinese(p, m), parse_chinese),
    ("traditional", lambda p, m: chinese(p, m, traditional=True), parse_chinese),
    ("abbreviated", lambda p, m: chinese(p, m, abbreviated=True), parse_chinese),
    ("ascii digits", lambda p, m: chinese(p, m, black_digits="ascii"), parse_chinese),
)


def roundtrip(games, variants):
    count = 0
    for g in games:
        p = Position(g.start_fen, history=512)
        for m in g.moves:
            for name, write, read in variants:
                text = write(p, m)
                back = read(p, text)
                assert back == m, "%s: %s written %r read back as %s in %s" % (
                    name, move_name(m), text, move_name(back), p.fen())
            p.push(m)
            count += 1
    return count


def test_master_games_loaded(master_games):
    assert len(master_games) == 300
    assert sum(len(g.moves) for g in master_games) == 27584


def test_roundtrip_every_fifteenth_master_game(master_games):
    assert roundtrip(master_games[::15], VARIANTS) > 1500


@pytest.mark.bench
def test_roundtrip_all_300_master_games_wxf_and_chinese(master_games):
    assert roundtrip(master_games, VARIANTS[:2]) == 27584


@pytest.mark.bench
def test_roundtrip_all_300_master_games_every_chinese_spelling(master_games):
    assert roundtrip(master_games, VARIANTS[2:]) == 27584
