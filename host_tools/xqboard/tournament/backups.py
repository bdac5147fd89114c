"""A copy of the event file before every command that changes it, the last
50 kept, in `<file>.backups/` beside it; `restore` lists and puts one back.

Copies are made with SQLite's backup API, so a file in WAL mode is copied
whole (its log included) and consistent.

>>> import os, tempfile
>>> from .event import Tournament
>>> d = tempfile.mkdtemp(); path = os.path.join(d, 'e.db')
>>> ev = Tournament.create(path, 'E', system='swiss', rounds=3)
>>> name = save(path, 'add')
>>> [b.action for b in listing(path)]
['add']
"""
import datetime
import os
import sqlite3

from .refusal import TournamentError

KEEP = 50


class Backup:
    """One copy: its file name, when it was made, the command it preceded."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        stamp, _, rest = self.name.partition("_")
        self.action = rest[:-3]
        self.when = datetime.datetime.strptime(stamp, "%Y%m%dT%H%M%S.%f")

    def __repr__(self):
        return "Backup(%r)" % self.name


def folder(path):
    return str(path) + ".backups"


def _copy(src_path, dest_path):
    src = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(src_path), uri=True)
    dest = sqlite3.connect(dest_path)
    try:
        src.backup(dest)
    finally:
        src.close()
        dest.close()


def save(path, action):
    """Copies the event file before `action`; returns the copy's path."""
    os.makedirs(folder(path), exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%dT%H%M%S.%f")
    dest = os.path.join(folder(path), "%s_%s.db" % (stamp, action))
    _copy(path, dest)
    for old in listing(path)[KEEP:]:
        os.remove(old.path)
    return dest


def listing(path):
    """The backups of an event file, newest first."""
    if not os.path.isdir(folder(path)):
        return []
    out = []
    for name in os.listdir(folder(path)):
        if name.endswith(".db"):
            try:
                out.append(Backup(os.path.join(folder(path), name)))
            except ValueError:
                continue       # not one of ours
    return sorted(out, key=lambda b: b.when, reverse=True)


def restore(path, which):
    """Puts backup `which` (1 = the newest, or its file name) back as the
    event file, after saving the current file as a backup itself."""
    found = listing(path)
    pick = [b for b in found if b.name == which] or \
        ([found[int(which) - 1]] if str(which).isdigit() and 1 <= int(which) <= len(found) else [])
    if not pick:
        raise TournamentError("no backup %r of %s (%d kept; `restore %s` lists them)" % (which, path, len(found), path))
    if os.path.exists(path):
        try:
            save(path, "restore")
        except sqlite3.DatabaseError:
            os.replace(path, path + ".damaged")       # kept for a look, out of the way
    for tail in ("-wal", "-shm"):
        if os.path.exists(path + tail):
            os.remove(path + tail)
    _copy(pick[0].path, str(path))
    return pick[0]
