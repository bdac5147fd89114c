// Each board model on its own, on an RP2040 with no firmware: the test
// drives the chip's side of the pins and buses as the firmware's drivers do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RP2040 } from 'rp2040js';
import { Buzzer } from '../models/buzzer.mjs';
import { HC165Chain } from '../models/hc165.mjs';
import { BOUNCE_NS, Contact } from '../models/levers.mjs';
import { SSD1306 } from '../models/ssd1306.mjs';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

function mcu() {
  const m = new RP2040();
  m.logger = quiet;
  return m;
}

function run(m, ns) {
  m.clock.tick(ns);
}

test('74HC165 chain: /PL latches, each byte shifts one chip, a piece reads 0', () => {
  const points = Array.from({ length: 96 }, (_, i) => (i < 90 ? (i * 7) % 90 : null));
  const chain = new HC165Chain(points);
  chain.occ[0] = 1; // bit 0: chip 0, D7
  chain.occ[7] = 1; // bit 1 (7*1 = 7)
  chain.occ[89] = 1; // bit 77 (77*7 % 90 = 89): chip 9, D2
  chain.load();
  chain.occ[0] = 0; // after the latch: not seen until the next load
  const got = Array.from({ length: 13 }, () => chain.shift());
  assert.deepEqual(got.slice(0, 12), [0x3f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfb, 0xff, 0xff]);
  assert.equal(got[12], 0, 'past the chain: the serial input, tied low');
  chain.load();
  assert.equal(chain.shift(), 0xbf);
});

test('74HC165 on SPI0 with /PL on GP5: each byte takes 8 SPI clocks', () => {
  const m = mcu();
  const chain = new HC165Chain(Array.from({ length: 96 }, (_, i) => (i < 90 ? i : null)));
  chain.attach(m, 0, 5);
  chain.occ[8] = 1; // chip 1, D7
  const rx = [];
  m.spi[0].completeTransmit = (v) => rx.push([m.clock.nanos, v]);
  m.spi[0].clockDivisor = 125; // 1 MHz at clk_peri 125 MHz
  m.gpio[5].listeners.forEach((f) => f(0, 1)); // /PL low
  m.gpio[5].listeners.forEach((f) => f(1, 0)); // /PL high: latched
  m.spi[0].onTransmit(0);
  run(m, 7e3);
  assert.equal(rx.length, 0, 'not before 8 bits');
  run(m, 1e3);
  m.spi[0].onTransmit(0);
  run(m, 8e3);
  assert.deepEqual(rx, [[8e3, 0xff], [16e3, 0x7f]]);
});

test('a lever press bounces, holds, then bounces open', () => {
  const m = mcu();
  const lever = new Contact();
  lever.attach(m, 0);
  assert.equal(m.gpio[0].rawInputValue, true, 'open: the pull-up');
  lever.press(50e6);
  assert.equal(m.gpio[0].rawInputValue, false);
  run(m, 200e3);
  assert.equal(m.gpio[0].rawInputValue, true, 'a bounce');
  run(m, 2e6);
  assert.equal(m.gpio[0].rawInputValue, false, 'settled closed');
  run(m, 50e6);
  assert.equal(m.gpio[0].rawInputValue, true, 'released');
  assert.equal(lever.edges.length, 2 * BOUNCE_NS.length);
  assert.equal(lever.edges.at(-1)[1], false);
});

test('buzzer: its on/off times', () => {
  const m = mcu();
  const bz = new Buzzer();
  bz.attach(m, 28);
  const pin = m.gpio[28];
  pin.listeners.forEach((f) => f(1, 0));
  run(m, 80e6);
  pin.listeners.forEach((f) => f(0, 1));
  run(m, 20e6);
  pin.listeners.forEach((f) => f(1, 0));
  assert.deepEqual(bz.sounds(), [[0, 80e6], [100e6, null]]);
});

test('SSD1306: micropython-lib show() lands in RAM as the framebuffer', () => {
  const d = new SSD1306();
  const cmd = (...b) => {
    d.start();
    for (const x of b) d.byte(0x80), d.byte(x); // ssd1306.py: write_cmd, one per transaction
    d.stop();
  };
  cmd(0x20, 0x00, 0xaf); // horizontal addressing, display on
  cmd(0x21, 0, 127, 0x22, 0, 7);
  const fb = new Uint8Array(1024).map((_, i) => (i * 31) & 0xff);
  d.start();
  d.byte(0x40);
  fb.forEach((b) => d.byte(b));
  d.stop();
  assert.deepEqual(d.ram, fb);
  assert.equal(d.on, true);
  // a window: columns 10-11 of pages 2-3 (ui/paging.py sends parts so)
  cmd(0x21, 10, 11, 0x22, 2, 3);
  d.start();
  d.byte(0x40);
  [1, 2, 3, 4].forEach((b) => d.byte(b));
  d.stop();
  assert.deepEqual([d.ram[2 * 128 + 10], d.ram[2 * 128 + 11], d.ram[3 * 128 + 10], d.ram[3 * 128 + 11]], [1, 2, 3, 4]);
  assert.equal(d.frames, 2);
});
