"""A name with a bidirectional control (U+202E) or ESC is shown escaped on
every printout and page, never raw (issue 26, item 7; xqboard/textsafe.py):
it cannot make itself or what follows read differently, nor drive a
terminal."""
import doctest

from xqboard import textsafe
from xqboard.hall.hub import Hub
from xqboard.tournament.event import Tournament

from .test_corrections import cli

NAME = "Li\u202eiL\x1b[31m"


def test_the_escapes_doctest():
    assert doctest.testmod(textsafe).failed == 0


def test_a_name_with_bidi_and_esc_is_escaped_in_every_printout(tmp_path):
    path = str(tmp_path / "e.db")
    ev = Tournament.create(path, "Cup\u202e", system="roundrobin", seed=1)
    for name in (NAME, "Wang", "Zhao", "Qian"):
        ev.add_player(name)
    ev.pair()
    ev.db.close()
    for args in (["players", path], ["pairings", path], ["standings", path]):
        status, out, err = cli("tournament", *args)
        assert status == 0, err
        assert "\u202e" not in out and "\x1b" not in out and "Li\\u202eiL\\u001b[31m" in out, out


def test_a_name_with_bidi_and_esc_is_escaped_on_the_pages():
    hub = Hub()
    hub.push("1", "b1", 1, 1, "E 1 0 GAME new event=Cup round=1 board=1 red=%s black=Wang" % NAME)
    text = repr(hub.since(None).boards)
    assert "\u202e" not in text and "\x1b" not in text and "Li\\\\u202eiL" in text
