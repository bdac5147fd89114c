// The board's clocks.
//
// The wall clock the qemu port lacks and littlefs asks for (the mtime of a
// file). A Pico without its RTC set counts from boot; so does this board,
// on the emulated clock, which keeps two runs of a scenario identical down
// to the flash image.
//
// ticks_us() without its glitch. The port's (ports/qemu/mcu/arm/ticks.c)
// adds the SysTick handler's ms count and the counter's progress within
// the ms, read one after the other: when QEMU's SysTick reaches 0 it
// raises the interrupt and then reads 0 for one count (40 ns at 25 MHz)
// before it reloads, so a read in the 40 instructions after the handler
// got the new ms with the old ms's full count: 1 ms late (1 read in
// ~300,000 in a tight loop; more just after a WFI, which wakes on that
// handler: board.sleep_us, the flash waits), and a ms was counted twice
// or went backwards (docs/HARDWARE.md, "Cost per scan"). The linker sends
// the port's callers here (-Wl,--wrap=ticks_us, mpconfigboard.mk): a count
// of 0 is the start of the next ms, and a wrap the handler has not yet
// counted (interrupts masked: SCB ICSR.PENDSTSET, ARMv7-M ARM B3.2.4) is
// counted here; the ms is read again around the count, so that the
// handler cannot run between the two reads unseen.
#include <stdint.h>
#include "py/mphal.h"

#define SYST_RVR (*(volatile uint32_t *)0xE000E014)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018)
#define SCB_ICSR (*(volatile uint32_t *)0xE000ED04)
#define PENDSTSET (1u << 26)
#define CPU_FREQ_HZ (25000000u)  // mps2-an385's, as ticks.c's

uintptr_t ticks_ms(void);

uintptr_t __wrap_ticks_us(void) {
    uint32_t ms, cvr, pending, again;
    do {
        ms = ticks_ms();
        cvr = SYST_CVR;
        pending = SCB_ICSR & PENDSTSET;
        again = SYST_CVR;
    } while (ms != ticks_ms() || again > cvr);  // the handler ran, or it wrapped, between the reads
    if (pending) {
        ms += 1;  // it wrapped; the handler has not counted it yet
    }
    uint32_t elapsed = cvr ? SYST_RVR - cvr : 0;
    return ms * 1000 + elapsed * 1000 / (CPU_FREQ_HZ / 1000);
}

uint64_t mp_hal_time_ns(void) {
    return (uint64_t)mp_hal_ticks_us() * 1000u;
}
