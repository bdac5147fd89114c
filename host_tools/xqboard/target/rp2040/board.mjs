// The board around the chip: an RP2040 (rp2040js) booting the UF2 with the
// B1 bootrom, and the parts wired to it as the board definition says
// (boards/pico.py, passed in as `wiring` by target/rp2040.py): the sensor
// chain, the levers, the displays, the buzzer, the flash chip, USB.
//
// The parts outlive the chip: a power cut drops the RP2040 at any cycle
// and a new one boots on the same flash bytes (RP2040.reset() would wipe
// them), the pieces staying where they stand. A watchdog trigger is the
// same reboot, on the kept flash. Time runs on across boots (`now()`).
import { readFileSync } from 'node:fs';
import { BasePeripheral, RP2040, USBCDC } from 'rp2040js';
import { Buzzer } from './models/buzzer.mjs';
import { FaultWatch } from './models/faults.mjs';
import { HC165Chain } from './models/hc165.mjs';
import { Contact } from './models/levers.mjs';
import { attachFlash, FLASH_BYTES } from './models/norflash.mjs';
import { PioClock } from './models/pio.mjs';
import { attachI2C, SSD1306 } from './models/ssd1306.mjs';

const NS_PER_CYCLE = 8; // 125 MHz
// While a PIO state machine runs, the core's sleep is cut in slices of at
// most this much, the PIO run through each: an interrupt it raises (a
// lever's edge, boards/pio.py) wakes the core within a slice.
const PIO_SLICE_NS = 50e3;

/** The UF2's blocks into a flash image. */
export function loadUF2(path, flash) {
  const f = readFileSync(path);
  for (let off = 0; off + 512 <= f.length; off += 512) {
    const v = new DataView(f.buffer, f.byteOffset + off, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) continue;
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    flash.set(f.subarray(off + 32, off + 32 + size), addr - 0x10000000);
  }
}

/** Registers kept as written, read back (0 at reset): VREG_AND_CHIP_RESET,
 * which rp2040js leaves unmapped (every read 0xffffffff), so that the
 * bootrom's reset handler read CHIP_RESET's PSM_RESTART_FLAG as set and
 * halted as for a debugger, instead of booting from flash. */
class Registers extends BasePeripheral {
  constructor(mcu, name) {
    super(mcu, name);
    this.regs = new Map();
  }

  readUint32(offset) {
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    this.regs.set(offset, value);
  }
}

export class Board {
  constructor({ bootrom, uf2, flash, wiring, strict = true, timing = 'typical', usb = true }) {
    this.bootrom = bootrom;
    this.wiring = wiring;
    this.strict = strict;
    this.timing = timing;
    this.flash = new Uint8Array(FLASH_BYTES).fill(0xff);
    if (flash) this.flash.set(flash.subarray(0, FLASH_BYTES));
    loadUF2(uf2, this.flash); // the image over the kept filesystem (a drag and drop)
    this.chain = new HC165Chain(wiring.points);
    this.levers = { red: new Contact(), black: new Contact() };
    this.buzzer = new Buzzer();
    this.displays = (wiring.displays || []).map((d) => new SSD1306(d.address));
    this.usb = usb;
    this.batteryMv = wiring.battery_mv ?? 4500; // three fresh AA cells
    this.toHost = []; // bytes for the board not yet in the USB FIFO
    this.onSerial = () => {};
    this.offset = 0; // ns of the boards's time before this chip booted
    this.boots = [];
    this.mcu = null;
    this.activeCycles = 0;
  }

  now() {
    return this.offset + (this.mcu ? this.mcu.clock.nanos : 0);
  }

  power(on, why = 'power') {
    if (!on) {
      if (this.mcu) {
        this.flash.set(this.mcu.flash.subarray(0, FLASH_BYTES));
        this.offset = this.now();
        this.activeCycles += this.mcu.core.cycles;
      }
      this.mcu = null;
      this.cdc = null;
      return;
    }
    if (this.mcu) return;
    const mcu = new RP2040();
    this.watch = new FaultWatch(mcu, this.strict);
    mcu.loadBootrom(this.bootrom); // (its reset() wipes the flash: the bytes go in after)
    mcu.flash.set(this.flash);
    this.nor = attachFlash(mcu, this.timing);
    mcu.peripherals[0x40064] = new Registers(mcu, 'VREG_AND_CHIP_RESET');
    const w = this.wiring;
    this.pio = new PioClock(mcu);
    this.chain.attach(mcu, w.spi, w.load, w.sck, w.miso);
    this.levers.red.attach(mcu, w.lever_red);
    this.levers.black.attach(mcu, w.lever_black);
    if (w.buzzer !== undefined) this.buzzer.attach(mcu, w.buzzer, () => this.offset);
    for (const bus of new Set((w.displays || []).map((d) => d.bus))) {
      attachI2C(mcu, bus, this.displays.filter((_, i) => w.displays[i].bus === bus));
    }
    this.battery(this.batteryMv);
    mcu.peripherals[0x40058].onWatchdogTrigger = () => (this.rebootDue = 'watchdog');
    this.mcu = mcu;
    this.boots.push([this.now(), why]);
    if (this.usb) this.plug();
    // boot2 at the flash's start, as rp2040js's own demo boots (the
    // bootrom's reset path, which copies boot2 to SRAM and checks its CRC,
    // stops in the USB drive mode on rp2040js); the bootrom stays for its
    // functions (flash erase and program, memcpy, float)
    mcu.core.PC = 0x10000000;
  }

  /** The battery: VSYS through the Pico's divider (BATTERY_SCALE) on
   * GP29, ADC channel 3, as its 12-bit reading (rp2040js reads 0: a board
   * on an empty battery, which warns every 10 s). */
  battery(mv) {
    this.batteryMv = mv;
    const w = this.wiring;
    if (this.mcu && w.battery_scale) {
      this.mcu.adc.channelValues[w.battery - 26] = Math.min(4095, Math.round((mv / w.battery_scale / 3300) * 4095));
    }
  }

  /** The USB host attached (enumerates the board's CDC). rp2040js's CDC
   * answers each OUT transfer the board arms at once, with no bytes when
   * the host has none, so the board's USB interrupt fires again and again
   * and the core never sleeps; a host NAKs instead until it has data:
   * here an armed read waits for the host's bytes (feed()). */
  plug() {
    const usb = this.mcu.usbCtrl;
    const cdc = new USBCDC(usb);
    cdc.onSerialData = (data) => this.onSerial(data);
    const read = usb.onEndpointRead;
    this.armed = null;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty && !this.toHost.length) {
        this.armed = [endpoint, size]; // NAK until the host has bytes
        return;
      }
      read(endpoint, size);
    };
    this.readArmed = () => {
      if (this.armed && (this.toHost.length || !cdc.txFIFO.empty)) {
        const [endpoint, size] = this.armed;
        this.armed = null;
        this.feedFifo();
        read(endpoint, size);
      }
    };
    this.cdc = cdc;
    // A host plugged into a board already running: rp2040js's USBCDC
    // enumerates when the board enables its controller (MAIN_CTRL's
    // CONTROLLER_EN, once, at boot), so a CDC made after that never
    // enumerated, and nothing the board sent reached the host again (the
    // bench's long game after `usb off`/`usb on`: 2 of 300 moves
    // recorded). A host's attach is a bus reset, as here.
    if (usb.mainCtrl & 1 && !usb.hostMode) usb.resetDevice();
  }

  /** A press `afterNs` into the next sector or block erase of the flash
   * (the rp2 port erases with interrupts off: the press's edge must keep
   * its time, boards/pio.py). */
  pressInErase(side, afterNs, hold) {
    const nor = this.nor;
    const wait = nor.wait;
    nor.wait = (ns) => {
      wait.call(nor, ns);
      if (ns < 1e6) return; // a page's program: not yet
      nor.wait = wait;
      this.mcu.clock.createAlarm(() => this.levers[side].press(hold)).schedule(afterNs);
    };
  }

  send(bytes) {
    for (const b of bytes) this.toHost.push(b);
  }

  feedFifo() {
    const cdc = this.cdc;
    while (this.toHost.length && !cdc.txFIFO.full) cdc.txFIFO.push(this.toHost.shift());
  }

  feed() {
    const cdc = this.cdc;
    if (!cdc || !cdc.initialized) return;
    this.feedFifo();
    this.readArmed();
  }

  /** Runs the chip until the board's time `until` (ns), a fault, or a
   * reboot; returns the fault (or null). */
  run(until) {
    for (;;) {
      const mcu = this.mcu;
      if (!mcu) {
        this.offset = Math.max(this.offset, until);
        return null;
      }
      this.feed();
      const end = until - this.offset;
      const { core, clock } = mcu;
      let n = 0;
      while (clock.nanos < end && n++ < 200000) {
        const pio = this.pio.running;
        if (core.waiting) {
          const next = clock.nanosToNextAlarm;
          let ns = next > 0 ? Math.min(next, end - clock.nanos) : end - clock.nanos;
          if (pio) {
            ns = Math.max(NS_PER_CYCLE, Math.min(ns, PIO_SLICE_NS));
            this.pio.advance(ns / NS_PER_CYCLE);
          }
          clock.tick(ns);
        } else {
          if (this.watched) this.watchCall(core.PC);
          if (this.sampling) this.sample(core.PC);
          const c = core.executeInstruction();
          if (pio) this.pio.advance(c);
          clock.tick(c * NS_PER_CYCLE);
        }
        if (this.watch.fault) return this.watch.fault;
        if (this.rebootDue) break;
      }
      if (this.rebootDue) {
        const why = this.rebootDue;
        this.rebootDue = null;
        this.power(false);
        this.power(true, why);
        const reason = mcu.peripherals[0x40058];
        this.mcu.peripherals[0x40058].reason = reason.reason; // what reset_cause() reads
        this.mcu.peripherals[0x40058].scratchData.set(reason.scratchData);
        continue;
      }
      if (clock.nanos >= end) return null;
    }
  }

  /** The bench's records: each scan's instant and the active cycles
   * until then ([ns, cycles], from the chain's /PL), and each call of the
   * functions at `entries` (gc_collect, gc_alloc, gc_info...) up to its
   * return: [address, ns at entry, ns, cycles it took, r0 at entry, r0 at
   * return, the 3 words r0 pointed to at entry, read at return (gc_info's
   * total, used, free)]. */
  profile(entries = []) {
    const scans = [];
    this.chain.onLoad = () => scans.push([this.now(), this.cycles()]);
    const calls = [];
    this.watched = entries.length ? new Set(entries.map((a) => a & ~1)) : null;
    this.open = [];
    // the active cycles of each 5 ms of the board's time ([ns, cycles] at
    // each period's end), whatever the loop does in it
    const periods = [];
    if (this.periodAlarm) this.periodAlarm.cancel();
    if (this.mcu) {
      const alarm = this.mcu.clock.createAlarm(() => {
        periods.push([this.now(), this.cycles()]);
        alarm.schedule(5e6);
      });
      alarm.schedule(5e6);
      this.periodAlarm = alarm;
    }
    this.records = { scans, calls, periods };
    return this.records;
  }

  /** (run's slow path, while profiling) a watched function entered or returned. */
  watchCall(pc) {
    const core = this.mcu.core;
    for (let i = this.open.length - 1; i >= 0; i--) {
      const [addr, ret, t0, c0, arg] = this.open[i];
      if (ret === pc) {
        this.open.splice(i, 1);
        const r = this.mcu;
        const words = arg >= 0x20000000 && arg < 0x20042000 ? [0, 4, 8].map((k) => r.readUint32(arg + k)) : null;
        this.records.calls.push([addr, t0, this.now() - t0, this.cycles() - c0, arg, core.registers[0], words, c0]);
        break;
      }
    }
    if (this.watched.has(pc)) this.open.push([pc, core.LR & ~1, this.now(), this.cycles(), core.registers[0]]);
  }

  /** PC sampling (the profile of where the core's cycles go): every
   * `every`-th instruction's PC counted; sampled() returns and clears. */
  sampleEvery(every) {
    this.sampling = every > 0 ? every : 0;
    this.sampleN = 0;
    this.samples = new Map();
  }

  sample(pc) {
    if (++this.sampleN < this.sampling) return;
    this.sampleN = 0;
    this.samples.set(pc, (this.samples.get(pc) || 0) + 1);
  }

  cycles() {
    return this.activeCycles + (this.mcu ? this.mcu.core.cycles : 0);
  }

  /** The board's parts as they stand: what the host reads back. */
  report() {
    return {
      t: this.now(),
      cycles: this.cycles(),
      flash: this.nor ? this.nor.stats : null,
      buzzer: this.buzzer.sounds(),
      levers: { red: this.levers.red.edges, black: this.levers.black.edges },
      reads: this.chain.reads,
      boots: this.boots,
      displays: this.displays.map((d) => ({ address: d.address, on: d.on, frames: d.frames,
        ram: Buffer.from(d.ram).toString('hex') })),
      warnings: this.watch ? this.watch.warnings : [],
      faults: this.watch ? this.watch.noted : [],
    };
  }
}
