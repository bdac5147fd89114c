// The qemu port's configuration, plus what the xqboard firmware needs and a
// Pico has: asyncio (main.py runs the App's loop with it). The port's own
// header sets MICROPY_PY_ASYNCIO to 0 unconditionally, so it is included
// first and then overridden; everything else is the port's.
#include "ports/qemu/mpconfigport.h"

#undef MICROPY_PY_ASYNCIO
#define MICROPY_PY_ASYNCIO (1)
