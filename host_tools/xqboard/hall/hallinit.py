"""`xqboard hall init DIR`: what a hall's broker needs, written once
(docs/HALL.md, "The broker of a hall").

    made = init("hall", ["pc1", "pc2"], port=8883, hosts=["hall-server"])
    made.conf                  # hall/mosquitto.conf: mosquitto -c hall/mosquitto.conf
    made.credentials["pc1"]    # hall/accounts/pc1.json: give it to that PC's logger

- `mosquitto.conf`: one listener, `allow_anonymous false`, the password
  file and the ACL below, the client id forced to the account's name (no
  account can take over another's session), persistence as the pipeline
  needs it (docs/HALL.md, "xqboard broadcast").
- `passwd`: made by Mosquitto's own `mosquitto_passwd -U` from the random
  secrets (hashed, salted; the secrets never pass through any argv).
- `acl`: written once for every logger to come (`%u` patterns): a logger
  publishes only under its own name and reads only its own replay
  requests; `broadcast` reads every logger's topics, asks any logger for a
  replay and publishes no board events.
- the `round` account: `xqboard round start --mqtt` starts a round
  through the running loggers (hall/mqttround.py): it reads their retained
  states, presences and answers and sends commands, reads and publishes no
  event.
- `accounts/<name>.json` (mode 600): the account's name, its secret and
  the CA to trust; `--mqtt-credentials FILE` or $XQBOARD_MQTT_CREDENTIALS
  (hall/access.py).
- `arbiters.json` (mode 600), with `arbiters=[...]`: an account per
  arbiter for the arbiter's page (hall/arbiters.py, the secrets hashed
  with scrypt), each one's random first secret in
  `accounts/arbiter-<name>.txt` (mode 600) to hand over; `xqboard hall
  arbiter` changes it. `broadcast --arbiters DIR/arbiters.json` reads it.
- `tls/`: a CA of the hall's own and the broker's certificate signed by it
  (openssl), for a hall whose network is shared; `tls=False` for a plain
  listener on a network of the hall's alone.
"""
import json
import os
import secrets
import subprocess
from pathlib import Path

from .arbiters import ArbiterError, Arbiters, check_name
from .envelope import ROOT

BROADCAST = "broadcast"  # the account of `xqboard broadcast`
ROUND = "round"  # the account of `xqboard round start --mqtt` (hall/mqttround.py)
PUBLIC = "public"  # the account `xqboard broadcast --public-feed` publishes the public hall with

# The public hall for the pages' replicas (hall/publicfeed.py): written by
# `public` alone; a replica reads it and its own answers, asks as itself,
# and publishes no board event nor reads a logger's commands (the denies:
# the loggers' patterns would give it topics of its own).
PUBLIC_ACL = """
user {public}
topic write {root}/public/#
topic read {root}/ctl/public/+
topic deny {root}/log/{public}/#
"""

REPLICA_ACL = """
user {replica}
topic read {root}/public/events
topic read {root}/public/head
topic read {root}/public/lists
topic read {root}/public/replay/{replica}
topic write {root}/ctl/public/{replica}
topic deny {root}/log/{replica}/#
topic deny {root}/ctl/{replica}/#
"""

ACL = """\
# Written once by `xqboard hall init`: every logger to come is covered by
# the patterns (%u: the account's name), whatever boards it serves.
# `broadcast` reads every logger's events, states and answers, asks any
# logger for a replay, sends the arbiter's desk's commands to any logger,
# and publishes no board event of its own.
user {broadcast}
topic read {root}/log/#
topic write {root}/ctl/+/replay
topic write {root}/ctl/+/command
topic deny {root}/log/{broadcast}/#

# `round start --mqtt`: the loggers' retained states (which board stands
# at which table, held by which logger), presences and answers; commands
# to any logger (each signed with its board's key); no board event read
# or published
user {round}
topic read {root}/log/+/state/+
topic read {root}/log/+/presence
topic read {root}/log/+/answer
topic write {root}/ctl/+/command
topic deny {root}/log/{round}/#

# a logger: publishes only as itself, reads only its own requests and the
# desk's commands for its boards (its answers, its presence and last will)
pattern write {root}/log/%u/events
pattern write {root}/log/%u/state/+
pattern write {root}/log/%u/answer
pattern write {root}/log/%u/presence
pattern read {root}/ctl/%u/replay
pattern read {root}/ctl/%u/command
"""

CONFIG = """\
# Written by `xqboard hall init` (docs/HALL.md, "The broker of a hall").
per_listener_settings false
allow_anonymous false
password_file {dir}/passwd
acl_file {dir}/acl
persistence true
persistence_location {dir}/data/
autosave_interval 1
# a subscriber that is away keeps every message of its session (none dropped)
max_queued_messages 0
max_inflight_messages 0
listener {port} {bind}
# the client id is the account's name: no account takes over another's session
use_username_as_clientid true
{tls}"""

TLS = """\
cafile {dir}/tls/ca.crt
certfile {dir}/tls/server.crt
keyfile {dir}/tls/server.key
tls_version tlsv1.2
"""


class Made:
    """What init() wrote: `conf`, `acl`, `passwd`, `ca` (None without TLS),
    `credentials` {account: path}, `port`, `arbiters` (the arbiters' file,
    None without arbiters) and `arbiter_secrets` {name: path}."""

    def __init__(self, folder, port, ca, credentials, arbiter_secrets):
        self.folder = folder
        self.conf, self.acl, self.passwd = folder / "mosquitto.conf", folder / "acl", folder / "passwd"
        self.port, self.ca, self.credentials = port, ca, credentials
        self.arbiters = folder / "arbiters.json" if arbiter_secrets else None
        self.arbiter_secrets = arbiter_secrets


class InitError(RuntimeError):
    """A tool init() needs is missing or failed."""


def init(folder, loggers, port=8883, bind="0.0.0.0", hosts=("localhost",), tls=True, arbiters=(),
         replicas=()):
    """`replicas`: the accounts of the pages' read-only replicas (`xqboard
    replica`); with any, also the `public` account that publishes the
    public hall for them."""
    folder = Path(folder).resolve()
    names = list(dict.fromkeys(loggers))
    replicas = list(dict.fromkeys(replicas))
    own = [BROADCAST, ROUND] + ([PUBLIC] if replicas else [])
    for name in names + replicas + own:
        _check_name(name)
    for name in own:
        if name in loggers or name in replicas:
            raise InitError("%r is the hall's own account, not a logger's or a replica's" % name)
    if set(names) & set(replicas):
        raise InitError("%s: both a logger and a replica" % ", ".join(sorted(set(names) & set(replicas))))
    (folder / "data").mkdir(parents=True, exist_ok=True)
    (folder / "accounts").mkdir(exist_ok=True)
    ca = _certificates(folder / "tls", hosts) if tls else None
    secret = {name: secrets.token_urlsafe(24) for name in names + own + replicas}
    _password_file(folder / "passwd", secret)
    acl = ACL.format(root=ROOT, broadcast=BROADCAST, round=ROUND)
    if replicas:
        acl += PUBLIC_ACL.format(root=ROOT, public=PUBLIC)
        acl += "".join(REPLICA_ACL.format(root=ROOT, replica=r) for r in replicas)
    (folder / "acl").write_text(acl, encoding="utf-8")
    (folder / "mosquitto.conf").write_text(CONFIG.format(
        dir=folder, port=port, bind=bind, tls=TLS.format(dir=folder) if tls else ""), encoding="utf-8")
    _readable_by_broker(folder)
    made = {}
    for name, s in secret.items():
        made[name] = folder / "accounts" / ("%s.json" % name)
        _private(made[name], json.dumps({"user": name, "password": s, "ca": str(ca) if ca else None}, indent=1))
    return Made(folder, port, ca, made, _arbiters(folder, arbiters))


def _arbiters(folder, names):
    """The arbiters' accounts with random first secrets: {name: the file of its secret}."""
    if not names:
        return {}
    try:
        accounts = Arbiters.open(folder / "arbiters.json")
        first = {check_name(name): secrets.token_urlsafe(12) for name in dict.fromkeys(names)}
    except ArbiterError as e:
        raise InitError(str(e))
    out = {}
    for name, s in first.items():
        accounts.set(name, s)
        out[name] = folder / "accounts" / ("arbiter-%s.txt" % name)
        _private(out[name], s + "\n")
    accounts.save()
    return out


def _readable_by_broker(folder):
    # Mosquitto started as root (the Debian service, a test as root) drops
    # to the user `mosquitto`: what it reads goes to its group (mode 640),
    # its persistence folder to it. The accounts/ and the CA's key stay
    # the owner's alone.
    import grp
    import pwd

    if os.geteuid() != 0:
        return
    try:
        user = pwd.getpwnam("mosquitto")
        gid = grp.getgrnam("mosquitto").gr_gid
    except KeyError:
        return
    for name in ("passwd", "acl", "tls/server.key"):
        if (folder / name).exists():
            os.chown(folder / name, -1, gid)
            os.chmod(folder / name, 0o640)
    os.chown(folder / "data", user.pw_uid, gid)


def _check_name(name):
    # a topic level and a line of the password file
    if not name or not name.replace("-", "").replace("_", "").replace(".", "").isalnum():
        raise InitError("account %r: letters, digits, - _ . only (it is a topic level)" % name)


def _private(path, text):
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def _password_file(path, secret):
    # The plain "name:secret" lines go into the file (mode 600), then
    # mosquitto_passwd -U hashes them in place.
    tool = _tool("mosquitto_passwd")
    _private(path, "".join("%s:%s\n" % kv for kv in secret.items()))
    _run([tool, "-U", str(path)])


def _certificates(folder, hosts):
    """A CA of the hall and the broker's key and certificate signed by it,
    with every name in `hosts` (and 127.0.0.1) as subject alternative
    names; returns the CA's certificate."""
    openssl = _tool("openssl")
    folder.mkdir(parents=True, exist_ok=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    _run([openssl, "req", "-x509"] + ec + ["-keyout", str(folder / "ca.key"), "-out", str(folder / "ca.crt"),
                                          "-days", "3650", "-subj", "/CN=xqboard hall CA"])
    _run([openssl, "req"] + ec + ["-keyout", str(folder / "server.key"), "-out", str(folder / "server.csr"),
                                  "-subj", "/CN=%s" % hosts[0]])
    names = ["DNS:%s" % h for h in hosts if not _is_ip(h)] + ["IP:%s" % h for h in hosts if _is_ip(h)]
    if "IP:127.0.0.1" not in names:
        names.append("IP:127.0.0.1")
    (folder / "server.ext").write_text("subjectAltName=%s\nextendedKeyUsage=serverAuth\n" % ",".join(names))
    _run([openssl, "x509", "-req", "-in", str(folder / "server.csr"), "-CA", str(folder / "ca.crt"),
          "-CAkey", str(folder / "ca.key"), "-CAcreateserial", "-out", str(folder / "server.crt"),
          "-days", "825", "-extfile", str(folder / "server.ext")])
    for key in ("ca.key", "server.key"):
        os.chmod(folder / key, 0o600)
    return folder / "ca.crt"


def _is_ip(host):
    return host.replace(".", "").isdigit() or ":" in host


def _tool(name):
    import shutil

    exe = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/usr/local/bin")
    if exe is None:
        raise InitError("%s is not installed (Debian packages mosquitto, openssl: "
                        "system-packages.txt)" % name)
    return exe


def _run(argv):
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode != 0:
        raise InitError("%s failed: %s" % (os.path.basename(argv[0]), (p.stderr or p.stdout).strip()[-300:]))
