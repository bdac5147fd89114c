// An SSD1306 128x64 OLED on I2C: the commands micropython-lib's driver and
// firmware/ui/paging.py send (addressing modes, column and page windows),
// and its display RAM, which is laid out as a MONO_VLSB framebuffer: the
// very picture `xqboard faces` draws (host_tools/xqboard/faces_png.py).
export const WIDTH = 128;
export const PAGES = 8;
const ARGS = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1 };

export class SSD1306 {
  constructor(address = 0x3c) {
    this.address = address;
    this.ram = new Uint8Array(WIDTH * PAGES);
    this.on = false;
    this.mode = 2; // page addressing after reset
    this.col = 0;
    this.page = 0;
    this.cols = [0, WIDTH - 1];
    this.pages = [0, PAGES - 1];
    this.cmd = [];
    this.writes = 0; // data bytes written
    this.frames = 0; // transactions that wrote data
    this.start();
  }

  /** A new I2C transaction: a control byte comes first. */
  start() {
    this.control = null;
    this.wrote = false;
  }

  stop() {
    if (this.wrote) this.frames++;
  }

  byte(b) {
    if (this.control === null) {
      this.control = b;
      return;
    }
    const data = !!(this.control & 0x40);
    if (this.control & 0x80) this.control = null; // Co: one byte, then a control byte
    if (data) this.data(b);
    else this.command(b);
  }

  command(b) {
    this.cmd.push(b);
    const c = this.cmd[0];
    if (this.cmd.length <= (ARGS[c] || 0)) return;
    const [, a, z] = this.cmd;
    this.cmd = [];
    if (c === 0x20) this.mode = a & 3;
    else if (c === 0x21) [this.cols, this.col] = [[a & 127, z & 127], a & 127];
    else if (c === 0x22) [this.pages, this.page] = [[a & 7, z & 7], a & 7];
    else if (c >= 0xb0 && c <= 0xb7) this.page = c & 7;
    else if (c < 0x10) this.col = (this.col & 0xf0) | c;
    else if (c < 0x20) this.col = (this.col & 0x0f) | ((c & 0x0f) << 4);
    else if (c === 0xae || c === 0xaf) this.on = c === 0xaf;
  }

  data(b) {
    this.ram[this.page * WIDTH + this.col] = b;
    this.writes++;
    this.wrote = true;
    if (this.mode === 2) {
      this.col = (this.col + 1) & 127;
      return;
    }
    // horizontal (0): along the column window, then the next page
    if (this.col < this.cols[1]) {
      this.col++;
      return;
    }
    this.col = this.cols[0];
    this.page = this.page < this.pages[1] ? this.page + 1 : this.pages[0];
  }
}

/** Displays on an I2C bus of the chip: the addressed one takes the bytes,
 * each byte (and the address) taking its 9 bits at the bus's SCL period on
 * the emulated clock. */
export function attachI2C(mcu, bus, displays) {
  const i2c = mcu.i2c[bus];
  let target = null;
  const later = (fn) => {
    const bitNs = ((i2c.sclLowPeriod + i2c.sclHighPeriod) * 1e9) / mcu.clkSys || 2500;
    mcu.clock.createAlarm(fn).schedule(Math.round(9 * bitNs));
  };
  i2c.onStart = () => i2c.completeStart();
  i2c.onConnect = (address) => {
    target = displays.find((d) => d.address === address) || null;
    if (target) target.start();
    const ack = !!target;
    later(() => i2c.completeConnect(ack));
  };
  i2c.onWriteByte = (b) => {
    if (target) target.byte(b);
    const ack = !!target;
    later(() => i2c.completeWrite(ack));
  };
  i2c.onReadByte = () => later(() => i2c.completeRead(0xff));
  i2c.onStop = () => {
    if (target) target.stop();
    target = null;
    i2c.completeStop();
  };
}
