"""Where the parts of the checkout are."""
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPO = PACKAGE.parents[1]
FIRMWARE = REPO / "firmware"
BOARDS = REPO / "boards"
BUILD = REPO / "build"
DATA = REPO / "data"
SHIM = PACKAGE / "_shim"
MP_SCRIPTS = PACKAGE / "mp"
