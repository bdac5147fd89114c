// The arbiter's desk: a card per board (its link, phase, clocks, fouls by
// kind, claims and offers pending, the result with its state, and the
// actions that apply now, each sent to the board down the broker:
// POST /arbiter/command, hall/desk.py), the conflicts with the event file
// (take the board's / keep the file's), the quarantine (events that failed
// verification, boards without a key: GET /arbiter/quarantine, hall/quarantine.py),
// the incidents by round, filtered.
// Every word through the translation table (i18n.js).
"use strict";

const T = XQi18n.t;
const desk = {boards: {}, links: {}, offset: 0, incidents: [], conflicts: [], clicks: {},
              quarantine: {quarantined: [], unverified: [], counts: null}};
window.XQDesk = desk;  // what the desk's test reads: each click's time and answer
const esc = s => String(s == null ? "" : s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
const sideName = side => T("side." + side);
const ADD_MS = 30000;  // what "+30 s" adds (21.4)

const timeLeft = (b, side) => Math.max(0, XQ.timeLeft(b, side, desk.links, desk.offset));

function conflictOf(b) {
  return desk.conflicts.find(c => c.device === b.device && String(c.board) === String(b.board));
}

function resultState(b) {
  const r = b.result;
  if (!r) return "";
  const states = [r.verdict ? "verdict" : r.provisional ? "provisional" : "confirmed"];
  if (r.overruled) states.push("overruled");
  if (conflictOf(b)) states.push("conflict");
  return states;
}

// the actions that apply now: [label, words, class]
function actions(b) {
  const out = [], r = b.result;
  const add = (side) => ["act.addtime", ["adjust", side, String(timeLeft(b, side) + ADD_MS)], {s: ADD_MS / 1000, side: sideName(side)}];
  if (b.phase === "over" && r && r.provisional) {
    // before CONFIRM: the time set right, then play resumed (21.5: a faulty flag lifted)
    out.push(["act.confirm", ["confirm"]], ["act.annul", ["annul"]], ["act.resume", ["resume"]], add("red"), add("black"));
  }
  if (b.phase === "over" && r) {
    for (const score of ["1-0", "0-1", "1/2-1/2"]) {
      if (score !== r.score) out.push(["act.result", ["result", score, score === "1/2-1/2" ? "4.2.1" : "20.2"], {score}]);
    }
  }
  if (b.phase === "playing") {
    out.push(["act.pause", ["pause"]], add("red"), add("black"));
    // the arbiter enters a result the players gave (a resignation told at the desk: 4.1.12)
    for (const score of ["1-0", "0-1"]) out.push(["act.result", ["result", score, "4.1.12"], {score}]);
    for (const side of ["red", "black"]) out.push(["act.foul", ["foul", side, "8.1.7"], {side: sideName(side)}]);
    for (const side of ["red", "black"]) out.push(["act.penalty", ["penalty", side], {side: sideName(side)}]);
  }
  if (b.phase === "paused") out.push(["act.resume", ["resume"]], add("red"), add("black"));
  if (b.phase !== "setup") for (const f of b.foul_events || []) out.push(["act.unfoul", ["unfoul", String(f.seq)], {seq: f.seq}]);
  return out;
}

function foulsHtml(b) {
  return ["red", "black"].map(side => {
    const kinds = Object.entries((b.fouls_by || {})[side] || {}).map(([a, n]) => `${esc(a)}×${n}`).join(" ");
    return `<span class="${side}">${esc(sideName(side))} ${b.fouls[side]}${kinds ? " (" + kinds + ")" : ""}</span>`;
  }).join(" · ");
}

function pendingHtml(b) {
  const p = b.pending || {};
  const out = [];
  if (p.offer) out.push(T("desk.offer", {side: sideName(p.offer.side)}));
  if (p.claim) out.push(T("desk.claim", {side: sideName(p.claim.side), what: p.claim.what}));
  return out.length ? `<div class="pending">${esc(T("desk.pending"))}: ${esc(out.join(" · "))}</div>` : "";
}

function linkHtml(b) {
  const link = desk.links[b.device];
  if (!link) return "";
  const ago = Math.max(0, Math.round((Date.now() + desk.offset - link.heard) / 1000));
  return `<span class="link ${esc(link.state)}">${esc(T("link." + link.state))}</span>` +
         (link.heard ? ` <span class="heard">${esc(T("desk.heard", {ago: ago + " s"}))}</span>` : "");
}

function cardHtml(b) {
  const r = b.result, states = resultState(b);
  const result = r ? `<div class="result ${states.join(" ")}">${esc(r.score)} ${esc(r.article || "")} ` +
    `· ${states.map(s => esc(T("state." + s))).join(" · ")}</div>` : "";
  const acts = actions(b).map(([key, words, vars], i) =>
    `<button type="button" data-act="${esc(words.join(" "))}" data-i="${i}">${esc(T(key, vars))}</button>`).join("");
  return `<div class="head">${esc(T("desk.board"))} ${esc(b.board)} · ${esc(T("desk.round"))} ${esc(b.info.round || "-")} ` +
    `· <span class="phase">${esc(T("phase." + b.phase))}</span> ${linkHtml(b)}</div>` +
    `<div class="players"><span class="red">${esc(b.info.red)}</span> <span class="clock" data-side="red">` +
    `${XQ.clockText(timeLeft(b, "red"))}</span> – <span class="black">${esc(b.info.black)}</span> ` +
    `<span class="clock" data-side="black">${XQ.clockText(timeLeft(b, "black"))}</span></div>` +
    `<div class="fouls">${esc(T("desk.fouls"))}: ${foulsHtml(b)}</div>${pendingHtml(b)}${result}` +
    (b.alert ? `<div class="alert">⚠ ${esc(serverWords(b.alert, b.alert_zh))}</div>` : "") + `<div class="actions">${acts}</div>`;
}

// The card under a pressed finger or mouse button is not drawn again until
// the press ends: a click counts only where the press and the release meet
// the same button, and a card drawn between them (its board's next event)
// swallowed the arbiter's click. Drawn right after the click has run.
let pressedCard = null;
document.addEventListener("pointerdown", e => { pressedCard = e.target.closest ? e.target.closest(".desk-card") : null; }, true);
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
    if (pressedCard) setTimeout(() => { pressedCard = null; drawBoards(); }, 0);
  }, true);
}

function drawBoards() {
  const root = document.getElementById("desk");
  for (const b of Object.values(desk.boards).sort((x, y) => Number(x.board) - Number(y.board) || (x.board < y.board ? -1 : 1))) {
    let el = root.querySelector(`.desk-card[data-board="${CSS.escape(b.board)}"]`);
    if (!el) {
      el = document.createElement("article");
      el.className = "desk-card";
      el.dataset.board = b.board;
      root.appendChild(el);
    }
    if (el === pressedCard) continue;  // (drawn when the press ends, above)
    // drawn again only when something on it changed (a button under a finger stays put)
    const link = desk.links[b.device] || {};
    const key = [b.seq, link.state, Math.round((link.heard || 0) / 5000), !!conflictOf(b), XQi18n.lang].join("|");
    if (el.dataset.key === key) continue;
    el.dataset.key = key;
    el.innerHTML = cardHtml(b);
    el.dataset.seq = b.seq;
    el.dataset.link = (desk.links[b.device] || {}).state || "";
    el.querySelectorAll("button[data-act]").forEach(btn => {
      const [, words] = actions(b)[Number(btn.dataset.i)];
      btn.addEventListener("click", () => send(b, words));
    });
  }
}

function tick() {
  for (const el of document.querySelectorAll(".desk-card")) {
    const b = desk.boards[el.dataset.board];
    if (b) for (const c of el.querySelectorAll(".clock")) c.textContent = XQ.clockText(timeLeft(b, c.dataset.side));
  }
}

// the answer line: `words()` gives it in the page's language (said again on a switch)
function say(words) { desk.said = words; document.getElementById("answer").textContent = words(); }

// POST with a request id kept across retries: the same command, never a second run
async function post(url, body, tries = 3) {
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      if (r.status >= 500 && i + 1 < tries) continue;
      return r.headers.get("content-type").includes("json") ? r.json() : {ok: false, reply: [await r.text()]};
    } catch (e) {
      if (i + 1 >= tries) return {ok: false, reply: [String(e)]};
    }
  }
}

async function send(b, words) {
  const req = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).replace(/-/g, "").slice(0, 32);
  const click = desk.clicks[req] = {at: Date.now(), board: b.board, device: b.device, words, seq: b.seq};
  say(() => T("desk.sent"));
  const a = await post("/arbiter/command", {device: b.device, words, req});
  click.answered = Date.now();
  click.reply = a.reply;
  click.cid = a.cid;
  say(() => T("desk.answer", {board: b.board, reply: (a.reply || []).join(" ")}));
  refreshConflicts();
}

// a command for board `name` from the page's own code (the tests set a
// clock low this way before the flag they annul)
desk.sendFor = (name, words) => send(desk.boards[name], words);
// the cards drawn now, as a board's next event draws them (the tests)
desk.draw = () => drawBoards();

async function settle(c, keep) {
  const a = await post("/arbiter/conflict", {round: c.round, board: c.board, keep});
  say(() => T("desk.answer", {board: c.board, reply: (a.reply || []).join(" ")}));
  refreshConflicts();
}

function drawConflicts() {
  const body = document.querySelector("#conflicts tbody");
  if (!desk.conflicts.length) {
    body.innerHTML = `<tr class="none"><td colspan="5">${esc(T("desk.noconflicts"))}</td></tr>`;
    return;
  }
  body.innerHTML = desk.conflicts.map((c, i) =>
    `<tr data-board="${esc(c.board)}"><td>${c.round}</td><td>${esc(c.board)}</td>` +
    `<td>${esc(c.board_result)} ${esc(c.board_article || "")} · ${esc(T("state." + c.state))}</td>` +
    `<td>${esc(c.file_result || "—")} ${esc(c.file_source || "")}</td>` +
    `<td><button type="button" data-keep="board" data-i="${i}">${esc(T("desk.takeboard"))}</button>` +
    `<button type="button" data-keep="file" data-i="${i}" ${c.file_result ? "" : "disabled"}>${esc(T("desk.keepfile"))}</button></td></tr>`).join("");
  body.querySelectorAll("button[data-keep]").forEach(btn =>
    btn.addEventListener("click", () => settle(desk.conflicts[Number(btn.dataset.i)], btn.dataset.keep)));
}

let conflictsDue = null;
function refreshConflicts() {
  if (conflictsDue) return;
  conflictsDue = setTimeout(async () => {
    conflictsDue = null;
    try {
      desk.conflicts = (await (await fetch("/arbiter/conflicts")).json()).conflicts;
    } catch (e) { return; }
    drawConflicts();
    drawBoards();
  }, 300);
}

// -- the quarantine: what failed verification, the boards without a key ---------
// (every text a forger's: escaped by the server's textsafe, then as HTML here)

const QUARANTINE_EVERY = 3000;  // ms between reads of the list
// a row's time: the server's, in the event's time zone, 24-hour (hall/eventpages.py's EventZone)
const when = r => esc(r.clock);
// the server's words (an incident, an alert) in the page's language: the host's table's Chinese (record/bilingual.py)
function serverWords(en, zh) { return (XQi18n.lang === "zh" && zh) || en; }

function quarantineRows(id, rows, total, none, span, cells) {
  const body = document.querySelector(`#${id} tbody`);
  if (!rows.length) {
    body.innerHTML = `<tr class="none"><td colspan="${span}">${esc(T(none))}</td></tr>`;
    return;
  }
  const more = total > rows.length ? `<tr class="more"><td colspan="${span}">${esc(T("desk.more", {shown: rows.length, all: total}))}</td></tr>` : "";
  body.innerHTML = rows.map(cells).join("") + more;
}

// a quarantined entry: dismissed (kept on record, never counted), or its button;
// an unverified game (a board without a key): accepted (its result written), or its button.
// A quarantined event has no accept: it failed its check (POST /arbiter/accept {id} says why)
const dismissedCell = r => r.dismissed ?
  `<td class="dismissed">${esc(T("desk.dismissedby", {by: r.dismissed.by, clock: r.dismissed.clock}))}</td>` :
  `<td><button type="button" class="dismiss" data-id="${esc(r.id)}">${esc(T("desk.dismiss"))}</button></td>`;
const acceptedCell = r => r.accepted ?
  `<td class="accepted">${esc(T("desk.acceptedby", {by: r.accepted.by, clock: r.accepted.clock, replaced: r.accepted.replaced}))}</td>` :
  `<td><button type="button" class="accept" data-flag="${esc(r.flag)}">${esc(T("desk.accept"))}</button></td>`;

function drawQuarantine() {
  const q = desk.quarantine, counts = q.counts || {};
  // drawn again only when the list changed (a button under a finger stays put)
  const key = JSON.stringify([q, XQi18n.lang]);
  if (desk.quarantineKey === key) return;
  desk.quarantineKey = key;
  quarantineRows("quarantined", q.quarantined, counts.quarantined || 0, "desk.noquarantine", 9, r =>
    `<tr class="quarantined${r.dismissed ? " was-dismissed" : ""}" data-id="${esc(r.id)}"><td>${when(r)}</td><td>${esc(r.board)}</td><td>${esc(r.device)}</td><td>${esc(r.game)}</td>` +
    `<td>${esc(r.seq)}</td><td>${esc(r.kind)}</td><td class="reason">${esc(r.reason)}</td><td>${esc(r.logger)}</td>${dismissedCell(r)}</tr>`);
  quarantineRows("unverified", q.unverified, counts.unverified || 0, "desk.nounverified", 6, r =>
    `<tr class="unverified${r.accepted ? " was-accepted" : ""}" data-flag="${esc(r.flag)}"><td>${when(r)}</td><td>${esc(r.board)}</td><td>${esc(r.device)}</td><td>${esc(r.game)}</td>` +
    `<td>${esc(r.logger)}</td>${acceptedCell(r)}</tr>`);
  document.querySelectorAll("#quarantined button.dismiss").forEach(btn =>
    btn.addEventListener("click", () => quarantineAct("/arbiter/dismiss", {id: Number(btn.dataset.id)}, btn)));
  document.querySelectorAll("#unverified button.accept").forEach(btn =>
    btn.addEventListener("click", () => quarantineAct("/arbiter/accept", {flag: Number(btn.dataset.flag)}, btn)));
}

async function quarantineAct(url, body, btn) {
  btn.disabled = true;
  say(() => T("desk.sent"));
  const a = await post(url, body, 1);
  say(() => (a.reply || []).join(" "));
  await loadQuarantine();
  refreshConflicts();
}

async function loadQuarantine() {
  try {
    const r = await fetch("/arbiter/quarantine");
    if (r.ok) desk.quarantine = await r.json();
  } catch (e) { /* the next read */ }
  drawQuarantine();
}

async function refreshQuarantine() {
  await loadQuarantine();
  setTimeout(refreshQuarantine, QUARANTINE_EVERY);
}

// -- incidents by round, filtered by board, kind and article ------------------

const FILTERS = ["round", "board", "kind", "article"];

function fillFilter(name) {
  const sel = document.getElementById("f-" + name), was = sel.value;
  const values = [...new Set(desk.incidents.map(i => String(i[name] || "-")))].sort((a, b) => a.localeCompare(b, undefined, {numeric: true}));
  sel.innerHTML = `<option value="">${esc(T("desk.all"))}</option>` + values.map(v => `<option>${esc(v)}</option>`).join("");
  sel.value = values.includes(was) ? was : "";
}

function incidentLink(i) {
  const b = desk.boards[i.board];
  // an incident of a game the board no longer plays opens that game, not the board's new one
  if (b && (b.device !== i.device || String(b.game) !== String(i.game))) {
    return `/#game=${encodeURIComponent(i.round)}/${encodeURIComponent(i.device)}/${encodeURIComponent(i.game)}`;
  }
  return `/#board=${encodeURIComponent(i.board)}`;
}

function drawIncidents() {
  FILTERS.forEach(fillFilter);
  const want = Object.fromEntries(FILTERS.map(f => [f, document.getElementById("f-" + f).value]));
  const rows = desk.incidents.filter(i => FILTERS.every(f => !want[f] || String(i[f] || "-") === want[f]));
  document.querySelector("#incidents tbody").innerHTML = rows.slice().reverse().map(i =>
    `<tr class="incident ${esc(i.kind.toLowerCase())}" data-id="${i.id}"><td>${when(i)}</td>` +
    `<td><a href="${incidentLink(i)}">${esc(i.board)}</a></td><td>${esc(i.kind)}</td><td>${esc(i.article)}</td>` +
    `<td>${esc(serverWords(i.text, i.text_zh))}</td><td>${esc(i.round)}</td></tr>`).join("");
}
FILTERS.forEach(f => document.getElementById("f-" + f).addEventListener("change", drawIncidents));

// -- the page ---------------------------------------------------------------------

function drawStatus() {
  document.getElementById("status").textContent =
    `${desk.incidents.length} · ${Object.keys(desk.boards).length} ${T("desk.boards")}`;
}

function translate() {
  XQi18n.apply();  // the fixed words; the switch's clicks are i18n.js's
  drawBoards(); drawConflicts(); drawQuarantine(); drawIncidents(); drawStatus();
  if (desk.said) say(desk.said);
}
XQi18n.onChange(translate);

// the next round through the running loggers: each board its `new`, then
// (once the players have set up) the clocks together (20.1)
for (const [id, clocks] of [["round-start", false], ["round-clocks", true]]) {
  document.getElementById(id).addEventListener("click", async () => {
    const rnd = Number(document.getElementById("round-no").value);
    if (!rnd) return;
    say(() => T("desk.sent"));
    const a = await post("/arbiter/round", {round: rnd, clocks}, 1);
    say(() => (a.boards || []).map(x => T("desk.answer", {board: x.board, reply: x.reply.join(" ")})).join(" · ") ||
        (a.reply || []).join(" "));
  });
}

XQ.follow("/arbiter/stream", (data, offset, id) => {
  desk.offset = offset;
  if (data.full) { desk.incidents = []; desk.boards = {}; document.getElementById("desk").innerHTML = ""; }
  desk.incidents.push(...(data.incidents || []));
  for (const b of data.boards) desk.boards[b.board] = b;
  drawBoards();
  drawIncidents();
  if (data.boards.some(b => b.result)) refreshConflicts();
  drawStatus();
  document.getElementById("status").dataset.cursor = id;
}, (links, offset) => {
  desk.offset = offset;
  desk.links = links;
  drawBoards();
});
translate();
refreshConflicts();
refreshQuarantine();
setInterval(tick, 200);
