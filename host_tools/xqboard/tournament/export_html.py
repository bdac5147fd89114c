"""Printable HTML pages: one table per page, A4, the event in the heading.

>>> '<table' in page([('T', ['a'], [['1']])], 'Event')
True
"""
import html
import time

from ..textsafe import visible
from .eventzone import stamp_text

CSS = """
@page { size: A4; margin: 14mm 12mm 16mm 12mm;
        @bottom-left { content: "PRINTED"; font-size: 8pt; color: #444; }
        @bottom-right { content: "page " counter(page) " / " counter(pages); font-size: 8pt; color: #444; } }
body { font-family: "Noto Sans CJK SC", "WenQuanYi Zen Hei", "DejaVu Sans", sans-serif; font-size: 9pt; color: #000; }
h1 { font-size: 12.5pt; margin: 0 0 1mm 0; }
h2 { font-size: 10.5pt; margin: 2mm 0 1.5mm 0; }
.meta { font-size: 8pt; color: #333; margin-bottom: 1.5mm; }
table { border-collapse: collapse; width: 100%; page-break-inside: auto; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
/* compact rows: 40 and more to an A4 page (issue 25) */
th, td { border: 0.4pt solid #444; padding: 0.45mm 1.2mm; text-align: left; line-height: 1.2; }
td { white-space: nowrap; }
th { background: #e8e8e8; font-size: 7.5pt; font-weight: bold; }
td.n { text-align: right; }
section + section { page-break-before: always; }
"""


def _cell(v):
    s = str(v)
    cls = ' class="n"' if s.replace(".", "", 1).replace("=", "", 1).isdigit() else ""
    return "<td%s>%s</td>" % (cls, html.escape(visible(s)))


def page(tables, event_name, meta="", printed=None, tz=""):
    """A whole HTML document with one section per (title, header, rows);
    printed on paper, each page's foot has the print time and 'page k / n':
    the event's wall clock (`tz`, Settings.tz: eventzone.py), 24-hour."""
    printed = printed or stamp_text(time.time(), tz)
    css = CSS.replace("PRINTED", "printed %s" % printed.replace('"', ""))
    parts = ["<!DOCTYPE html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style>"
             "</head><body>" % (html.escape(event_name), css)]
    for title, header, rows in tables:
        parts.append("<section><h1>%s</h1>" % html.escape(event_name))
        if meta:
            parts.append('<div class="meta">%s</div>' % html.escape(meta))
        parts.append("<h2>%s</h2><table><thead><tr>%s</tr></thead><tbody>" % (
            html.escape(title), "".join("<th>%s</th>" % html.escape(h) for h in header)))
        for r in rows:
            parts.append("<tr>%s</tr>" % "".join(_cell(c) for c in r))
        parts.append("</tbody></table></section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def event_meta(event):
    bits = [event.system, event.kind, "scoring %s (13.1-13.3)" % event.get("scoring")]
    for k in ("date", "city", "arbiter"):
        if event.get(k):
            bits.append("%s %s" % (k, event.get(k)))
    if event.get("tz"):
        bits.append("times %s" % event.get("tz"))
    return " · ".join(bits)
