"""Output for the wall and the web (issue 15): crosstables, player cards,
pairings by name, team match scores, page numbers and print time on the
PDF, and the static results site, screenshots by Chromium checked."""
import os
import re
import shutil
import subprocess

import pytest
from pngread import read_png

from xqboard.cli import main
from xqboard.tournament import export_pdf, sheets, site, views

NAMES = ["王天一", "郑惟桐", "王伟", "王伟", "许银川", "赵鑫鑫", "蒋川", "洪智"]


@pytest.fixture
def swiss(swiss_event):
    return swiss_event(NAMES, lambda i: ["杭州", "四川", "北京", "上海"][i % 4], seed=3)


def test_round_robin_crosstable_is_a_grid(new_event):
    ev = new_event(4, system="roundrobin")
    for rnd in (1, 2, 3):
        ev.pair()
        ev.set_result(rnd, 1, "1-0")
        ev.set_result(rnd, 2, "1/2-1/2")
    title, header, rows = sheets.crosstable(ev)
    assert header[:5] == ["Rank", "No.", "Name 姓名", "Club 单位", "Rating"]
    assert header[9:11] == ["Score 积分 (2/1/0)", "SB 小分 (14.1)"]
    # the columns are the rows' numbers in the rows' order: the × on the diagonal
    assert header[5:9] == [r[1] for r in rows]
    for i, r in enumerate(rows):
        assert r[5 + i] == "×"
    by_no = {r[1]: r for r in rows}
    col = {n: header.index(n) for n in by_no}
    for a in by_no:
        for b in by_no:
            if a != b:   # the grid is consistent: a's mark against b mirrors b's against a, in 2/1/0
                pair = {by_no[a][col[b]], by_no[b][col[a]]}
                assert pair in ({"2", "0"}, {"1"}), (a, b, pair)
    for r in rows:     # the cells add up to the score column, in the event's points
        assert sum(int(c) for c in r[5:9] if c != "×") == int(r[9])


def test_swiss_crosstable_by_round(swiss):
    title, header, rows = sheets.crosstable(swiss)
    assert header[5:8] == ["R1", "R2", "R3"] and "crosstable after round 3" in title
    numbers = {e.number for e in swiss.entrants()}
    for r in rows:
        for cell in r[5:8]:
            m = re.fullmatch(r"(\d+)([RB])([210+-])", cell)
            assert m and int(m.group(1)) in numbers, cell
    # duplicate names are told apart by club
    assert {r[2] for r in rows} >= {"王伟 (北京)", "王伟 (上海)"}


def test_player_card_and_alphabetical_list(swiss):
    e = swiss.entrants()[0]
    title, header, rows = sheets.player_card(swiss, "#%d" % e.number)
    assert title.startswith("No. %d %s" % (e.number, e.name)) and e.pinyin in title
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert rows[-1][7] == views.num(next(r.score for r in swiss.standings(3) if r.entrant == e.id))
    title, header, rows = sheets.alphabetical_pairings(swiss, 3)
    keys = [r[1] for r in rows]
    assert keys == sorted(keys) and len(rows) == 8
    assert all(r[6] for r in rows)


def test_team_rows_show_the_match_score(new_event):
    ev = new_event(0, kind="team", system="roundrobin", boards=2)
    for t in ("北京", "上海"):
        ev.add_team(t)
        for k in (1, 2):
            ev.add_player("%s%d" % (t, k), team=t)
    ev.pair()
    ev.set_result(1, 1, "1-0")
    ev.set_result(1, 2, "1/2-1/2")
    title, header, rows = views.pairing_table(ev, 1)
    assert header[:2] == ["Match 场次", "Board 台号"] and rows[0][header.index("Result 结果")] == "3 : 1"


def need_chromium():
    if export_pdf.chromium() is None:
        pytest.skip("chromium is not installed (Debian package chromium, system-packages.txt)")


def test_pdf_pages_carry_numbers_and_the_print_time(swiss, tmp_path):
    need_chromium()
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext is not installed")
    out = tmp_path / "all.pdf"
    assert main(["tournament", "export", swiss.path, "pdf", str(out), "--what",
                 "pairings,alphabetical,standings,crosstable"]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True).stdout
    pages = text.split("\f")
    pages = [p for p in pages if p.strip()]
    assert len(pages) == 4        # pairings, by name, standings, crosstable
    for k, p in enumerate(pages, 1):
        assert "page %d / 4" % k in p
        assert re.search(r"printed \d{4}-\d\d-\d\d \d\d:\d\d", p)
    assert "按姓名" in text and "交叉表" in text


def png_pixels(path):
    """(width, height, grey bytes, every 4th pixel of a row) of a PNG file."""
    w, h, rows, bpp = read_png(open(path, "rb").read())
    grey = bytearray()
    for line in rows:
        grey += bytes(sum(line[x * bpp:x * bpp + 3]) // 3 for x in range(0, w, 4))
    return w, h, bytes(grey)


def test_results_site(swiss, tmp_path, capsys):
    folder = tmp_path / "site"
    assert main(["tournament", "export", swiss.path, "site", str(folder)]) == 0
    assert "pages (open index.html)" in capsys.readouterr().out
    files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.html"))
    assert files == sorted(["index.html", "standings.html", "crosstable.html", "round-1.html", "round-2.html",
                            "round-3.html"] + ["players/%d.html" % e.number for e in swiss.entrants()])
    # every relative link leads to a page of the site
    for f in folder.rglob("*.html"):
        text = f.read_text(encoding="utf-8")
        for href in re.findall(r'href="([^"]+)"', text):
            assert (f.parent / href).resolve().exists(), (f, href)
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert "王伟 (北京)" in index and "象棋公开赛 Open 2026" in index


def test_site_pages_screenshots(swiss, tmp_path):
    need_chromium()
    folder = tmp_path / "site"
    site.write(swiss, str(folder))
    for page in ("index.html", "crosstable.html"):
        html_text = (folder / page).read_text(encoding="utf-8").replace(
            'href="style.css"', 'href="file://%s/style.css"' % folder)
        out = tmp_path / (page + ".png")
        export_pdf.render(html_text, str(out), png=True)
        w, h, grey = png_pixels(out)
        assert (w, h) == (1240, 1754)
        dark = sum(1 for b in grey if b < 100)
        white = sum(1 for b in grey if b > 240)
        assert dark > 300 and white > 0.5 * len(grey), (page, dark, white)


def test_terminal_crosstable_and_pairings_by_name(swiss, capsys):
    assert main(["tournament", "standings", swiss.path, "--crosstable"]) == 0
    assert "crosstable after round 3" in capsys.readouterr().out
    assert main(["tournament", "pairings", swiss.path, "--by-name"]) == 0
    out = capsys.readouterr().out
    assert "pairings by name" in out and "王伟 (北京)" in out
