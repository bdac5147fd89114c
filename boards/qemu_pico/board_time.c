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
//
// The ms count itself is this file's (-Wl,--wrap=ticks_ms and
// --wrap=SysTick_Handler), so that a long halt can be one SysTick period
// of many ms instead of many of 1 ms (board_time_halt_ms): each wake of the
// halted CPU costs the emulator a turn of its main loop and two thread
// switches, ~0.2 ms of host CPU, which made an idle emulated second cost
// ~0.2 s (stop 38: the e2e tests' 56 s of emulated game took 13 s of QEMU's
// CPU). The ticks the firmware reads are the same ones, ms for ms.
#include <stdint.h>
#include "py/mphal.h"
#include "py/runtime.h"
#include "board_time.h"

#define SYST_RVR (*(volatile uint32_t *)0xE000E014)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018)
#define SCB_ICSR (*(volatile uint32_t *)0xE000ED04)
#define PENDSTSET (1u << 26)
#define CPU_FREQ_HZ (25000000u)  // mps2-an385's, as ticks.c's
#define ONE_MS (CPU_FREQ_HZ / 1000u - 1u)  // the reload of a 1 ms period (ticks.c's)
#define MAX_PERIOD_MS (600u)  // the 24-bit counter holds 671 ms at 25 MHz

static volatile uint32_t board_ms;  // ms since boot: what ticks_ms() returns
static volatile uint32_t ms_this_period = 1;  // what the next SysTick adds
static volatile uint32_t long_period;  // ms of a halt's long period, armed for the reload after this one

// Each wrap of the counter: the ms it counted. After a halt's first wrap
// the counter already runs its long period (loaded from SYST_RVR at the
// wrap), so the reload register goes back to 1 ms for the wrap after.
void __wrap_SysTick_Handler(void) {
    board_ms += ms_this_period;
    ms_this_period = 1;
    if (long_period) {
        ms_this_period = long_period;
        long_period = 0;
        SYST_RVR = ONE_MS;
    }
}

uintptr_t __wrap_ticks_ms(void) {
    return board_ms;
}

// Halts the CPU until n ms boundaries have passed, as n wakes of 1 ms do
// (a WFI a SysTick), but in two wakes a period of up to MAX_PERIOD_MS: at
// the first boundary the reload register is set for the period after the
// one in course, which ends on the same boundary the n wakes end on.
// Nothing runs while halted, so the long period's ticks_us() is never read.
void board_time_halt_ms(uint32_t n) {
    uint32_t target = board_ms + n;
    while ((int32_t)(target - board_ms) > 0) {
        __asm__ __volatile__ ("wfi");  // to the next boundary (the one in course ends)
        uint32_t rest = target - board_ms;
        if ((int32_t)rest >= 3) {
            uint32_t ms = rest - 1u < MAX_PERIOD_MS ? rest - 1u : MAX_PERIOD_MS;
            uint32_t end = board_ms + 1u + ms;
            long_period = ms;
            SYST_RVR = ms * (ONE_MS + 1u) - 1u;
            while ((int32_t)(end - board_ms) > 0) {
                __asm__ __volatile__ ("wfi");
            }
        }
    }
}

// MICROPY_INTERNAL_WFE (mpconfigport.h): the wait of timeout_ms (-1: none
// given), halted, at most BOARD_EVENT_WAIT_MS, after which the caller
// looks at its streams and waits again if nothing came.
#define BOARD_EVENT_WAIT_MS (20)
void board_wait_for_event(int timeout_ms) {
    if (timeout_ms < 0 || timeout_ms > BOARD_EVENT_WAIT_MS) {
        timeout_ms = BOARD_EVENT_WAIT_MS;
    }
    board_time_halt_ms((uint32_t)timeout_ms);
}

// time.sleep_ms (the device loop's sleep between scans): waits for events
// until ms boundaries have passed, as the rp2 port's mp_hal_delay_ms does,
// where the qemu port's spun reading the clock (-Wl,--wrap=mp_hal_delay_ms).
void __wrap_mp_hal_delay_ms(mp_uint_t ms) {
    uint32_t start = board_ms;
    if (ms == 0) {
        mp_handle_pending(true);  // as the port's
        return;
    }
    while (board_ms - start < ms) {
        mp_event_wait_ms(ms - (board_ms - start));
    }
}

uintptr_t __wrap_ticks_us(void) {
    uint32_t ms, cvr, pending, again;
    do {
        ms = board_ms;
        cvr = SYST_CVR;
        pending = SCB_ICSR & PENDSTSET;
        again = SYST_CVR;
    } while (ms != board_ms || again > cvr);  // the handler ran, or it wrapped, between the reads
    if (pending) {
        ms += 1;  // it wrapped; the handler has not counted it yet
    }
    uint32_t elapsed = cvr ? SYST_RVR - cvr : 0;
    return ms * 1000 + elapsed * 1000 / (CPU_FREQ_HZ / 1000);
}

uint64_t mp_hal_time_ns(void) {
    return (uint64_t)mp_hal_ticks_us() * 1000u;
}
