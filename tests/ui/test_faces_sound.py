"""The buzzer's patterns (firmware/ui/sound.py) in the unix port: each kind
plays its on/off durations without blocking, `quiet` silences them, the
low-time tick comes once when the running side enters its last 10 s."""
import json

SOUND = r'''
import json
from ui.sound import Sounder, PATTERNS
from clock.clock import Clock
from xq.pieces import RED, BLACK

class Pin:
    def __init__(self):
        self.edges = []  # (ms, value)
        self.now = 0
    def value(self, v):
        self.edges.append((self.now, v))

def play(kind, quiet=False):
    pin = Pin()
    s = Sounder(pin, quiet=quiet)
    pin.now = 1000
    s.play(kind, 1000)
    for t in range(1000, 3000):  # the loop's scans, 1 ms apart here
        pin.now = t
        s.tick(t)
    return pin.edges

out = {k: play(k) for k in PATTERNS}
out["quiet"] = play("alert", quiet=True)
pin = Pin()
s = Sounder(pin)
pin.now = 1000
s.play("flag", 1000)
s.play("result", 1000)  # the flag's result, at the same instant: after it
for t in range(1000, 3000):
    pin.now = t
    s.tick(t)
out["flag_then_result"] = pin.edges
pin = Pin()
s = Sounder(pin)
c = Clock("1m")
c.start(0, RED)
for t in range(0, 60000, 100):
    pin.now = t
    s.watch_low(c, t)
    s.tick(t)
out["low_red"] = pin.edges
out["patterns"] = PATTERNS
print(json.dumps(out))
'''


def test_each_kind_plays_its_pattern_and_quiet_silences(mp):
    out = json.loads(mp.run(SOUND).strip())
    patterns = out.pop("patterns")
    assert out.pop("quiet") == []
    low = out.pop("low_red")
    both = out.pop("flag_then_result")
    assert both == out["flag"] + [[out["flag"][-1][0], 1]] + [
        [e[0] - 1000 + out["flag"][-1][0], e[1]] for e in out["result"][1:]]
    for kind, edges in out.items():
        # on at 1000, then an edge after each duration, ending off
        want, t = [], 1000
        for i, ms in enumerate(patterns[kind]):
            want.append([t, 1 - i % 2])
            t += ms
        want.append([t, 0])
        assert edges == want, kind
    # Red's 1-minute clock: one tick when 10 s are left (at 50 s), no more
    assert low == [[50000, 1], [50100, 0]]
