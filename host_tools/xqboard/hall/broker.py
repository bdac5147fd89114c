"""A Mosquitto broker of our own on a loopback port, with persistence in a
folder: for the tests, `xqboard broadcast --demo` and the benchmark. (In a
hall, run the Debian `mosquitto` service with `persistence true`.)

    with Mosquitto(tmp_path) as broker:
        broker.port                 # a free port on 127.0.0.1
        broker.restart()            # stopped (its state saved) and started again
"""
import shutil
import socket
import subprocess
import time
from pathlib import Path

CONFIG = """\
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
    def __init__(self, folder, port=None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.conf = self.folder / "mosquitto.conf"
        self.conf.write_text(CONFIG.format(port=self.port, dir=self.folder), encoding="utf-8")
        self.proc = None

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

    def restart(self, down=0.0, kill=False):
        self.stop(kill=kill)
        time.sleep(down)
        return self.start()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
