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
