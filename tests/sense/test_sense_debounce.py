"""The vertical-counter debouncer and the frame helpers (firmware/sense/
debounce.py, frame.py) in the unix port: a change passes after N scans
(N = stable // period + 1), anything shorter never does, all 90 points at
once, against a plain per-point model; and a scan without a change
allocates nothing, through the whole pipeline."""
import pytest

MODEL = """
from sense import presence as fr
from sense.debounce import COUNTING, Debouncer
import random

class Model:
    # Per point: stable value and a count of consecutive differing scans.
    def __init__(self, n):
        self.n = n; self.st = bytearray(90); self.cnt = bytearray(90)
    def scan(self, raw):
        ch = bytearray(90)
        for p in range(90):
            if raw[p] != self.st[p]:
                self.cnt[p] += 1
                if self.cnt[p] == self.n:
                    self.st[p] = raw[p]; self.cnt[p] = 0; ch[p] = 1
            else:
                self.cnt[p] = 0
        return ch

def compare(scan_ms, stable_ms, scans, rate):
    d = Debouncer(scan_ms, stable_ms)
    m = Model(d.n)
    f = fr.new(); occ = bytearray(90); chg = bytearray(90); cur = bytearray(90)
    for k in range(scans):
        for p in range(90):
            if random.random() < rate:
                cur[p] ^= 1
        fr.pack(cur, f)
        d.scan(f)
        fr.unpack(d.stable, occ)
        fr.unpack(d.changed, chg)
        assert chg == m.scan(cur) and occ == m.st, k
        # st[COUNTING]: nonzero exactly while a point counts (app.py's skip)
        assert (d.st[COUNTING] != 0) == any(m.cnt) == (not d.quiet()), k
    return d.n
"""


@pytest.mark.parametrize("scan_ms,stable_ms,n", [(5, 15, 4), (5, 0, 1), (2, 10, 6), (5, 70, 15), (10, 20, 3)])
def test_vertical_counter_equals_a_per_point_model(mp, scan_ms, stable_ms, n):
    out = mp.run(MODEL + """
random.seed(%d)
n = compare(%d, %d, 400, 0.08)
assert n == %d, n
print('ok')
""" % (n, scan_ms, stable_ms, n))
    assert out.strip() == "ok"


def test_flickers_and_dropouts_shorter_than_the_stable_time_never_pass(mp):
    out = mp.run(MODEL + """
d = Debouncer(5, 15)          # 4 scans
f = fr.new()
occ = bytearray(90)
for p in range(0, 90, 2):
    occ[p] = 1
fr.pack(occ, f)
d.reset(f)
changes = 0
for rnd in range(30):
    # every point wrong for 1, 2 or 3 scans, then right again
    for k in range(rnd % 3 + 1):
        bad = bytearray(1 - v for v in occ)
        fr.pack(bad, f)
        changes += 1 if d.scan(f) else 0
    fr.pack(occ, f)
    changes += 1 if d.scan(f) else 0
print(changes, list(d.stable) == [x for x in f])
# a real change passes on the 4th scan that shows it
occ[1] = 1
fr.pack(occ, f)
print([1 if d.scan(f) else 0 for k in range(5)])
""")
    assert out.split("\n")[:2] == ["0 True", "[0, 0, 0, 1, 0]"]


def test_frame_pack_map_and_diff(mp):
    out = mp.run("""
from sense import presence as fr
occ = bytearray(90)
for p in (0, 29, 30, 59, 60, 89):
    occ[p] = 1
f = fr.new(); fr.pack(occ, f)
print(list(f) == [1 | 1 << 29, 1 | 1 << 29, 1 | 1 << 29])
back = bytearray(90); fr.unpack(f, back); print(back == occ)
cur = bytearray(90); out = bytearray(90)
n = fr.changes(f, cur, out)
print(n, [out[i] & 127 for i in range(n)], cur == occ)
exp = bytearray(90); exp[5] = 1; exp[0] = 1
r = fr.diff(exp, occ, out)
print(r & 255, r >> 8, out[0], sorted(out[90 - i] for i in range(1, (r >> 8) + 1)))
""")
    assert out.split("\n")[:4] == ["True", "True", "6 [0, 29, 30, 59, 60, 89] True", "1 5 5 [29, 30, 59, 60, 89]"]


def test_quiet_scans_allocate_nothing(mp):
    # The common path: no point changes. Through debouncer and recogniser,
    # a thousand scans with a provisional move pending allocate no heap.
    out = mp.run("""
import gc
from sense import presence as fr
from sense.pipeline import Sensing
from xq.position import Position
s = Sensing()
occ = bytearray(90)
Position().occupancy(occ)
raw = fr.new(); fr.pack(occ, raw)
s.deb.reset(raw)
s.rec.setup(0)
s.rec.frame(0, s.deb.st)
s.rec.confirm(0, 'arbiter')
occ[7 * 1 + 9 * 2] = 0; occ[4 + 9 * 2] = 1      # h2 -> e2
fr.pack(occ, raw)
t = 0
for k in range(20):   # (the lift of h2 is held 60 ms: sense/holds.py)
    t += 5; s.step(t, raw)
print(s.rec.provisional() != 0)
gc.collect(); gc.disable()
a = gc.mem_alloc()
for k in range(1000):
    t += 1
    s.step(t, raw)
b = gc.mem_alloc()
gc.enable()
print(b - a)
""")
    assert out.split("\n")[:2] == ["True", "0"]
