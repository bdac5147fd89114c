"""The journal on a Pico's filesystem (issue 14): littlefs with the Pico's
geometry (4096-byte blocks, 1408 KiB) in the unix port, counting erases and
pages (tests/mp/flash_run.py). The figures are docs/STORE.md's."""
import re

import pytest

from xqboard import runtime
from xqboard.paths import DATA, REPO

MP = REPO / "tests" / "mp"


def longest_games(n):
    text = (DATA / "master-games.pgn").read_text()
    games = [" ".join(re.findall(r"\b([a-i][0-9][a-i][0-9])\b", b.split("]\n\n", 1)[-1]))
             for b in text.split("[Game ")[1:]]
    games.sort(key=lambda g: -len(g.split()))
    return games[:n]


def flash_run(tmp_path, *args, games=5, heap="256k"):
    r = runtime.run([str(MP / "flash_run.py"), str(tmp_path / "flash.img")] + [str(a) for a in args],
                    heap=heap, input="\n".join(longest_games(games)) + "\n", extra_paths=[MP], timeout=3000)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout.splitlines()


def figures(lines):
    out = {}
    for line in lines:
        for w in line.split():
            if "=" in w:
                k, v = w.split("=")
                out[k] = float(v)
    return out


def test_a_four_hour_game_costs_a_few_erases_a_ply(tmp_path):
    # the longest master game (191 plies) over 4 hours of clock
    f = figures(flash_run(tmp_path, "game", 240))
    assert f["plies"] == 191
    assert f["commits"] <= f["plies"] + 10  # one commit per step that emits
    # was ~0.5 MB with a full clock snapshot every 5 s; 57 KB of events
    # (with their chain words) and 8 KB of game snapshots (docs/STORE.md)
    assert f["bytes"] < 72 * 1024
    assert f["erases"] < 3 * f["plies"]  # was 3,973 per 4-hour game
    assert f["records"] >= 2 * f["plies"]  # recovered all of it


@pytest.mark.parametrize("n", [8])
def test_games_in_a_row_are_all_kept_while_they_fit(tmp_path, n):
    lines = flash_run(tmp_path, "games", n, 120, games=n)
    assert lines[-1] == "ok", lines
    assert [int(x.split()[1][5:]) for x in lines[:-1]] == list(range(1, n + 1))


@pytest.mark.bench
def test_45_long_games_in_a_row_keep_the_newest_that_fit(tmp_path):
    lines = flash_run(tmp_path, "games", 45, 120, games=12)
    assert lines[-1] == "ok", lines
    kept = [int(x.split()[1][5:]) for x in lines[:-1]]
    assert min(kept[20:]) >= 20  # 20 games in a row fit, and stay


@pytest.mark.bench
def test_20_four_hour_games_in_a_row_keep_the_newest_18(tmp_path):
    # the longest master game (191 plies) 20 times over 4 hours each: 66 KB
    # a game with its snapshots (docs/STORE.md, "Measured")
    lines = flash_run(tmp_path, "games", 20, 240, games=1)
    assert lines[-1] == "ok", lines
    kept = [int(x.split()[1][5:]) for x in lines[:-1]]
    assert kept[:18] == list(range(1, 19)) and min(kept[18:]) >= 18  # kept after each game


def test_a_full_flash_keeps_the_game_and_boots(tmp_path):
    # Five games and then a boot in one process, at test_power's
    # POWERCUT_HEAP: a device boots into a fresh heap, this boot shares it
    # with what the sessions before left (218 KB of 253 in use before it,
    # with pytest's long paths); the boot's recovery from a snapshot found
    # no 464-byte hole at 256k. A boot in a fresh process recovers at
    # runtime.HEAP (test_power.py's killed processes, with snapshots).
    f = figures(flash_run(tmp_path, "full", heap="320k"))
    assert f["kept"] == 1 and f["game"] == 4 and f["plies"] > 100  # the finished games gave way
    assert f["alerts"] == 1 and f["failed"] > 0  # the board said it once; the game went on
    assert f["events_after_full"] > 20
    assert f["phase"] == 2 and f["seq"] > 300  # booted, with the game journaled until the flash was full


def test_4_1_12_a_game_finished_on_a_full_flash_never_comes_back_as_playing(tmp_path):
    # Issue 26, item 5: with the flash full, a game resigned (its result
    # sent, not kept) and the power cut. The board numbers on after every
    # event the host holds (none reused), names the events it never kept
    # in one sealed POWER damaged, and restates the result: finished.
    lines = flash_run(tmp_path, "finished", games=4, heap="320k")
    f = figures([x for x in lines if not x.startswith("after ")])
    assert f["failed"] > 10 and f["sent_last"] > f["kept_last"] + 10  # events the flash never took
    assert f["booted_first"] == f["sent_last"] + 1  # no number the host holds comes again
    assert f["phase"] == 3 and f["same_result"] == 1  # OVER, with the result the host holds
    after = [x.split(" ", 1)[1] for x in lines if x.startswith("after ")]
    gap = next(x for x in after if " POWER damaged " in x).split()
    assert "first=%d" % (f["kept_last"] + 1) in gap and "last=%d" % f["sent_last"] in gap
    assert any(w.startswith("seal=") for w in gap)
    assert any(" RESULT 1-0 4.1.12 " in x for x in after)
