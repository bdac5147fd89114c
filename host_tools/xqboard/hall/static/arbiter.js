// The arbiter's page (read-only): the hall's incidents, newest first, each
// linking to its board on the live page, and a line per board with its
// phase, fouls and result (provisional until CONFIRM, art. 9).
"use strict";

const boards = {};
const esc = s => String(s == null ? "" : s).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
const boardLink = name => `<a href="/#board=${encodeURIComponent(name)}">${esc(name)}</a>`;

function incidentRow(i) {
  const tr = document.createElement("tr");
  tr.className = "incident " + i.kind.toLowerCase();
  tr.dataset.id = i.id;
  tr.innerHTML = `<td>${new Date(i.wall).toLocaleTimeString()}</td><td>${boardLink(i.board)}</td>` +
                 `<td>${esc(i.kind)}</td><td>${esc(i.article)}</td><td>${esc(i.text)}</td>`;
  return tr;
}

function resultWords(r) {
  if (!r) return "";
  const state = r.verdict ? "awaiting the arbiter" : r.provisional ? "provisional" : "confirmed";
  return `${r.score} ${r.article || ""} ${r.reason || ""} (${state}${r.overruled ? ", overruled" : ""})`;
}

function summary() {
  const body = document.querySelector("#summary tbody");
  body.innerHTML = Object.values(boards).map(b =>
    `<tr class="${b.alert ? "alerting" : ""}"><td>${boardLink(b.board)}</td>` +
    `<td>${esc(b.info.red)} – ${esc(b.info.black)}</td><td>${esc(b.phase)}${b.alert ? " ⚠ " + esc(b.alert) : ""}</td>` +
    `<td>${b.fouls.red} / ${b.fouls.black}</td><td>${esc(resultWords(b.result))}</td></tr>`).join("");
}

XQ.follow("/arbiter/stream", (data, offset, id) => {
  const body = document.querySelector("#incidents tbody");
  if (data.full) body.innerHTML = "";
  for (const i of data.incidents || []) body.insertBefore(incidentRow(i), body.firstChild);
  for (const b of data.boards) boards[b.board] = b;
  summary();
  const status = document.getElementById("status");
  status.textContent = `${body.rows.length} incidents · ${Object.keys(boards).length} boards`;
  status.dataset.cursor = id;
});
