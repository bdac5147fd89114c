"""The arbiter's key of a command (`round start`, `log`, `broadcast`,
`verify`, `tournament import`, `sim`), never from the command line: argv is visible to every user of the PC in
`ps` (issue 26), as the broker's credentials (hall/access.py) and the
arbiters' secrets are not on it either.

From, first found:

    --key-file FILE          a file of the key in hex, or the event's key file
    XQBOARD_KEY_FILE=FILE    the same, from the environment
    XQBOARD_KEY=HEX          the key itself, from the environment
    EVENT.db.keys            the event's key file beside the event file
                             (`round start EVENT.db ...`, `broadcast --tournament EVENT.db`,
                             `tournament import EVENT.db ...`)

A file is the key in hex on its first line (`umask 077; echo 73696d >
arbiter.key`), or the event's key file that `round start` writes
(hall/trust.py: JSON {device: hex}, every board of it under the one key).
It must be its owner's alone (mode 600 or 400): a file others may read is
refused, saying so, as a missing, unreadable or malformed one is. `verify`
and `tournament import` read the event's key file board by board
(keys_of: each record checked with its own board's key).

    >>> from_env({"XQBOARD_KEY": "73696d"})
    b'sim'
    >>> from_env({}) is None
    True
"""
import json
import os
import stat
from pathlib import Path

ENV_KEY = "XQBOARD_KEY"
ENV_FILE = "XQBOARD_KEY_FILE"
EXAMPLE = "73696d"


class BoardKeyError(ValueError):
    """A key that cannot be used (the message says why and what to do)."""


def parse_hex(text, where):
    """The key of `text` in hex (bytes), else BoardKeyError naming `where`."""
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        raise BoardKeyError("%s: want the key in hex (e.g. %s)" % (where, EXAMPLE))
    if not key:
        raise BoardKeyError("%s: empty key" % where)
    return key


def read_file(path):
    """The key of a key file (bytes): refused if missing, unreadable, open
    to others than its owner, or holding no one key."""
    path = Path(path)
    try:
        fd = os.open(str(path), os.O_RDONLY)
    except OSError as e:
        raise BoardKeyError("%s: cannot read the key file (%s)" % (path, e.strerror or e))
    with os.fdopen(fd, "rb") as f:
        mode = stat.S_IMODE(os.fstat(f.fileno()).st_mode)
        if mode & 0o077:
            raise BoardKeyError("%s: the key file is open to others (mode %03o): `chmod 600 %s`" % (path, mode, path))
        text = f.read(64 * 1024).decode("utf-8", "replace")
    if text.lstrip().startswith("{"):
        return _event_keys(path, text)
    return parse_hex((text.splitlines() or [""])[0], str(path))


def _event_keys(path, text):
    # the event's key file (hall/trust.py's Keys.record): {device: hex}, one key for all
    try:
        keys = set(json.loads(text).values())
    except (ValueError, AttributeError) as e:
        raise BoardKeyError("%s: not a key file (%s)" % (path, e))
    if len(keys) != 1:
        raise BoardKeyError("%s: the event's key file holds %d keys, want one: give the arbiter's key file "
                        "(--key-file)" % (path, len(keys)))
    return parse_hex(str(keys.pop()), str(path))


def read_keys(path):
    """The keys of a key file, checked as read_file checks it: the event's
    key file (JSON) as {device: key}, else the one key of a hex file
    (bytes): what `verify` and `tournament import` check each board's
    record with (verify.py's verify)."""
    path = Path(path)
    try:
        fd = os.open(str(path), os.O_RDONLY)
    except OSError as e:
        raise BoardKeyError("%s: cannot read the key file (%s)" % (path, e.strerror or e))
    with os.fdopen(fd, "rb") as f:
        if stat.S_IMODE(os.fstat(f.fileno()).st_mode) & 0o077:
            return read_file(path)  # (refused, saying so)
        text = f.read(64 * 1024).decode("utf-8", "replace")
    if not text.lstrip().startswith("{"):
        return read_file(path)
    try:
        d = json.loads(text)
        return {str(device): parse_hex(str(k), "%s: board %s" % (path, device)) for device, k in d.items()}
    except (ValueError, AttributeError) as e:
        raise BoardKeyError("%s: not a key file (%s)" % (path, e))


def from_env(env=None):
    """The key the environment gives (bytes), or None."""
    env = os.environ if env is None else env
    if env.get(ENV_FILE):
        return read_file(env[ENV_FILE])
    if env.get(ENV_KEY):
        return parse_hex(env[ENV_KEY], "$" + ENV_KEY)
    return None


def key_of(path=None, beside=None, env=None):
    """The command's key: the file given, else the environment's, else the
    event's key file `beside` (if there is one); None if none."""
    if path:
        return read_file(path)
    key = from_env(env)
    if key is None and beside is not None and Path(beside).exists():
        key = read_file(beside)
    return key


def keys_of(path=None, beside=None, env=None):
    """As key_of, but an event's key file gives each board's key
    ({device: key}, read_keys): for the commands that check records of
    many boards (`verify`, `tournament import`)."""
    if path:
        return read_keys(path)
    env = os.environ if env is None else env
    if env.get(ENV_FILE):
        return read_keys(env[ENV_FILE])
    key = from_env(env)
    if key is None and beside is not None and Path(beside).exists():
        key = read_keys(beside)
    return key


def write_file(path, key):
    """Writes `key` (bytes) in hex to a new key file, mode 600 (what
    read_file takes; `umask 077; echo HEX > FILE` does the same)."""
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key.hex() + "\n")
    os.chmod(str(path), 0o600)
    return Path(path)
