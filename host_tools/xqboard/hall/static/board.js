// A Xiangqi board as SVG, with the real board's geometry: 9 files by 10
// ranks of points, the river between ranks 4 and 5 (the inner files stop
// at it), the two palaces with their diagonals (art. 1.2, 1.3). Red below,
// Black above. The last move is marked: a ring where the piece left, a
// square of corners around where it arrived.
"use strict";

const XQ = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const STEP = 40;    // between two points
  const MARGIN = 30;  // from the edge to the outer lines
  const WIDTH = 2 * MARGIN + 8 * STEP, HEIGHT = 2 * MARGIN + 9 * STEP;
  const NAMES = {  // FEN letter: Chinese name (Red upper case, Black lower)
    K: "帅", A: "仕", B: "相", N: "马", R: "车", C: "炮", P: "兵",
    k: "将", a: "士", b: "象", n: "马", r: "车", c: "炮", p: "卒",
  };

  // the centre of point (file 0-8 from a, rank 0-9 from Red's side)
  const x = f => MARGIN + f * STEP;
  const y = r => MARGIN + (9 - r) * STEP;

  function el(name, attrs, text) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function line(g, f0, r0, f1, r1, cls) {
    g.appendChild(el("line", {x1: x(f0), y1: y(r0), x2: x(f1), y2: y(r1), class: cls || "grid"}));
  }

  // the lines of the board, drawn once per diagram
  function grid(g) {
    g.appendChild(el("rect", {x: MARGIN - 8, y: MARGIN - 8, width: 8 * STEP + 16, height: 9 * STEP + 16,
                              class: "frame"}));
    for (let r = 0; r < 10; r++) line(g, 0, r, 8, r);
    for (let f = 0; f < 9; f++) {
      if (f === 0 || f === 8) { line(g, f, 0, f, 9); continue; }
      line(g, f, 0, f, 4);  // the inner files stop at the river
      line(g, f, 5, f, 9);
    }
    for (const r of [0, 7]) {  // the palaces' diagonals
      line(g, 3, r, 5, r + 2);
      line(g, 5, r, 3, r + 2);
    }
    const mid = (y(4) + y(5)) / 2 + 7;
    g.appendChild(el("text", {x: x(2), y: mid, class: "river"}, "楚 河"));
    g.appendChild(el("text", {x: x(6), y: mid, class: "river"}, "汉 界"));
  }

  // {point name: FEN letter} of a FEN's board part
  function placement(fen) {
    const out = {};
    const rows = fen.split(" ")[0].split("/");
    rows.forEach((row, i) => {
      let f = 0;
      for (const ch of row) {
        if (ch >= "1" && ch <= "9") { f += Number(ch); continue; }
        out["abcdefghi"[f] + (9 - i)] = ch;
        f += 1;
      }
    });
    return out;
  }

  const fileOf = p => "abcdefghi".indexOf(p[0]);
  const rankOf = p => Number(p[1]);

  function marks(g, last) {
    if (!last) return;
    const [from, to] = last;
    g.appendChild(el("circle", {cx: x(fileOf(from)), cy: y(rankOf(from)), r: 9, class: "left"}));
    const cx = x(fileOf(to)), cy = y(rankOf(to)), h = STEP / 2 - 1, k = 7;
    let d = "";
    for (const [sx, sy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
      const px = cx + sx * h, py = cy + sy * h;
      d += `M${px} ${py - sy * k} L${px} ${py} L${px - sx * k} ${py} `;
    }
    g.appendChild(el("path", {d: d, class: "arrived"}));
  }

  function piecesOf(g, fen) {
    const at = placement(fen);
    for (const p in at) {
      const letter = at[p], red = letter === letter.toUpperCase();
      const cx = x(fileOf(p)), cy = y(rankOf(p));
      g.appendChild(el("circle", {cx: cx, cy: cy, r: STEP * 0.44, class: red ? "piece red" : "piece black"}));
      g.appendChild(el("circle", {cx: cx, cy: cy, r: STEP * 0.36, class: red ? "ring red" : "ring black"}));
      g.appendChild(el("text", {x: cx, y: cy + 7, class: red ? "name red" : "name black"}, NAMES[letter]));
    }
  }

  // an <svg> of the position `fen`, the move `last` ([from, to]) marked
  function diagram(fen, last) {
    const svg = el("svg", {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "xq", "data-fen": fen});
    const g = el("g", {});
    grid(g);
    marks(g, last);
    piecesOf(g, fen);
    svg.appendChild(g);
    return svg;
  }

  // "1:02:03" or "4:05" (and tenths below 10 s) of ms left
  function clockText(ms) {
    ms = Math.max(0, ms);
    if (ms < 10000) return (ms / 1000).toFixed(1);
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    const ss = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
  }

  // A stream of the hall (EventSource: it reconnects by itself and sends
  // the last event's id, so the server goes on with no gap). onUpdate gets
  // each update and the offset of the server's clock from ours.
  // onLinks(links, offset): the boards' links when they change ({device:
  // {state: up|cut|silent|logger|broker, logger, heard}}, hub.py's links())
  //
  // After its first update (the whole hall) the server sends of each
  // changed board only what changed (hub.py's patch: the keys whose
  // values changed; of the moves, those from `moves_from` on), or the
  // board whole (`whole`); follow keeps every board's state and gives
  // onUpdate the boards whole, as they now are. An update that does not
  // follow the last it had (its `since` is not that cursor), or a patch
  // of a board it does not hold, cannot be applied: it starts again
  // without an id, and the server sends the whole hall.
  function follow(url, onUpdate, onLinks) {
    const held = {};  // board name -> its state
    let cursor = null;  // the last update's "token:cursor"
    let source = null;
    function apply(data, id) {
      if (data.full) for (const name of Object.keys(held)) delete held[name];
      else if (cursor === null || String(data.since) !== cursor.split(":")[1]) return false;
      const boards = [];
      for (const p of data.boards) {
        const old = held[p.board];
        if (data.full || p.whole) { delete p.whole; held[p.board] = p; boards.push(p); continue; }
        if (!old) return false;
        const b = Object.assign({}, old, p);
        if ("moves_from" in p) { b.moves = old.moves.slice(0, p.moves_from).concat(p.moves); delete b.moves_from; }
        held[p.board] = b;
        boards.push(b);
      }
      cursor = id;
      data.boards = boards;
      return true;
    }
    function open() {
      source = new EventSource(url);
      // while the stream is down the page says so (hall.css: body.offline)
      source.addEventListener("error", () => document.body.classList.add("offline"));
      source.addEventListener("update", ev => {
        document.body.classList.remove("offline");
        const data = JSON.parse(ev.data);
        if (!apply(data, ev.lastEventId)) { source.close(); cursor = null; open(); return; }
        onUpdate(data, data.now - Date.now(), ev.lastEventId);
      });
      source.addEventListener("links", ev => {
        const data = JSON.parse(ev.data);
        if (onLinks) onLinks(data.links, data.now - Date.now());
      });
    }
    open();
    return {close: () => source.close()};
  }

  // ms left on `side`'s clock of board state `b` now: the running one
  // counts down from the report's time (the server's clock `offset` ms
  // ahead of ours), and no further than the board was last heard when its
  // link (links[b.device]) is not up: past a cut cable nobody knows it
  function timeLeft(b, side, links, offset) {
    const c = b.clocks, ms = c[side];
    if (c.running !== side || b.phase !== "playing") return ms;
    const link = links[b.device];
    const now = Date.now() + offset;
    const until = link && link.state !== "up" ? Math.max(c.asof, Math.min(now, link.heard)) : now;
    return ms - (until - c.asof);
  }

  return {diagram, clockText, follow, timeLeft, STEP, MARGIN, WIDTH, HEIGHT};
})();
