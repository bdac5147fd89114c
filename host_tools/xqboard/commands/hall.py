"""`xqboard hall init DIR --logger pc1 --logger pc2 ... [--arbiter NAME ...]`:
the broker of a hall, set up once; `xqboard hall arbiter FILE NAME`: an
arbiter's account (docs/HALL.md, "The broker of a hall", "The arbiter's
login"; hall/hallinit.py, hall/arbiters.py).

`init` writes DIR/mosquitto.conf (no anonymous clients, accounts, ACLs,
TLS with a CA of the hall's own), the password file (mosquitto_passwd),
the ACL and an account file per logger, one for `broadcast` and one for
`round` (`round start --mqtt`; DIR/accounts/<name>.json, mode 600): hand each to its PC and give it with
`--mqtt-credentials FILE` or $XQBOARD_MQTT_CREDENTIALS. Run the broker with
`mosquitto -c DIR/mosquitto.conf`. With --arbiter, DIR/arbiters.json (the
arbiters' page accounts, `broadcast --arbiters`) and each one's first
secret in DIR/accounts/arbiter-<name>.txt.

`arbiter` sets an account's secret, read from $XQBOARD_ARBITER_SECRET, the
terminal (asked twice) or one line of stdin: never from argv, which every
user of the PC sees in `ps`.
"""
import getpass
import os
import sys

from ..errors import UsageError


def register(sub):
    p = sub.add_parser("hall", help="set up a hall's broker: accounts, ACLs, TLS; the arbiters' accounts")
    s = p.add_subparsers(dest="hall_command", required=True)
    i = s.add_parser("init", help="write a Mosquitto config, accounts, ACLs and certificates into DIR")
    i.add_argument("dir", metavar="DIR")
    i.add_argument("--logger", action="append", required=True, metavar="NAME",
                   help="a logger's account (its --logger-id); once per logger PC")
    i.add_argument("--arbiter", action="append", default=[], metavar="NAME",
                   help="an arbiter's account for the arbiter's page (a random first secret); repeatable")
    i.add_argument("--port", type=int, default=8883, help="the broker's port (default 8883, MQTT over TLS)")
    i.add_argument("--bind", default="0.0.0.0", help="the address it listens on")
    i.add_argument("--host", action="append", metavar="NAME",
                   help="a name or address the loggers reach the broker by (in its certificate); repeatable")
    i.add_argument("--replica", action="append", default=[], metavar="NAME",
                   help="a read-only replica of the public pages (`xqboard replica`); repeatable")
    i.add_argument("--no-tls", action="store_true", help="a plain listener (a network of the hall's alone)")
    i.set_defaults(func=cmd_init)
    a = s.add_parser("arbiter", help="set (or --remove) an arbiter's account; the secret from "
                                     "$XQBOARD_ARBITER_SECRET, the terminal or stdin")
    a.add_argument("file", metavar="FILE", help="the arbiters' file (hall init's DIR/arbiters.json; made if new)")
    a.add_argument("name", metavar="NAME", nargs="?", help="the arbiter (none: list the accounts)")
    a.add_argument("--remove", action="store_true", help="remove the account")
    a.set_defaults(func=cmd_arbiter)


def cmd_init(args):
    from ..hall.hallinit import InitError, init

    try:
        made = init(args.dir, args.logger, port=args.port, bind=args.bind,
                    hosts=args.host or ["localhost"], tls=not args.no_tls, arbiters=args.arbiter,
                    replicas=args.replica)
    except InitError as e:
        raise UsageError(str(e))
    print("broker: mosquitto -c %s   (port %d%s)" % (made.conf, made.port, ", TLS" if made.ca else ""))
    for name, path in made.credentials.items():
        print("account %-12s %s" % (name, path))
    if made.arbiters:
        print("arbiters: broadcast --arbiters %s" % made.arbiters)
        for name, path in made.arbiter_secrets.items():
            print("arbiter %-12s first secret in %s" % (name, path))
    return 0


def read_secret(env=None, stdin=None):
    """The new secret: $XQBOARD_ARBITER_SECRET, else asked twice on a
    terminal, else stdin's first line."""
    env = os.environ if env is None else env
    stdin = stdin or sys.stdin
    if env.get("XQBOARD_ARBITER_SECRET"):
        return env["XQBOARD_ARBITER_SECRET"]
    if stdin.isatty():
        first = getpass.getpass("secret: ")
        if getpass.getpass("again: ") != first:
            raise UsageError("the two secrets differ")
        return first
    return stdin.readline().rstrip("\r\n")


def cmd_arbiter(args):
    from ..hall.arbiters import ArbiterError, Arbiters

    try:
        accounts = Arbiters.open(args.file)
        if args.name is None:
            print("\n".join(accounts.names()) or "no arbiters in %s" % args.file)
            return 0
        if args.remove:
            accounts.remove(args.name)
        else:
            accounts.set(args.name, read_secret())
        accounts.save()
    except ArbiterError as e:
        raise UsageError(str(e))
    print("%s %s in %s" % ("removed" if args.remove else "arbiter", args.name, args.file))
    return 0
