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
from .addresses import address_arg
from .log import mqtt_account
from . import keyopts


def register(sub):
    p = sub.add_parser("broadcast", help="serve the hall: every board live, results into the event")
    p.add_argument("ports", nargs="*", metavar="PORT", help="boards on this PC (run here, without a broker if "
                                                            "no --mqtt)")
    p.add_argument("--mqtt", metavar="HOST[:PORT]", help="the broker the loggers publish to")
    p.add_argument("--mqtt-credentials", metavar="FILE", help="the broadcast's account on the broker (`xqboard hall "
                   "init`'s accounts/broadcast.json; default $XQBOARD_MQTT_CREDENTIALS)")
    p.add_argument("--db", default="hall.sqlite", help="the hall's store (default ./hall.sqlite)")
    p.add_argument("--tournament", metavar="EVENT.db", help="write confirmed results into this event file")
    p.add_argument("--http", default="127.0.0.1:8017", metavar="HOST:PORT", help="where the pages are served")
    p.add_argument("--arbiters", metavar="FILE", help="the arbiters' accounts (`xqboard hall init --arbiter` or "
                   "`xqboard hall arbiter`; default $XQBOARD_ARBITERS): no secret ever on the command line")
    p.add_argument("--tls-cert", metavar="FILE", help="serve the pages over HTTPS with this certificate "
                   "(e.g. hall init's tls/server.crt); the arbiter's cookie goes Secure")
    p.add_argument("--tls-key", metavar="FILE", help="its key (tls/server.key)")
    p.add_argument("--no-web", action="store_true", help="no pages: store and results only")
    p.add_argument("--accept-unkeyed", action="store_true",
                   help="the arbiter accepts boards without a key: their (unverified) results are written too")
    p.add_argument("--delay", type=float, default=0.0, metavar="MINUTES",
                   help="show the public (live page, /feed, exports, relay files) the hall this late; "
                        "the arbiter's page is never delayed")
    p.add_argument("--public-feed", action="store_true", help="publish the public hall on the broker for "
                   "read-only replicas of the pages (`xqboard replica`)")
    p.add_argument("--public-credentials", metavar="FILE", help="the account it publishes with (`xqboard hall "
                   "init --replica ...`'s accounts/public.json)")
    p.add_argument("--out", default="games", metavar="DIR", help="records of the boards run here")
    keyopts.add(p, "for the boards run here")
    p.add_argument("--logger-id", default="broadcast", help="the name of this PC's logger on the broker")
    p.add_argument("--timeout", type=float, help="stop after this many seconds")
    p.add_argument("--demo", action="store_true", help="a broker, 8 replay boards of round 1 and the live page")
    p.add_argument("--demo-dir", help="the demo's folder (default: a new temporary one)")
    p.add_argument("--demo-every", type=float, default=1.0, help="seconds between a demo board's events")
    p.set_defaults(func=cmd_broadcast)


def _arbiters(args):
    """The arbiters' accounts of --arbiters or $XQBOARD_ARBITERS; None with --no-web."""
    from ..hall.arbiters import ArbiterError, Arbiters

    if args.no_web:
        return None
    path = args.arbiters or os.environ.get("XQBOARD_ARBITERS")
    if not path:
        raise UsageError("the arbiter page needs its accounts: --arbiters FILE or $XQBOARD_ARBITERS "
                         "(made by `xqboard hall init DIR --arbiter NAME`; or --no-web)")
    try:
        arbiters = Arbiters.load(path)
    except ArbiterError as e:
        raise UsageError(str(e))
    if not arbiters:
        raise UsageError("%s: no arbiter accounts (`xqboard hall arbiter %s NAME`)" % (path, path))
    return arbiters


def _tls(args):
    if bool(args.tls_cert) != bool(args.tls_key):
        raise UsageError("--tls-cert and --tls-key go together")
    return (args.tls_cert, args.tls_key) if args.tls_cert else None


def _pages(args, arbiters, http, hub, b):
    """(delay, server) of the pages (hall/delay.py, hall/web.py) over
    `hub` and the Broadcast `b` (its desk), or Nones with --no-web
    (delay: None without --delay); the server and the delay are not
    started yet."""
    if args.no_web:
        return None, None
    from ..hall.delay import Delay
    from ..hall.web import Serving, make_app

    delay = Delay(hub, args.delay * 60) if args.delay > 0 else None
    app = make_app(hub, arbiters, public=delay.public if delay else None, tournament=args.tournament, desk=b.desk,
                   round_starter=b.round_starter(), quarantine=b.quarantine)
    return delay, Serving(app, port=http[1], host=http[0], tls=_tls(args))


def cmd_broadcast(args):
    key = keyopts.key_from(args)  # (first: a key in argv is refused before anything runs)
    http = address_arg(args.http, "--http", 8017)
    if args.demo:
        from ..hall import demo_hall

        demo_hall.run(folder=args.demo_dir, every=args.demo_every, timeout=args.timeout, web=not args.no_web, http=http)
        return 0
    if not args.ports and not args.mqtt:
        raise UsageError("give the boards' PORTs (run here, no broker) or --mqtt HOST[:PORT] (or --demo)")
    arbiters = _arbiters(args)
    from ..hall.broadcast import Broadcast

    if args.delay < 0:
        raise UsageError("--delay %g: minutes, 0 or more" % args.delay)
    hub = None
    if not args.no_web:
        from ..hall.hub import Hub

        hub = Hub()
    mqtt = address_arg(args.mqtt, "--mqtt", 1883) if args.mqtt else None
    acct = mqtt_account(args.mqtt_credentials) if mqtt else None
    if acct is not None and args.ports:
        # the broadcast's account publishes no board events (the hall's ACL)
        raise UsageError("with a broker account, run this PC's boards with `xqboard log --mqtt` under a "
                         "logger's account")
    b = Broadcast(args.db, hub, mqtt=mqtt, ports=args.ports, out=args.out,
                  key=key, tournament=args.tournament, logger_id=args.logger_id,
                  account=acct, accept_unkeyed=args.accept_unkeyed)
    delay, server = _pages(args, arbiters, http, hub, b)
    if delay is not None:
        delay.restamp(b.store.received())  # what the store held: delayed from when it came, not from now
        delay.start()
    feed = None
    if args.public_feed:
        if not (mqtt and hub):
            raise UsageError("--public-feed needs --mqtt and the pages")
        from ..hall.eventpages import ListsWatch
        from ..hall.publicfeed import PublicFeed

        public = delay.public if delay else hub  # what the public may see: verified, delayed
        lists = ListsWatch(args.tournament) if args.tournament else None  # the replicas' standings and players
        feed = PublicFeed(public, mqtt[0], mqtt[1], account=mqtt_account(args.public_credentials)
                          if args.public_credentials else None, lists=lists).start()
    try:
        with server or contextlib.nullcontext() as url:
            if url:
                print("live page: %s/  (arbiter page: %s/arbiter)" % (url, url), flush=True)
            b.run(timeout=args.timeout)
    finally:
        if feed is not None:
            feed.close()
        if delay is not None:
            delay.stop()
        b.close()
    print("%d events delivered in order, %d duplicates dropped, %d malformed messages dropped%s" % (
        b.intake.delivered, b.intake.duplicates, sum(b.intake.malformed.values()),
        " (%s)" % ", ".join("%s %d" % kv for kv in b.intake.malformed.most_common()) if b.intake.malformed else ""))
    return 0
