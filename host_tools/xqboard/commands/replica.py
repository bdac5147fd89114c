"""`xqboard replica --mqtt HOST[:PORT] --name r1`: a read-only replica of
the public pages (hall/replica.py; docs/HALL.md, "Thousands of viewers").

It follows the public hall that the one `xqboard broadcast` publishes on
the broker (`broadcast --public-feed`) and serves the live page, its
streams, the exports, the relay files and the event's players, standings
and pairings (as the primary published them) from a hub of its own. It writes
no store, no tournament file, no result, and has no arbiter's page. Its
account (`xqboard hall init --replica r1`: accounts/r1.json) reads the
public topics only.
"""
import contextlib

from .addresses import address_arg
from .log import mqtt_account

READY_S = 10.0  # s a replica waits to hold the hall the primary's head announced before serving (none: a new hall)


def register(sub):
    p = sub.add_parser("replica", help="a read-only replica of the public pages, fed from the broker")
    p.add_argument("--mqtt", required=True, metavar="HOST[:PORT]", help="the hall's broker")
    p.add_argument("--mqtt-credentials", metavar="FILE", help="the replica's account (`xqboard hall init "
                   "--replica NAME`'s accounts/NAME.json; default $XQBOARD_MQTT_CREDENTIALS)")
    p.add_argument("--name", default=None, help="the replica's name (its account's; default: the account's "
                   "user, else 'replica')")
    p.add_argument("--http", default="127.0.0.1:8018", metavar="HOST:PORT", help="where the pages are served")
    p.add_argument("--timeout", type=float, help="stop after this many seconds")
    p.set_defaults(func=cmd_replica)


def cmd_replica(args):
    import time

    from ..hall.hub import Hub
    from ..hall.replica import Replica
    from ..hall.web import Serving, make_app

    mqtt = address_arg(args.mqtt, "--mqtt", 1883)
    acct = mqtt_account(args.mqtt_credentials)
    name = args.name or (acct.user if acct else "replica")
    http = address_arg(args.http, "--http", 8018)
    replica = Replica(Hub(), mqtt[0], mqtt[1], name=name, account=acct).start()
    replica.ready.wait(READY_S)  # the pages open on the whole hall, not on what came first
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    try:
        with Serving(make_app(replica.hub, None, published=replica), port=http[1], host=http[0]) as url:
            print("replica %s: live page %s/" % (name, url), flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                while deadline is None or time.monotonic() < deadline:
                    time.sleep(0.5)
    finally:
        replica.close()
    print("replica %s: %d events taken, %d malformed messages dropped" % (name, replica.at, replica.malformed))
    return 0
