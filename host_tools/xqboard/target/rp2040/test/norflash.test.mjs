// The NOR flash model driven by the RP2040 bootrom's own flash routines
// (connect, exit XIP, erase, program, flush, enter XIP), as the pico-sdk's
// flash_range_erase/program call them from MicroPython's rp2.Flash.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attachFlash, FLASH_BYTES, NorFlash } from '../models/norflash.mjs';
import { call, chip } from './rom.mjs';

function erase(mcu, offset, count) {
  call(mcu, 'IF');
  call(mcu, 'EX');
  call(mcu, 'RE', offset, count, 1 << 16, 0xd8);
  call(mcu, 'FC');
  call(mcu, 'CX');
}

function program(mcu, offset, data) {
  mcu.sram.set(data, 0x100);
  call(mcu, 'IF');
  call(mcu, 'EX');
  call(mcu, 'RP', offset, 0x20000100, data.length);
  call(mcu, 'FC');
  call(mcu, 'CX');
}

test('bootrom erase and program reach the flash the core reads', () => {
  const mcu = chip();
  const nor = attachFlash(mcu);
  mcu.flash.fill(0x00, 0, FLASH_BYTES);
  const t0 = mcu.clock.nanos;
  erase(mcu, 0x1a0000, 4096);
  assert.equal(nor.stats.sectorErases, 1);
  assert.ok(mcu.clock.nanos - t0 >= 45e6, 'the core waited out the erase (status BUSY)');
  assert.equal(mcu.readUint32(0x101a0000), 0xffffffff);
  assert.equal(mcu.readUint32(0x101a0ffc), 0xffffffff);
  assert.equal(mcu.readUint32(0x101a1000), 0, 'the next sector is untouched');
  assert.equal(mcu.readUint32(0x1019fffc), 0);
  const data = new Uint8Array(512).map((_, i) => (i * 7) & 0xff);
  program(mcu, 0x1a0000, data);
  assert.equal(nor.stats.pagesProgrammed, 2);
  assert.deepEqual(mcu.flash.subarray(0x1a0000, 0x1a0200), data);
});

test('a 64 KiB aligned erase is one block erase', () => {
  const mcu = chip();
  const nor = attachFlash(mcu);
  mcu.flash.fill(0x55, 0, FLASH_BYTES);
  erase(mcu, 0x100000, 0x11000);
  assert.deepEqual([nor.stats.blockErases, nor.stats.sectorErases], [1, 1]);
  assert.equal(mcu.flash[0x110fff], 0xff);
  assert.equal(mcu.flash[0x111000], 0x55);
});

test('programming clears bits only and needs write enable', () => {
  const bytes = new Uint8Array(FLASH_BYTES).fill(0xf0);
  let now = 0;
  const nor = new NorFlash(bytes, () => now);
  const send = (...b) => {
    nor.select();
    const out = b.map((x) => nor.transfer(x));
    nor.deselect();
    return out;
  };
  send(0x02, 0, 0, 0, 0x0f); // no WREN: ignored
  assert.equal(bytes[0], 0xf0);
  send(0x06);
  assert.equal(send(0x05, 0)[1] & 2, 2, 'WEL set');
  send(0x02, 0, 0, 0xff, 0x3c, 0x3c); // wraps to the page's start
  assert.deepEqual([bytes[0xff], bytes[0]], [0x30, 0x30]);
  assert.equal(send(0x05, 0)[1], 1, 'BUSY, WEL cleared');
  send(0x06, 0); // ignored while busy
  now += 400e3;
  assert.equal(send(0x05, 0)[1], 0);
  assert.deepEqual(send(0x9f, 0, 0, 0).slice(1), [0xef, 0x40, 0x15]);
  assert.deepEqual(send(0x03, 0, 0, 0xff, 0, 0).slice(4), [0x30, 0xf0], 'a read runs on past the page');
});
