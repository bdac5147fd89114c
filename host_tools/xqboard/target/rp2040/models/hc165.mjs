// The sensors: twelve 74HC165s in a chain on SPI (SCK, MISO) with /PL on
// its pin (boards/hc165.py, wired as boards/pico.py says). /PL low latches
// the 96 inputs; then each byte the SPI clocks shifts one chip out, the
// chip on MISO first, D7 first (mode 0, MSB first). A closed reed (a piece)
// reads 0. The transfer takes its 8 bits at the SPI's clock on the
// emulated clock, as the core waits for it on a Pico.
export class HC165Chain {
  /** points[i]: the point (0-89) bit i of the chain reads, or null (tied high). */
  constructor(points) {
    this.points = points;
    this.chips = points.length / 8;
    this.occ = new Uint8Array(90); // 1 where a piece stands
    this.latched = new Uint8Array(this.chips).fill(0xff);
    this.pos = 0;
    this.bit = 0; // (the pin-level path) the bit on MISO
    this.reads = 0;
    this.onLoad = null; // (the bench: each read's instant, for the scan periods)
  }

  /** The chain's bytes for the pieces standing now. */
  bytes() {
    const out = new Uint8Array(this.chips).fill(0xff);
    this.points.forEach((p, i) => {
      if (p !== null && this.occ[p]) out[i >> 3] &= ~(0x80 >> (i & 7));
    });
    return out;
  }

  load() {
    this.latched = this.bytes();
    this.pos = 0;
    this.bit = 0;
    this.reads++;
    if (this.onLoad) this.onLoad();
  }

  shift() {
    // past the last chip: its serial input, tied to ground
    return this.pos < this.chips ? this.latched[this.pos++] : 0;
  }

  /** The level of the chain's output for bit `k` of a read. */
  level(k) {
    return k < this.chips * 8 ? (this.latched[k >> 3] >> (7 - (k & 7))) & 1 : 0;
  }

  /** Wired to the chip: SPI `spi`, /PL on GPIO `load`; SCK and MISO on
   * GPIOs `sck`, `miso` for the pin-level path. */
  attach(mcu, spi, load, sck, miso) {
    const port = mcu.spi[spi];
    const pin = mcu.gpio[load];
    const out = miso === undefined ? null : mcu.gpio[miso];
    let low = false;
    pin.addListener((state) => {
      const isLow = state === 0; // GPIOPinState.Low
      if (isLow !== low && !isLow) {
        this.load(); // the inputs as they stand when /PL rises
        if (out) out.setInputValue(!!this.level(0));
      }
      low = isLow;
    });
    if (sck !== undefined) {
      let high = false;
      mcu.gpio[sck].addListener((state) => {
        const isHigh = state === 1; // GPIOPinState.High
        if (isHigh && !high && !low) out.setInputValue(!!this.level(++this.bit));
        high = isHigh;
      });
    }
    const alarm = mcu.clock.createAlarm(() => port.completeTransmit(low ? this.latched[0] : this.shift()));
    port.onTransmit = () => {
      const hz = port.clockFrequency || 1e6;
      alarm.schedule(Math.round((8 * 1e9) / hz));
    };
  }
}
