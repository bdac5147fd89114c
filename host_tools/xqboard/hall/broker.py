"""A Mosquitto broker of our own on a loopback port, with persistence in a
folder: for the tests, `xqboard broadcast --demo` and the benchmark. (In a
hall, run the Debian `mosquitto` service with `persistence true`.)

    with Mosquitto(tmp_path) as broker:
        broker.port                 # a free port on 127.0.0.1
        broker.restart()            # stopped (its state saved) and started again

    Mosquitto.of_hall(hallinit.init(folder, ["pc1"], port=free_port()))   # the hall's own config
"""
import getpass
import shutil
import socket
import subprocess
import time
from pathlib import Path

CONFIG = """\
# as the calling user: mosquitto started as root drops to the user
# `mosquitto`, who cannot write a test's folder, and then every save of its
# state fails ("Error saving in-memory database") and a restart loses the
# sessions and retained messages it should keep
user {user}
listener {port} 127.0.0.1
allow_anonymous true
persistence true
persistence_location {dir}/
autosave_interval 1
# a subscriber that is away keeps every message of its session (none dropped)
max_queued_messages 0
max_inflight_messages 0
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def mosquitto_exe():
    """The mosquitto program (Debian puts it in /usr/sbin), or None."""
    return shutil.which("mosquitto") or shutil.which("mosquitto", path="/usr/sbin:/usr/local/sbin")


class Mosquitto:
    def __init__(self, folder, port=None, conf=None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.conf = conf or self.folder / "mosquitto.conf"
        if conf is None:  # anonymous, on loopback: the tests of what does not concern the accounts
            self.conf.write_text(CONFIG.format(user=getpass.getuser(), port=self.port, dir=self.folder), encoding="utf-8")
        self.proc = None

    @classmethod
    def of_hall(cls, made):
        """The broker `xqboard hall init` configured (hallinit.Made), run
        as the calling user (a test's folders are its own alone: mosquitto
        started as root would drop to the user `mosquitto`)."""
        own = made.folder / "mosquitto-own.conf"
        own.write_text("user %s\n%s" % (getpass.getuser(), made.conf.read_text(encoding="utf-8")), encoding="utf-8")  # (CONFIG's note)
        return cls(made.folder, made.port, own)

    def start(self, timeout=10.0):
        exe = mosquitto_exe()
        if exe is None:
            raise FileNotFoundError("mosquitto is not installed (Debian package mosquitto, system-packages.txt)")
        self.log = open(self.folder / "mosquitto.log", "ab")
        self.proc = subprocess.Popen([exe, "-c", str(self.conf)], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("mosquitto stopped at once: see %s" % (self.folder / "mosquitto.log"))
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise TimeoutError("mosquitto did not listen on port %d" % self.port)

    def stop(self, kill=False):
        """Stops it: SIGTERM saves its state first; kill=True (SIGKILL)
        keeps only what the last autosave wrote."""
        if self.proc is None:
            return
        if kill:
            self.proc.kill()
        else:
            self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None
        self.log.close()

    def save_errors(self):
        """The lines of its log that say a save of its state failed: a
        broker that cannot save loses its sessions at a restart, and a
        test of a restart would pass or fail by luck. (A client's cut
        connection logs errors too; those are the tests' own faults.)"""
        path = self.folder / "mosquitto.log"
        text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
        return [line for line in text.splitlines() if "Error saving" in line]

    def restart(self, down=0.0, kill=False):
        self.stop(kill=kill)
        time.sleep(down)
        return self.start()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
