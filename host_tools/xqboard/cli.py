"""The `xqboard` command.

Each subcommand lives in its own module of xqboard.commands and registers
itself there (a function `register(subparsers)` that adds its parser and
sets `func`), so adding a command never touches this file.

Exit status: 0 done, 2 bad input (a bad FEN, a malformed script, wrong
arguments), with the reason on stderr; never a traceback for bad input.
"""
import argparse
import importlib
import pkgutil
import signal
import sys

from . import __version__, commands
from .errors import UsageError


def parser():
    p = argparse.ArgumentParser(
        prog="xqboard",
        description="Tools for the xqboard tournament Xiangqi board.",
    )
    p.add_argument("--version", action="version", version="xqboard " + __version__)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        module = importlib.import_module("%s.%s" % (commands.__name__, info.name))
        module.register(sub)
    return p


def _stop(signum, frame):
    raise KeyboardInterrupt


def _signals():
    # Ctrl-C (and a plain `kill`) end every command cleanly, even when it was
    # started as a background job, which inherits SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop)


def main(argv=None):
    _signals()
    p = parser()
    args = p.parse_args(argv)
    if not getattr(args, "func", None):
        p.print_help()
        return 2
    try:
        return args.func(args) or 0
    except UsageError as e:
        print("xqboard: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
