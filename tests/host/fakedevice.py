"""A fake board for mpremote: the MicroPython unix port's REPL on a
pseudo-terminal (raw mode), its filesystem a folder. mpremote opens the
slave of a second pseudo-terminal; a thread relays the two masters.
mpremote must be given `resume` (its soft reset would end the process)."""
import os
import pty
import select
import subprocess
import threading
import tty

from xqboard import runtime


class FakeDevice:
    def __init__(self, root):
        self.root = root
        self.ma, self.sa = pty.openpty()
        self.mb, self.sb = pty.openpty()
        tty.setraw(self.sa)
        tty.setraw(self.sb)
        self.port = os.ttyname(self.sb)
        self.proc = subprocess.Popen([runtime.micropython_exe(), "-X", "heapsize=" + runtime.HEAP],
                                     stdin=self.sa, stdout=self.sa, stderr=self.sa, cwd=str(root))
        self._stop = False
        self._t = threading.Thread(target=self._relay, daemon=True)
        self._t.start()

    def _relay(self):
        while not self._stop:
            r, _, _ = select.select([self.ma, self.mb], [], [], 0.05)
            for fd in r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    return
                os.write(self.mb if fd == self.ma else self.ma, data)

    def close(self):
        self._stop = True
        self.proc.kill()
        self.proc.wait()
        self._t.join(1)
        for fd in (self.ma, self.sa, self.mb, self.sb):
            os.close(fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
