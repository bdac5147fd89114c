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
