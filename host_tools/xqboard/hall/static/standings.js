// The standings and pairings of the tournament file (hall/eventpages.py,
// built by tournament/lists.py: the tie-breaks of art. 14 in the event's
// order), read again every few seconds: a result the arbiter confirms
// (art. 9) is on the page at the next read. Words through i18n.js; the
// players' names and clubs are data, shown as the file has them.
"use strict";

const T = XQi18n.t;
const esc = s => String(s == null ? "" : s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
const EVERY_MS = 3000;
let last = {p: null, s: null};  // the last read, drawn again when the language changes

const sideText = s => (s ? `${s.number != null ? "#" + s.number + " " : ""}${s.name}` : "");
const th = keys => "<tr>" + keys.map(k => `<th>${esc(T(k))}</th>`).join("");

function pairingsHtml(p) {
  const head = th(["std.table", "side.red", "std.pts", "std.result", "std.pts", "side.black"]) + "</tr>";
  const rows = p.rows.map(r => {
    const result = r.black ? (r.games.map(g => g.result || "…").join(" ")) : T(r.rest ? "std.rest" : "std.bye");
    return `<tr data-table="${r.table}"><td>${r.table}</td><td>${esc(sideText(r.red))}</td><td>${esc(r.red.points)}</td>` +
           `<td class="res">${esc(result)}</td><td>${esc(r.black ? r.black.points : "")}</td><td>${esc(sideText(r.black))}</td></tr>`;
  });
  return head + rows.join("");
}

// a tie-break's column: its words in the page's language, its article as a number ("SB (14.1)")
const tbTitle = t => `${t[XQi18n.lang] || t.title} (${t.article})`;

function standingsHtml(s) {
  const head = th(["std.rank", "std.no", "std.name", "std.club", "std.rating", "std.score"]) +
               s.tiebreaks.map(t => `<th>${esc(tbTitle(t))}</th>`).join("") + "</tr>";
  const rows = s.rows.map(r => `<tr data-number="${esc(r.number)}"><td>${r.shared ? "=" : ""}${r.rank}</td><td>${esc(r.number)}</td>` +
    `<td>${esc(r.name)}</td><td>${esc(r.club)}</td><td>${esc(r.rating)}</td><td class="score">${esc(r.score)}</td>` +
    s.tiebreaks.map(t => `<td>${esc(r.tiebreaks[t.name])}</td>`).join("") + `<td>${esc(r.note)}</td></tr>`);
  return head + rows.join("");
}

// "after round 2 (round 3 in play: 12 of 20 results in)", in the page's language
function whenText(s) {
  let text = s.after ? T("std.after", {round: s.after}) : T("std.before");
  if (s.in_play) text += T("std.inplay", {round: s.in_play, in: s.results_in, of: s.games});
  return text;
}

function draw() {
  const {p, s} = last;
  const when = document.getElementById("when");
  delete when.dataset.t;
  if (!s) { when.textContent = T("std.nofile"); return; }
  // the file's last change, in the event's time zone, 24-hour (rendered by the server: hall/eventpages.py)
  when.textContent = `${s.event || ""} · ${whenText(s)}` + (s.updated ? ` · ${T("std.updated", {time: s.updated})}` : "");
  document.getElementById("standings").innerHTML = standingsHtml(s);
  if (p && p.round) {
    const title = document.getElementById("pairings-title");
    delete title.dataset.t;
    title.textContent = T("std.pairingsround", {round: p.round});
    document.getElementById("pairings").innerHTML = pairingsHtml(p);
  }
  document.body.dataset.after = s.after;
}

async function refresh() {
  try {
    const [p, s] = await Promise.all(["/event/pairings.json", "/event/standings.json"].map(
      u => fetch(u, {cache: "no-cache"}).then(r => (r.ok ? r.json() : null))));
    last = {p, s};
    draw();
  } catch (e) { /* the next read */ }
}

XQi18n.onChange(draw);
XQi18n.apply();
refresh();
setInterval(refresh, EVERY_MS);
