"""The serial link (issue 5, docs/PROTOCOL.md): framing, the arbiter's key,
fuzzed and malformed frames, and a lossy cable between board and host."""
import random

import pytest

from xqboard import runtime
from xqboard.boardlink import BoardLink
from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.paths import REPO

from link import auth  # noqa: E402
from link.frame import FrameError, crc, unframed, framed  # noqa: E402

from . import scenarios as sc

MP = REPO / "tests" / "mp"


def frame(payload):
    return framed(payload)


def test_frame_round_trip_and_checks():
    f = framed("E 1 0 GAME new")
    assert f.endswith(b"\n") and unframed(f) == "E 1 0 GAME new"
    assert unframed(framed("C 3 new tc=60m/30,10m/10*")) == "C 3 new tc=60m/30,10m/10*"
    for bad, why in [(b"E 1 0 GAME new\n", "no checksum"), (f[:-3] + b"00\n", "bad checksum"),
                     (b"\xff\xfe*%s\n" % crc(b"\xff\xfe").encode(), "not UTF-8"), (b"E\x01*%s\n" % crc("E\x01").encode(), "not printable")]:
        with pytest.raises(FrameError) as e:
            unframed(bad)
        assert why in str(e.value)


def test_hmac_matches_the_standard_library():
    import hashlib
    import hmac

    for key in (b"k", b"secret key", b"x" * 100):
        want = hmac.new(key, b"7 C 1 pause", hashlib.sha256).hexdigest()[:16]
        assert auth.mac(key, "7", "C 1 pause") == want


def test_command_without_the_arbiters_key_is_refused():
    # The scenario signs its commands; here the host sends them bare.
    lines = sc.run("0 new\n0 setup\n100 start\n")  # a game, then raw lines below
    assert sc.result(lines) is None
    lines = run_raw([b"C 50 pause", b"C 51 resign red", b"C 52 hello"])
    refused = [x for x in lines if x.startswith("A 50 ") or x.startswith("A 51 ")]
    assert all("refused" in x and "arbiter's key" in x for x in refused) and len(refused) == 2
    assert any(x.startswith("A 52 ok") for x in lines)
    assert not [w for w in sc.events(lines, "PAUSE") + sc.events(lines, "RESULT")]


def test_bad_mac_and_replayed_command_id_are_refused():
    lines = run_raw([b"C 50 pause mac=0123456789abcdef", ("SIGN", "C 60 pause"), ("SIGN", "C 60 resume"),
                     ("SIGN", "C 59 resume")])
    assert any(x.startswith("A 50 refused bad mac") for x in lines)
    assert any(x.startswith("A 60 ok") for x in lines)
    assert sum(1 for x in lines if x.startswith("A 60 refused") and "replayed" in x) == 1
    assert any(x.startswith("A 59 refused") for x in lines)


def test_a_command_with_no_room_to_load_is_refused_and_the_board_goes_on():
    # A MemoryError in a command's handler (its module loading into a heap
    # play has split) is a refusal the host can send again, not an end of
    # the loop (21.5: no command stops the board).
    from link.link import Link

    class Port:
        def __init__(self):
            self.lines = []

        def write(self, data):
            self.lines.append(unframed(data))

    def handle(cid, words, arbiter):
        if words[0] == "status":
            raise MemoryError("memory allocation failed, allocating 272 bytes")
        return ["hello"]

    port = Port()
    link = Link(port)
    link.feed(framed("C 1 status") + framed("C 2 hello"), handle)
    assert port.lines == ["A 1 refused out of memory for that now: send it again", "A 2 ok hello"]


def run_raw(raw):
    """Runs the board in CPython (same source) with a game started, sends raw
    command lines (("SIGN", payload) to sign with the scenario key) and
    returns the board's lines."""
    from boards.simrun import KEY, Runner

    out = []
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(tmp + "/j", out=out.append)
        r.command(["new"])
        r.setup()
        r.command(["start"])
        for item in raw:
            if isinstance(item, tuple):
                payload = item[1]
                payload += " mac=" + auth.mac(KEY, r.app.link.nonce, payload)
                data = framed(payload)
            else:
                data = item + b"*" + crc(item.decode()).encode() + b"\n"
            r.board.port.host_write(data)
            r.step()
    return out


def fuzz_lines(rng, n):
    words = ["new", "setup", "start", "pause", "resume", "adjust", "penalty", "result", "resign", "forfeit",
             "offer", "accept", "claim", "correct", "confirm", "since", "hello", "status", "bogus", "red",
             "black", "natural", "tc=", "fen=", "x" * 50, "-1", "99999999999999999999", "mac=zz"]
    out = []
    while len(out) < n:
        kind = rng.randrange(7)
        if kind == 0:  # random bytes
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        elif kind == 1:  # a valid frame with one byte changed
            f = bytearray(frame("C %d %s" % (rng.randrange(1, 99), rng.choice(words)))[:-1])
            f[rng.randrange(len(f))] = rng.randrange(32, 127)
            data = bytes(f)
        elif kind == 2:  # a valid frame cut short
            f = frame("C %d since %d" % (rng.randrange(1, 99), rng.randrange(99)))[:-1]
            data = f[: rng.randrange(1, len(f))]
        elif kind == 3:  # a well-framed command with random words, unsigned or badly signed
            ws = [rng.choice(words) for _ in range(rng.randrange(0, 5))]
            p = "C %s %s" % (rng.choice(["1", "0", "-5", "x", "7"]), " ".join(ws))
            if rng.random() < 0.3:
                p += " mac=%016x" % rng.getrandbits(64)
            data = frame(p.strip())[:-1]
        elif kind == 4:  # too long: the harness sends that many bytes
            out.append("LONG %d" % rng.randrange(500, 5000))
            continue
        elif kind == 5:  # not a command at all, but well framed
            data = frame(rng.choice(["E 1 2 MOVE", "H x", "A 1 ok", "hello", "C"]))[:-1]
        else:  # read-only commands that must work
            data = frame("C %d %s" % (rng.randrange(1, 99), rng.choice(["hello", "status", "since 1", "since 999"])))[:-1]
        data = data.replace(b"\n", b" ")
        if data.strip():
            out.append(data)
    return out


@pytest.mark.parametrize("seed,count", [(1, 1500), (2, 1500)])
def test_thousands_of_fuzzed_frames_are_all_answered(seed, count, tmp_path):
    rng = random.Random(seed)
    lines = fuzz_lines(rng, count)
    r = runtime.run([str(MP / "fuzz_link.py"), str(tmp_path / "j")],
                    input="".join((x if isinstance(x, str) else x.hex()) + "\n" for x in lines),
                    extra_paths=[MP])
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout.splitlines()
    assert out[0] == "lines=%d answered=%d" % (count, count)
    # The board goes on: the move after the storm is recorded, hello answered.
    assert any(" MOVE " in x and "h2e2" in x for x in out)
    assert any(x.startswith("X bad checksum") for x in out)
    assert any(x.startswith("H proto=2") for x in out[-5:])


class Cable:
    """A cable that drops, corrupts, duplicates and splits bytes at random."""

    def __init__(self, rng, p):
        self.rng = rng
        self.p = p

    def __call__(self, data):
        rng, p = self.rng, self.p
        out = bytearray()
        for line in data.split(b"\n"):
            if not line:
                continue
            if rng.random() < p:
                continue  # dropped
            line = bytearray(line + b"\n")
            if rng.random() < p:
                line[rng.randrange(len(line))] = rng.randrange(256)  # corrupted
            out += line
            if rng.random() < p:
                out += line  # duplicated
        return bytes(out)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_host_ends_with_exactly_the_boards_log_over_a_lossy_cable(seed, tmp_path):
    from boards.simrun import KEY, Runner

    rng = random.Random(seed)
    cable_down = Cable(rng, 0.15)
    cable_up = Cable(rng, 0.15)
    host = BoardLink(key=KEY)
    sent = []  # frames the board wrote, not yet through the cable
    r = Runner(str(tmp_path / "j"), out=sent.append, raw=True)
    port = r.board.port

    def exchange():
        host.feed(cable_down(b"".join(sent)))
        del sent[:]
        for f in host.requests():
            port.host_write(cable_up(f))

    del sent[:]
    port.host_write(host.hello())
    r.step()
    exchange()
    r.command(["new", "tc=30m+10s"])
    r.setup()
    r.command(["start"])
    game = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "e2e6", "g7e6"]
    for m in game:
        r.play(m)
        exchange()
    # The end: the host learns the last number and fills every gap.
    for _ in range(60):
        port.host_write(cable_up(host.hello()))
        r.step()
        host.ask_again()
        exchange()
        r.step()
        exchange()
        if host.greeting.get("seq") and host.gap() is None:
            break
    board_log = list(r.app.events_since(1))
    assert [e.payload for e in host.events] == board_log
    assert len(board_log) > 20 and host.bad_lines > 0  # the cable did damage lines
