// The live page: every board of the hall, its clocks counting, the moves
// in Chinese, the result with its article; a board opens full size
// (#board=<name>). Fed by /stream (server-sent events).
"use strict";

const hall = {boards: {}, order: [], offset: 0};

const esc = s => String(s == null ? "" : s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));

// ms left on `side`'s clock now: the running one counts down from the
// report's time (the server's clock, `offset` ms ahead of ours)
function timeLeft(b, side) {
  const c = b.clocks, ms = c[side];
  if (c.running !== side || b.phase !== "playing") return ms;
  return ms - (Date.now() + hall.offset - c.asof);
}

function resultText(r) {
  if (!r) return "";
  let words = `${r.score} ${r.article || ""} ${r.reason || ""}`;
  if (r.verdict) words += " · awaiting the arbiter";
  else if (r.provisional) words += " · provisional (art. 9)";
  else words += " · confirmed";
  if (r.overruled) words += " · overruled by the arbiter";
  return words;
}

function movesHtml(moves, first) {
  let out = "";
  for (let i = first - first % 2; i < moves.length; i += 2) {
    out += `<span class="mv"><b>${i / 2 + 1}.</b> ${esc(moves[i])}` +
           (moves[i + 1] ? ` ${esc(moves[i + 1])}` : "") + "</span> ";
  }
  return out;
}

function playerHtml(b, side) {
  const running = b.clocks.running === side && b.phase === "playing";
  return `<div class="player ${side}${running ? " running" : ""}">` +
         `<span class="name">${esc(b.info[side] || side)}</span>` +
         `<span class="clock" data-side="${side}">${XQ.clockText(timeLeft(b, side))}</span></div>`;
}

function cardInner(b, full) {
  const info = b.info || {};
  const head = `<div class="head">Board ${esc(b.board)}` +
               (info.round ? ` · round ${esc(info.round)}` : "") +
               (b.phase !== "playing" ? ` · <span class="phase">${esc(b.phase)}</span>` : "") + "</div>";
  const result = b.result ? `<div class="result${b.result.provisional ? " provisional" : ""}">${esc(resultText(b.result))}</div>` : "";
  const alert = b.alert ? `<div class="alert">⚠ ${esc(b.alert)}</div>` : "";
  const moves = `<div class="moves">${movesHtml(b.moves, full ? 0 : Math.max(0, b.moves.length - 6))}</div>`;
  let extra = "";
  if (full) {
    extra = (b.overrules || []).map(o => `<div class="overrule">${esc(o)}</div>`).join("") +
      `<div class="exports"><a href="/export/${encodeURIComponent(b.board)}.pgn">PGN</a> · ` +
      `<a href="/export/${encodeURIComponent(b.board)}.dhtmlxq">DhtmlXQ</a></div>`;
  }
  return {head: head + playerHtml(b, "black"), foot: playerHtml(b, "red") + result + alert + moves + extra};
}

function render(el, b, full) {
  const parts = cardInner(b, full);
  el.innerHTML = parts.head + '<div class="diagram"></div>' + parts.foot;
  el.querySelector(".diagram").appendChild(XQ.diagram(b.fen, b.last));
  el.dataset.board = b.board;
  el.dataset.seq = b.seq;
  el.dataset.last = b.last ? b.last.join("") : "";
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
  const status = document.getElementById("status");
  const events = eventNames();
  status.textContent = `${events ? events + " · " : ""}${Object.keys(hall.boards).length} boards · live`;
  status.dataset.cursor = id;
  status.dataset.full = data.full;  // false: a catch-up from the last id, no snapshot
});
window.addEventListener("hashchange", openBoard);
setInterval(tick, 100);
