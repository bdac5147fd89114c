// The USB host's attach (board.mjs, plug) on an RP2040 with no firmware:
// the test enables the controller as TinyUSB does at boot (MAIN_CTRL's
// CONTROLLER_EN), then plugs a host as `usb on` does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RP2040 } from 'rp2040js';
import { Board } from '../board.mjs';

const MAIN_CTRL = 0x40;
const CONTROLLER_EN = 1;
const SIE_BUS_RESET = 1 << 19;

function plugged(enabledFirst) {
  const mcu = new RP2040();
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  const host = { mcu, toHost: [], onSerial() {} };
  if (enabledFirst) mcu.usbCtrl.writeUint32(MAIN_CTRL, CONTROLLER_EN);
  Board.prototype.plug.call(host);
  if (!enabledFirst) mcu.usbCtrl.writeUint32(MAIN_CTRL, CONTROLLER_EN);
  mcu.clock.tick(20e6); // rp2040js's bus reset: ~10 ms
  return mcu.usbCtrl.sieStatus & SIE_BUS_RESET; // what the board's USB interrupt then sees
}

test('a host plugged into a running board resets the bus, so its CDC enumerates (the bench\'s usb off/on)', () => {
  assert.ok(plugged(true));
});

test('a host plugged before the board enables USB resets the bus at the enable', () => {
  assert.ok(plugged(false));
});
