// The eval bar's engine, in a Web Worker of the viewer's browser:
// Fairy-Stockfish (WebAssembly, npm fairy-stockfish-nnue.wasm, GPL-3:
// README.md here), variant xiangqi, one search thread, its classical
// evaluation (no network file is shipped for xiangqi, none is served).
//
// The page posts {id, fen, depth}; the worker answers
//   {id, depth, cp | mate, pv: [ICCS moves]}   each time the search deepens
//   {id, done: true, best}                     when it has finished
//   {error}                                    if the engine cannot start
// A new position stops the search under way and starts its own.
"use strict";

const ENGINE = new URL("node_modules/fairy-stockfish-nnue.wasm/", self.location).href;
let engine = null;
let current = null;  // the job searching: {id, fen, depth}
let next = null;     // the job waiting for the search under way to stop

importScripts(ENGINE + "stockfish.js", "notation.js");

function begin(job) {
  current = job;
  engine.postMessage("position fen " + job.fen);
  engine.postMessage("go depth " + job.depth);
}

// "info depth 9 ... score cp 27 ... pv b1c3 h10g8" (bounds skipped: not a score)
function onLine(line) {
  if (line.startsWith("bestmove")) {
    const done = current;
    current = null;
    if (done) postMessage({id: done.id, done: true, best: line.split(/\s+/)[1]});
    if (next) { const job = next; next = null; begin(job); }
    return;
  }
  if (!current || !line.startsWith("info ") || / (lower|upper)bound /.test(line)) return;
  const score = / score (cp|mate) (-?\d+)/.exec(line);
  if (!score) return;
  const depth = Number((/ depth (\d+)/.exec(line) || [0, 0])[1]);
  const pv = (/ pv (.+)$/.exec(line) || [0, ""])[1].trim();
  const out = {id: current.id, depth, pv: pv ? pv.split(/\s+/).map(XQN.iccs) : []};
  out[score[1]] = Number(score[2]);
  postMessage(out);
}

onmessage = ev => {
  const job = ev.data;
  if (!engine || current) {
    next = job;  // the newest position only
    if (current) engine.postMessage("stop");
    return;
  }
  begin(job);
};

Stockfish({locateFile: file => ENGINE + file, mainScriptUrlOrBlob: ENGINE + "stockfish.js"}).then(sf => {
  engine = sf;
  sf.addMessageListener(onLine);
  for (const command of ["uci", "setoption name UCI_Variant value xiangqi", "setoption name Threads value 1",
                         "setoption name Hash value 16", "isready"]) sf.postMessage(command);
  if (next) { const job = next; next = null; begin(job); }
}, err => postMessage({error: String(err)}));
