# MicroPython side of bench/bench_sense.py: times the scan path in the unix
# port and measures the latency from the last raw change to the move.
# Prints "key value" lines. Optional stdin: a sense_run.py script of games
# to replay with every scan timed ("replay"), or with the heap each scan
# allocates counted ("alloc"; timing and counting are separate passes, so
# that gc.mem_alloc() does not weigh on the times).
import gc
import sys
import time

import ticks
from sense import presence as fr
from sense.pipeline import Sensing
from xq.position import Position
from xq.squares import parse, point

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000


def board():
    s = Sensing()
    occ = bytearray(90)
    Position().occupancy(occ)
    raw = fr.new()
    fr.pack(occ, raw)
    s.deb.reset(raw)
    s.rec.setup(0)
    s.rec.frame(0, s.deb.st)
    s.rec.confirm(0, "arbiter")
    return s, occ, raw


def boot_heap():
    # Live heap of a pipeline set up and confirmed (after a collection).
    gc.collect()
    a = gc.mem_alloc()
    s = board()
    gc.collect()
    b = gc.mem_alloc()
    return b - a, s


def quiet(pending):
    # The common scan: nothing changes (optionally a move pending its settle).
    s, occ, raw = board()
    t = 0
    if pending:
        occ[point(parse("h2"))] = 0
        occ[point(parse("e2"))] = 1
        fr.pack(occ, raw)
        for k in range(6):
            t += 5
            s.step(t, raw)
    s.rec.settle_ms = 1 << 28
    t0 = time.ticks_us()
    for k in range(N):
        s.step(k, raw)
    return time.ticks_diff(time.ticks_us(), t0) / N


def bytecode_debounce():
    # Reference: the same debouncing as plain bytecode, a counter per point.
    st = bytearray(90)
    cnt = bytearray(90)
    raw = bytearray(90)
    n = 4
    t0 = time.ticks_us()
    for k in range(N // 20):
        for p in range(90):
            if raw[p] != st[p]:
                cnt[p] += 1
                if cnt[p] == n:
                    st[p] = raw[p]
                    cnt[p] = 0
            else:
                cnt[p] = 0
    return time.ticks_diff(time.ticks_us(), t0) / (N // 20)


def latency2():
    # Explicit: each change is held; count scans until the recogniser sees
    # the move (provisional) and until it is final by the opponent's lift.
    s, occ, raw = board()
    t = 0
    out_prov = []
    out_next = []
    seq = ["h2e2", "h9g7", "b0c2", "b9c7", "h0g2", "i9h9", "i0h0", "c6c5"]
    for mv in seq:
        a = point(parse(mv[:2]))
        b = point(parse(mv[2:]))
        raw[a // 30] &= ~(1 << (a % 30))
        for k in range(20):
            t += 5
            s.step(t, raw)
        raw[b // 30] |= 1 << (b % 30)  # the last raw change of the move
        k = 0
        while not s.rec.provisional() and k < 100:
            t += 5
            k += 1
            s.step(t, raw)
        out_prov.append(k)
        # the opponent lifts at once: scans until the move is final
        nb = s.rec.pos.ply
        nxt_mv = seq[(seq.index(mv) + 1) % len(seq)]
        c = point(parse(nxt_mv[:2]))
        if seq.index(mv) + 1 < len(seq):
            raw[c // 30] &= ~(1 << (c % 30))
            k = 0
            while s.rec.pos.ply == nb and k < 100:
                t += 5
                k += 1
                s.step(t, raw)
            out_next.append(k)
            raw[c // 30] |= 1 << (c % 30)
            for k in range(20):
                t += 5
                s.step(t, raw)
    return out_prov, out_next


def replay(count_heap):
    # Every scan of a replayed script timed (stdin: sense_run.py format), or
    # (count_heap) the bytes each scan and press allocates and the live heap
    # at the end of each move's scans (sampled after a collection).
    import sense_run as sr

    g = None
    busy = 0
    busy_n = 0
    worst = 0
    edges = (2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 1 << 29)
    hist = [0] * len(edges)  # scans by duration: under each edge (us)
    heap = [0, 0, 0, 0, 0]  # bytes allocated, scans that allocated, worst scan, live max, skipped
    rd = sys.stdin.readline
    orig = sr.Game.scan
    orig_press = sr.Recogniser.press

    def counted(self):
        a = gc.mem_alloc()
        orig(self)
        d = gc.mem_alloc() - a
        if d < 0:  # a collection ran inside the scan: not counted
            heap[4] += 1
            return
        heap[0] += d
        if d:
            heap[1] += 1
        if d > heap[2]:
            heap[2] = d

    def counted_press(self, now, side):
        a = gc.mem_alloc()
        es = orig_press(self, now, side)
        d = gc.mem_alloc() - a
        if d >= 0:
            heap[0] += d
        gc.collect()
        live = gc.mem_alloc()
        if live > heap[3]:
            heap[3] = live
        return es

    def timed(self):
        nonlocal busy, busy_n, worst
        t0 = time.ticks_us()
        orig(self)
        d = time.ticks_diff(time.ticks_us(), t0)
        i = 0
        while d >= edges[i]:
            i += 1
        hist[i] += 1
        busy += d
        busy_n += 1
        if d > worst:
            worst = d

    if count_heap:
        sr.Game.scan = counted
        sr.Recogniser.press = counted_press
    else:
        sr.Game.scan = timed
    sr.emit = lambda es: None
    while True:
        line = rd()
        if not line:
            break
        f = line.split()
        if not f:
            continue
        c = f[0]
        if c == "R":
            g.run_to(int(f[1]))
            for p in f[2:]:
                p = int(p)
                g.raw[p // 30] ^= 1 << (p % 30)
            g.scan()
        elif c == "P":
            g.run_to(int(f[1]) + 1)
            g.rec.press(g.now(int(f[1])), int(f[2]))
        elif c == "G":
            g = None
            g = sr.Game(int(f[1]), int(f[2]), int(f[3]), int(f[4]), " ".join(f[5:]))
        elif c == "E":
            g.run_to(int(f[1]))
    sr.Game.scan = orig
    sr.Recogniser.press = orig_press
    if count_heap:
        print("alloc_bytes %d" % heap[0])
        print("alloc_scans %d" % heap[1])
        print("alloc_worst_scan %d" % heap[2])
        print("alloc_skipped %d" % heap[4])
        print("live_max %d" % heap[3])
        return
    print("replay_hist %s" % " ".join("%d:%d" % (edges[i], hist[i]) for i in range(len(edges))))
    return busy, busy_n, worst


boot, _ = boot_heap()
print("boot_heap %d" % boot)
if len(sys.argv) > 2 and sys.argv[2] == "alloc":
    replay(True)
    sys.exit(0)
print("quiet_us %.3f" % quiet(False))
print("quiet_pending_us %.3f" % quiet(True))
print("bytecode_debounce_us %.3f" % bytecode_debounce())
p, n = latency2()
print("prov_scans %s" % " ".join(str(x) for x in p))
print("next_scans %s" % " ".join(str(x) for x in n))
if len(sys.argv) > 2:
    busy, cnt, worst = replay(False)
    print("replay_scans %d" % cnt)
    print("replay_avg_us %.3f" % (busy / cnt))
    print("replay_worst_us %d" % worst)
