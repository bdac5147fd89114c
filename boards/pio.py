# pyright: reportUndefinedVariable=false, reportMissingImports=false, reportCallIssue=false, reportAttributeAccessIssue=false, reportIndexIssue=false
# (the names of rp2.asm_pio's assembler, `set` among them, exist only inside its programs; rp2 is
# the rp2 port's own module, with no stub in typings/)
# The RP2040's PIO doing the board's two timing jobs without the core
# (the rp2 port's `rp2` module; boards/device.py uses it where it imports).
#
# The sensor chain (ChainReader): a state machine clocks the twelve
# 74HC165s (boards/hc165.py) on their pins, /PL then 128 clocks (the 96
# inputs, then 32 bits of the last chip's serial input, tied to ground),
# every ~0.8 ms, and a DMA channel writes the four words it pushes into a
# 16-byte ring in RAM, round and round. The core reads no bit: a scan
# compares the ring with the bits it last mapped (bytes ==, in C) and maps
# them only when they differ. The SPI path (hc165.HC165) stays for boards
# without a PIO.
#
# The levers (LeverTimer): a state machine a lever waits until the lever
# has read up for 30 ms (the debounce: the contact's bounce after a press
# finds it still counting), then for its falling edge, raises an interrupt
# and counts, every 3 of its cycles, until the core answers. The core's
# interrupt handler answers, reads the count and so knows how long ago
# the edge was: the press's time is the edge's, to the tick of ticks_ms,
# even when the handler ran late, e.g. after a sector erase or program of
# the flash, which the rp2 port does with interrupts off (~45 ms). The
# state machine runs on, the core stopped or not.
import rp2
import uctypes
from machine import Pin, mem32
from micropython import const

from boards import hc165

# For the type checker only (never true on the board, no `typing` there).
TYPE_CHECKING = False

_CHAIN_HZ = const(1000000)  # the chain's state machine: SCK at 500 kHz, a read every ~0.8 ms
_LEVER_HZ = const(100000)  # a lever's state machine: 10 us a cycle
_COUNT_CYCLES = const(3)  # cycles of the lever's counting loop
_LEVER_UP_MS = const(30)  # how long a lever reads up before its next edge counts
_DREQ_PIO0_RX0 = const(4)  # the DMA pacing signal of PIO0's state machine 0's RX FIFO


@rp2.asm_pio(set_init=rp2.PIO.OUT_HIGH, sideset_init=rp2.PIO.OUT_LOW,
             in_shiftdir=rp2.PIO.SHIFT_RIGHT, autopush=True, push_thresh=32)
def _chain():
    # set pin: /PL; side-set pin: SCK; in pin: MISO (Q7 of chip 0)
    wrap_target()  # (the names rp2.asm_pio defines)
    set(pins, 0).side(0)  # /PL low: the 96 inputs latched at once
    set(pins, 1).side(0)  # /PL high: chip 0's D7 on MISO
    set(y, 3).side(0)  # four words
    label("word")
    set(x, 31).side(0)
    label("bit")
    in_(pins, 1).side(0)
    jmp(x_dec, "bit").side(1)  # SCK rises: the next bit on MISO
    jmp(y_dec, "word").side(0)  # (each 32 bits pushed: autopush)
    set(x, 31).side(0)  # the pause: 32 x 16 cycles
    label("pause")
    jmp(x_dec, "pause").side(0)[15]
    wrap()


@rp2.asm_pio()
def _lever():
    # jmp pin and in pin: the lever (high when up)
    pull()  # OSR: the cycles the lever must read up, for good (the answer repeats it)
    wrap_target()
    label("arm")
    mov(x, osr)
    label("up")
    jmp(pin, "high")
    jmp("arm")  # down (a bounce): the wait starts again
    label("high")
    jmp(x_dec, "up")
    wait(0, pin, 0)  # armed: the falling edge
    irq(rel(0))  # the core's handler (LeverTimer._edge)
    mov(x, invert(null))
    label("count")
    mov(y, status)  # all ones while the TX FIFO is empty: no answer yet
    jmp(not_y, "answer")
    jmp(x_dec, "count")
    label("answer")
    pull()
    mov(isr, invert(x))  # the counts since the edge
    push()
    wrap()


def _pio_order(points):
    # The ring holds bit i of the chain at bit i % 8 of byte i // 8 (the
    # ISR shifts right: the first bit in is bit 0), where map_bits reads
    # bit j as bit 7 - j % 8: the same table, each byte's bits reversed.
    return tuple(points[(j & ~7) | (7 - (j & 7))] for j in range(len(points)))


TABLE = hc165.fr.codes(_pio_order(hc165.POINTS))


class ChainReader:
    """The 74HC165 chain read by PIO0's state machine `sm_id` and a DMA
    channel into `ring`; read(frame) as hc165.HC165's. `ring` and `last`
    are the loop's quiet test (app_loop.py): ring == last while no point
    changed."""

    def __init__(self, sck, miso, load, sm_id=0, table=TABLE, invert=1):
        self.table = table
        self.invert = invert
        Pin(miso, Pin.IN)
        self.ring = bytearray(16)  # (a GC block: 16-byte aligned, as the DMA's ring needs)
        if uctypes.addressof(self.ring) & 15:
            raise OSError("the chain's ring is not 16-byte aligned")
        self.buf = bytearray(16)
        self.last = bytearray(16)
        self.last[0] = 1  # (never a read: the first read maps)
        self.frame = None
        self.sm = rp2.StateMachine(sm_id, _chain, freq=_CHAIN_HZ, set_base=Pin(load),
                                   sideset_base=Pin(sck), in_base=Pin(miso))
        self.dma = rp2.DMA()
        ctrl = self.dma.pack_ctrl(size=2, inc_read=False, inc_write=True, ring_size=4, ring_sel=True,
                                  treq_sel=_DREQ_PIO0_RX0 + sm_id)
        self.dma.config(read=self.sm, write=self.ring, count=0xFFFFFFFF, ctrl=ctrl, trigger=True)
        self.sm.active(1)

    def read(self, frame):
        """Fills frame with the presence of the 90 points from the ring;
        True if they are the bits last mapped into it."""
        buf = self.buf
        buf[:] = self.ring
        if frame is self.frame and buf == self.last:
            return True
        hc165.fr.map_bits(buf, hc165.BITS, self.table, frame, self.invert)
        self.frame = frame
        self.buf, self.last = self.last, buf


class LeverTimer:
    """A lever on PIO1's state machine `sm_id` (its pin is also a plain
    input the scans may read): each press that counts calls on_press(t),
    t the edge's time in ticks_ms (in the interrupt: allocate nothing)."""

    def __init__(self, pin, sm_id, on_press):
        import time

        self.ticks_ms = time.ticks_ms
        self.on_press = on_press
        self.arm = _LEVER_UP_MS * _LEVER_HZ // 2000  # the up-wait loop is 2 cycles
        sm = rp2.StateMachine(sm_id, _lever, freq=_LEVER_HZ, in_base=pin, jmp_pin=pin)
        # EXECCTRL.STATUS_SEL = 0, STATUS_N = 1: `mov y, status` is all ones
        # while the TX FIFO holds nothing (asm_pio has no keyword for it)
        reg = 0x50300000 + 0xCC + 0x18 * (sm_id - 4)  # PIO1 SMn_EXECCTRL
        mem32[reg] = (mem32[reg] & ~0x1F) | 1
        sm.put(self.arm)
        sm.irq(self._edge, hard=True)
        self.sm = sm
        sm.active(1)

    def _edge(self, sm):
        now = self.ticks_ms()
        sm.put(self.arm)  # the answer: the count stops
        n = sm.get()  # (pushed within 3 of its cycles, 30 us)
        back_us = (n * _COUNT_CYCLES + 2) * (1000000 // _LEVER_HZ)
        self.on_press((now - back_us // 1000) & 0x3FFFFFFF)
