"""`xqboard deploy` and package.json: the command line it builds, the
package description, and both run by mpremote against a fake board (the
unix port's REPL on a pseudo-terminal, FIELD-NOTES)."""
import json
import os
import subprocess
import sys

import pytest

from xqboard import deploy
from xqboard.paths import FIRMWARE, REPO

from .fakedevice import FakeDevice


def test_package_json_lists_every_firmware_file_with_relative_urls():
    data = json.loads((REPO / "package.json").read_text())
    assert (REPO / "package.json").read_text() == deploy.package_json()  # up to date
    assert data["version"] and ["ssd1306", "latest"] in data["deps"]
    urls = dict(data["urls"])
    for f in FIRMWARE.rglob("*.py"):
        rel = f.relative_to(FIRMWARE).as_posix()
        assert urls[rel] == "firmware/" + rel
    assert urls["main.py"] == "firmware/main.py"
    assert urls["boards/device.py"] == "boards/device.py" and "boards/pico.py" in urls
    assert not [d for d in urls if d.startswith("boards/sim")]  # the simulator stays on the PC
    assert all((REPO / src).is_file() for src in urls.values())


def test_deploy_command_line():
    cmd = deploy.deploy_commands("/dev/ttyACM0", "esp32s3", {}, "/tmp/c.json")
    text = " ".join(cmd)
    assert cmd[:3] == ["mpremote", "connect", "/dev/ttyACM0"] and "resume" not in cmd
    assert "build/xtensawin/xq/position.mpy" in text and "build/xtensawin/main.py" in text
    assert "build/xtensawin/ticks.mpy :. +" in text and "rulings/wording.mpy :xq/rulings/ +" in text
    assert "boards/sim.mpy" not in text
    assert text.endswith("+ fs cp /tmp/c.json :config.json + mip install ssd1306")
    with pytest.raises(ValueError):
        deploy.arch_of("arduino")


def test_deploy_to_a_board_with_the_uf2_copies_main_and_config_only():
    cmd = deploy.deploy_commands("/dev/ttyACM0", "pico", {}, "/tmp/c.json", frozen=True)
    assert " ".join(cmd).endswith("+ fs cp %s :. + fs cp /tmp/c.json :config.json" % (REPO / "build/armv6m/main.py"))
    assert not [c for c in cmd if c.endswith(".mpy")] and "mip" not in cmd  # ssd1306 is in the image


def test_deploy_to_a_fake_board_over_a_pty(tmp_path):
    root = tmp_path / "device"
    root.mkdir()
    with FakeDevice(root) as dev:
        r = subprocess.run([sys.executable, "-m", "xqboard.cli", "deploy", "--port", dev.port, "--resume",
                            "--no-deps", "--board", "pico", "--board-id", "fake-1", "--key", "6b6579"],
                           capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr + r.stdout
    want = {rel: local.read_bytes() for local, rel in deploy.device_files("armv6m")}
    got = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    config = json.loads(got.pop("config.json"))
    assert config == {"board": "pico", "board_id": "fake-1", "key": "6b6579"}
    assert got == want
    assert got["main.py"] == (FIRMWARE / "main.py").read_bytes()


def test_mip_install_of_package_json_on_a_fake_board(tmp_path):
    # The package as mpremote's mip reads it from a clone (deps left out:
    # ssd1306 comes from the network index).
    pkg = tmp_path / "clone"
    pkg.mkdir()
    os.symlink(REPO / "firmware", pkg / "firmware")
    os.symlink(REPO / "boards", pkg / "boards")
    data = json.loads((REPO / "package.json").read_text())
    data["deps"] = []
    (pkg / "package.json").write_text(json.dumps(data))
    root = tmp_path / "device"
    root.mkdir()
    with FakeDevice(root) as dev:
        r = subprocess.run([deploy.mpremote_exe(), "connect", dev.port, "resume", "mip", "install", "--target", ".",
                            str(pkg / "package.json")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr + r.stdout
    for dest, src in data["urls"]:
        assert (root / dest).read_bytes() == (REPO / src).read_bytes(), dest
