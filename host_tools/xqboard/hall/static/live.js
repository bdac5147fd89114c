// The live page: every board of the hall, its clocks counting, the moves
// in Chinese, the result with its article; a board opens full size
// (#board=<name>), steppable (viewer.js), with the eval bar (eval/evalbar.js) unless the page is a
// hall screen (?screen=hall). Fed by /stream (server-sent events).
"use strict";

const hall = {boards: {}, order: [], offset: 0, links: {}};
const T = XQi18n.t;

const esc = s => String(s == null ? "" : s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));

// ms left on `side`'s clock now (board.js: stopped where the board was
// last heard when its link is not up)
const timeLeft = (b, side) => XQ.timeLeft(b, side, hall.links, hall.offset);

function linkBadge(b) {
  const link = hall.links[b.device];
  if (!link || link.state === "up") return "";
  return ` · <span class="link ${esc(link.state)}">${esc(T("link." + link.state))}</span>`;
}

// the reason in the page's language: the article's own words in Chinese
// (record/articles.py, sent as reason_zh), the board's words otherwise
function resultText(r) {
  if (!r) return "";
  const reason = (XQi18n.lang === "zh" && r.reason_zh) || r.reason || "";
  let words = `${r.score} ${r.article || ""} ${reason}`;
  if (r.verdict) words += " · " + T("state.verdict");
  else if (r.provisional) words += " · " + T("state.provisional");
  else words += " · " + T("state.confirmed");
  if (r.overruled) words += " · " + T("state.overruled");
  return words;
}

// a game Black starts (a set position) numbers its first move "1. …"
function movesHtml(moves, first, blackFirst) {
  const all = blackFirst ? [null, ...moves] : moves;
  let out = "";
  for (let i = first - first % 2; i < all.length; i += 2) {
    out += `<span class="mv"><b>${i / 2 + 1}.</b> ${all[i] === null ? "…" : esc(all[i])}` +
           (all[i + 1] ? ` ${esc(all[i + 1])}` : "") + "</span> ";
  }
  return out;
}

function playerHtml(b, side) {
  const running = b.clocks.running === side && b.phase === "playing";
  return `<div class="player ${side}${running ? " running" : ""}">` +
         `<span class="name">${typeof XQEvent !== "undefined" ? XQEvent.player(b, side) : esc(b.info[side] || side)}</span>` +
         `<span class="clock" data-side="${side}">${XQ.clockText(timeLeft(b, side))}</span></div>`;
}

function cardInner(b, full) {
  const info = b.info || {};
  const head = `<div class="head">${esc(T("live.board", {board: b.board}))}` +
               (info.round ? ` · ${esc(T("live.round", {round: info.round}))}` : "") +
               (b.phase !== "playing" ? ` · <span class="phase" data-phase="${esc(b.phase)}">${esc(T("phase." + b.phase))}</span>` : "") +
               linkBadge(b) + "</div>";
  const result = b.result ? `<div class="result${b.result.provisional ? " provisional" : ""}">${esc(resultText(b.result))}</div>` : "";
  // the server's words in the page's language (record/bilingual.py, the host's table: alert_zh, overrules_zh)
  const zh = XQi18n.lang === "zh";
  const alert = b.alert ? `<div class="alert">⚠ ${esc((zh && b.alert_zh) || b.alert)}</div>` : "";
  const moves = `<div class="moves">${movesHtml(b.moves, full ? 0 : Math.max(0, b.moves.length - 6), b.first === "black")}</div>`;
  let extra = "";
  if (full) {
    extra = (b.overrules || []).map((o, i) => `<div class="overrule">${esc((zh && (b.overrules_zh || [])[i]) || o)}</div>`).join("") +
      `<div class="exports"><a href="/export/${encodeURIComponent(b.board)}.pgn">PGN</a> · ` +
      `<a href="/export/${encodeURIComponent(b.board)}.dhtmlxq">DhtmlXQ</a></div>`;
  }
  const bar = full && XQEval.on ? '<div class="eval-slot"></div>' : "";  // eval/evalbar.js
  return {head: head + playerHtml(b, "black"), foot: playerHtml(b, "red") + bar + result + alert + moves + extra};
}

function render(el, b, full) {
  const parts = cardInner(b, full);
  el.innerHTML = parts.head + '<div class="diagram"></div>' + parts.foot;
  el.querySelector(".diagram").appendChild(XQ.diagram(b.fen, b.last));
  el.dataset.board = b.board;
  el.dataset.seq = b.seq;
  el.dataset.last = b.last ? b.last.join("") : "";
  const link = hall.links[b.device];
  el.dataset.link = link ? link.state : "";
  if (full) XQView.attach(el, b);  // viewer.js: the game stepped through, and the eval bar of the position shown
}

function card(name) {
  let el = document.querySelector(`#boards .card[data-board="${CSS.escape(name)}"]`);
  if (!el) {
    el = document.createElement("article");
    el.className = "card";
    el.dataset.board = name;
    el.addEventListener("click", () => { location.hash = "board=" + encodeURIComponent(name); });
    document.getElementById("boards").appendChild(el);
  }
  return el;
}

function openBoard() {
  const m = /^#board=(.+)$/.exec(location.hash);
  const full = document.getElementById("full");
  const b = m && hall.boards[decodeURIComponent(m[1])];
  if (!b && /^#game=/.test(location.hash)) return;  // a game of another round: event.js opens it
  full.hidden = !b;
  if (b) render(document.getElementById("full-body"), b, true);
}

function tick() {
  for (const el of document.querySelectorAll(".card, #full-body")) {
    const b = hall.boards[el.dataset.board];
    if (!b) continue;
    for (const c of el.querySelectorAll(".clock")) c.textContent = XQ.clockText(timeLeft(b, c.dataset.side));
  }
}

// a full update (a late start, or a server that restarted with another
// hub) is the whole hall: boards it does not hold are gone
function dropOthers(boards) {
  const keep = new Set(boards.map(b => b.board));
  for (const el of document.querySelectorAll("#boards .card")) {
    if (!keep.has(el.dataset.board)) { delete hall.boards[el.dataset.board]; el.remove(); }
  }
}

// "Cup · 8 boards · live" (the stream's words from the first update on, not the table's "connecting…")
function drawStatus() {
  const status = document.getElementById("status");
  if (!hall.streamed) return status;
  const events = eventNames();
  status.textContent = T("live.status", {events: events ? events + " · " : "", n: Object.keys(hall.boards).length});
  delete status.dataset.t;
  return status;
}

function eventNames() {
  const names = new Set(Object.values(hall.boards).map(b => b.info.event).filter(Boolean));
  return [...names].join(" · ");
}

XQ.follow("/stream", (data, offset, id) => {
  hall.offset = offset;
  if (data.full) dropOthers(data.boards);
  for (const b of data.boards) {
    hall.boards[b.board] = b;
    render(card(b.board), b, false);
  }
  openBoard();
  hall.streamed = true;
  const status = drawStatus();
  status.dataset.cursor = id;
  status.dataset.full = data.full;  // false: a catch-up from the last id, no snapshot
  for (const b of data.boards) seen(b);
}, (links, offset) => {
  hall.offset = offset;
  hall.links = links;
  redraw();
});

// when each board's latest event reached this page (Date.now() ms): what
// the desk's test reads to time a command from its click to the live page
const seenAt = {};
function seen(b) { seenAt[b.board] = {seq: b.seq, at: Date.now()}; }
window.XQLive = {seenAt, hall};
// another language: every card drawn again in it
function redraw() {
  drawStatus();
  for (const b of Object.values(hall.boards)) render(card(b.board), b, false);
  openBoard();
}
XQi18n.onChange(redraw);
XQi18n.apply();
window.addEventListener("hashchange", openBoard);
setInterval(tick, 100);
