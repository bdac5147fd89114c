// The clock levers and any buttons: a contact to ground on a GPIO with the
// pad's pull-up (rp2040js does not apply pulls to the input value, so the
// model drives the pin high when open). A press bounces: the contact makes
// and breaks a few times over ~2 ms before it stays, and again on release.
export const BOUNCE_NS = [0, 150e3, 400e3, 700e3, 1.6e6]; // the edges of a bounce (an odd count: it ends where it goes)
export const HOLD_NS = 120e6; // how long a press holds the lever down

export class Contact {
  constructor(bounce = BOUNCE_NS) {
    this.bounce = bounce;
    this.closed = false;
    this.edges = []; // [ns, closed] of every level change the pin saw
  }

  attach(mcu, gpio) {
    this.mcu = mcu;
    this.pin = mcu.gpio[gpio];
    this.pin.setInputValue(!this.closed);
  }

  set(closed) {
    this.closed = closed;
    this.edges.push([this.mcu.clock.nanos, closed]);
    this.pin.setInputValue(!closed);
  }

  /** Closes (or opens) the contact from now, through its bounce. */
  move(closed) {
    this.bounce.forEach((t, i) => {
      const level = i % 2 === 0 ? closed : !closed;
      if (t === 0) this.set(level);
      else this.mcu.clock.createAlarm(() => this.set(level)).schedule(t);
    });
  }

  /** A press: closed, held HOLD_NS, released. */
  press(hold = HOLD_NS) {
    this.move(true);
    this.mcu.clock.createAlarm(() => this.move(false)).schedule(hold);
  }
}
