# The RISC-V image (make firmware, scripts/firmware.sh): MicroPython's qemu
# port, board VIRT_RV32 (rv32imac VM on QEMU's `virt`), with the firmware
# frozen as on the emulated Pico and its native code compiled for rv32imc,
# the ESP32-C3's architecture (docs/HARDWARE.md, "The firmware image and
# the emulated board"). The qemu port has no board manifest; asyncio comes
# from extmod. (A relative include is read from this file's directory.)
include("$(MPY_DIR)/extmod/asyncio")
include("../../manifest.py", port_manifest=False)
