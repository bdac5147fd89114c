"""`xqboard broadcast`: one process that serves the hall (docs/HALL.md).

    xqboard broadcast --mqtt localhost --tournament event.db     # the loggers publish to the broker
    xqboard broadcast /dev/ttyACM0 /dev/ttyACM1 --tournament event.db   # no broker: the embedded default
    xqboard broadcast --demo                                        # a broker, 8 boards, the live page

It subscribes to the broker with a persistent session (and/or runs the
loggers of the PORTs itself), stores every event in SQLite once (--db),
asks a logger again for any gap, serves the live page and the arbiter page
(--http; --no-web for none), and writes each confirmed result (art. 9)
into the tournament file (--tournament).
"""
import contextlib
import os

from ..errors import UsageError
from .sim import key_arg


def register(sub):
    p = sub.add_parser("broadcast", help="serve the hall: every board live, results into the event")
    p.add_argument("ports", nargs="*", metavar="PORT", help="boards on this PC (run here, without a broker if "
                                                            "no --mqtt)")
    p.add_argument("--mqtt", metavar="HOST[:PORT]", help="the broker the loggers publish to")
    p.add_argument("--db", default="hall.sqlite", help="the hall's store (default ./hall.sqlite)")
    p.add_argument("--tournament", metavar="EVENT.db", help="write confirmed results into this event file")
    p.add_argument("--http", default="127.0.0.1:8017", metavar="HOST:PORT", help="where the pages are served")
    p.add_argument("--secret", help="the arbiter page's login secret (default: $XQBOARD_ARBITER_SECRET)")
    p.add_argument("--no-web", action="store_true", help="no pages: store and results only")
    p.add_argument("--out", default="games", metavar="DIR", help="records of the boards run here")
    p.add_argument("--key", help="the arbiter's key in hex, for the boards run here")
    p.add_argument("--logger-id", default="broadcast", help="the name of this PC's logger on the broker")
    p.add_argument("--timeout", type=float, help="stop after this many seconds")
    p.add_argument("--demo", action="store_true", help="a broker, 8 replay boards of round 1 and the live page")
    p.add_argument("--demo-dir", help="the demo's folder (default: a new temporary one)")
    p.add_argument("--demo-every", type=float, default=1.0, help="seconds between a demo board's events")
    p.set_defaults(func=cmd_broadcast)


def _address(text, what, default_port):
    from ..hall.publisher import broker_address

    try:
        return broker_address(text, default_port)
    except ValueError:
        raise UsageError("%s %s: HOST or HOST:PORT" % (what, text))


def _pages(args, secret, http):
    """(hub, server) of the pages (hall/hub.py, hall/web.py), or (None,
    None) with --no-web; the server is not started yet."""
    if args.no_web:
        return None, None
    from ..hall.hub import Hub
    from ..hall.web import Serving, make_app

    hub = Hub()
    return hub, Serving(make_app(hub, secret), port=http[1], host=http[0])


def cmd_broadcast(args):
    secret = args.secret or os.environ.get("XQBOARD_ARBITER_SECRET")
    http = _address(args.http, "--http", 8017)
    if args.demo:
        from ..hall import demo

        demo.run(folder=args.demo_dir, every=args.demo_every, timeout=args.timeout, web=not args.no_web, http=http,
                 secret=secret or "arbiter")
        return 0
    if not args.ports and not args.mqtt:
        raise UsageError("give the boards' PORTs (run here, no broker) or --mqtt HOST[:PORT] (or --demo)")
    if not args.no_web and not secret:
        raise UsageError("the arbiter page needs a secret: --secret or $XQBOARD_ARBITER_SECRET (or --no-web)")
    from ..hall.broadcast import Broadcast

    hub, server = _pages(args, secret, http)
    mqtt = _address(args.mqtt, "--mqtt", 1883) if args.mqtt else None
    b = Broadcast(args.db, hub, mqtt=mqtt, ports=args.ports, out=args.out,
                  key=key_arg(args.key) if args.key else None, tournament=args.tournament, logger_id=args.logger_id)
    try:
        with server or contextlib.nullcontext() as url:
            if url:
                print("live page: %s/  (arbiter page: %s/arbiter)" % (url, url), flush=True)
            b.run(timeout=args.timeout)
    finally:
        b.close()
    print("%d events delivered in order, %d duplicates dropped" % (b.intake.delivered, b.intake.duplicates))
    return 0
