"""`xqboard log PORT [PORT...]`: follow boards, show their games live,
write every game as it goes (PGN in ICCS, WXF and Chinese, a bare PGN for
cchess, the score sheet of art. 9, the raw event log). Reconnects by
itself when a port comes back and asks each board for what it missed.
Runs until Ctrl-C (or --until-over: until every board's game has ended).

The logger never confirms a result by itself: with the key, the arbiter types
commands on its input, a line each, `[<board>] <command>`: `confirm` (art.
9), `annul by=Li`, `t-2 result 1/2-1/2 4.2.2 by=Li` (docs/RULES.md, "The
arbiter decides"); the board's answer is printed.

With --mqtt HOST[:PORT] the logger also publishes every event to an MQTT
broker for `xqboard broadcast` (docs/HALL.md), from an outbox on disk
(OUT/hall-outbox.sqlite): a broker that is down loses nothing.
"""
import os
import socket
import sys
import threading

from ..errors import UsageError
from ..logger import Logger
from . import keyopts


def register(sub):
    p = sub.add_parser("log", help="follow boards live and record their games")
    p.add_argument("ports", nargs="+", metavar="PORT", help="serial port or pseudo-terminal (or a pyserial URL)")
    p.add_argument("--out", default="games", metavar="DIR", help="folder of the records (default ./games)")
    keyopts.add(p, "the arbiter's commands typed on the input (`confirm`, art. 9; the overrules) are signed "
                   "with it")
    p.add_argument("--traditional", action="store_true", help="Chinese records in traditional characters (傌, 車...)")
    p.add_argument("--abbreviated", action="store_true", help="Chinese records in the abbreviated form of 7.5 (炮25)")
    p.add_argument("--plain", action="store_true", help="one line per event, never redraw (the default off a terminal)")
    p.add_argument("--no-color", action="store_true", help="no ANSI colours in the diagram")
    p.add_argument("--until-over", action="store_true", help="stop once every board's game has a result")
    p.add_argument("--timeout", type=float, help="stop after this many seconds")
    p.add_argument("--records-every", type=float, default=0.5, metavar="S",
                   help="rewrite a game's PGN files and score sheet at most every S seconds while it runs (default "
                        "0.5; at its end at once). A logger of many boards: 10-30 (each rewrite costs 6 fsyncs)")
    p.add_argument("--mqtt", metavar="HOST[:PORT]", help="publish every event to this MQTT broker (docs/HALL.md)")
    p.add_argument("--mqtt-credentials", metavar="FILE", help="the logger's account on the broker (`xqboard hall "
                   "init`'s accounts/NAME.json; default $XQBOARD_MQTT_CREDENTIALS); its name is the logger's")
    p.add_argument("--logger-id", help="this logger's name on the broker (default: host name and OUT folder); "
                                       "keep it across restarts: its replay requests are addressed by it")
    p.set_defaults(func=cmd_log)


def cmd_log(args):
    key = keyopts.key_from(args)
    if len(set(args.ports)) != len(args.ports):
        raise UsageError("a port is given twice")
    chinese = {k: True for k in ("traditional", "abbreviated") if getattr(args, k)}
    publisher = _publisher(args) if args.mqtt else None
    sink = desk = None
    if publisher is not None:
        from ..hall.door import Door
        from ..hall.sink import HallSink

        sink = HallSink(publisher, publisher.logger_id)
        desk = Door(publisher)  # the arbiter's desk's commands for these boards (docs/HALL.md)
    logger = Logger(args.ports, args.out, key=key, live=False if args.plain else None,
                    color=False if args.no_color else None, chinese=chinese, sink=sink, every=args.records_every,
                    desk=desk)
    if key is not None:
        _read_arbiter_lines(logger)
    until = None
    if args.until_over:
        def until():
            return all(logger.over(b) for b in logger.boards)
    try:
        logger.run(until=until, timeout=args.timeout)
    finally:
        if publisher is not None:
            publisher.wait_idle(timeout=5.0)  # what is left waits in the outbox for the next run
            publisher.close()
    for b in logger.boards:
        if b.files is not None:
            print("%s: %s.*" % (b.session.port, b.files.out / b.files.stem))
    return 0


def _publisher(args):
    from ..hall.outbox import Outbox
    from ..hall.publisher import Publisher, broker_address

    try:
        host, port = broker_address(args.mqtt)
    except ValueError:
        raise UsageError("--mqtt %s: HOST or HOST:PORT" % args.mqtt)
    acct = mqtt_account(args.mqtt_credentials)
    os.makedirs(args.out, exist_ok=True)
    logger_id = args.logger_id or (acct.user if acct else "%s-%s" % (
        socket.gethostname(), os.path.basename(os.path.abspath(args.out))))
    if not logger_id.replace("-", "").replace("_", "").replace(".", "").isalnum():
        raise UsageError("--logger-id %r: letters, digits, - _ . only (it is a topic level)" % logger_id)
    if acct and acct.user != logger_id:
        raise UsageError("--logger-id %s with the account of %s: a logger publishes as its account" % (
            logger_id, acct.user))
    return Publisher(host, port, Outbox(os.path.join(args.out, "hall-outbox.sqlite")), logger_id,
                     account=acct).start()


def mqtt_account(path):
    """The broker account of `--mqtt-credentials FILE` or the environment
    (hall/access.py), or None; never a secret from argv."""
    from ..hall.access import AccountError, account

    try:
        return account(path)
    except AccountError as e:
        raise UsageError(str(e))


def _read_arbiter_lines(logger, stream=None):
    """The arbiter's command lines from the input, handed to the logger as
    they come (a thread: reading waits; the logger's loop does not)."""
    stream = stream or sys.stdin

    def read():
        for line in stream:
            logger.typed(line.strip())

    threading.Thread(target=read, daemon=True).start()
