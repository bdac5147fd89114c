"""The library raises TournamentError; only xqboard.commands turns it into
the command line's one-line message and exit status 2. `tournament table`
and its older name `roundrobin` print the same."""
import ast
import os
import pathlib
import subprocess
import sys

import pytest

import xqboard.commands.tournament as tournament_commands
from xqboard.cli import main
from xqboard.errors import UsageError
from xqboard.tournament.refusal import TournamentError
from xqboard.tournament.event import Tournament

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
    ev = Tournament.create(str(db), "E", system="roundrobin")      # made here: one process is the test's
    for name in "AB":
        ev.add_player(name)
    ev.pair()
    ev.db.close()
    r = xqboard("tournament", "result", db, 1, 5, "1-0")
    assert r.returncode == 2
    assert r.stderr == "xqboard: round 1 has no board 5\n" and r.stdout == ""


def test_a_multi_line_tournament_error_is_reported_on_one_line(tmp_path, monkeypatch, capsys):
    def refuse(path):
        raise TournamentError("chromium made no PDF (exit 1):\n  cannot open display\n")

    monkeypatch.setattr(Tournament, "open", staticmethod(refuse))
    assert main(["tournament", "players", str(tmp_path / "x.db")]) == 2
    assert capsys.readouterr().err == "xqboard: chromium made no PDF (exit 1): cannot open display\n"


def test_reports_errors_turns_the_library_error_into_the_usage_error():
    def action(args):
        raise TournamentError("no entrant 'Nobody'")

    with pytest.raises(UsageError, match="^no entrant 'Nobody'$"):
        tournament_commands.reports_errors(action)(None)


def test_every_tournament_action_reports_library_errors(tmp_path, capsys):
    # a library error from any action (here: no such file) is exit status 2:
    # the first through a process of its own (the status as a shell sees
    # it), the others through main(), which that process exits with (a
    # process each cost 0.5 s of CPU)
    for n, action in enumerate( ("add", "team", "remove", "players", "draw", "pair", "pairings", "lineup", "result", "winner",
                   "import", "withdraw", "penalty", "standings", "bracket", "export")):
        extra = {"add": ["X"], "team": ["X"], "remove": ["X"], "lineup": [1, "T", "P"], "result": [1, 1, "1-0"],
                 "winner": [1, 1, "X"], "import": ["r.pgn"], "withdraw": ["X"], "penalty": ["X", "18.1"],
                 "export": ["csv", tmp_path / "o.csv"]}.get(action, [])
        args = ["tournament", action, tmp_path / "missing.db"] + extra
        if n == 0:
            r = xqboard(*args)
            status, err = r.returncode, r.stderr
        else:
            status, err = main([str(a) for a in args]), capsys.readouterr().err
        assert status == 2, action
        assert err.startswith("xqboard: no event file") and err.count("\n") == 1, (action, err)


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


def _run_into_a_closed_pipe(*args):
    """Runs xqboard with its stdout a pipe whose reader has gone (as `| head`
    leaves it once it has its lines); returns (exit status, stderr)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = subprocess.run([sys.executable, "-m", "xqboard.cli"] + [str(a) for a in args], stdout=write_end,
                           stderr=subprocess.PIPE, text=True)
    finally:
        os.close(write_end)
    return r.returncode, r.stderr


def test_a_closed_pipe_is_no_traceback(tmp_path):
    db = tmp_path / "e.db"
    ev = Tournament.create(str(db), "E", system="swiss", rounds=3)
    for name in "ABC":
        ev.add_player(name)
    ev.db.close()
    assert main(["tournament", "edit", str(db), "A", "--rating", "2000"]) == 0      # a backup for `restore` to list
    for action in (["players", db], ["restore", db]):
        status, err = _run_into_a_closed_pipe("tournament", *action)
        assert (status, err) == (141, ""), (action, err)       # 128 + SIGPIPE, as a shell reports `yes | head`


def test_an_unexpected_error_is_one_line_and_exit_status_2(tmp_path, monkeypatch, capsys):
    db = tmp_path / "e.db"
    Tournament.create(str(db), "E", system="roundrobin").db.close()

    def broken(self):
        raise KeyError("entrants")

    monkeypatch.setattr(Tournament, "entrants", broken)
    assert main(["tournament", "players", str(db)]) == 2
    err = capsys.readouterr().err
    assert err == "xqboard: KeyError: 'entrants' (xqboard --debug tournament ... shows where)\n"
    with pytest.raises(KeyError):
        main(["--debug", "tournament", "players", str(db)])


def test_a_printout_into_a_missing_folder_says_so_in_one_line(tmp_path, capsys):
    db = tmp_path / "e.db"
    ev = Tournament.create(str(db), "E", system="roundrobin")
    for name in "AB":
        ev.add_player(name)
    ev.pair()
    ev.db.close()
    for args in (["export", db, "pdf", tmp_path / "no" / "s.pdf"], ["slips", db, 1, tmp_path / "no" / "r1.pdf"]):
        assert main(["tournament"] + [str(a) for a in args]) == 2
        err = capsys.readouterr().err
        assert err.endswith(": no folder %s to write it in\n" % (tmp_path / "no")) and err.count("\n") == 1, err
