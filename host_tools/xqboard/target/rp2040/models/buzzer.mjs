// The buzzer: an active buzzer switched by a GPIO (through a transistor).
// Read back as its on/off times on the emulated clock.
export class Buzzer {
  constructor() {
    this.edges = []; // [ns, on]
    this.on = false;
  }

  attach(mcu, gpio, offsetNs = () => 0) {
    const pin = mcu.gpio[gpio];
    pin.addListener((state) => {
      const on = state === 1; // GPIOPinState.High
      if (on !== this.on) {
        this.on = on;
        this.edges.push([offsetNs() + mcu.clock.nanos, on]);
      }
    });
  }

  /** [[on ns, off ns], ...]: each sound, off null while it still sounds. */
  sounds() {
    const out = [];
    for (const [t, on] of this.edges) {
      if (on) out.push([t, null]);
      else if (out.length && out[out.length - 1][1] === null) out[out.length - 1][1] = t;
    }
    return out;
  }
}
