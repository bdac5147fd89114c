// The emulated board as a process (target/rp2040.py starts it): a JSON
// object a line on stdin, each answered by one on stdout; what the board
// sends on USB comes as {"link": hex} lines before the answer (or, with
// --link-fd N, raw on that file descriptor: the interactive sim's cable).
//
//   {"op": "run", "until": ns}         run to the board's time `until`
//   {"op": "piece", "point": p, "on": 1}  a piece placed (0: lifted)
//   {"op": "press", "side": "red"}     a lever pressed (bounce, hold, release)
//   {"op": "press", "side": "red", "erase": ns}  the press `ns` into the next erase of the flash
//   {"op": "send", "data": hex}        bytes from the host on USB
//   {"op": "power", "on": false}       a power cut (true: powered up again)
//   {"op": "usb", "on": false}         the USB host detached (or attached)
//   {"op": "report"}                   the parts as they stand (board.mjs)
//   {"op": "profile", "entries": [a]}  record each scan, and each call of the functions at a
//   {"op": "records"}                  what was recorded since (and record on)
//   {"op": "sample", "every": n}       count the PC of every n-th instruction (0: stop)
//   {"op": "samples"}                  [[pc, count]] counted since (and clears them)
//   {"op": "save", "path": file}       the flash bytes written to a file
//   {"op": "realtime"}                 run at the wall clock's pace from now (sim)
//
// A fault ends the process after {"fault": ...} (exit status 3).
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Socket } from 'node:net';
import { Board } from './board.mjs';

const args = JSON.parse(process.argv[2]);
const bootrom = readFileSync(args.bootrom);
let flash = null;
try {
  flash = new Uint8Array(readFileSync(args.flash));
} catch {
  flash = null; // a new board: erased flash
}
const board = new Board({
  bootrom: new Uint32Array(bootrom.buffer, bootrom.byteOffset, bootrom.length / 4),
  uf2: args.uf2,
  flash,
  wiring: args.wiring,
  strict: args.strict !== false,
  timing: args.timing || 'typical',
  usb: args.usb !== false,
});
const out = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
let link = null;
if (args.linkFd !== undefined) {
  link = new Socket({ fd: args.linkFd, readable: true, writable: true });
  link.on('data', (d) => board.send(d));
  link.on('error', () => {});
  board.onSerial = (d) => link.write(Buffer.from(d));
} else {
  board.onSerial = (d) => out({ link: Buffer.from(d).toString('hex'), t: board.now(), c: board.cycles() });
}

function save() {
  if (board.mcu) board.flash.set(board.mcu.flash.subarray(0, board.flash.length));
  if (args.flash) writeFileSync(args.flash, board.flash);
}

function fail(fault) {
  save();
  out({ fault: { kind: fault.kind, pc: fault.pc, detail: fault.detail, t: board.now() } });
  process.exit(3);
}

function handle(m) {
  switch (m.op) {
    case 'run': {
      const fault = board.run(m.until);
      if (fault) fail(fault);
      return { t: board.now() };
    }
    case 'piece':
      board.chain.occ[m.point] = m.on ? 1 : 0;
      return { t: board.now() };
    case 'press':
      if (board.mcu && m.erase !== undefined) board.pressInErase(m.side, m.erase, m.hold);
      else if (board.mcu) board.levers[m.side].press(m.hold);
      return { t: board.now() };
    case 'send':
      board.send(Buffer.from(m.data, 'hex'));
      return { t: board.now() };
    case 'power':
      board.power(m.on);
      if (!m.on) save();
      return { t: board.now() };
    case 'usb':
      board.usb = m.on;
      if (board.mcu && m.on && !board.cdc) board.plug();
      if (board.mcu && !m.on) {
        board.mcu.usbCtrl.onUSBEnabled = () => {};
        board.cdc = null;
        board.mcu.usbCtrl.onEndpointWrite = () => {};
        board.mcu.usbCtrl.onEndpointRead = () => {};
      }
      return { t: board.now() };
    case 'report':
      return board.report();
    case 'profile':
      board.profile(m.entries || []);
      return { t: board.now() };
    case 'records': {
      const r = board.records || { scans: [], calls: [] };
      board.records = null;
      board.profile(m.entries || []);
      return r;
    }
    case 'sample':
      board.sampleEvery(m.every);
      return { t: board.now() };
    case 'samples': {
      const got = [...(board.samples || new Map()).entries()];
      board.samples = new Map();
      return { samples: got };
    }
    case 'save':
      save();
      return { t: board.now() };
    case 'realtime':
      realtime();
      return { t: board.now() };
    case 'quit':
      save();
      process.exit(0);
  }
  return { error: 'unknown op ' + m.op };
}

// The interactive sim: the board's time kept to the wall clock, a slice at
// a time (at most SLICE_NS of it: where the emulator is slower than the
// chip, the board runs as fast as it goes), the host's lines taken between.
const SLICE_NS = 20e6;

function realtime() {
  let wall0 = process.hrtime.bigint();
  let t0 = board.now();
  const slice = () => {
    const want = t0 + Number(process.hrtime.bigint() - wall0);
    const until = Math.min(want, board.now() + SLICE_NS);
    if (until < want - 100e6) {
      // behind by more than 0.1 s: the wall clock is let go of that much
      wall0 = process.hrtime.bigint();
      t0 = until;
    }
    const fault = board.run(until);
    if (fault) fail(fault);
    setTimeout(slice, 2);
  };
  setImmediate(slice);
}

board.power(true);
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (line.trim()) out(handle(JSON.parse(line)));
});
rl.on('close', () => {
  save();
  process.exit(0);
});
