"""Malformed messages for the hall's intake (tests/hall/test_hall_fuzz.py):
the kinds a hostile client on the venue network tried (issue 26: 27 kinds
of malformed event payloads, a retained state with `game` 1e400), and
random ones: bytes, and a genuine envelope's text with bytes flipped, cut
or repeated.

    payloads(n, seed) -> [(topic, payload bytes, retain)]

Every message is of a decoy device (`fz...`), never a genuine board's: a
mutation may make a well-formed envelope, and this test is about the
decoder, not about who may claim a key (test_hall_trust.py).
"""
import json
import random

from xqboard.hall.envelope import Envelope, events_topic, state_topic

LOGGER = "pc1"
EV = events_topic(LOGGER)
ST = state_topic(LOGGER, "fz1")


def env(**over):
    d = json.loads(Envelope("fz1", 1, 3, "E 3 20 SETUP confirmed by=x", logger=LOGGER, at=1.0).to_json())
    d.update(over)
    return d


def _j(d):
    return json.dumps(d).encode()


# (name, topic, payload): one of each kind, each refused by the decoder
KINDS = [
    ("not utf-8", EV, b"\xff\xfe\x00{"),
    ("empty", EV, b""),
    ("a list", EV, b"[1, 2, 3]"),
    ("a number", EV, b"42"),
    ("null", EV, b"null"),
    ("no device", EV, _j({k: v for k, v in env().items() if k != "device"})),
    ("device a list", EV, _j(env(device=["b1"]))),
    ("device too long", EV, _j(env(device="b" * 1000))),
    ("device with ESC", EV, _j(env(device="b\x1b[2J"))),
    ("game 1e400", EV, json.dumps(env()).replace('"game": 1', '"game": 1e400').encode()),
    ("game 2^70", EV, _j(env(game=2 ** 70))),
    ("game negative", EV, _j(env(game=-1))),
    ("game a string", EV, _j(env(game="1"))),
    ("game true", EV, _j(env(game=True))),
    ("seq 0", EV, _j(env(seq=0, line="E 0 20 SETUP ready"))),
    ("seq 2^70", EV, _j(env(seq=2 ** 70, line="E %d 20 SETUP ready" % 2 ** 70))),
    ("seq 1.5", EV, _j(env(seq=1.5))),
    ("no line", EV, _j({k: v for k, v in env().items() if k != "line"})),
    ("line no event", EV, _j(env(line="hello"))),
    ("line unknown kind", EV, _j(env(line="E 3 20 NOPE x"))),
    ("line of another seq", EV, _j(env(line="E 4 20 SETUP ready"))),
    ("line too long", EV, _j(env(line="E 3 20 RESULT 1-0 4.1.12 " + "x" * 5000))),
    ("line bad number", EV, _j(env(line="E 3 zz MOVE 1 h2e2 red"))),
    ("line a name where a side belongs", EV, _j(env(line="E 3 20 MOVE 1 h2e2 purple at=5"))),
    ("logger of another topic", EV, _j(env(logger="pc2"))),
    ("at NaN", EV, json.dumps(env()).replace('"at": 1.0', '"at": NaN').encode()),
    ("at a string", EV, _j(env(at="now"))),
    ("deep nesting", EV, b"[" * 3000 + b"]" * 3000),
    ("100 KB", EV, _j(env(line="E 3 20 SETUP ready", pad="x" * 100000))),
    ("a lone surrogate", EV, b'{"device": "\\ud800", "game": 1, "seq": 3}'),
    ("a number of 5000 digits", EV, _j(env()).replace(b'"game": 1', b'"game": ' + b"9" * 3000)),
    ("state game 1e400", ST, b'{"device": "fz1", "game": 1e400, "seq": 3}'),
    ("state of another device", ST, _j({"device": "fz2", "game": 1, "seq": 3})),
    ("state seq a dict", ST, _j({"device": "fz1", "game": 1, "seq": {"a": 1}})),
    ("state not json", ST, b"{'device': 'fz1'}"),
]
# (A topic outside a logger's own is refused by the broker's ACL before it
# reaches the decoder: test_hall_access.py. The decoder's own refusal of
# one: wire.kind_of, in test_hall_fuzz.py.)


def _mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 2)):
        op = rng.random()
        i = rng.randrange(len(data)) if data else 0
        if op < 0.5 and data:
            data[i] = rng.randrange(256)
        elif op < 0.7:
            del data[i:i + rng.randint(1, 20)]
        elif op < 0.85:
            data[i:i] = data[i:i + rng.randint(1, 40)]
        else:
            data[i:i] = rng.choice([b"1e400", b"-", b"null", b"[", b"{", b'"', b"\\u202e", b"99999999999999999999"])
    return bytes(data)


def payloads(n, seed=26):
    """n messages: each kind above once (retained states retained), then
    random bytes and mutated envelopes and states of decoy devices."""
    rng = random.Random(seed)
    out = [(t, p, t == ST) for name, t, p in KINDS][:n]
    while len(out) < n:
        r = rng.random()
        device = "fz%d" % rng.randrange(1, 50)
        if r < 0.1:
            out.append((EV, bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300))), False))
        elif r < 0.85:
            seq = rng.randrange(1, 40)
            e = Envelope(device, rng.randrange(1, 5), seq, "E %d %d SETUP ready" % (seq, seq * 10), logger=LOGGER,
                         at=1.0)
            out.append((EV, _mutate(rng, e.to_json().encode()), False))
        else:
            st = {"device": device, "game": 1, "seq": rng.randrange(1, 40), "logger": LOGGER}
            out.append((state_topic(LOGGER, device), _mutate(rng, _j(st)), rng.random() < 0.2))
    return out
