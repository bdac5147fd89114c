"""The maintenance REPL at power-up (both levers held, firmware/main.py):
only for the arbiter's key, never in tournament mode
(firmware/link/maintenance.py; 21.5: the key is the arbiter's). Run in the
MicroPython unix port."""
CODE = r"""
from link import maintenance as m

class Stream:
    def __init__(self, text):
        self.text = text
    def read(self, n):
        c, self.text = self.text[:n], self.text[n:]
        return c

clock = [0]
def ticks_ms():
    clock[0] += 1000
    return clock[0]
def ticks_diff(a, b):
    return a - b

def typed(text):
    s = Stream(text)
    return lambda: m.read_line(s, lambda ms: bool(s.text), ticks_ms, ticks_diff)

print("T", m.allowed({"key": "6b6579", "tournament": True}, typed("6b6579\n")))
print("G", m.allowed({"key": "6b6579"}, typed("6B6579\r")))
print("W", m.allowed({"key": "6b6579"}, typed("6b6578\n")))
print("N", m.allowed({"key": "6b6579"}, typed("")))
print("D", m.allowed({}, typed("")))
# a key that never ends: the wait runs out
slow = Stream("7" * 1000)
print("L", m.read_line(slow, lambda ms: bool(slow.text), ticks_ms, ticks_diff))
"""


def answers(mp):
    out = {}
    for line in mp.run(CODE).splitlines():
        if line[:2] in ("T ", "G ", "W ", "N ", "D ", "L "):
            out[line[0]] = line[2:]
    return out


def test_21_5_the_maintenance_repl_needs_the_arbiters_key_and_none_in_tournament_mode(mp):
    a = answers(mp)
    assert a["T"].startswith("(False") and "tournament mode" in a["T"]  # not even with the key
    assert a["G"].startswith("(True") and "accepted" in a["G"]  # the key, typed in any case
    assert a["W"].startswith("(False") and "wrong key" in a["W"]
    assert a["N"].startswith("(False") and "no key typed" in a["N"]
    assert a["D"].startswith("(True")  # a development board without a key
    assert a["L"] == "None"  # characters but no newline within the wait: no line
