"""`xqboard demo` (`make demo`) runs to the end within 30 s and prints the
record: the Chinese moves, the result with its article, the final position."""
import resource
import subprocess
import sys
import time


def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def test_demo_prints_the_record_within_30_seconds(tmp_path):
    t0, cpu0 = time.monotonic(), children_cpu()
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "demo", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    took, cpu = time.monotonic() - t0, children_cpu() - cpu0
    assert r.returncode == 0, r.stderr + r.stdout[-3000:]
    out = r.stdout
    # the 30 s of the demo's promise in its own CPU seconds: on an idle
    # machine they are its wall time (the game runs in virtual time), on a
    # busy one (CI's shared cores) the wall says more of the machine than of it
    assert cpu < 30, (cpu, took)
    # The Chinese notation of the game (Liu Dahua - Zhao Guorong, 1978)...
    assert "1. 兵七进一 炮２平３ 2. 炮二平五 象７进５" in out
    assert "45. 车一平三 车３进２" in out
    # ... the result with its article, in the PGN and on the score sheet ...
    assert '[Termination "4.1.1 mate"]' in out and '[Result "0-1"]' in out
    assert "Result 结果: 0-1 黑胜 Black wins, 4.1.1 将死 mate" in out
    # ... what the hands did, as recorded ...
    assert "{Alert 5.8.2: piece displaced" in out and "restored}" in out and "touched the own piece" in out
    assert "link down" in out and "link up" in out
    # ... and the final position.
    assert "Final position:" in out and "Last move: 90. 车３进２ (c2c0)" in out
    assert "identical to the master game: yes" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "demo-1-g00001.bare.pgn", "demo-1-g00001.chinese.pgn", "demo-1-g00001.events",
        "demo-1-g00001.iccs.pgn", "demo-1-g00001.sheet.txt", "demo-1-g00001.wxf.pgn"]
