#!/usr/bin/env bash
# Builds the firmware images from the MicroPython source at the commit of
# firmware.lock (make firmware):
#   build/firmware/qemu_pico/firmware.elf   the emulated Pico (boards/qemu_pico)
#   build/firmware/virt_rv32/firmware.elf   the same firmware for RISC-V (QEMU's virt),
#     when Debian's gcc-riscv64-unknown-elf is installed
#   build/firmware/rp2_pico/firmware.uf2     the Pico (rp2 port, RPI_PICO), when
#     MicroPython's lib/pico-sdk and lib/tinyusb are checked out at its
#     submodule commits and PICOTOOL_DIR holds picotool's cmake package
#     (pico-sdk 2 would download picotool otherwise); if not, or if the
#     build fails, the reason is printed and the emulator image still stands.
#
# MICROPY_DIR locates the MicroPython tree (default ~/.cache/xqboard/micropython),
# a git checkout at MICROPY_COMMIT with micropython-lib at MICROPY_LIB_COMMIT
# in lib/micropython-lib (README, "Firmware images"). MICROPY_LIB_DIR overrides
# the latter. JOBS sets make's -j (default 2: the machines are shared).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
. ./firmware.lock
MICROPY_DIR=${MICROPY_DIR:-$HOME/.cache/xqboard/micropython}
MICROPY_LIB_DIR=${MICROPY_LIB_DIR:-$MICROPY_DIR/lib/micropython-lib}
JOBS=${JOBS:-2}
OUT=$REPO/build/firmware

fail() { echo "firmware: $*" >&2; exit 1; }

[ -f "$MICROPY_DIR/py/mpconfig.h" ] || fail "no MicroPython source in $MICROPY_DIR; get it with
  git clone $MICROPY_REPO $MICROPY_DIR && git -C $MICROPY_DIR checkout $MICROPY_COMMIT
  git clone $MICROPY_LIB_REPO $MICROPY_DIR/lib/micropython-lib && git -C $MICROPY_DIR/lib/micropython-lib checkout $MICROPY_LIB_COMMIT
or set MICROPY_DIR"
have=$(git -C "$MICROPY_DIR" rev-parse HEAD 2>/dev/null || echo unknown)
[ "$have" = "$MICROPY_COMMIT" ] || fail "$MICROPY_DIR is at $have, want $MICROPY_COMMIT (git -C $MICROPY_DIR checkout $MICROPY_COMMIT)"
[ -f "$MICROPY_LIB_DIR/micropython/drivers/display/ssd1306/manifest.py" ] || fail "no micropython-lib in $MICROPY_LIB_DIR (see firmware.lock)"

# mpy-cross of that tree freezes the code (its .mpy version is the firmware's).
[ -x "$MICROPY_DIR/mpy-cross/build/mpy-cross" ] || make -C "$MICROPY_DIR/mpy-cross" -j"$JOBS"

# The emulated Pico. BUILD outside the MicroPython tree: one tree can serve
# several checkouts of this repository.
make -C "$MICROPY_DIR/ports/qemu" -j"$JOBS" \
  BOARD=QEMU_PICO BOARD_DIR="$REPO/boards/qemu_pico" BUILD="$OUT/qemu_pico" \
  MPY_LIB_DIR="$MICROPY_LIB_DIR"
echo "firmware: $OUT/qemu_pico/firmware.elf"
# FIRMWARE_ONLY=qemu_pico: that image alone (the target tests' rebuild)
[ "${FIRMWARE_ONLY:-}" = qemu_pico ] && exit 0

# The RISC-V image (VIRT_RV32, MicroPython's own board: an rv32imac VM on
# QEMU's `virt`), the firmware frozen as on the emulated Pico (the manifest
# given as text, as boards/qemu_pico does, so that boards/ holds no extra
# .py file), when Debian's gcc-riscv64-unknown-elf is there: its libgcc for rv32imac/ilp32 named (the port asks gcc for the
# one of -march=rv32imac_zicsr, which matches no multilib and gives the
# 64-bit one), and the frozen code for plain rv32imc, the ESP32-C3's (the
# board's default adds zba and zcmp, which Debian's QEMU 7.2 cannot run).
if command -v riscv64-unknown-elf-gcc > /dev/null; then
  if make -C "$MICROPY_DIR/ports/qemu" -j"$JOBS" BOARD=VIRT_RV32 BUILD="$OUT/virt_rv32" \
      FROZEN_MANIFEST="\"include('$MICROPY_DIR/extmod/asyncio'); include('$REPO/manifest.py', port_manifest=False)\"" \
      MPY_LIB_DIR="$MICROPY_LIB_DIR" \
      LIBS="$(riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -print-libgcc-file-name)" \
      MPY_CROSS_FLAGS=-march=rv32imc > "$OUT/virt_rv32.log" 2>&1; then
    echo "firmware: $OUT/virt_rv32/firmware.elf"
  else
    echo "firmware: the RISC-V image failed ($OUT/virt_rv32.log):"
    grep -m3 -i "error" "$OUT/virt_rv32.log" || tail -5 "$OUT/virt_rv32.log"
  fi
else
  echo "firmware: no RISC-V image: no riscv64-unknown-elf-gcc (Debian gcc-riscv64-unknown-elf)"
fi

# The Pico's UF2.
pinned() { git -C "$MICROPY_DIR" ls-tree HEAD "lib/$1" | awk '{print $3}'; }
at() { git -C "$MICROPY_DIR/lib/$1" rev-parse HEAD 2>/dev/null || echo none; }
for sub in pico-sdk tinyusb; do
  if [ "$(at $sub)" != "$(pinned $sub)" ]; then
    echo "firmware: no UF2: lib/$sub is not at $(pinned $sub) (git -C $MICROPY_DIR submodule update --init lib/$sub)"
    exit 0
  fi
done
if [ ! -f "${PICOTOOL_DIR:-/nonexistent}/picotoolConfig.cmake" ]; then
  echo "firmware: no UF2: set PICOTOOL_DIR to picotool's cmake package (build raspberrypi/picotool, make install)"
  exit 0
fi
if make -C "$MICROPY_DIR/ports/rp2" -j"$JOBS" BOARD=RPI_PICO BUILD="$OUT/rp2_pico" \
    FROZEN_MANIFEST="$REPO/manifest.py" \
    CMAKE_ARGS="-Dpicotool_DIR=$PICOTOOL_DIR -DMICROPY_LIB_DIR=$MICROPY_LIB_DIR" > "$OUT/rp2_pico.log" 2>&1; then
  echo "firmware: $OUT/rp2_pico/firmware.uf2"
else
  echo "firmware: the UF2 failed ($OUT/rp2_pico.log):"
  grep -m3 -A2 -i "error" "$OUT/rp2_pico.log" || tail -5 "$OUT/rp2_pico.log"
fi
