# The journal on a Pico's filesystem, in the unix port (issue 14): littlefs
# (MicroPython's VfsLfs2, the rp2 port's filesystem, mounted as rp2 mounts
# it: progsize 256) over a block device of the Pico's geometry, 4096-byte
# blocks and 1408 KiB (the rp2 port's MICROPY_HW_FLASH_STORAGE_BYTES on a
# 2 MiB Pico; xqboard/target/emulator.py), held in a host file, counting the
# sector erases and the pages programmed.
#
#   flash_run.py IMAGE MODE [ARGS] < games (one line of ICCS moves each)
#
# Modes, each printing `key=value` lines:
#   game MINUTES      the first game, played in MINUTES of clock time:
#                     bytes, commits, erases, pages, per game and per ply;
#                     then a power-up on it: the records recovery reads
#   games N MINUTES   N games in a row: the games kept after each
#   full              the flash filled with another file: a game still
#                     starts and is kept (finished games dropped first);
#                     then filled to the last block: the board alerts
#                     (POWER journal-full), goes on, and boots again
#   finished          as full, the game then resigned on the full flash
#                     (its result sent, not kept) and the power cut: what
#                     the host holds and what the board boots with
import gc
import os
import sys
import time

import vfs

from boards.simrun import Runner

BLOCK = 4096
BLOCKS = 1408 * 1024 // BLOCK
PAGE = 256


class FileFlash:
    """A littlefs block device (the extended interface) over a host file."""

    def __init__(self, path):
        self.f = open(path, "w+b")
        blank = b"\xff" * BLOCK
        for _ in range(BLOCKS):
            self.f.write(blank)
        self.erases = 0
        self.pages = 0

    def readblocks(self, n, buf, off=0):
        self.f.seek(n * BLOCK + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.erases += 1
            off = 0
        self.pages += (len(buf) + PAGE - 1) // PAGE
        self.f.seek(n * BLOCK + off)
        self.f.write(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            return 0
        return None


def mount(image):
    flash = FileFlash(image)
    vfs.VfsLfs2.mkfs(flash, progsize=PAGE)
    vfs.mount(vfs.VfsLfs2(flash, progsize=PAGE), "/flash")
    return flash


def play(r, moves, minutes, tc="150m+30s", end=True):
    """One game: new, set-up, start, the moves at an even pace over
    `minutes` of clock time; then Red resigns if it is still on (`end`)."""
    r.command(["new", "tc=" + tc])
    r.setup()
    r.command(["start"])
    gap = minutes * 60000 // max(len(moves), 1)
    for m in moves:
        if r.app.game.phase != 2:  # PLAYING
            break
        r.play(m, gap=gap)
    if end and r.app.game.phase == 2:
        r.command(["resign", "red"])


def file_bytes(journal):
    return os.stat(journal.path(journal.game))[6]


def mode_game(lines, minutes):
    flash = mount(sys.argv[1])
    r = Runner("/flash/games", out=lambda line: None, board_id="flash")
    moves = lines[0].split()
    e0, p0, c0 = flash.erases, flash.pages, r.app.journal.writes
    play(r, moves, minutes, end=False)
    j = r.app.journal
    plies = r.app.game.position.ply
    erases, pages, commits = flash.erases - e0, flash.pages - p0, j.writes - c0
    size = file_bytes(j)
    print("plies=%d minutes=%d" % (plies, minutes))
    print("bytes=%d commits=%d erases=%d pages=%d" % (size, commits, erases, pages))
    print("per_ply_bytes=%d per_ply_erases=%.2f" % (size // plies, erases / plies))
    r.power(False)
    t = time.ticks_ms()
    r.power(True)
    print("recovery_ms_unix=%d records=%d" % (time.ticks_diff(time.ticks_ms(), t), r.app.game.seq))


def mode_games(lines, n, minutes):
    mount(sys.argv[1])
    r = Runner("/flash/games", out=lambda line: None, board_id="flash")
    for i in range(n):
        play(r, lines[i % len(lines)].split(), minutes)
        j = r.app.journal
        games = j.games()
        if games[-1] != j.game:
            print("FAIL game %d not kept" % j.game)
            return
        print("game=%d kept=%d bytes=%d" % (j.game, len(games), file_bytes(j)))
    print("ok")


def fill(leave):
    # another file takes all but `leave` bytes of the flash (0: to the last
    # byte littlefs will give, in ever smaller writes; a littlefs file
    # whose write failed keeps nothing more, so each write opens it anew)
    gc.collect()
    size = 1024
    chunk = memoryview(b"x" * size)
    while size:
        s = os.statvfs("/flash")
        if leave and s[0] * s[4] <= leave:
            return
        try:
            with open("/flash/filler", "ab") as f:
                f.write(chunk[:size])
        except OSError:
            size //= 2


def mode_full(lines):
    mount(sys.argv[1])
    alerts = [0]

    def host(line):
        if " POWER journal-full " in line:
            alerts[0] += 1

    r = Runner("/flash/games", out=host, board_id="flash")
    for i in range(3):  # finished games on the flash
        play(r, lines[i].split()[:40], 30)
    fill(50 * 1024)
    play(r, lines[3].split(), 120, end=False)  # needs room: the finished games give way
    j = r.app.journal
    print("kept=%d game=%d plies=%d" % (len(j.games()), j.game, r.app.game.position.ply))
    fill(0)  # now not a block left
    before = r.app.game.seq
    for m in lines[4].split()[:20]:
        if r.app.game.phase == 2:
            r.play(m, gap=3000)
    print("alerts=%d failed=%d" % (alerts[0], r.app.journal.failed))
    print("events_after_full=%d" % (r.app.game.seq - before))
    r.power(False)
    r.power(True)  # boots on a full flash
    print("booted seq=%d phase=%d" % (r.app.game.seq, r.app.game.phase))


def mode_finished(lines):
    mount(sys.argv[1])
    sent = []
    r = Runner("/flash/games", out=sent.append, board_id="flash")
    for i in range(2):  # finished games on the flash
        play(r, lines[i].split()[:40], 30)
    fill(50 * 1024)
    play(r, lines[3].split()[:60], 60, end=False)
    fill(0)  # not a block left
    for m in lines[3].split()[60:120]:
        if r.app.game.phase == 2:
            r.play(m, gap=3000)
    r.command(["resign", "black"])
    held = [int(x.split()[1]) for x in sent if x.startswith("E ")]
    print("failed=%d sent_last=%d kept_last=%d" % (r.app.journal.failed, held[-1], r.app.journal._seq))
    result = r.app.game.result
    sent.clear()
    r.power(False)
    r.power(True)  # boots on the full flash
    after = [x for x in sent if x.startswith("E ")]
    print("booted_first=%d phase=%d same_result=%d" % (int(after[0].split()[1]), r.app.game.phase,
                                                      int(r.app.game.result == result)))
    for x in after:
        print("after", x)


def main():
    lines = [x for x in sys.stdin.read().split("\n") if x.strip()]
    mode = sys.argv[2]
    if mode == "game":
        mode_game(lines, int(sys.argv[3]))
    elif mode == "games":
        mode_games(lines, int(sys.argv[3]), int(sys.argv[4]))
    elif mode == "full":
        mode_full(lines)
    elif mode == "finished":
        mode_finished(lines)


main()
