"""The library raises TournamentError; only xqboard.commands turns it into
the command line's one-line message and exit status 2. `tournament table`
and its older name `roundrobin` print the same."""
import ast
import doctest
import pathlib
import subprocess
import sys

import pytest

import xqboard.commands.tournament as tournament_commands
from xqboard.cli import main
from xqboard.errors import UsageError
from xqboard.tournament.errors import TournamentError
from xqboard.tournament.event import Event

HOST = pathlib.Path(__file__).resolve().parents[2] / "host_tools" / "xqboard"


def xqboard(*args):
    return subprocess.run([sys.executable, "-m", "xqboard.cli"] + [str(a) for a in args],
                          capture_output=True, text=True)


def _imported_modules(path):
    """The absolute names of the modules a file imports (function bodies included)."""
    package = ["xqboard"] + list(path.relative_to(HOST).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            yield module
            yield from ("%s.%s" % (module, a.name) for a in node.names)


def test_the_library_never_imports_the_command_line_error():
    for path in sorted((HOST / "tournament").rglob("*.py")):
        imported = set(_imported_modules(path))
        assert not imported & {"xqboard.errors", "xqboard.errors.UsageError"}, path
        assert not any(m.startswith("xqboard.commands") for m in imported), path


def test_a_tournament_error_is_exit_status_2_and_one_line(tmp_path):
    db = tmp_path / "e.db"
    assert xqboard("tournament", "new", db, "--name", "E", "--system", "roundrobin").returncode == 0
    for name in "AB":
        xqboard("tournament", "add", db, name)
    xqboard("tournament", "pair", db)
    r = xqboard("tournament", "result", db, 1, 5, "1-0")
    assert r.returncode == 2
    assert r.stderr == "xqboard: round 1 has no board 5\n" and r.stdout == ""


def test_a_multi_line_tournament_error_is_reported_on_one_line(tmp_path, monkeypatch, capsys):
    def refuse(path):
        raise TournamentError("chromium made no PDF (exit 1):\n  cannot open display\n")

    monkeypatch.setattr(Event, "open", staticmethod(refuse))
    assert main(["tournament", "players", str(tmp_path / "x.db")]) == 2
    assert capsys.readouterr().err == "xqboard: chromium made no PDF (exit 1): cannot open display\n"


def test_reports_errors_turns_the_library_error_into_the_usage_error():
    def action(args):
        raise TournamentError("no entrant 'Nobody'")

    with pytest.raises(UsageError, match="^no entrant 'Nobody'$"):
        tournament_commands.reports_errors(action)(None)


def test_every_tournament_action_reports_library_errors(tmp_path):
    # a library error from any action (here: no such file) is exit status 2
    for action in ("add", "team", "remove", "players", "draw", "pair", "pairings", "lineup", "result", "winner",
                   "import", "withdraw", "penalty", "standings", "bracket", "export"):
        extra = {"add": ["X"], "team": ["X"], "remove": ["X"], "lineup": [1, "T", "P"], "result": [1, 1, "1-0"],
                 "winner": [1, 1, "X"], "import": ["r.pgn"], "withdraw": ["X"], "penalty": ["X", "18.1"],
                 "export": ["csv", tmp_path / "o.csv"]}.get(action, [])
        r = xqboard("tournament", action, tmp_path / "missing.db", *extra)
        assert r.returncode == 2, action
        assert r.stderr.startswith("xqboard: no event file") and r.stderr.count("\n") == 1, (action, r.stderr)


def test_the_command_package_docstrings_run():
    failed, tried = doctest.testmod(tournament_commands)
    assert tried > 0 and failed == 0


@pytest.mark.parametrize("args", [["3"], ["6"], ["7", "--double"], ["10"], ["2", "--double"]])
def test_tournament_table_and_roundrobin_print_the_same(capsys, args):
    assert main(["tournament", "table"] + args) == 0
    table = capsys.readouterr()
    assert main(["roundrobin"] + args) == 0
    alias = capsys.readouterr()
    assert table.out == alias.out and table.out.startswith("1: ") and table.err == alias.err == ""


@pytest.mark.parametrize("arg", ["1", "x", "-4", "0", "1001"])
def test_tournament_table_and_roundrobin_refuse_the_same(arg):
    table, alias = xqboard("tournament", "table", arg), xqboard("roundrobin", arg)
    assert table.returncode == alias.returncode == 2
    assert table.stderr == alias.stderr and table.stderr.startswith("xqboard: N must")
