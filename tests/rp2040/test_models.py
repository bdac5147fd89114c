"""The board's models each on its own (target/rp2040/test/*.test.mjs, node's
test runner): the NOR flash through the bootrom's own erase and program
routines, the 74HC165 chain, the levers' bounce, the buzzer, the SSD1306."""
import subprocess

from xqboard.target import rp2040_env


def test_each_model_on_its_own():
    tests = sorted(str(p) for p in (rp2040_env.NODE_DIR / "test").glob("*.test.mjs"))
    r = subprocess.run([rp2040_env.node(), "--test", "--test-reporter=tap"] + tests, capture_output=True, text=True,
                       timeout=120, cwd=rp2040_env.NODE_DIR)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "# fail 0" in r.stdout and "# pass 10" in r.stdout, r.stdout[-500:]
