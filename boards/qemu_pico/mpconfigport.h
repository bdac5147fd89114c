// The qemu port's configuration, plus what the xqboard firmware needs and a
// Pico has: asyncio (main.py runs the App's loop with it). The port's own
// header sets MICROPY_PY_ASYNCIO to 0 unconditionally, so it is included
// first and then overridden; everything else is the port's.
#include "ports/qemu/mpconfigport.h"

#undef MICROPY_PY_ASYNCIO
#define MICROPY_PY_ASYNCIO (1)

// At every VM start (mp_init): unaligned loads and stores trap as on the
// RP2040's Cortex-M0+, where they are a HardFault (modboard.c).
void board_trap_unaligned(void);
#define MICROPY_PORT_INIT_FUNC board_trap_unaligned()

// Waiting for an event (asyncio's and select's waits, the device loop's
// sleep between scans) halts the CPU, as the rp2 port's __wfe does, where
// the qemu port spun reading the clock: a spun ms is a million emulated
// instructions. The UART raises no interrupt to wake on, so a wait is cut
// to BOARD_EVENT_WAIT_MS and the waiter looks at its streams again
// (board_time.c).
void board_wait_for_event(int timeout_ms);
#define MICROPY_INTERNAL_WFE(TIMEOUT_MS) board_wait_for_event(TIMEOUT_MS)
