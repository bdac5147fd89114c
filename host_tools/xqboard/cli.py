"""The `xqboard` command.

Each subcommand lives in its own module of xqboard.commands and registers
itself there (a function `register(subparsers)` that adds its parser and
sets `func`), so adding a command never touches this file.

Exit status: 0 done, 2 bad input (a bad FEN, a malformed script, wrong
arguments) or any other error, with the reason on one line on stderr
(`xqboard --debug ...` shows the traceback of an unexpected one); never a
traceback for bad input. Output piped into a reader that stops early
(`| head`) ends the command quietly, as a closed pipe ends `cat`.

Only the module of the command named is imported (`xqboard tournament ...`
imports commands/tournament, not the simulator's or the hall's modules):
the start-up of a short command is its own imports, no one else's.
"""
import argparse
import importlib
import os
import pkgutil
import signal
import sys

from . import __version__, commands
from .errors import UsageError


def parser(argv=None):
    """The argument parser; with `argv`, only the named command's module
    is registered (all of them when the name is no module's: the help, a
    typo, a module registering other names)."""
    p = argparse.ArgumentParser(
        prog="xqboard",
        description="Tools for the xqboard tournament Xiangqi board.",
    )
    p.add_argument("--version", action="version", version="xqboard " + __version__)
    p.add_argument("--debug", action="store_true", help="show the traceback of an unexpected error")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__))
    named = next((a for a in argv or () if not a.startswith("-")), None)
    for name in [named] if named in names else names:
        module = importlib.import_module("%s.%s" % (commands.__name__, name))
        if hasattr(module, "register"):  # (commands/addresses.py, keyopts.py: helpers of commands, no command)
            module.register(sub)
    return p


def _stop(signum, frame):
    raise KeyboardInterrupt


def _signals():
    # Ctrl-C (and a plain `kill`) end every command cleanly, even when it was
    # started as a background job, which inherits SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop)


def _closed_pipe():
    # The reader went away (`xqboard tournament players ev.db | head`): what
    # is still buffered goes nowhere, and the exit is the shell's for a
    # writer a closed pipe stopped (128 + SIGPIPE), without a traceback.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 128 + signal.SIGPIPE


def main(argv=None):
    _signals()
    argv = sys.argv[1:] if argv is None else list(argv)
    p = parser(argv)
    args = p.parse_args(argv)
    if not getattr(args, "func", None):
        p.print_help()
        return 2
    try:
        status = args.func(args) or 0
        sys.stdout.flush()
        return status
    except UsageError as e:
        print("xqboard: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _closed_pipe()
    except Exception as e:
        if args.debug:
            raise
        # an error no command expected: one line, its kind and message
        text = " ".join(str(e).split()) or "(no message)"
        print("xqboard: %s: %s (xqboard --debug %s ... shows where)" % (type(e).__name__, text, args.command),
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
