// The Pico's flash chip, a Winbond W25Q16JV (2 MiB), behind the RP2040's
// SSI. rp2040js maps the flash's bytes for XIP reads but ignores every
// command sent through the SSI (program, erase, status) and reads IO_QSPI
// as 0xffffffff, so MicroPython's littlefs could neither write nor even
// run the bootrom's flash routines. Here: the chip's command set as the
// bootrom, boot2 and the pico-sdk use it, on the same bytes the core
// reads through XIP (mcu.flash), with its program and erase times on the
// emulated clock (status BUSY until done, as the core polls it), and the
// SSI and IO_QSPI registers those routines drive.
import { BasePeripheral } from 'rp2040js';

export const FLASH_BYTES = 2 * 1024 * 1024;
// Datasheet typicals (W25Q16JV, "AC Electrical Characteristics"), in ns.
export const TIMES = {
  typical: { page: 400e3, sector: 45e6, block32: 120e6, block64: 150e6, chip: 5e9, status: 10e6 },
  max: { page: 3e6, sector: 400e6, block32: 1.6e9, block64: 2e9, chip: 25e9, status: 15e6 },
};
const ERASES = { 0x20: ['sector', 4096], 0x52: ['block32', 32768], 0xd8: ['block64', 65536] };
const JEDEC_ID = [0xef, 0x40, 0x15];

export class NorFlash {
  /** bytes: the chip's contents (mcu.flash, its first FLASH_BYTES);
   * now(): the emulated time in ns. */
  constructor(bytes, now, timing = 'typical', uniqueId = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x1f, 0x2c, 0x2a]) {
    this.bytes = bytes;
    this.now = now;
    this.times = TIMES[timing];
    this.uniqueId = uniqueId;
    this.wel = false; // write enable latch
    this.busyUntil = 0;
    this.sr2 = 0x02; // QE set: boot2 need not write it
    this.selected = false;
    this.stats = { sectorErases: 0, blockErases: 0, pagesProgrammed: 0, busyNs: 0 };
    this.end();
  }

  get busy() {
    return this.now() < this.busyUntil;
  }

  select() {
    if (!this.selected) {
      this.selected = true;
      this.end();
    }
  }

  deselect() {
    if (this.selected) {
      this.selected = false;
      this.finish();
      this.end();
    }
  }

  end() {
    this.cmd = -1;
    this.n = 0; // bytes after the command byte
    this.addr = 0;
  }

  /** One byte clocked in; returns the byte clocked out. */
  transfer(b) {
    if (!this.selected) return 0xff;
    if (this.cmd < 0) {
      this.cmd = b;
      this.n = 0;
      this.command(b);
      return 0xff;
    }
    const i = this.n++;
    return this.data(i, b);
  }

  command(b) {
    if (this.busy && b !== 0x05 && b !== 0x35) {
      this.cmd = 0x100; // a busy chip ignores all but reading its status
    } else if (b === 0x06) {
      this.wel = true;
    } else if (b === 0x04) {
      this.wel = false;
    }
  }

  status1() {
    return (this.busy ? 1 : 0) | (this.wel ? 2 : 0);
  }

  data(i, b) {
    const c = this.cmd;
    if (c === 0x05) return this.status1();
    if (c === 0x35) return this.sr2;
    if (c === 0x9f) return JEDEC_ID[i] ?? 0;
    if (c === 0x4b) return i < 4 ? 0 : this.uniqueId[(i - 4) % 8];
    if (c === 0xab) return i < 3 ? 0 : 0x14;
    if (i < 3 && (c === 0x02 || c === 0x03 || c === 0x0b || c in ERASES)) {
      this.addr = ((this.addr << 8) | b) & (FLASH_BYTES - 1);
      return 0;
    }
    if (c === 0x03 || (c === 0x0b && i > 3)) {
      return this.bytes[(this.addr + i - (c === 0x03 ? 3 : 4)) & (FLASH_BYTES - 1)];
    }
    if (c === 0x02 && this.wel) {
      // NOR programming only clears bits; the address wraps in its page
      const a = (this.addr & ~0xff) | ((this.addr + i - 3) & 0xff);
      this.bytes[a] &= b;
      this.programmed = true;
    }
    if (c === 0x01 && i === 1 && this.wel) this.sr2 = b | 0x02;
    return 0;
  }

  /** At chip select's rise: an erase or program starts (BUSY). */
  finish() {
    const c = this.cmd;
    if (c === 0x02 && this.programmed && this.wel) {
      this.programmed = false;
      this.stats.pagesProgrammed++;
      this.wait(this.times.page);
    } else if (c in ERASES && this.n >= 3 && this.wel) {
      const [kind, size] = ERASES[c];
      const start = this.addr & ~(size - 1);
      this.bytes.fill(0xff, start, start + size);
      if (size === 4096) this.stats.sectorErases++;
      else this.stats.blockErases++;
      this.wait(this.times[kind]);
    } else if ((c === 0xc7 || c === 0x60) && this.wel) {
      this.bytes.fill(0xff, 0, FLASH_BYTES);
      this.wait(this.times.chip);
    } else if (c === 0x01 && this.wel) {
      this.wait(this.times.status);
    }
  }

  wait(ns) {
    this.wel = false;
    this.busyUntil = this.now() + ns;
    this.stats.busyNs += ns;
  }
}

// SSI registers (RP2040 datasheet 4.10.13)
const CTRLR0 = 0x00;
const SSIENR = 0x08;
const TXFLR = 0x20;
const RXFLR = 0x24;
const SR = 0x28;
const IDR = 0x58;
const VERSION = 0x5c;
const DR0 = 0x60;
const SR_TFNF = 2;
const SR_TFE = 4;
const SR_RFNE = 8;

/** The SSI in front of the chip: every byte written to DR0 is clocked
 * through at once (its reply queued in the RX FIFO). Chip select is
 * IO_QSPI's SS override where the code forces it (the bootrom and the
 * pico-sdk do), else the SSI's own: a transfer from the first byte
 * written until the code sees the FIFO drain (reads SR), as boot2 does. */
export class SSI extends BasePeripheral {
  constructor(rp2040, nor, ioqspi) {
    super(rp2040, 'SSI');
    this.nor = nor;
    this.ioqspi = ioqspi;
    this.regs = new Map();
    this.rx = [];
    this.auto = false; // a transfer under the SSI's own chip select
  }

  readUint32(offset) {
    switch (offset) {
      case TXFLR:
        return 0;
      case RXFLR:
        return this.rx.length;
      case SR:
        if (this.auto) {
          this.auto = false;
          this.nor.deselect();
        }
        return SR_TFNF | SR_TFE | (this.rx.length ? SR_RFNE : 0);
      case DR0:
        return this.rx.length ? this.rx.shift() : 0;
      case IDR:
        return 0x51535049;
      case VERSION:
        return 0x3430312a;
    }
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    if (offset === DR0) {
      if (!this.regs.get(SSIENR)) return;
      const forced = this.ioqspi.ssOverride();
      if (forced === 0 && !this.auto) {
        this.auto = true;
        this.nor.select();
      }
      this.rx.push(this.nor.transfer(value & 0xff));
      if (this.rx.length > 16) this.rx.shift(); // overrun: the oldest lost
      return;
    }
    this.regs.set(offset, value >>> 0);
    if (offset === SSIENR && !(value & 1)) {
      this.rx = [];
      if (this.auto) {
        this.auto = false;
        this.nor.deselect();
      }
    }
  }
}

const SS_CTRL = 0x0c; // GPIO_QSPI_SS_CTRL: OUTOVER in bits 8-9
const OUTOVER_LOW = 2;
const SS_STATUS = 0x08;
const SS_HIGH = (1 << 17) | (1 << 19); // INFROMPAD, INTOPERI

/** IO_QSPI's registers as written (rp2040js has none: every read was
 * 0xffffffff, which the bootrom reads as a flash operation aborted), and
 * the SS override driving the chip's select. */
export class IOQSPI extends BasePeripheral {
  constructor(rp2040, nor) {
    super(rp2040, 'IO_QSPI');
    this.nor = nor;
    this.regs = new Uint32Array(16);
  }

  ssOverride() {
    return (this.regs[SS_CTRL >> 2] >> 8) & 3;
  }

  readUint32(offset) {
    // SS reads high (its pull-up): BOOTSEL not held, so the bootrom boots
    // from flash rather than as a USB drive
    if (offset === SS_STATUS) return SS_HIGH;
    return offset < 64 ? this.regs[offset >> 2] : 0;
  }

  writeUint32(offset, value) {
    if (offset >= 64) return;
    this.regs[offset >> 2] = value;
    if (offset === SS_CTRL) {
      if (this.ssOverride() === OUTOVER_LOW) this.nor.select();
      else this.nor.deselect();
    }
  }
}

/** XIP_CTRL (0x14000000): its cache flush always ready; quiets rp2040js's
 * warnings for the registers it does not map. */
export class XIPCtrl extends BasePeripheral {
  readUint32(offset) {
    return offset === 0x08 ? 0x3 : 0; // STAT: FLUSH_READY, FIFO_EMPTY
  }

  writeUint32() {}
}

/** The chip wired to the RP2040: returns the NorFlash. */
export function attachFlash(mcu, timing = 'typical') {
  const nor = new NorFlash(mcu.flash.subarray(0, FLASH_BYTES), () => mcu.clock.nanos, timing);
  const io = new IOQSPI(mcu, nor);
  mcu.peripherals[0x18000] = new SSI(mcu, nor, io);
  mcu.peripherals[0x40018] = io;
  mcu.peripherals[0x14000] = new XIPCtrl(mcu, 'XIP_CTRL');
  return nor;
}
