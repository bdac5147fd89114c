// The eval bar of the live page: the position of the board open full
// size, evaluated in this browser by worker.js (never by the server), as
// a bar (Red's share), the score from Red's side (pawns, or M<n>: mate in
// n moves) and the best line in Chinese notation (notation.js).
//
// Off in the hall-screen mode (?screen=hall: screens in the playing hall),
// where no engine is ever loaded; the arbiter's page has no bar at all.
"use strict";

const XQEval = (() => {
  const DEPTH = 14;      // deep enough for a steady bar, a few seconds a position
  const PV_MOVES = 8;    // of the best line shown
  const hallScreen = new URLSearchParams(location.search).get("screen") === "hall";
  const on = !hallScreen;
  if (hallScreen) document.body.classList.add("hall-screen");
  let worker = null, failed = null, ids = 0;
  let asked = null;      // {id, fen} of the position last sent
  let shown = {};        // fen: the latest answer for it
  let slot = null;       // the element the bar is drawn in

  function start() {
    if (worker || failed) return;
    if (!self.crossOriginIsolated) { failed = "this page is not cross-origin isolated (COOP/COEP)"; return; }
    worker = new Worker("/static/eval/worker.js");
    worker.onmessage = ev => {
      const d = ev.data;
      if (d.error) { failed = d.error; draw(); return; }
      if (!asked || d.id !== asked.id) return;
      if (d.done) { shown[asked.fen] = Object.assign({}, shown[asked.fen], {done: true}); draw(); return; }
      shown[asked.fen] = d;
      draw();
    };
    worker.onerror = ev => { failed = ev.message || "the engine did not start"; draw(); };
  }

  // from Red's side: the engine scores for the side to move; its mate n >
  // 0 is a mate it gives in n moves, n <= 0 one it gets (0: it is mated now)
  function forRed(fen, d) {
    const redToMove = fen.split(/\s+/)[1] !== "b";
    if (d.mate !== undefined) return {mate: Math.abs(d.mate), redWins: (d.mate > 0) === redToMove};
    return {cp: redToMove ? d.cp : -d.cp};
  }

  const share = s => s.mate !== undefined ? (s.redWins ? 100 : 0) : 100 / (1 + Math.exp(-s.cp / 250));

  function scoreText(s) {
    if (s.mate !== undefined) return (s.redWins ? "+M" : "-M") + s.mate;
    return (s.cp >= 0 ? "+" : "") + (s.cp / 100).toFixed(2);
  }

  function draw() {
    if (!slot || !asked) return;
    slot.dataset.fen = asked.fen;
    const d = shown[asked.fen];
    if (failed) { slot.innerHTML = `<div class="eval-off">eval unavailable: ${String(failed).replace(/[&<>]/g, "")}</div>`; return; }
    if (!d) { slot.innerHTML = '<div class="evalbar"><div class="fill" style="width:50%"></div></div>' +
                               '<div class="evalscore">…</div>'; return; }
    const s = forRed(asked.fen, d);
    const line = XQN.line(asked.fen, d.pv.slice(0, PV_MOVES)).join(" ");
    const data = s.mate !== undefined ? `data-mate="${s.redWins ? s.mate : -s.mate}"` : `data-cp="${s.cp}"`;
    slot.innerHTML = `<div class="evalbar"><div class="fill" style="width:${share(s).toFixed(1)}%"></div></div>` +
      `<div class="evalscore" data-depth="${d.depth}" ${data}>${scoreText(s)}` +
      ` <span class="depth">depth ${d.depth}${d.done ? "" : "…"}</span></div>` +
      `<div class="evalpv">${line}</div>`;
  }

  // draws the bar of `fen` in `el` (asks the engine if it is a new position)
  function show(el, fen) {
    if (!on) return;
    slot = el;
    start();
    if (!asked || asked.fen !== fen) {
      asked = {id: ++ids, fen};
      shown = {};  // only the position on the screen is kept
      if (worker) worker.postMessage({id: asked.id, fen, depth: DEPTH});
    }
    draw();
  }

  return {on, show};
})();
