# MicroPython manifest: freezes the firmware into a MicroPython build, so its
# bytecode and native code live in flash instead of the heap (about 100 KB
# of heap saved on the unix port's x64 measure, ~60-70 KB on an RP2040).
#
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/xqboard/manifest.py
#
# then copy firmware/main.py and a /config.json to the board (xqboard
# deploy does both). Without a custom build, `xqboard deploy` copies .mpy
# files instead; both run the same code (docs/HARDWARE.md, "Heap").
# Options (set by a board's own manifest that includes this one, e.g.
# boards/qemu_pico/manifest.py): port_manifest=False for a port without
# boards/manifest.py (qemu); board_modules, extra files of boards/ to freeze.
options.defaults(port_manifest=True, board_modules=())

if options.port_manifest:
    # The port's own modules (asyncio, onewire...), as in its stock build.
    include("$(PORT_DIR)/boards/manifest.py")

for name in ("xq", "clock", "sense", "game", "jobs", "link", "store", "ui"):
    package(name, base_path="firmware")
module("app.py", base_path="firmware")
module("app_loop.py", base_path="firmware")  # the device loop (App.run)
module("ticks.py", base_path="firmware")
# The real boards only (the simulator's modules stay on the PC); pio.py imports
# only on the rp2 port (its `rp2` module), elsewhere the SPI path reads the chain.
package("boards", base_path=".", files=["__init__.py", "device.py", "pico.py", "esp32s3.py",
                                        "hc165.py", "matrix.py", "mcp23017.py", "pio.py"] + list(options.board_modules))

# The SSD1306 display driver of micropython-lib (boards/device.py). require()
# looks in $(MPY_LIB_DIR): the port's lib/micropython-lib submodule by
# default, or MPY_LIB_DIR=... on make's command line (scripts/firmware.sh).
require("ssd1306")
