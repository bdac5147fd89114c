"""The USB cable of the emulated board: a relay between the emulator's
UART0 (the board's link, a pseudo-terminal that QEMU owns) and a
pseudo-terminal of ours, whose slave is the port the host tools open. As
xqboard.simboard's relay does for the unix-port board, `plug(False)` pulls
the cable (the host's port disappears, its reads fail, the board's bytes
are dropped as a USB port with no host drops them) and `plug(True)` plugs
it back (a new port; `link=PATH` keeps a symlink that follows it, like
/dev/serial/by-id/...). The board's side can change under it: a power cut
kills the emulator and its pseudo-terminal, `attach()` takes the new one.
"""
import os
import selectors
import threading

from ..simboard import close_pty, open_pty, write_all  # the unix-port relay's pty helpers


class Cable:
    def __init__(self, link=None):
        self.link = link
        self.dropped = 0  # bytes dropped: cable out, or the host not reading (write_all counts)
        self._board = None  # fd of the emulator's UART0, or None (power off)
        self._host = None  # (master, slave fd, path) of the host's pty, or None (cable out)
        self._sel = selectors.DefaultSelector()
        self._lock = threading.RLock()
        self._stop = False
        self._thread = threading.Thread(target=self._relay, name="qemu-cable", daemon=True)

    @property
    def port(self):
        """The path a host opens (the symlink if one was asked for)."""
        if self.link:
            return self.link
        return self._host[2] if self._host else None

    def start(self):
        self.plug(True)
        self._thread.start()
        return self

    def close(self):
        self._stop = True
        self._thread.join(2)
        with self._lock:
            self.attach(None)
            self._unplug()

    def attach(self, fd):
        """The board's side: the emulator's UART0 opened (fd), or None when
        the emulator is gone. The caller closes the fd."""
        with self._lock:
            if self._board is not None:
                self._unregister(self._board)
            self._board = fd
            if fd is not None:
                self._sel.register(fd, selectors.EVENT_READ, "board")

    def plug(self, on):
        with self._lock:
            if on and self._host is None:
                self._plug()
            elif not on:
                self._unplug()

    def _plug(self):
        self._host = open_pty()
        self._sel.register(self._host[0], selectors.EVENT_READ, "host")
        if self.link:
            tmp = "%s.%d.tmp" % (self.link, os.getpid())
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(self._host[2], tmp)
            os.replace(tmp, self.link)

    def _unplug(self):
        if self._host is None:
            return
        if self.link and os.path.lexists(self.link):
            os.unlink(self.link)
        self._unregister(self._host[0])
        close_pty(self._host)
        self._host = None

    def _unregister(self, fd):
        try:
            self._sel.unregister(fd)
        except (KeyError, ValueError):
            pass

    def _relay(self):
        while not self._stop:
            try:
                ready = self._sel.select(0.05)
            except (OSError, ValueError):
                ready = []
            for key, _ in ready:
                with self._lock:
                    self._pump(key.data, key.fd)

    def _pump(self, side, fd):
        src, dst = (self._board, self._host and self._host[0]) if side == "board" else (
            self._host and self._host[0], self._board)
        if src is None or fd != src:
            return  # a side that went away while select() waited
        try:
            data = os.read(src, 4096)
        except OSError:
            if side == "board":  # the emulator died: the power cut's owner attaches the next
                self._unregister(fd)
            return  # the host closed its end: it may open it again
        if not data:
            return
        if dst is None:
            self.dropped += len(data)
            return
        write_all(dst, data, self)

