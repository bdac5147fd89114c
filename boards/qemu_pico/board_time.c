// The wall clock the qemu port lacks and littlefs asks for (the mtime of a
// file). A Pico without its RTC set counts from boot; so does this board,
// on the emulated clock, which keeps two runs of a scenario identical down
// to the flash image.
#include "py/mphal.h"

uint64_t mp_hal_time_ns(void) {
    return (uint64_t)mp_hal_ticks_us() * 1000u;
}
