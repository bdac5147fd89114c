// `_board`: what the emulated Pico's board module (boards/qemu.py) needs
// from the emulator and that Python cannot reach: ARM semihosting file
// calls on host files (the flash image, the test input), and a sleep that
// lets the CPU idle (WFI) so that idle time costs the emulator nothing.
//
// Semihosting: ARM DUI 0471, "Semihosting operations". The call is
// `bkpt 0xAB` with the operation in r0 and its argument block in r1; the
// emulated CPU stops until the host has answered, so under -icount a call
// takes the same emulated time however long the host takes.
#include <stdint.h>
#include "py/runtime.h"
#include "py/mperrno.h"
#include "py/mphal.h"
#include "board_time.h"

#define SYS_OPEN  (0x01)
#define SYS_CLOSE (0x02)
#define SYS_WRITE (0x05)
#define SYS_READ  (0x06)
#define SYS_SEEK  (0x0A)
#define SYS_FLEN  (0x0C)

// The Cortex-M3 of mps2-an385 allows an unaligned LDR/LDRH/STR/STRH; the
// RP2040's Cortex-M0+ faults on it (a frozen table read with ptr32 at an odd
// flash address hung the first Pico build at boot: issue 23). CCR.UNALIGN_TRP
// (ARMv7-M ARM B3.2.8, SCB CCR at 0xE000ED14, bit 3) makes the M3 trap the
// same accesses, and SHCSR.USGFAULTENA (0xE000ED24, bit 18) reports them as a
// UsageFault of their own rather than a HardFault: the port's handler prints
// "UsageFault exception caught" with the registers on the link, where the
// host (xqboard/target/emulator.py) ends the run with the PC and its function.
#define SCB_CCR (*(volatile uint32_t *)0xE000ED14)
#define SCB_SHCSR (*(volatile uint32_t *)0xE000ED24)

void board_trap_unaligned(void) {
    SCB_CCR |= 1u << 3;
    SCB_SHCSR |= 1u << 18;
}

// unaligned_trap() -> True when the trap is on (the tests check it).
static mp_obj_t board_unaligned_trap(void) {
    return mp_obj_new_bool(SCB_CCR & (1u << 3));
}
static MP_DEFINE_CONST_FUN_OBJ_0(board_unaligned_trap_obj, board_unaligned_trap);

static int32_t semihost(uint32_t op, const uint32_t *args) {
    register uint32_t r0 __asm__ ("r0") = op;
    register const uint32_t *r1 __asm__ ("r1") = args;
    __asm__ __volatile__ ("bkpt 0xAB" : "+r" (r0) : "r" (r1) : "memory");
    return (int32_t)r0;
}

// open(path, mode) -> handle; mode as fopen's index: 1 "rb", 3 "r+b".
static mp_obj_t board_open(mp_obj_t path_in, mp_obj_t mode_in) {
    size_t len;
    const char *path = mp_obj_str_get_data(path_in, &len);
    uint32_t args[3] = { (uint32_t)path, mp_obj_get_int(mode_in), len };
    int32_t h = semihost(SYS_OPEN, args);
    if (h < 0) {
        mp_raise_OSError(MP_ENOENT);
    }
    return MP_OBJ_NEW_SMALL_INT(h);
}
static MP_DEFINE_CONST_FUN_OBJ_2(board_open_obj, board_open);

static mp_obj_t board_close(mp_obj_t h_in) {
    uint32_t args[1] = { mp_obj_get_int(h_in) };
    semihost(SYS_CLOSE, args);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(board_close_obj, board_close);

// readinto(handle, buf) -> bytes read (fewer than len(buf) at the end).
static mp_obj_t board_readinto(mp_obj_t h_in, mp_obj_t buf_in) {
    mp_buffer_info_t buf;
    mp_get_buffer_raise(buf_in, &buf, MP_BUFFER_WRITE);
    uint32_t args[3] = { mp_obj_get_int(h_in), (uint32_t)buf.buf, buf.len };
    int32_t left = semihost(SYS_READ, args);
    return MP_OBJ_NEW_SMALL_INT(buf.len - left);
}
static MP_DEFINE_CONST_FUN_OBJ_2(board_readinto_obj, board_readinto);

static mp_obj_t board_write(mp_obj_t h_in, mp_obj_t buf_in) {
    mp_buffer_info_t buf;
    mp_get_buffer_raise(buf_in, &buf, MP_BUFFER_READ);
    uint32_t args[3] = { mp_obj_get_int(h_in), (uint32_t)buf.buf, buf.len };
    if (semihost(SYS_WRITE, args) != 0) {
        mp_raise_OSError(MP_EIO);
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(board_write_obj, board_write);

static mp_obj_t board_seek(mp_obj_t h_in, mp_obj_t pos_in) {
    uint32_t args[2] = { mp_obj_get_int(h_in), mp_obj_get_int(pos_in) };
    if (semihost(SYS_SEEK, args) != 0) {
        mp_raise_OSError(MP_EIO);
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(board_seek_obj, board_seek);

static mp_obj_t board_size(mp_obj_t h_in) {
    uint32_t args[1] = { mp_obj_get_int(h_in) };
    return mp_obj_new_int(semihost(SYS_FLEN, args));
}
static MP_DEFINE_CONST_FUN_OBJ_1(board_size_obj, board_size);

// Waits us microseconds as a Pico's core waits for its flash chip: a wait
// under 2 ms (a page's program, a read) spun whole, its instructions a ns
// each under -icount shift=0; a longer
// one (an erase) halted to the ms boundary before its last ms or two
// (board_time.c's halt: the emulator skips the time), the rest spun as
// measured (ticks_us() counts whole us: within 1 us). A loop on
// ticks_us() before read the SysTick's registers three times a turn, each
// read an exit from QEMU's translated code (a page's 0.4 ms: ~30,000 of
// them), and stopped 0.5 us short on average. (Tried at stop 38: a halt on
// mps2-an385's TIMER0, its interrupt left pending under PRIMASK to wake the
// WFI, took twice its time under -icount.)
// (32 instructions a turn, 30 of them NOPs: QEMU pays per translated block
// run, so a 2-instruction loop cost it many times the instructions' own
// time; the last few ns in turns of 2. GCC hands inline assembly over in
// divided syntax: `sub` is Thumb-1 SUBS.)
static void spin_us(uint32_t us) {
    uint32_t n = us * 1000u;
    uint32_t turns = n / 32u;
    if (turns) {
        __asm__ __volatile__ ("1:\n\t.rept 30\n\tnop\n\t.endr\n\tsub %0, #1\n\tbne 1b" : "+l" (turns) : : "cc");
    }
    turns = n % 32u / 2u;
    if (turns) {
        __asm__ __volatile__ ("1: sub %0, #1\n\tbne 1b" : "+l" (turns) : : "cc");
    }
}

static void wait_us(uint32_t us) {
    if (us >= 2000u) {
        uint32_t start = mp_hal_ticks_us();
        board_time_halt_ms(us / 1000u - 1u);  // ends within 1 ms of start + us - 1000
        us -= mp_hal_ticks_us() - start;
    }
    spin_us(us);
}

// idle(): halts until the next interrupt, the 1 ms SysTick: whatever the
// host's timing before, the code after it starts on a tick boundary, the
// same emulated instant on every run.
static mp_obj_t board_idle(void) {
    __asm__ __volatile__ ("wfi");
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(board_idle_obj, board_idle);

// halt_ms(n): halts until n ms boundaries have passed, the same instant as
// n calls of idle() (n <= 0: none), in two wakes of the CPU instead of n
// (board_time.c): the emulator's cost of an idle ms is its wakes.
static mp_obj_t board_halt_ms(mp_obj_t n_in) {
    mp_int_t n = mp_obj_get_int(n_in);
    if (n > 0) {
        board_time_halt_ms((uint32_t)n);
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(board_halt_ms_obj, board_halt_ms);

// wait_us(us): the flash's wait, for the tests of its time.
static mp_obj_t board_wait_us(mp_obj_t us_in) {
    wait_us(mp_obj_get_int(us_in));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(board_wait_us_obj, board_wait_us);

// Flash(handle, blocks, program_us, erase_us, read_ns_per_byte): a littlefs
// block device (the extended interface) over a host image file opened with
// open(), like the rp2 port's rp2.Flash, in C as that one is: littlefs calls
// it for every read of a commit. Each operation waits as long as the flash
// chip takes, with the CPU halted (a Pico's core waits for the chip, XIP
// off). stats() -> (erases, pages programmed, us waited).
typedef struct {
    mp_obj_base_t base;
    uint32_t handle, blocks, program_us, erase_us, read_ns;
    uint32_t erases, pages, waited_us;
} flash_obj_t;

#define SECTOR (4096)
#define PAGE (256)

static void flash_wait(flash_obj_t *self, uint32_t us) {
    self->waited_us += us;
    wait_us(us);
}

static void flash_seek(flash_obj_t *self, uint32_t pos) {
    uint32_t args[2] = { self->handle, pos };
    semihost(SYS_SEEK, args);
}

static mp_obj_t flash_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 5, 5, false);
    flash_obj_t *self = mp_obj_malloc(flash_obj_t, type);
    self->handle = mp_obj_get_int(args[0]);
    self->blocks = mp_obj_get_int(args[1]);
    self->program_us = mp_obj_get_int(args[2]);
    self->erase_us = mp_obj_get_int(args[3]);
    self->read_ns = mp_obj_get_int(args[4]);
    self->erases = self->pages = self->waited_us = 0;
    return MP_OBJ_FROM_PTR(self);
}

static mp_obj_t flash_readblocks(size_t n_args, const mp_obj_t *args) {
    flash_obj_t *self = MP_OBJ_TO_PTR(args[0]);
    mp_buffer_info_t buf;
    mp_get_buffer_raise(args[2], &buf, MP_BUFFER_WRITE);
    uint32_t offset = n_args > 3 ? mp_obj_get_int(args[3]) : 0;
    flash_seek(self, mp_obj_get_int(args[1]) * SECTOR + offset);
    uint32_t rd[3] = { self->handle, (uint32_t)buf.buf, buf.len };
    semihost(SYS_READ, rd);
    flash_wait(self, buf.len * self->read_ns / 1000);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(flash_readblocks_obj, 3, 4, flash_readblocks);

static mp_obj_t flash_writeblocks(size_t n_args, const mp_obj_t *args) {
    flash_obj_t *self = MP_OBJ_TO_PTR(args[0]);
    mp_buffer_info_t buf;
    mp_get_buffer_raise(args[2], &buf, MP_BUFFER_READ);
    uint32_t offset = n_args > 3 ? mp_obj_get_int(args[3]) : 0;
    // Each page touched is programmed once (littlefs writes whole pages).
    uint32_t pages = (offset % PAGE + buf.len + PAGE - 1) / PAGE;
    flash_seek(self, mp_obj_get_int(args[1]) * SECTOR + offset);
    uint32_t wr[3] = { self->handle, (uint32_t)buf.buf, buf.len };
    if (semihost(SYS_WRITE, wr) != 0) {
        mp_raise_OSError(MP_EIO);
    }
    self->pages += pages;
    flash_wait(self, pages * self->program_us);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(flash_writeblocks_obj, 3, 4, flash_writeblocks);

static mp_obj_t flash_ioctl(mp_obj_t self_in, mp_obj_t op_in, mp_obj_t arg_in) {
    flash_obj_t *self = MP_OBJ_TO_PTR(self_in);
    switch (mp_obj_get_int(op_in)) {
        case 4: // block count
            return MP_OBJ_NEW_SMALL_INT(self->blocks);
        case 5: // block size
            return MP_OBJ_NEW_SMALL_INT(SECTOR);
        case 6: { // erase a block: every byte 0xFF
            static const uint8_t erased[PAGE] = { [0 ... PAGE - 1] = 0xff };
            flash_seek(self, mp_obj_get_int(arg_in) * SECTOR);
            for (int i = 0; i < SECTOR / PAGE; ++i) {
                uint32_t wr[3] = { self->handle, (uint32_t)erased, PAGE };
                semihost(SYS_WRITE, wr);
            }
            self->erases += 1;
            flash_wait(self, self->erase_us);
            return MP_OBJ_NEW_SMALL_INT(0);
        }
        default: // init, deinit, sync: nothing to do
            return MP_OBJ_NEW_SMALL_INT(0);
    }
}
static MP_DEFINE_CONST_FUN_OBJ_3(flash_ioctl_obj, flash_ioctl);

static mp_obj_t flash_stats(mp_obj_t self_in) {
    flash_obj_t *self = MP_OBJ_TO_PTR(self_in);
    mp_obj_t items[3] = {
        mp_obj_new_int(self->erases), mp_obj_new_int(self->pages), mp_obj_new_int(self->waited_us)
    };
    return mp_obj_new_tuple(3, items);
}
static MP_DEFINE_CONST_FUN_OBJ_1(flash_stats_obj, flash_stats);

static const mp_rom_map_elem_t flash_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_readblocks), MP_ROM_PTR(&flash_readblocks_obj) },
    { MP_ROM_QSTR(MP_QSTR_writeblocks), MP_ROM_PTR(&flash_writeblocks_obj) },
    { MP_ROM_QSTR(MP_QSTR_ioctl), MP_ROM_PTR(&flash_ioctl_obj) },
    { MP_ROM_QSTR(MP_QSTR_stats), MP_ROM_PTR(&flash_stats_obj) },
};
static MP_DEFINE_CONST_DICT(flash_locals, flash_locals_table);

static MP_DEFINE_CONST_OBJ_TYPE(flash_type, MP_QSTR_Flash, MP_TYPE_FLAG_NONE,
    make_new, flash_make_new, locals_dict, &flash_locals);

static const mp_rom_map_elem_t board_module_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR__board) },
    { MP_ROM_QSTR(MP_QSTR_open), MP_ROM_PTR(&board_open_obj) },
    { MP_ROM_QSTR(MP_QSTR_close), MP_ROM_PTR(&board_close_obj) },
    { MP_ROM_QSTR(MP_QSTR_readinto), MP_ROM_PTR(&board_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_write), MP_ROM_PTR(&board_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_seek), MP_ROM_PTR(&board_seek_obj) },
    { MP_ROM_QSTR(MP_QSTR_size), MP_ROM_PTR(&board_size_obj) },
    { MP_ROM_QSTR(MP_QSTR_idle), MP_ROM_PTR(&board_idle_obj) },
    { MP_ROM_QSTR(MP_QSTR_halt_ms), MP_ROM_PTR(&board_halt_ms_obj) },
    { MP_ROM_QSTR(MP_QSTR_wait_us), MP_ROM_PTR(&board_wait_us_obj) },
    { MP_ROM_QSTR(MP_QSTR_Flash), MP_ROM_PTR(&flash_type) },
    { MP_ROM_QSTR(MP_QSTR_unaligned_trap), MP_ROM_PTR(&board_unaligned_trap_obj) },
};
static MP_DEFINE_CONST_DICT(board_module_globals, board_module_globals_table);

const mp_obj_module_t board_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&board_module_globals,
};

MP_REGISTER_MODULE(MP_QSTR__board, board_module);
