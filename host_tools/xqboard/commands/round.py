"""`xqboard round start`: start every board of a round at once (20.1) with
the event, round, board number and players bound to each game.

    xqboard round start --event "City Cup" --round 3 --tc 90m --key-file arbiter.key \\
        /dev/ttyACM0=1:"ZHANG San":"LI Si" /dev/ttyACM1=2:"WANG Wu":"ZHAO Liu"

Sends a signed `new` to each board, waits until each set-up is confirmed
(the players press both levers; --confirm host: the host confirms as soon
as the sensors agree), then `start` to all boards together. With --log DIR
it goes on recording the games (as `xqboard log`), in the same process:
a serial port has one reader.

From the event file, every board of the round with the players' names
(UTF-8), numbers (`red_no=`/`black_no=`) and the event's time control:

    xqboard round start open.db 3 --boards 1=/dev/ttyACM0,2=/dev/ttyACM1 --key-file arbiter.key
    xqboard round start open.db 3 --boards hall.map --only 1-25      # this PC's boards, the key of open.db.keys
    XQBOARD_KEY=73696d xqboard round start open.db 3 --boards 1=hall-07,2=hall-12    # boards by device id

The arbiter's key never on the command line (`ps` shows it to everyone):
--key-file FILE (the key in hex, mode 600), $XQBOARD_KEY_FILE,
$XQBOARD_KEY, else the event's key file of an earlier round
(xqboard/keyfile.py).

Each board's key goes into the event's key file before its `new`
(EVENT.db.keys beside the event file, mode 600; --keys FILE otherwise):
`broadcast --tournament EVENT.db` verifies every board of the round with
no hand step (docs/HALL.md, "Security").

Where loggers run (`xqboard log --mqtt`), a round starts through them,
as the desk's button does it (docs/HALL.md, "The arbiter's desk"): no
port is opened twice, no logger stops, the boards standing at the tables
get their `new`, then `start` together once every set-up is confirmed:

    XQBOARD_MQTT_CREDENTIALS=hall/accounts/round.json xqboard round start open.db 2 --mqtt hall-server:8883

with the `round` account `xqboard hall init` writes (never the
broadcast's); each command signed with its board's key from the event's
key file.

A board may be named by its device id (the `id=` of its greeting) instead
of its port: the ports of --ports are greeted to find it (logger/devices.py).
The records carry the names as registered and, as a second header, their
pinyin from the event file (`[RedPinyin "CHENG Liang"]`).
"""
import sys
import tempfile

from ..errors import UsageError
from .. import inputs
from ..logger.devices import DEFAULT_PORTS
from ..logger.round import RoundError, parse_pairing, parse_range, round_logger, start_round
from . import keyopts


def register(sub):
    p = sub.add_parser("round", help="start every board of a round at once (20.1)")
    rs = p.add_subparsers(dest="round_command", metavar="ACTION")
    s = rs.add_parser("start", help="new game with event, round, board, players on each board, then start all")
    s.add_argument("pairings", nargs="+", metavar="PORT=BOARD:RED:BLACK",
                   help="the boards by hand; or, with --boards, EVENT.db ROUND")
    s.add_argument("--event", help="the event's name (with --boards: the event file's short name, "
                                   "`tournament new --short` or `tournament edit --short`)")
    s.add_argument("--round", dest="round_no")
    s.add_argument("--boards", metavar="MAP",
                   help="the round's pairings from the event file: board map BOARD=PORT,... or a file of `BOARD PORT`"
                        " (a device id in place of a port: the board answering with that id)")
    s.add_argument("--ports", default=DEFAULT_PORTS, metavar="GLOBS",
                   help="with device ids in the map: the ports to look for them on (default %(default)s)")
    s.add_argument("--only", metavar="RANGE", help="with --boards: the boards this PC starts (1-25,30)")
    s.add_argument("--tc", help="time control (default: the board's, 90m, 6.3)")
    s.add_argument("--level", choices=("national", "provincial", "junior"))
    keyopts.add(s, "each board's `new` is signed with it")
    s.add_argument("--keys", metavar="FILE", help="record each board's key in this key file (default, from an "
                   "event file: EVENT.db.keys beside it, which `broadcast --tournament EVENT.db` reads)")
    s.add_argument("--confirm", choices=("players", "host"), default="players",
                   help="who confirms the set-up: the players (both levers) or the host (sensors agree)")
    s.add_argument("--wait", type=float, default=600.0, help="seconds to wait for the set-ups (default 600)")
    s.add_argument("--log", metavar="DIR", help="then record the games in DIR until Ctrl-C")
    s.add_argument("--mqtt", metavar="HOST[:PORT]", help="through the loggers running with this broker: "
                   "EVENT.db ROUND, the boards standing at the tables (hall/mqttround.py)")
    s.add_argument("--mqtt-credentials", metavar="FILE", help="the `round` account (`xqboard hall init`'s "
                   "accounts/round.json; or $XQBOARD_MQTT_CREDENTIALS, $XQBOARD_MQTT_USER/_PASSWORD)")
    s.set_defaults(func=cmd_round_start)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def from_event(args):
    """{port: BoardStart} and the event's name and time control, from the
    event file's round (`round start EVENT.db ROUND --boards MAP`)."""
    from ..tournament.seating import hall_pairings
    from ..tournament.refusal import TournamentError
    from ..tournament.event import Tournament

    if len(args.pairings) != 2 or not args.pairings[1].isdigit():
        raise UsageError("with --boards: round start EVENT.db ROUND --boards MAP")
    try:
        ev = Tournament.open(args.pairings[0])
        pairings = hall_pairings(ev, int(args.pairings[1]), args.boards, args.only, args.ports, args.key_bytes)
    except (TournamentError, ValueError) as e:
        raise UsageError(str(e))
    return pairings, args.event or ev.short_name, args.pairings[1], args.tc or ev.get("tc") or None


def cmd_round_start(args):
    from ..hall.trust import Keys

    if args.mqtt:
        return through_loggers(args)
    beside = Keys.path_beside(args.pairings[0]) if args.boards and args.pairings else None
    key = args.key_bytes = keyopts.key_from(args, beside=beside, required=True)
    if args.boards:
        pairings, args.event, args.round_no, args.tc = from_event(args)
        if args.keys is None:
            args.keys = str(Keys.path_beside(args.pairings[0]))
    elif not args.event or not args.round_no:
        raise UsageError("--event and --round are needed (or EVENT.db ROUND --boards MAP)")
    inputs.field("event", args.event)
    inputs.field("round", args.round_no)
    inputs.control(args.tc)
    if args.boards:
        return run_round(args, key, pairings)
    pairings = {}
    for text in args.pairings:
        try:
            port, pairing = parse_pairing(text)
        except ValueError as e:
            raise UsageError(str(e))
        for name in ("board", "red", "black"):
            inputs.field(name, getattr(pairing, name))
        if port in pairings:
            raise UsageError("port %s given twice" % port)
        pairings[port] = pairing
    return run_round(args, key, pairings)


def through_loggers(args):
    """`round start EVENT.db ROUND --mqtt HOST[:PORT]`: the round through
    the running loggers (hall/mqttround.py)."""
    from ..hall.mqttround import BrokerRound
    from .addresses import address_arg
    from .log import mqtt_account

    if len(args.pairings) != 2 or not args.pairings[1].isdigit():
        raise UsageError("with --mqtt: round start EVENT.db ROUND --mqtt HOST[:PORT]")
    for opt in ("boards", "event", "round_no", "tc", "level", "log", "keys"):
        if getattr(args, opt):
            raise UsageError("--%s: with --mqtt the round is the event file's, on the boards at its tables"
                             % opt.replace("_no", "").replace("_", "-"))
    if args.confirm != "players":
        raise UsageError("--confirm host: with --mqtt the players confirm their set-ups")
    event, rnd = args.pairings[0], int(args.pairings[1])
    try:
        tables = parse_range(args.only) if args.only else None
    except ValueError as e:
        raise UsageError(str(e))
    host, port = address_arg(args.mqtt, "--mqtt", 1883)
    acct = mqtt_account(args.mqtt_credentials)
    by = acct.user if acct else "round"

    def say(line):
        print(line, file=sys.stderr, flush=True)

    try:
        r = BrokerRound(host, port, acct, event, out=say).start()
    except ConnectionError as e:
        raise UsageError(str(e))
    try:
        if not r.boards(rnd, tables=tables):
            raise UsageError("no board of round %d stands at a table a logger holds" % rnd)
        answer, took = r.new(rnd, by, tables)
        refused = [b for b in answer["boards"] if b["reply"][:1] != ["ok"]] + (
            [] if answer["boards"] else [{"board": "-", "reply": answer.get("reply", ["refused"])}])
        for b in refused:
            say("board %s refused `new`: %s" % (b["board"], " ".join(b["reply"][1:])))
        waiting = r.ready(took, args.wait, on_waiting=lambda ds: say("waiting for the set-up of %s" % ", ".join(ds)))
        if waiting:
            raise UsageError("set-up not confirmed on %s within %.0f s" % (", ".join(waiting), args.wait))
        started = r.clocks(rnd, by, took)["boards"] if took else []
        refused += [b for b in started if b["reply"][:1] != ["ok"]]
        ok = sum(1 for b in started if b["reply"][:1] == ["ok"])
    finally:
        r.close()
    say("round %d started on %d boards through the loggers (20.1)%s" % (
        rnd, ok, "; %d refused" % len(refused) if refused else ""))
    return 1 if refused else 0


def run_round(args, key, pairings):
    """Starts the boards of `pairings` ({port: BoardStart}), then logs them with --log."""
    tmp = None
    out = args.log
    if out is None:
        tmp = tempfile.TemporaryDirectory(prefix="xqboard-round-")
        out = tmp.name
    logger = round_logger(pairings, out, key, live=False if args.log is None else None)
    logger.start()
    try:
        start_round(logger, pairings, event=args.event, round_no=args.round_no, tc=args.tc, level=args.level,
                    confirm=args.confirm, wait=args.wait, keys=args.keys,
                    on_waiting=lambda ports: print("waiting for the set-up of %s" % ", ".join(ports),
                                                   file=sys.stderr, flush=True))
    except (RoundError, TimeoutError) as e:
        logger.close()
        raise UsageError(str(e))
    print("round %s of %s started on %d boards (20.1)" % (args.round_no, args.event, len(pairings)),
          file=sys.stderr, flush=True)
    if args.log is None:
        logger.close()
        tmp.cleanup()
        return 0
    try:
        while True:
            logger.step(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        logger.close()
    return 0
