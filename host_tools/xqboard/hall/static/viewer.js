// The game viewer of a board open full size: every move clickable, the
// arrow keys stepping (← →, Home: the start, End: live again), the clock
// time of each move ([%clk], and the time it took), and under the board
// the notes written after the move shown: fouls, alerts, the arbiter's
// rulings, with their articles. The game comes from /export/<board>.json
// (hall/exports.py's steps), fetched again when the board changes; the eval
// bar (eval/evalbar.js) evaluates the position shown.
"use strict";

const XQView = (() => {
  let el = null;      // the full-size board's element (live.js renders it anew at each update)
  let state = null;   // the board's live state
  let game = null;    // {board, seq, data}: the steps of the board's game
  let ply = null;     // the ply shown; null: the latest, following the game live

  const esc = s => String(s == null ? "" : s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));

  // a board of the live hall, or a game of another round (event.js: its own export URL)
  const keyOf = b => b.export || `/export/${encodeURIComponent(b.board)}.json`;

  function attach(container, b) {
    if (!state || keyOf(state) !== keyOf(b)) { ply = null; game = null; }
    el = container;
    state = b;
    draw();
    if (!game || game.seq !== b.seq) load(keyOf(b), b.seq);
  }

  async function load(board, seq) {
    const r = await fetch(board);
    if (!r.ok || !state || keyOf(state) !== board) return;
    const data = await r.json();
    if (keyOf(state) !== board || (game && game.seq > seq)) return;
    game = {board, seq, data};
    draw();
  }

  const plies = () => (game ? game.data.plies : []);
  // before the game is fetched the live state's moves count, so that keys work at once
  const total = () => (game ? plies().length : (state ? state.moves.length : 0));
  const shownPly = () => (ply === null ? total() : ply);
  // 1 when Black moved first (a set position): ply i is then move floor((i + 1) / 2) + 1
  const offset = () => ((game ? game.data.start.split(" ")[1] === "b" : state && state.first === "black") ? 1 : 0);
  const moveNo = i => Math.floor((i + offset()) / 2) + 1;  // i: the ply's index from 0

  function moveList(n) {
    const one = (p, i) => {
      const clk = p.clk != null ? ` <small class="clk">${XQ.clockText(p.clk)}</small>` : "";
      const mark = p.notes.length ? ` <span class="noted" title="${esc(XQi18n.t("view.notes"))}">⚑</span>` : "";
      return `<span class="ply${i + 1 === n ? " at" : ""}" data-ply="${i + 1}">${esc(p.text)}${clk}${mark}</span>`;
    };
    let out = "";
    const all = plies();
    let i = 0;
    if (offset() && all.length) {  // Black's first move stands alone: "1. … 马2进3"
      out += `<span class="mv"><b>1.</b> … ${one(all[0], 0)}</span> `;
      i = 1;
    }
    for (; i < all.length; i += 2) {  // a move number and its pair, kept on one line
      out += `<span class="mv"><b>${moveNo(i)}.</b> ${one(all[i], i)}${all[i + 1] ? " " + one(all[i + 1], i + 1) : ""}</span> `;
    }
    return out;
  }

  // the line under the board: the move shown, its clock times and its notes
  function stepHtml(n) {
    const all = plies();
    const where = ply === null ? XQi18n.t("live.now") : `${n} / ${all.length}`;
    const notes = n === 0 ? (game ? game.data.before : []) : all[n - 1].notes;
    let head = `<span class="where">${where}</span>`;
    if (n > 0) {
      const p = all[n - 1];
      head += ` · ${moveNo(n - 1)}. ${(n - 1 + offset()) % 2 ? "… " : ""}${esc(p.text)}`;
      if (p.clk != null) head += ` · <span class="clk">${XQ.clockText(p.clk)}</span>`;
      if (p.emt != null) head += ` <span class="emt">(${XQ.clockText(p.emt)})</span>`;
    }
    // a note's words in the page's language: the host's table's Chinese (record/bilingual.py) on zh
    const words = x => (XQi18n.lang === "zh" && x.text_zh) || x.text;
    const lines = notes.map(x => `<div class="note ${esc(x.kind)}" data-article="${esc(x.article || "")}">${esc(words(x))}</div>`);
    return `<div class="step-head">${head} <span class="keys">← → Home End</span></div>${lines.join("")}`;
  }

  function draw() {
    if (!el || !state) return;
    const all = plies();
    if (ply !== null && ply >= all.length && game) ply = null;  // stepped to the end: live again
    const n = shownPly();
    const live = ply === null;
    let fen = state.fen, last = state.last;
    if (!live && game) {  // (stepped before the fetch: drawn when it comes)
      fen = n === 0 ? game.data.start : all[n - 1].fen;
      last = n === 0 ? null : [all[n - 1].iccs.slice(0, 2), all[n - 1].iccs.slice(2)];
      const diagram = el.querySelector(".diagram");
      if (diagram) diagram.replaceChildren(XQ.diagram(fen, last));  // live: live.js drew it
    }
    if (game && (!live || game.seq === state.seq)) {  // live, an older copy waits for the new one
      const moves = el.querySelector(".moves");
      if (moves) moves.innerHTML = moveList(n);
      let step = el.querySelector(".step");
      if (!step) {
        step = document.createElement("div");
        step.className = "step";
        (moves || el).before(step);
      }
      step.innerHTML = stepHtml(n);
    }
    el.dataset.ply = n;
    el.dataset.live = live;
    const slot = el.querySelector(".eval-slot");
    if (slot) XQEval.show(slot, fen);  // the position shown, in this browser
  }

  function go(n) {
    ply = n === null || n >= total() ? null : Math.max(0, n);
    draw();
  }

  document.addEventListener("click", ev => {
    const target = ev.target.closest("#full-body .ply");
    if (target) go(Number(target.dataset.ply));
  });
  document.addEventListener("keydown", ev => {
    if (!el || document.getElementById("full").hidden) return;
    const n = shownPly();
    const to = {ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: null}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });

  return {attach, go};
})();
