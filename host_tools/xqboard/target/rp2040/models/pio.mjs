// The PIO blocks on the board's clock. rp2040js runs its PIO from a host
// timer (setTimeout), at the host's pace, a state machine's instruction a
// step whatever its clock divider and delay, so a PIO program's timing on it
// means nothing. Here the board's run loop advances them instead: each
// enabled state machine by the system cycles elapsed over its divider, an
// instruction's delay counting as its cycles (rp2040js adds it to
// `cycles`) and a stalled cycle (wait, blocking push/pull) as one.
export class PioClock {
  constructor(mcu) {
    this.pios = mcu.pio;
    this.done = new Float64Array(8); // SM cycles run, per machine
    this.due = new Float64Array(8); // SM cycles due, per machine
    this.pios.forEach((pio, k) => {
      pio.run = () => {}; // (no host timer)
      // CTRL.CLKDIV_RESTART (pio_sm_init writes it; rp2040js only warns):
      // the divider's phase from zero
      pio.machines.forEach((m, i) => {
        m.clkDivRestart = () => {
          this.due[k * 4 + i] = this.done[k * 4 + i];
        };
      });
    });
  }

  /** True while any state machine runs. */
  get running() {
    return this.pios.some((pio) => !pio.stopped);
  }

  /** Runs every enabled machine through `cycles` system cycles. */
  advance(cycles) {
    for (let k = 0; k < this.pios.length; k++) {
      const pio = this.pios[k];
      if (pio.stopped) continue;
      const machines = pio.machines;
      for (let i = 0; i < machines.length; i++) {
        const m = machines[i];
        if (!m.enabled) continue;
        const j = k * 4 + i;
        const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
        this.due[j] += cycles / div;
        while (this.done[j] < this.due[j]) {
          const c0 = m.cycles;
          m.step();
          const dc = m.cycles - c0;
          this.done[j] += dc > 0 ? dc : 1;
          pio.checkChangedPins(); // (the pins' listeners see each edge: the chain's SCK)
        }
      }
    }
  }
}
