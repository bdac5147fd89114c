"""PDF (or PNG) of an HTML page by headless Chromium (Debian `chromium`).

Chromium runs with a fresh profile in a temporary directory and with every
network and background feature off: it only lays out the local file.
"""
import os
import shutil
import subprocess
import tempfile

from .refusal import TournamentError

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-pdf-header-footer", "--hide-scrollbars"]


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def render(html_text, out, png=False, timeout=120):
    """Writes `out` (PDF, or a PNG screenshot) from the HTML text."""
    out = os.path.abspath(out)
    if not os.path.isdir(os.path.dirname(out)):      # said before chromium's own noise hides it
        raise TournamentError("%s: no folder %s to write it in" % (out, os.path.dirname(out)))
    exe = chromium()
    if not exe:
        raise TournamentError("chromium is not installed (Debian package `chromium`, see system-packages.txt)")
    with tempfile.TemporaryDirectory(prefix="xqboard-chromium-") as tmp:
        src = os.path.join(tmp, "page.html")
        with open(src, "w", encoding="utf-8") as f:
            f.write(html_text)
        profile = os.path.join(tmp, "profile")
        os.mkdir(profile)
        what = ["--screenshot=%s" % out, "--window-size=1240,1754"] if png else ["--print-to-pdf=%s" % out]
        cmd = [exe] + FLAGS + ["--user-data-dir=%s" % profile] + what + ["file://" + src]
        if os.path.exists(out):
            os.remove(out)
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            raise TournamentError("chromium made no %s (exit %d): %s" % ("PNG" if png else "PDF", r.returncode, r.stderr[-500:]))
    return out
