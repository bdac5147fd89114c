// Faults of the core. rp2040js raises no HardFault: an unaligned word load
// is only logged, and an unaligned halfword or word store is done as if
// aligned. On a Cortex-M0+ each is a HardFault (and one in the HardFault
// handler a lockup), so the board stops here instead, with the PC, as the
// real chip would stop: the run ends with the fault, the host maps the PC
// to the frozen module (target/rp2040.py).
export class Fault extends Error {
  constructor(kind, pc, detail) {
    super(`${kind} at pc=0x${(pc >>> 0).toString(16)}${detail ? ': ' + detail : ''}`);
    this.kind = kind;
    this.pc = pc >>> 0;
    this.detail = detail;
  }
}

/** Watches a chip for faults; `fault` holds the first (or null). */
export class FaultWatch {
  constructor(mcu, strict = true) {
    this.mcu = mcu;
    this.fault = null;
    this.warnings = [];
    const pc = () => (mcu.core.PC - 2) >>> 0; // the instruction that made the access
    // (not strict: a fault is only noted, and the core runs on as
    // rp2040js lets it, an unaligned load reading the bytes a Cortex-M3
    // would: for looking past a known fault, never for a test's verdict)
    this.noted = [];
    const trap = (kind, detail) => {
      const f = new Fault(kind, pc(), detail);
      if (!strict) {
        if (this.noted.length < 20) this.noted.push(f.message);
      } else if (!this.fault) this.fault = f;
    };
    mcu.logger = {
      debug() {},
      info() {},
      warn: (_c, m) => {
        if (this.warnings.length < 50) this.warnings.push(m);
        if (/not implemented/.test(m)) trap('undefined instruction', m);
      },
      error: (_c, m) => {
        if (/not 32 bit aligned/.test(m)) trap('unaligned access', m);
        else trap('error', m);
      },
    };
    mcu.onBreak = (code) => trap('breakpoint (panic or HardFault handler)', 'bkpt #' + code);
    for (const [name, mask] of [['readUint16', 1], ['writeUint16', 1], ['writeUint32', 3]]) {
      const f = mcu[name].bind(mcu);
      mcu[name] = (address, value) => {
        if (address & mask) trap('unaligned access', `${name} 0x${(address >>> 0).toString(16)}`);
        return f(address, value);
      };
    }
  }
}
