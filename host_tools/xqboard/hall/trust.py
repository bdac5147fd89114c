"""Nothing counts until it verifies (docs/HALL.md, "Security"): the hall
checks every board event with its board's key before the store keeps it
by its key (device, game, seq).

A board with a key MACs every event's chain word (docs/PROTOCOL.md, "The
board's MAC"): the broadcast recomputes the chain over the events it
holds and checks the word with the board's key, its name and the game's
number of the envelope (xqboard.verify.Follower): an event of one game
presented as another game's fails. What fails goes to the store's quarantine with
the reason, and the board's own event, when it comes, takes its place.
A board with no key is taken in order, its plain chain checked, but
unverified (anyone can recompute a plain chain): shown on the pages,
never written into the tournament file unless the arbiter accepts the
game on the desk (Intake.accept, hall/quarantine.py) or every board
without a key (`broadcast --accept-unkeyed`). A quarantined event is
never accepted.

The keys live with the event: a file beside the tournament file,
`<EVENT.db>.keys` (JSON {device: key in hex}, mode 600), which `xqboard
round start` fills with each board's key as it starts it.

    >>> keys = Keys({"b1": b"k"})
    >>> keys.get("b1"), keys.get("b2")
    (b'k', None)
"""
import json
import os
from pathlib import Path

from ..boardlink import Event
from ..verify import Follower


class Keys:
    """{device: key}; one loaded from a key file reads it again whenever
    it changes (a round started while `broadcast` runs: its boards' keys
    count from their first event on, no restart)."""

    def __init__(self, keys=None, path=None):
        self.keys = dict(keys or {})
        self.path = Path(path) if path else None
        self.stamp = None  # the file's (mtime, size) when read

    def get(self, device):
        if self.path is not None:
            self.refresh()
        return self.keys.get(device)

    def refresh(self):
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            return
        if stamp != self.stamp:
            try:
                self.keys = self.read(self.path)
            except (OSError, ValueError, AttributeError):
                return  # (written by os.replace, never half: a file that does not parse is kept out)
            self.stamp = stamp

    @staticmethod
    def path_beside(tournament):
        return Path(str(tournament) + ".keys")

    @staticmethod
    def read(path):
        d = json.loads(Path(path).read_text(encoding="utf-8"))
        return {device: bytes.fromhex(k) for device, k in d.items()}

    @classmethod
    def load(cls, path):
        """The keys of a key file ({} while there is none), followed as it changes."""
        keys = cls(path=path)
        keys.refresh()
        return keys

    @classmethod
    def record(cls, path, device, key):
        """Adds (or replaces) a board's key in the key file (round start):
        written whole beside it and renamed over it, mode 600 (the
        broadcast's and the desk's alone)."""
        path = Path(path)
        keys = cls.read(path) if path.exists() else {}
        keys[device] = key
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(str(tmp), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({d: k.hex() for d, k in sorted(keys.items())}, f, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)


class Checker:
    """check(env) for Store.deliver: None if the event verifies as the next
    of its game, else why not. One Follower per game, moved on only by the
    events that verify."""

    def __init__(self, keys):
        self.keys = keys or Keys()
        self.games = {}  # (device, game) -> Follower

    def keyed(self, device):
        return self.keys.get(device) is not None

    def recall(self, device, game, line):
        """An event delivered before (the store at start-up): the chain goes on."""
        self(_Env(device, game, line))

    def __call__(self, env):
        key = self.keys.get(env.device)
        f = self.games.get((env.device, env.game))
        if f is None:
            f = self.games[(env.device, env.game)] = Follower(key, env.device, key is not None, env.game)
        e = Event(env.line)
        why = f.take(env.line, e.seq, e.kind)
        if why is None and key is not None and f.keyed is not True and f.words:
            why = "event %d: a board with a key MACs its events, this one carries the plain chain's word" % e.seq
        if why is None and key is not None and not f.words:
            why = "event %d: a board with a key MACs its events, this one carries no word" % e.seq
        if why is not None:
            f.undo()
        return why


class _Env:
    __slots__ = ("device", "game", "line")

    def __init__(self, device, game, line):
        self.device, self.game, self.line = device, game, line
