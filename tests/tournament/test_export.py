"""Output: printable pages rendered by headless Chromium, CSV, FIDE TRF."""
import csv
import io
import os
import shutil
import subprocess

import pytest

from xqboard.cli import main
from xqboard.tournament import export_html, export_pdf, export_trf, views

NAMES = ["王天一", "郑惟桐", "许银川", "赵鑫鑫", "Lai Li-Hsiang", "Nguyen Thanh Bao", "蒋川", "洪智"]


@pytest.fixture
def played(swiss_event):
    return swiss_event(NAMES, lambda i: "浙江" if i % 2 else "Club %d" % i, seed=8, date="2026/11/30")


def need(tool):
    if not shutil.which(tool):
        pytest.skip("%s is not installed (system-packages.txt)" % tool)


def pgm(path):
    """Width, height and bytes of a binary PGM (pdftoppm -gray)."""
    data = open(path, "rb").read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5"
    w, h = int(parts[1]), int(parts[2])
    return w, h, parts[4][-w * h:]


def test_printable_pages_rendered_by_chromium_pdf(played, tmp_path):
    if export_pdf.chromium() is None:
        pytest.skip("chromium is not installed (Debian package chromium, system-packages.txt)")
    need("pdftotext")
    need("pdftoppm")
    out = tmp_path / "all.pdf"
    assert main(["tournament", "export", played.path, "pdf", str(out), "--what", "all"]) == 0
    assert out.read_bytes()[:5] == b"%PDF-"
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True).stdout
    # what Chromium laid out: the event, both tables, CJK names, the marks
    assert "象棋公开赛 Open 2026" in text
    assert "第3轮对阵" in text and "第3轮后名次" in text
    for n in NAMES:
        assert n in text
    rows = views.standings_table(played)[2]
    leader = rows[0][2]
    assert any(leader in line and rows[0][5] in line for line in text.splitlines())
    # two pages (pairings, then standings, 'page-break-before')
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout if shutil.which("pdfinfo") else ""
    if info:
        assert [l.split()[-1] for l in info.splitlines() if l.startswith("Pages:")] == ["2"]
    # and the page has ink: table rules and text, on white paper
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")], check=True)
    pg = [f for f in os.listdir(tmp_path) if f.endswith(".pgm")][0]
    w, h, px = pgm(tmp_path / pg)
    assert w < h  # A4 portrait
    dark = sum(1 for b in px if b < 128)
    white = sum(1 for b in px if b > 240)
    assert white > 0.6 * len(px) and dark > 200


def test_printable_page_screenshot_png(played, tmp_path):
    if export_pdf.chromium() is None:
        pytest.skip("chromium is not installed")
    out = tmp_path / "standings.png"
    assert main(["tournament", "export", played.path, "png", str(out)]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import struct
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (1240, 1754)


def test_html_page_is_escaped_and_complete(played):
    page = export_html.page([views.standings_table(played)], "<b>Event</b>")
    assert "&lt;b&gt;Event&lt;/b&gt;" in page and "<b>Event" not in page
    assert page.count("<tr>") == len(NAMES) + 1
    assert "@page { size: A4" in page


def test_csv_standings_and_pairings(played, tmp_path):
    out = tmp_path / "s.csv"
    assert main(["tournament", "export", played.path, "csv", str(out)]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert rows[0][:3] == ["Rank", "No.", "Name 姓名"]
    assert len(rows) == len(NAMES) + 1
    assert {r[2] for r in rows[1:]} == set(NAMES)
    out = tmp_path / "p.csv"
    assert main(["tournament", "export", played.path, "csv", str(out), "--what", "pairings", "--round", "2"]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert len(rows) == 5 and rows[0][2] == "Red 红方"


def test_trf_fixed_columns(played):
    trf = export_trf.write(played)
    lines = trf.splitlines()
    assert lines[0] == "012 象棋公开赛 Open 2026"
    assert "062 8" in lines and "XXR 3" in lines
    players = [l for l in lines if l.startswith("001")]
    assert len(players) == 8
    ranks = {r.entrant: r.rank for r in played.standings()}
    by_num = {e.number: e for e in played.entrants()}
    for text in players:
        l = text.encode("utf-8")          # TRF16 columns are bytes
        num = int(l[4:8])
        e = by_num[num]
        assert l[14:47].decode("utf-8").rstrip() == e.name
        assert int(l[48:52]) == e.rating
        assert int(l[85:89]) == ranks[e.id]
        pts = 0
        for k in range(3):
            cell = l[91 + 10 * k: 99 + 10 * k].decode("ascii")
            opp, col, res = cell[0:4], cell[5], cell[7]
            assert col in "wb-" and res in "10=+-U"
            if col != "-":
                assert int(opp) in by_num
            pts += {"1": 1, "=": 0.5, "+": 1, "U": 1}.get(res, 0)
        assert float(l[80:84]) == pts


def test_trf_refuses_team_events(new_event):
    from xqboard.tournament.refusal import TournamentError

    ev = new_event(0, kind="team", system="swiss", rounds=3)
    with pytest.raises(TournamentError):
        export_trf.write(ev)
