"""The control-string grammar (firmware/clock/control.py): every scheme of
art. 6 and the extras parse, in the unix port and under CPython alike, and
malformed strings are refused with a message that says what is wrong."""
import json

import pytest

from xqboard import core  # noqa: F401  (puts firmware/ on sys.path)

from clock import control  # noqa: E402

# text -> (canonical text, red scheme fields, black scheme fields)
# fields: stages, repeat, mode, extra, periods
GOOD = {
    "60m+30s": "60m+30s",                                # 6.1
    "60m/30,10m/10*": "60m/30,10m/10*",                  # 6.2
    "90m": "90m",                                        # 6.3
    "15m": "15m",                                        # 6.4
    "10m+10s": "10m+10s",                                # 6.4, appendix 3
    "red=60m+30s;black=50m+30s": "red=60m+30s;black=50m+30s",   # 6.5
    "5m d3s": "5m d3s",
    "5m b3s": "5m b3s",
    "30m byo3x30s": "30m byo3x30s",
    "90m/40,30m+30s": "90m/40,30m+30s",
    " 1H30M / 40 + 30S , 30m+30s ": "90m/40+30s,30m+30s",
    "2h": "120m",
    "1m30s+500": None,  # (refused: see BAD)
    "black=10m; red=10m": "10m",
    "red=60m/30,10m/10*;black=50m+30s": "red=60m/30,10m/10*;black=50m+30s",
    "60m/30,30m/10,10m/5*": "60m/30,30m/10,10m/5*",
    "45s+2s": "45s+2s",
    "1m/2,20s byo3x4s": "1m/2,20s byo3x4s",
}
GOOD = {k: v for k, v in GOOD.items() if v is not None}

# text -> a piece of the message it must give
BAD = {
    "": "empty",
    "   ": "empty",
    "60": "needs a unit",
    "60x": "needs a unit (h, m or s), found 'x'",
    "1m30s+500": "500 needs a unit",
    "30s1m": "units out of order",
    "m": "expected a stage's time",
    "0m+5s": "needs some time",
    "60m/30": "the last stage has a move quota",
    "60m,10m": "stage 1 has no move quota",
    "10m*": "'*' repeats the last stage",
    "60m/0,5m": "a move quota must be 1 to 500",
    "60m/,5m": "expected a move quota",
    "60m+": "expected an increment",
    "60m+2h": "increment of more than 1h",
    "25h": "more than 24h",
    "5m+3s d3s": "cannot be combined with a delay",
    "30m+5s byo3x30s": "cannot be combined with byo-yomi",
    "10m/5* byo2x10s": "byo-yomi follows a last stage without a quota",
    "30m byo3": "byo<periods>x<time>",
    "30m byo0x30s": "byo-yomi periods must be 1 to 99",
    "5m d0s": "a delay must be more than 0",
    "60m junk": "unexpected 'junk'",
    "60m;50m": "should read red=... or black=...",
    "red=5m": "two parts are needed",
    "red=5m;red=5m": "red is given twice",
    "green=5m;black=5m": "unknown side 'green' (red or black)",
    "red=5m;black=": "black: no time given",
    "red=5m;black=5x": "black: 5 needs a unit",
    "1m/1,1m/1,1m/1,1m/1,1m/1,1m/1,1m/1,1m/1,1m/1*": "more than 8 stages",
    "9999999m": "number too large",
}

# What each runtime makes of GOOD and BAD: one function, run as it stands
# in the unix port and, exec'd, under CPython.
PARSE_ALL = """
def parse_all(control, good, bad):
    out = {}
    for text in good:
        tc = control.parse(text)
        out[text] = [str(tc), str(control.parse(str(tc))) == str(tc)]
    for text in bad:
        try:
            control.parse(text)
            out[text] = "accepted"
        except ValueError as e:
            out[text] = str(e)
    return out
"""


def _both_runtimes(mp):
    code = "import json\nfrom clock import control\n" + PARSE_ALL + "print(json.dumps(parse_all(control, %s, %s)))" % (
        json.dumps(list(GOOD)), json.dumps(list(BAD)))
    on_mp = json.loads(mp.run(code))
    here = {}
    exec(PARSE_ALL, here)
    return on_mp, here["parse_all"](control, list(GOOD), list(BAD))


@pytest.fixture(scope="module")
def results(mp):
    return _both_runtimes(mp)


def test_6_every_scheme_parses_to_its_canonical_text(results):
    on_mp, on_cpython = results
    for text, canonical in GOOD.items():
        assert on_mp[text] == [canonical, True], text
    assert on_mp == on_cpython


def test_malformed_control_strings_refused_with_a_reason(results):
    on_mp, on_cpython = results
    for text, why in BAD.items():
        assert why in on_mp[text], (text, on_mp[text])
        assert repr(text) in on_mp[text] or "empty" in on_mp[text], on_mp[text]
    assert on_mp == on_cpython


def test_6_2_scheme_fields():
    tc = control.parse("60m/30,10m/10*")
    assert tc.red.stages == ((3600000, 30, 0), (600000, 10, 0)) and tc.red.repeat
    assert tc.red == tc.black
    assert tc.red.stage(7) == (600000, 10, 0)  # past the end: the repeated stage


def test_6_5_time_odds_fields():
    tc = control.parse("red=60m+30s;black=50m+30s")
    assert tc.scheme(0).stages == ((3600000, 0, 30000),)
    assert tc.scheme(8).stages == ((3000000, 0, 30000),)


def test_modes_fields():
    assert (control.parse("5m d3s").red.mode, control.parse("5m d3s").red.extra) == (control.DELAY, 3000)
    assert control.parse("5m b3s").red.mode == control.BRONSTEIN
    byo = control.parse("30m byo3x30s").red
    assert (byo.mode, byo.periods, byo.extra) == (control.BYOYOMI, 3, 30000)


def test_not_a_string_refused():
    with pytest.raises(ValueError, match="a time control is a string"):
        control.parse(60)
