// The event around the live boards (hall/eventpages.py): round tabs (the
// current round by default: the live boards; another round: its games,
// finished ones replayable in the viewer, #game=<round>/<device>/<game>),
// the players' number, rating, club and score from the tournament file
// (a name two players share comes told apart), and the search by name or
// number that the phone layout (hall.css) puts first.
"use strict";

const XQEvent = (() => {
  let players = {};   // number -> {number, name, club, rating, score} of /event/players.json
  let names = [];     // the rounds of /relay/rounds.json
  let current = null; // the round of the hall's latest event
  let tab = null;     // the round shown; null: the current one, live
  let past = {};      // "<round>/<device>/<game>" -> board state of a round shown

  // a player as the cards show them: "#4 王伟 (#4) 2105 杭州 · 3"
  function player(b, side) {
    const p = players[b.info[side + "_no"]];
    if (!p) return esc(b.info[side] || side);
    const meta = [p.rating, p.club, p.score != null ? XQi18n.t("live.pts", {score: p.score}) : null].filter(x => x != null && x !== "");
    return `<span class="no">#${esc(p.number)}</span> ${esc(p.name)}` +
           (meta.length ? ` <small class="meta">${esc(meta.join(" · "))}</small>` : "");
  }

  async function getJson(url) {
    try {
      const r = await fetch(url, {cache: "no-cache"});
      return r.ok ? r.json() : null;
    } catch (e) {
      return null;
    }
  }

  async function loadPlayers() {
    const got = await getJson("/event/players.json");
    if (!got) return;
    players = {};
    for (const p of got.players) players[p.number] = p;
    for (const b of Object.values(hall.boards)) render(card(b.board), b, false);
  }

  async function loadRounds() {
    const got = await getJson("/relay/rounds.json");
    if (!got) return;
    names = got.rounds.map(r => r.round);
    current = got.current;
    drawTabs();
  }

  function drawTabs() {
    const nav = document.getElementById("rounds");
    const shown = tab || current;
    nav.innerHTML = names.map(n => `<button type="button" class="tab${n === shown ? " at" : ""}" data-round="${esc(n)}">` +
                              `${esc(XQi18n.t("live.round", {round: n}))}${n === current ? " · " + esc(XQi18n.t("live.now")) : ""}</button>`).join("");
    nav.dataset.shown = shown || "";
  }

  async function show(name) {
    tab = name === current ? null : name;
    drawTabs();
    const live = tab === null;
    document.getElementById("boards").hidden = !live;
    const box = document.getElementById("past");
    box.hidden = live;
    if (live) return;
    const got = await getJson(`/rounds/${encodeURIComponent(name)}.json`);
    if (!got || tab !== name) return;
    box.replaceChildren();
    past = {};
    for (const b of got.boards) {
      const key = `${name}/${b.device}/${b.game}`;
      past[key] = b;
      const el = document.createElement("article");
      el.className = "card past";
      el.addEventListener("click", () => { location.hash = "game=" + encodeURIComponent(key); });
      box.appendChild(el);
      render(el, b, false);
      el.dataset.game = key;
    }
    box.dataset.round = name;
    openGame();
  }

  // #game=<round>/<device>/<game>: a game of another round, full size in the viewer
  function openGame() {
    const m = /^#game=(.+)$/.exec(location.hash);
    if (!m) return;
    const key = decodeURIComponent(m[1]);
    const b = past[key];
    if (!b) {
      const name = key.split("/")[0];
      if (tab !== name) show(name);
      return;
    }
    document.getElementById("full").hidden = false;
    render(document.getElementById("full-body"), b, true);
  }

  // the search: a card stays when a player's name or number, or the board, matches
  function filter() {
    const q = document.getElementById("search").value.trim().toLowerCase();
    for (const el of document.querySelectorAll(".card")) {
      const b = hall.boards[el.dataset.board] || past[el.dataset.game];
      if (!b) continue;
      const words = [b.board, b.info.red, b.info.black, b.info.red_no, b.info.black_no]
        .concat(["red", "black"].map(s => (players[b.info[s + "_no"]] || {}).name));
      el.hidden = q !== "" && !words.some(w => w != null && String(w).toLowerCase().includes(q));
    }
  }

  document.getElementById("rounds").addEventListener("click", ev => {
    const t = ev.target.closest(".tab");
    if (t) show(t.dataset.round);
  });
  document.getElementById("search").addEventListener("input", filter);
  window.addEventListener("hashchange", openGame);
  // a new round, a confirmed result: the tabs and the scores follow
  let seen = "";
  setInterval(() => {
    const rounds = [...new Set(Object.values(hall.boards).map(b => String(b.info.round || "-")))].sort().join(",");
    if (rounds !== seen) { seen = rounds; loadRounds(); }
    filter();
  }, 500);
  setInterval(loadPlayers, 10000);
  XQi18n.onChange(() => {  // the tabs and the round shown, in the new language
    drawTabs();
    for (const el of document.querySelectorAll("#past .card")) render(el, past[el.dataset.game], false);
  });
  loadPlayers();
  loadRounds().then(openGame);
  return {player, show};
})();
