"""Start-up of the tournament commands (issue 25, item 7): the help and the
short commands import none of the heavy modules; the figures are
bench/bench_startup.py's (make bench)."""
import subprocess
import sys

import pytest

# What a command that only lists, or only enters one result, must not pay for
HEAVY = ("pypinyin", "openpyxl", "xqboard.tournament.event", "xqboard.tournament.systems",
         "xqboard.tournament.swiss", "xqboard.logger", "xqboard.hall", "xqboard.simboard", "xqboard.core",
         "starlette", "selenium", "paho")
# Modules of xqboard/commands/ that hold options several commands share,
# light by design (argparse and xqboard.keyfile): not another command
OPTION_HELPERS = ("keyopts",)
PROBE = """
import sys
from xqboard.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.stdout.flush()
print("\\n".join(sorted(sys.modules)), file=sys.stderr)
"""


def modules_after(*args):
    r = subprocess.run([sys.executable, "-c", PROBE] + [str(a) for a in args], capture_output=True, text=True)
    return set(r.stderr.split())


def heavy(modules):
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_tournament_help_imports_no_heavy_module():
    loaded = modules_after("tournament", "--help")
    assert "xqboard.commands.tournament.result" in loaded          # the probe saw the command line run
    assert heavy(loaded) == []


@pytest.mark.parametrize("action", ["players", "result", "results", "withdraw", "pair"])
def test_short_commands_load_no_pinyin_nor_spreadsheet_before_the_event(action, tmp_path):
    # a file that does not exist: the command stops where it would open the event
    extra = {"result": [1, 1, "1-0"], "results": [1, tmp_path / "slip.csv"], "withdraw": ["X"]}.get(action, [])
    loaded = modules_after("tournament", action, tmp_path / "none.db", *extra)
    assert "xqboard.commands.tournament.%s" % action in loaded
    assert [m for m in heavy(loaded) if m.split(".")[0] in ("pypinyin", "openpyxl", "starlette", "selenium")] == []
    # no other command's module: only the shared option helpers (keyopts: tournament import's --key-file)
    assert not any(m.startswith("xqboard.commands.") and m.split(".")[2] not in ("tournament",) + OPTION_HELPERS
                   for m in loaded)


def test_players_and_result_of_an_event_load_no_pinyin_nor_pairing_system(new_event):
    ev = new_event(4, system="roundrobin")
    ev.pair()
    for args in (["players", ev.path], ["result", ev.path, 1, 1, "1-0"]):
        loaded = modules_after("tournament", *args)
        assert "xqboard.tournament.event" in loaded, args
        assert [m for m in heavy(loaded) if m != "xqboard.tournament.event"] == [], args
