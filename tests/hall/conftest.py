"""Fixtures of the hall tests: a real Mosquitto broker on a loopback port
(persistence in a tmp folder), a Hub double that records what the pipeline
feeds it, replay boards speaking the real link protocol, and loggers run
on a thread of the test."""
import copy
import io
import shutil
import threading
import time

import pytest

from xqboard.hall.broker import Mosquitto, free_port, mosquitto_exe
from xqboard.hall.hallinit import init
from xqboard.hall.masters import master_games
from xqboard.hall.replayboard import ReplayBoard, ReplayHall
from xqboard.logger import Logger


def chromium_paths():
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        pytest.skip("chromium and chromium-driver are not installed (system-packages.txt)")
    return browser, driver


def start_chromium(profile, window, flags=()):
    """A headless Chromium (selenium) with its own profile folder, a window
    of `window` ("W,H") and `flags` besides the ones every page test needs."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    binary, driver = chromium_paths()
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=%s" % window, "--force-device-scale-factor=1",
                 "--user-data-dir=%s" % profile) + tuple(flags):
        opts.add_argument(flag)
    b = webdriver.Chrome(options=opts, service=Service(driver))
    b.set_page_load_timeout(30)
    return b


WINDOW = (1400, 1100)


@pytest.fixture(scope="session")
def _chromium(tmp_path_factory):
    # One Chromium a worker for every module of the pages (1-1.5 s of CPU a
    # start, and 8 modules started one each): `browser` hands it to a
    # module as a new one would be.
    b = start_chromium(tmp_path_factory.mktemp("chromium-profile"), "%d,%d" % WINDOW, ["--disable-quic"])
    yield b
    b.quit()


@pytest.fixture(scope="module")
def browser(_chromium):
    """The worker's Chromium, as a module's own would start: one window of
    WINDOW on a blank page, no cookie (a cookie is the host's, whatever
    the port, so an arbiter's login would follow into the next module).
    Each module's servers have ports of their own: its pages' storage is
    theirs."""
    b = _chromium
    for handle in b.window_handles[1:]:
        b.switch_to.window(handle)
        b.close()
    b.switch_to.window(b.window_handles[0])
    b.execute_cdp_cmd("Network.clearBrowserCookies", {})
    b.set_window_size(*WINDOW)
    b.get("about:blank")
    return b


@pytest.fixture
def broker(tmp_path):
    if mosquitto_exe() is None:
        pytest.skip("mosquitto is not installed (system-packages.txt)")
    b = Mosquitto(tmp_path / "broker").start()
    yield b
    b.stop()
    assert b.save_errors() == []  # its state saved each time: a restart keeps the sessions


@pytest.fixture
def hall(tmp_path):
    """A broker as `xqboard hall init` sets it up (hall/hallinit.py):
    accounts pc1, pc2 and broadcast, the ACL, TLS; its hallinit.Made."""
    if mosquitto_exe() is None:
        pytest.skip("mosquitto is not installed (system-packages.txt)")
    made = init(tmp_path / "hall", ["pc1", "pc2"], port=free_port(), hosts=["localhost"])
    b = Mosquitto.of_hall(made).start()
    made.broker = b
    yield made
    b.stop()


class RecordingHub:
    """The Hub's interface (hallweb's hall/hub.py), recording each call:
    the tests check what the pipeline feeds the pages."""

    def __init__(self):
        self.pushed = []
        self.loaded = []
        self.links, self.loggers, self.broker = [], [], []  # the links' calls (the desk's page)

    def push(self, board, device, game, seq, line):
        self.pushed.append((board, device, game, seq, line))
        return True

    def load(self, rows):
        self.loaded.extend(rows)

    def set_link(self, device, logger, link, heard):
        self.links.append((device, logger, link))

    def set_logger(self, logger, up):
        self.loggers.append((logger, up))

    def set_broker(self, up):
        self.broker.append(up)

    def games(self):
        """{(device, game): [seq, ...]} in the order pushed."""
        out = {}
        for board, device, game, seq, line in self.pushed:
            out.setdefault((device, game), []).append(seq)
        return out


@pytest.fixture
def hub():
    return RecordingHub()


def short_game(index, plies):
    g = master_games()[index]
    g = copy.copy(g)
    g.plies = g.plies[:plies]
    return g


@pytest.fixture
def replay_hall():
    """replay_hall(n, plies=12, every=0.01, **board options) -> a started
    ReplayHall of n boards (device ids r1..rn, hall boards 1..n)."""
    halls = []

    def make(n, plies=12, every=0.01, games=1, numbers=None, **opts):
        boards = [ReplayBoard.playing("r%d" % (i + 1), [short_game(i * games + k, plies) for k in range(games)],
                              board=i + 1, numbers=numbers[i] if numbers else (None, None), **opts)
                  for i in range(n)]
        halls.append(ReplayHall(boards, every=every))
        return halls[-1]

    yield make
    for h in halls:
        h.close()


class LoggerThread:
    """A Logger stepped on a thread of its own (as `xqboard log` runs)."""

    def __init__(self, ports, out, sink):
        self.logger = Logger(ports, out, stream=io.StringIO(), live=False, sink=sink)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.logger.start()
        self._thread.start()
        return self

    def _run(self):
        while not self._stop.is_set():
            self.logger.step(0.02)

    def stop(self):
        self._stop.set()
        self._thread.join(5)
        self.logger.close()


@pytest.fixture
def logger_thread():
    made = []

    def make(ports, out, sink):
        made.append(LoggerThread(ports, out, sink).start())
        return made[-1]

    yield make
    for t in made:
        if t._thread.is_alive():
            t.stop()


def wait_for(cond, timeout, step=None, what="the condition"):
    """Calls step() (or sleeps) until cond() holds; fails after timeout
    (`what`: the words of the failure, or a function giving them then)."""
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            pytest.fail("timed out waiting for %s" % (what() if callable(what) else what))
        if step:
            step()
        else:
            time.sleep(0.02)
