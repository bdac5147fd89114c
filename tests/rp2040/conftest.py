"""The rp2040 target tests: the Pico's UF2 on rp2040js with the board's
parts (host_tools/xqboard/target/rp2040/). The models' own tests need only
rp2040js and the bootrom; the rest need the UF2 (`make uf2`). Where one is
missing its tests are left out, and the run says so in one line."""
import pytest

from xqboard.target import rp2040_env

MISSING_MODELS = rp2040_env.missing(image=False)
MISSING = MISSING_MODELS or rp2040_env.missing()

if MISSING_MODELS:
    collect_ignore_glob = ["test_*.py"]
elif MISSING:
    collect_ignore_glob = ["test_on_pico*.py", "test_image.py"]

if MISSING:
    def pytest_terminal_summary(terminalreporter):
        terminalreporter.write_line("tests/rp2040 %s, missing: %s" % (
            "skipped" if MISSING_MODELS else "on the chip skipped", MISSING))


@pytest.fixture(scope="session")
def deployed(tmp_path_factory):
    """A new board's flash with the firmware deployed (built once a session
    per image: target/rp2040.py keeps it in build/rp2040/)."""
    from xqboard.target.rp2040 import deployed_flash

    return deployed_flash(tmp_path_factory.mktemp("pico") / "deployed.bin")
