"""The lists as an arbiter reads them (issue 25, item 4): typed rows
(tournament/lists.py, for the printed page and the broadcast alike) and
their renderings: fouls as counts, points in the event's scoring, tie-break
columns named by art. 14, the round robin's × on the diagonal, club and
rating columns, one numbering column, 40 rows and more a PDF page, and
"after round N" right while a round is played."""
import shutil
import subprocess

import pytest

from xqboard.cli import main
from xqboard.tournament import export_pdf, lists, sheets, views


def test_14_1_fouls_are_counts_and_tiebreaks_are_named_by_article(new_event):
    ev = new_event(4, system="roundrobin")
    ev.pair()
    ev.set_result(1, 1, "1-0", fouls_red=2)
    ev.set_result(1, 2, "1/2-1/2")
    st = lists.standings_list(ev)
    assert [t.title for t in st.tiebreaks] == ["SB 小分 (14.1)", "Wins 胜局 (14.1)", "Direct 直胜 (14.1)",
                                               "Fouls 犯规 (14.1)", "Black 后走局数 (14.1)", "Black vs 对局后走 (14.1)"]
    fouls = {row.entrant: row.tiebreaks["fouls"] for row in st.rows}
    red = ev.pairings(1)[0].games[0]["red_player"]
    assert fouls[red] == "2" and set(fouls.values()) == {"0", "2"}          # a count, never -2
    title, header, rows = views.standings_table(ev)
    assert header[5] == "Score 积分 (2/1/0)" and "Fouls 犯规 (14.1)" in header


def test_14_3_1_swiss_tiebreaks_and_previous_shows_one_score(new_event, rng, play):
    ev = new_event(8, system="swiss", rounds=5)
    for _ in range(3):
        ev.pair()
        play(ev, rng)
    st = lists.standings_list(ev)
    assert [t.title for t in st.tiebreaks][0] == "Opp 对手分 (14.3.1)"
    assert all("/" not in row.tiebreaks["previous"] for row in st.rows)      # the score after round 2, not a list


def test_after_round_n_right_while_a_round_is_played(new_event, rng, play):
    ev = new_event(6, system="swiss", rounds=5)
    ev.pair()
    assert "standings before round 1 (round 1 in play: 0 of 3 results in)" in views.standings_table(ev)[0]
    play(ev, rng)
    ev.pair()
    ev.set_result(2, ev.pairings(2)[0].games[0]["board"], "1-0")
    title = views.standings_table(ev)[0]
    assert "standings after round 1 (round 2 in play: 1 of 3 results in) 第1轮后名次" in title


def test_a_round_robin_crosstable_in_3_1_0_with_the_cross_on_the_diagonal(new_event):
    ev = new_event(5, system="roundrobin", scoring="3/1/0")
    for rnd in range(1, 6):
        ev.pair()
        for p in ev.pairings(rnd):
            for g in p.games:
                ev.set_result(rnd, g["board"], "1-0" if g["board"] % 2 else "1/2-1/2")
    ct = lists.crosstable_list(ev)
    assert ct.grid and ct.columns == [str(r.number) for r in ct.rows]
    for i, r in enumerate(ct.rows):
        assert r.cells[i] == "×"
        assert sum(int(c) for c in r.cells if c not in ("×", "")) == r.score     # cells in the event's points
        assert set(c for c in r.cells if c != "×") <= {"3", "1", "0", ""}
    header = sheets.crosstable(ev)[1]
    assert "Score 积分 (3/1/0)" in header and "SB 小分 (14.1)" in header and "Club 单位" in header


def test_pairing_list_has_one_numbering_column_club_and_rating(new_event):
    ev = new_event(7, system="swiss", rounds=3)
    ev.pair()
    title, header, rows = views.pairing_table(ev, 1)
    assert header == ["Board 台号", "No.", "Red 红方", "Club 单位", "Rating", "Pts", "Result 结果", "Pts", "No.",
                      "Black 黑方", "Club 单位", "Rating"]
    pl = lists.pairing_list(ev, 1)
    games = [r for r in pl.rows if r.black]
    assert [r[0] for r in rows[:len(games)]] == [str(r.games[0].board) for r in games]   # the number `result` takes
    assert rows[0][3] == pl.rows[0].red.club and rows[0][4] == str(pl.rows[0].red.rating)
    assert rows[-1][6] == "bye 轮空"


def test_40_or_more_rows_a_pdf_page(new_event, tmp_path):
    if export_pdf.chromium() is None or not shutil.which("pdftotext"):
        pytest.skip("chromium and pdftotext are needed (system-packages.txt)")
    ev = new_event(0, system="swiss", rounds=5)
    ev.add_players([{"name": "王%s%d" % ("天一伟强明"[i % 5], i), "club": "杭州棋院", "rating": 2600 - i}
                    for i in range(100)])
    ev.pair()
    out = tmp_path / "s.pdf"
    assert main(["tournament", "export", ev.path, "pdf", str(out), "--what", "standings,pairings"]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True).stdout
    pages = [p for p in text.split("\f") if p.strip()]
    rows_on = [sum(1 for line in p.splitlines() if "王" in line) for p in pages]
    assert rows_on[0] >= 40, rows_on               # the standings' first page
    assert len(pages) <= 5, rows_on                # 100 standings rows and 50 pairings
