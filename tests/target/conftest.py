"""The target tests run the firmware image on the emulated Pico (QEMU
mps2-an385, boards/qemu_pico). Where QEMU or the MicroPython source is
missing they are left out, and the run says so in one line naming what is
missing (`make firmware` and the README's "Firmware images" set them up;
`make test` never installs them)."""
import pytest

from xqboard.target import image

MISSING = image.missing()

if MISSING:
    collect_ignore_glob = ["test_*.py"]

    def pytest_terminal_summary(terminalreporter):
        terminalreporter.write_line("tests/target skipped, missing: %s" % MISSING)


@pytest.fixture(scope="session")
def elf():
    return image.ensure_built()  # once per change of the frozen sources
