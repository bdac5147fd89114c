"""Seals that mean something (issue 26, item 4): with the arbiter's key a
result counts only under a sealed CONFIRM, every amendment after it
carries its own seal, a record begins at its own game's GAME. Each forgery
a hostile spectator built (a CONFIRM cut off, two games spliced, an
OVERRULE appended after the seal, a move edited, the record re-chained
without the key) is refused by `xqboard verify --key` and by `tournament
import --key`, each with a one-line reason; for a keyed board's record
(every word the board's MAC) and for one of a board whose words are the
plain chain's, sealed at CONFIRM (art. 9)."""
import os
import subprocess
import sys

import pytest

from xqboard.hall.trust import Keys
from xqboard.logger.files import GameFiles
from xqboard.verify import check_payloads, verify

from board.test_seal import KEY, played  # noqa: E402
from game import events as ev  # noqa: E402
from link import auth  # noqa: E402

BOARD = "b1"


def keyed_env(key=KEY):
    """The environment of a `verify` given the arbiter's key: $XQBOARD_KEY
    (never argv: xqboard/keyfile.py), no other key of the caller's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XQBOARD_KEY")}
    env["XQBOARD_KEY"] = key.hex()
    return env


def keyed_game(settings=("red=Li_Lai", "black=Wang_Wu")):
    """The game of a board with the key, its game 1: every word its MAC
    (bound to the board's name and the game's number), CONFIRM sealed."""
    return played(KEY, settings, keyed=auth.Keyed(KEY, BOARD.encode(), 1))


def chained(events):
    """(seq, t, kind, fields) renumbered from 1 and chained as anyone can
    (no key: the plain head's words)."""
    head = bytearray(32)
    return [ev.seal(head, kind, ev.encode(n, t, kind, fields)) for n, (seq, t, kind, fields) in enumerate(events, 1)]


def decoded(payloads):
    return [ev.decode(p) for p in payloads]


def cut_confirm(p):
    return p[:-1]


def splice(p, other):
    # this game's opening, then the other game from its GAME on, re-chained
    return chained(decoded(p[:6]) + decoded(other))


def appended_overrule(p):
    # after the sealed CONFIRM, a result amended the other way, chained on (its word the plain head's)
    g = decoded(p)
    confirm = g[-1][0]
    head = bytearray(32)
    for seq, t, kind, fields in g:
        ev.seal(head, kind, ev.encode(seq, t, kind, fields))
    text = ev.encode(confirm + 1, g[-1][1] + 1000, ev.OVERRULE, ("result", "0-1", confirm, "X", "9", "forged", None))
    return p + [ev.seal(head, ev.OVERRULE, text)]


def edited_move(p):
    return chained([(s, t, k, (f[0], "h2e3") + f[2:]) if k == ev.MOVE and f[0] == 1 else (s, t, k, f)
                    for s, t, k, f in decoded(p)])


def rechained(p):
    # the result turned round and every word computed again, without the key
    return chained([(s, t, k, ("0-1",) + f[1:]) if k in (ev.RESULT, ev.CONFIRM) else (s, t, k, f)
                    for s, t, k, f in decoded(p)])


FORGERIES = {
    "cut CONFIRM": (cut_confirm, "under no sealed CONFIRM"),
    "splice": (splice, "second GAME"),
    "appended overrule": (appended_overrule, None),
    "edited move": (edited_move, None),
    "re-chained without the key": (rechained, None),
}
# what the forgery breaks first: a keyed record's words, a plain record's seals
WHY = {("keyed", "appended overrule"): "not the board's MAC",
       ("plain", "appended overrule"): "changes the result 1-0 to 0-1 without a seal",
       ("keyed", "edited move"): "its seal is not the key's",
       ("plain", "edited move"): "its seal is not the key's",
       ("keyed", "re-chained without the key"): "its seal is not the key's",
       ("plain", "re-chained without the key"): "its seal is not the key's"}


def genuine(mode, settings=("red=Li_Lai", "black=Wang_Wu")):
    return (keyed_game if mode == "keyed" else played_plain)(settings)[1]


def played_plain(settings):
    return played(KEY, settings)


def write(folder, payloads, game=1):
    f = GameFiles(folder, BOARD, game, date="2026.11.30")
    f.append(payloads)
    f.write_records()  # the forger writes PGNs that agree with the forged events
    return folder / ("%s-g%05d.events" % (BOARD, game))


@pytest.mark.parametrize("mode", ["keyed", "plain"])
def test_9_the_genuine_record_verifies_with_the_key(mode, tmp_path):
    v = verify(write(tmp_path, genuine(mode)), KEY)
    assert v.ok and v.seal == "good" and v.keyed == (mode == "keyed"), v.summary()
    assert "sealed: events 1-" in v.summary()


@pytest.mark.parametrize("mode", ["keyed", "plain"])
@pytest.mark.parametrize("name", list(FORGERIES))
def test_9_every_forgery_is_refused_by_verify(mode, name, tmp_path):
    make, why = FORGERIES[name]
    p = genuine(mode)
    forged = make(p, genuine(mode, ("red=Zhao", "black=Qian"))) if name == "splice" else make(p)
    v = check_payloads(forged, KEY, BOARD, 1)
    assert not v.ok
    assert (why or WHY[(mode, name)]) in v.reason, v.reason
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "verify", str(write(tmp_path, forged))],
                       capture_output=True, text=True, env=keyed_env())
    assert r.returncode == 1 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "NOT VERIFIED" in r.stderr and (why or WHY[(mode, name)]) in r.stderr


def test_9_a_keyed_boards_game_presented_as_its_next_game_is_refused(tmp_path):
    # The board's MAC binds its game's number (docs/PROTOCOL.md, "The
    # board's MAC"): its game 1, every byte as the board sent it, filed as
    # game 2 of the same board (a replay into the next game), fails at its
    # first event, with one line; as game 1 it verifies.
    p = genuine("keyed")
    assert verify(write(tmp_path, p, 1), KEY).ok
    v = check_payloads(p, KEY, BOARD, 2)
    assert not v.ok and v.bad_seq == 1 and "not the board's MAC with the key for game 2" in v.reason, v.reason
    keys = tmp_path / "event.db.keys"  # the event's key file, as round start writes it: the record's board's key
    Keys.record(keys, BOARD, KEY)
    Keys.record(keys, "b2", b"another board's")
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "verify", str(write(tmp_path, p, 2)), "--key-file",
                        str(keys)], capture_output=True, text=True, env=keyed_env(b"not this one"))
    assert r.returncode == 1 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "NOT VERIFIED: event 1: its chain word is not the board's MAC with the key for game 2" in r.stderr
