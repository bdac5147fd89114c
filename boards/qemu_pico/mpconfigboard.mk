# The emulated Pico: MicroPython's qemu port on QEMU's mps2-an385 machine,
# with the VM built for the RP2040's Cortex-M0+ (Thumb-1 only, armv6m native
# code). A Cortex-M3 executes Thumb-1 code unchanged, so what runs here is
# the instruction stream a Pico runs (docs/HARDWARE.md, "The firmware image
# and the emulated board").
#
#   make -C $MICROPY_DIR/ports/qemu BOARD=QEMU_PICO BOARD_DIR=$PWD/boards/qemu_pico
#
# (scripts/firmware.sh does this, with the manifest and the library path.)
QEMU_ARCH = arm
QEMU_MACHINE = mps2-an385

CFLAGS += -mthumb -mcpu=cortex-m0plus -mfloat-abi=soft
CFLAGS += -DQEMU_SOC_MPS2
CFLAGS += -DMICROPY_HW_MCU_NAME='"Cortex-M0+ (RP2040 code on mps2-an385)"'

# Our mpconfigport.h (in this directory, found first) wraps the port's one
# to turn on asyncio.
INC += -I$(BOARD_DIR)

LDSCRIPT = mcu/arm/mps2.ld

# Thumb-1 register save for the GC (the M3 boards use the Thumb-2 one).
SRC_BOARD_O = shared/runtime/gchelper_native.o shared/runtime/gchelper_thumb1.o

# Frozen code is compiled for the RP2040's architecture.
MPY_CROSS_FLAGS += -march=armv6m

# The GC heap of a Pico running this firmware: the code is frozen in flash
# (XIP), so the heap is the RP2040's main SRAM (256 KiB) less the rp2
# port's .data/.bss (pico-sdk, TinyUSB, MicroPython's state), about 190 KiB
# free after boot (docs/HARDWARE.md, "Heap"). 192 KiB here.
MICROPY_HEAP_SIZE = 196608

# The journal's filesystem, as on the Pico's flash.
MICROPY_VFS_LFS2 = 1

# Frozen: asyncio (the port has no manifest of its own) and the firmware
# through the repository's manifest.py, with the emulated board's modules.
# (A manifest given as text, so that boards/ holds no extra .py file.)
FROZEN_MANIFEST ?= "include('$(TOP)/extmod/asyncio'); include('$(abspath $(BOARD_DIR)/../../manifest.py)', port_manifest=False, board_modules=['qemu.py', 'sim.py', 'simrun.py', 'scenario.py'])"

# littlefs stamps files with mp_hal_time_ns(), which the port lacks;
# modboard.c is the `_board` module (semihosting files, an idle sleep).
SRC_C += $(BOARD_DIR)/board_time.c $(BOARD_DIR)/modboard.c

# The port's ticks_us() reads its two halves apart (a ms late now and
# then): its callers get board_time.c's. Its ms count too, and the SysTick
# handler that keeps it: board_time.c's halt makes one period of many ms.
# time.sleep_ms halts as the rp2 port's does (the port's spins).
LDFLAGS += -Wl,--wrap=ticks_us -Wl,--wrap=ticks_ms -Wl,--wrap=SysTick_Handler -Wl,--wrap=mp_hal_delay_ms
