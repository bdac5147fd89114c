// Test helpers: an RP2040 with the B1 bootrom (build/rp2040/bootrom-b1.bin,
// written by `python -m xqboard.target.rp2040_env setup`), and calls into
// the bootrom's own functions, so that a model is tested against the code
// that drives it on the board.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RP2040 } from 'rp2040js';

export const BOOTROM = fileURLToPath(new URL('../../../../../build/rp2040/bootrom-b1.bin', import.meta.url));

export function bootrom() {
  const b = readFileSync(BOOTROM);
  return new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
}

export function chip() {
  const mcu = new RP2040();
  mcu.logger = { debug() {}, info() {}, warn() {}, error(_c, m) { throw new Error(m); } };
  mcu.loadBootrom(bootrom());
  return mcu;
}

/** The address of a bootrom function by its two-letter code ('RE'...). */
export function romFunc(mcu, code) {
  let p = mcu.readUint16(0x14);
  const want = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
  for (;;) {
    const c = mcu.readUint16(p);
    if (!c) throw new Error('no bootrom function ' + code);
    if (c === want) return mcu.readUint16(p + 2);
    p += 4;
  }
}

const RETURN = 0x20041000; // a `b .` in RAM: where a called function returns to

/** Runs a bootrom function to its return, on the emulated clock. */
export function call(mcu, code, ...args) {
  mcu.writeUint16(RETURN, 0xe7fe);
  args.forEach((a, i) => (mcu.core.registers[i] = a >>> 0));
  mcu.core.SP = 0x20042000;
  mcu.core.LR = RETURN | 1;
  mcu.core.PC = romFunc(mcu, code) & ~1;
  for (let n = 0; mcu.core.PC !== RETURN; n++) {
    if (n > 5e8) throw new Error('bootrom ' + code + ' did not return');
    const cycles = mcu.core.executeInstruction();
    mcu.clock.tick(cycles * 8);
  }
  return mcu.core.registers[0];
}
