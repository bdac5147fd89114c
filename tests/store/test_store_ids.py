"""Command ids and nonces survive reboots (issue 14, tamper-evident
records): the last signed command id is persisted (store/journal.py
save_command, store/budget.py last_command), so ids only rise across a
power cut and an old command replayed after it is refused; the boot nonce
that every command's MAC covers is unpredictable (main.py boot_nonce:
os.urandom where the port has it), so a command signed for one boot is
refused in the next."""
import ast

from xqboard.paths import REPO

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from boards.simrun import KEY, Runner  # noqa: E402
from link import auth  # noqa: E402
from link.frame import framed  # noqa: E402


def _started(tmp_path):
    """A board with a game started, and the list of its lines."""
    lines = []
    r = Runner(str(tmp_path / "j"), out=lines.append)
    r.command(["new", "tc=30m"])
    r.setup()
    r.command(["start"])
    return r, lines


def send(r, payload, nonce=None):
    payload += " mac=" + auth.mac(KEY, nonce or r.app.link.nonce, payload)
    r.board.port.host_write(framed(payload))
    r.step()


def test_an_old_command_id_replayed_after_a_power_cut_is_refused(tmp_path):
    r, lines = _started(tmp_path)
    last = r.app.link.last_id
    assert last >= 3
    r.power(False)
    r.power(True)
    assert r.app.link.last_id == last  # persisted
    del lines[:]
    send(r, "C %d pause" % last)
    assert any(x.startswith("A %d refused" % last) and "replayed" in x for x in lines), lines
    send(r, "C %d resume" % (last + 1))  # the clock waits paused after a power cut
    assert any(x.startswith("A %d ok" % (last + 1)) for x in lines), lines


def test_a_command_signed_for_the_boot_before_is_refused(tmp_path):
    lines = []
    r = Runner(str(tmp_path / "j"), out=lines.append)
    r.command(["new", "tc=30m"])
    old_nonce = r.app.link.nonce
    r.power(False)
    r.power(True)
    assert r.app.link.nonce != old_nonce
    del lines[:]
    cid = r.app.link.last_id + 1
    send(r, "C %d setup x" % cid, nonce=old_nonce)
    assert any(x.startswith("A %d refused" % cid) for x in lines), lines


def boot_nonce(os_module):
    # main.py's boot_nonce, run with the given `os` (main.py itself imports
    # machine and starts the board when imported)
    tree = ast.parse((REPO / "firmware" / "main.py").read_text())
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "boot_nonce")
    code = compile(ast.Module(body=[fn], type_ignores=[]), "main.py", "exec")
    scope = {}
    exec(code, scope)
    import builtins

    real = builtins.__import__

    def fake(name, *a, **k):
        return os_module if name == "os" else real(name, *a, **k)

    builtins.__import__ = fake
    try:
        return scope["boot_nonce"]()
    finally:
        builtins.__import__ = real


def test_the_boot_nonce_comes_from_the_ports_random_source():
    class FakeOs:
        calls = 0

        @staticmethod
        def urandom(n):
            FakeOs.calls += 1
            return bytes([0xA5, 0x01, 0xFF, FakeOs.calls])[:n]

    assert boot_nonce(FakeOs) == "a501ff01"
    assert boot_nonce(FakeOs) == "a501ff02"  # each boot draws again
    import os

    nonces = {boot_nonce(os) for _ in range(50)}
    assert len(nonces) == 50 and all(len(n) == 8 for n in nonces)


def _cmd_file_short_of_memory(monkeypatch, times):
    """The journal's `open` raising MemoryError for the command id's file
    `times` times (littlefs's file buffer in a heap play has split, as the
    flash run of 8 games in a row at 256k met on CI)."""
    from store import journal

    left = [times]

    def short_open(path, mode="r", *a):
        if path.endswith("/cmd") and left[0]:
            left[0] -= 1
            raise MemoryError("memory allocation failed, allocating 1200 bytes")
        return open(path, mode, *a)

    monkeypatch.setattr(journal, "open", short_open, raising=False)
    return left


def test_an_accepted_command_whose_id_finds_no_memory_is_kept_after_a_collection(tmp_path, monkeypatch):
    r, lines = _started(tmp_path)
    left = _cmd_file_short_of_memory(monkeypatch, 1)
    last = r.app.link.last_id
    send(r, "C %d pause" % (last + 1))
    assert any(x.startswith("A %d ok" % (last + 1)) for x in lines), lines
    assert left == [0]  # it was short once, and the second try wrote it
    r.power(False)
    r.power(True)
    assert r.app.link.last_id == last + 1


def test_a_command_id_the_flash_cannot_take_for_memory_stops_nothing(tmp_path, monkeypatch):
    # The command has run when its id is saved: it is acknowledged, the id
    # rises within the session (best effort, as on a full flash) and the
    # board goes on answering (21.5: no command stops the board).
    r, lines = _started(tmp_path)
    _cmd_file_short_of_memory(monkeypatch, 10 ** 6)
    last = r.app.link.last_id
    send(r, "C %d pause" % (last + 1))
    send(r, "C %d resume" % (last + 2))
    assert any(x.startswith("A %d ok" % (last + 1)) for x in lines), lines
    assert any(x.startswith("A %d ok" % (last + 2)) for x in lines), lines
    assert r.app.link.last_id == last + 2
    del lines[:]
    send(r, "C %d pause" % (last + 1))  # still refused as replayed within the session
    assert any(x.startswith("A %d refused" % (last + 1)) and "replayed" in x for x in lines), lines
