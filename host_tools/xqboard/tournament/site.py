"""A small static results site: plain HTML files with relative links and
one style sheet, to copy to any web host (no script, no server).

    index.html            the event, links to everything
    round-N.html          round N's pairings and results, by board and by name
    standings.html        the standings after the last complete round
    crosstable.html       the crosstable
    players/N.html        player N's card (N: the pairing number)
    style.css
"""
import html
import os

from . import sheets, views
from .export_html import event_meta

STYLE = """
body { font-family: "Noto Sans CJK SC", "WenQuanYi Zen Hei", "DejaVu Sans", sans-serif; margin: 1.5em auto;
       max-width: 70em; padding: 0 1em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
nav { margin: 0.6em 0 1em 0; } nav a { margin-right: 1em; }
.meta { color: #444; font-size: 0.9em; }
table { border-collapse: collapse; margin-bottom: 1em; }
th, td { border: 1px solid #999; padding: 0.25em 0.55em; text-align: left; }
th { background: #eee; } td.n { text-align: right; }
tr:nth-child(even) td { background: #fafafa; }
a { color: #03c; text-decoration: none; }
"""


def _table(table, link_names=None):
    """A table as HTML; link_names: column index -> {cell text: href}."""
    title, header, rows = table
    out = ["<h2>%s</h2><table><thead><tr>%s</tr></thead><tbody>" % (
        html.escape(title), "".join("<th>%s</th>" % html.escape(h) for h in header))]
    for r in rows:
        cells = []
        for i, c in enumerate(r):
            text = html.escape(str(c))
            href = (link_names or {}).get(i, {}).get(c)
            if href:
                text = '<a href="%s">%s</a>' % (html.escape(href), text)
            numeric = str(c).replace(".", "", 1).replace("=", "", 1).isdigit()
            cells.append("<td%s>%s</td>" % (' class="n"' if numeric else "", text))
        out.append("<tr>%s</tr>" % "".join(cells))
    out.append("</tbody></table>")
    return "\n".join(out)


class Site:
    """Writes the pages of one event into a folder."""

    def __init__(self, event, folder):
        self.event, self.folder = event, folder
        self.name = event.get("name")
        shown = event.display_names()
        self.players = [e for e in event.entrants() if e.kind == "player"] if event.kind != "team" else []
        self.card_of = {shown[e.id]: "players/%d.html" % (e.number or e.id) for e in self.players}

    def links(self, prefix=""):
        """Column -> {shown name: link} for the name columns of our tables."""
        links = {n: prefix + h for n, h in self.card_of.items()}
        return {k: links for k in range(24)}      # any column that holds a player's name

    def _write(self, rel, title, body, prefix=""):
        rounds = "".join('<a href="%sround-%d.html">R%d</a>' % (prefix, r, r) for r, _ in self.event.rounds())
        nav = ('<nav><a href="{p}index.html">Index 首页</a><a href="{p}standings.html">Standings 名次</a>'
               '<a href="{p}crosstable.html">Crosstable 交叉表</a>{r}</nav>').format(p=prefix, r=rounds)
        doc = ('<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>%s — %s</title>'
               '<link rel="stylesheet" href="%sstyle.css"></head><body><h1>%s</h1><div class="meta">%s</div>%s%s'
               '</body></html>' % (html.escape(title), html.escape(self.name), prefix, html.escape(self.name),
                                   html.escape(event_meta(self.event)), nav, body))
        path = os.path.join(self.folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(doc)
        return path

    def write(self):
        """Writes every page; returns the paths written."""
        os.makedirs(self.folder, exist_ok=True)
        with open(os.path.join(self.folder, "style.css"), "w", encoding="utf-8") as f:
            f.write(STYLE)
        ev = self.event
        written = []
        for rnd, _ in ev.rounds():
            body = _table(views.pairing_table(ev, rnd), self.links())
            if ev.kind != "team":
                body += _table(sheets.alphabetical_pairings(ev, rnd), self.links())
            written.append(self._write("round-%d.html" % rnd, "Round %d" % rnd, body))
        if ev.pairing_system.has_score_table:
            written.append(self._write("standings.html", "Standings", _table(views.standings_table(ev), self.links())))
            written.append(self._write("crosstable.html", "Crosstable", _table(sheets.crosstable(ev), self.links())))
        for e in self.players:
            card = sheets.player_card(ev, "#%d" % e.number if e.number else str(e.id))
            written.append(self._write(self.card_of[ev.display_names()[e.id]], card[0],
                                       _table(card, {3: {n: "../" + h for n, h in self.card_of.items()}}), "../"))
        written.append(self._write("index.html", "Index", self._index()))
        return written

    def _index(self):
        ev = self.event
        items = ['<li><a href="round-%d.html">Round %d 第%d轮</a></li>' % (r, r, r) for r, _ in ev.rounds()]
        if ev.pairing_system.has_score_table:
            items += ['<li><a href="standings.html">Standings 名次</a></li>',
                      '<li><a href="crosstable.html">Crosstable 交叉表</a></li>']
        players = ['<li><a href="%s">%s</a></li>' % (html.escape(h), html.escape(n)) for n, h in
                   sorted(self.card_of.items(), key=lambda x: x[1])]
        return "<h2>Results 成绩</h2><ul>%s</ul><h2>Players 棋手</h2><ul>%s</ul>" % ("".join(items), "".join(players))


def write(event, folder):
    """The site of `event` in `folder`; returns the paths written."""
    return Site(event, folder).write()
