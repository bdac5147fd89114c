"""The target tests run the firmware image on the emulated Pico (QEMU
mps2-an385, boards/qemu_pico). Where QEMU or the MicroPython source is
missing they skip with one line naming it (`make firmware` and the README's
"Firmware images" set them up); `make test` never installs them."""
import pytest

from xqboard.target import image


@pytest.fixture(scope="session")
def elf():
    why = image.missing()
    if why:
        pytest.skip("target tests: no %s" % why)
    return image.ensure_built()  # once per change of the frozen sources
