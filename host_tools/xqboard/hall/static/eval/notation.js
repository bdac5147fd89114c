// The engine's moves in Chinese notation (art. 1.1), for the eval bar's
// best line: the same text host_tools/xqboard/record/chinese.py writes
// (checked against it on every position of the 300 master games:
// tests/hall/test_eval_notation.py). Runs in the page and in node.
//
//   XQN.line(fen, ["h2e2", "h9g7"])  ->  ["炮二平五", "马８进７"]
//   XQN.iccs("b1c3")                 ->  "b0c2"  (Fairy-Stockfish's ranks 1-10)
"use strict";

const XQN = (() => {
  const FILES = "abcdefghi";
  const RED_DIGITS = ".一二三四五六七八九", BLACK_DIGITS = ".１２３４５６７８９";
  const NAMES = {K: "帅", A: "仕", B: "相", N: "马", R: "车", C: "炮", P: "兵",
                 k: "将", a: "士", b: "象", n: "马", r: "车", c: "炮", p: "卒"};
  const STRAIGHT = "KRCP";  // their last figure counts steps going forward or back
  const ORDINALS = ".一二三四五";

  // {board: 90 letters or "" (file + 9 * rank, rank 0 Red's back rank), red: Red to move}
  function parseFen(fen) {
    const [placement, side] = fen.trim().split(/\s+/);
    const board = new Array(90).fill("");
    placement.split("/").forEach((row, i) => {
      let f = 0;
      for (const ch of row) {
        if (ch >= "1" && ch <= "9") f += Number(ch);
        else board[f++ + 9 * (9 - i)] = ch;
      }
    });
    return {board, red: side !== "b"};
  }

  const isRed = letter => letter === letter.toUpperCase();
  const fileNumber = (f, red) => red ? 9 - f : f + 1;  // art. 1.1: each side from its own right
  const forwardness = (rank, red) => red ? rank : 9 - rank;
  const square = text => FILES.indexOf(text[0]) + 9 * Number(text.slice(1));

  // {file number: [squares, front first]} of the pieces equal to `letter`
  function byFile(board, letter) {
    const red = isRed(letter), out = {};
    for (let f = 0; f < 9; f++) {
      const col = [];
      for (let r = 0; r < 10; r++) if (board[f + 9 * r] === letter) col.push(f + 9 * r);
      if (col.length) {
        col.sort((s, t) => forwardness(Math.floor(t / 9), red) - forwardness(Math.floor(s / 9), red));
        out[fileNumber(f, red)] = col;
      }
    }
    return out;
  }

  // the piece's first character(s): its file, or 前/中/后, or 一..五 among
  // four or more soldiers numbered together (record/chinese.py's designator)
  function head(board, from, letter) {
    const red = isRed(letter), digits = red ? RED_DIGITS : BLACK_DIGITS, name = NAMES[letter];
    const n = fileNumber(from % 9, red);
    if ("KABkab".includes(letter)) return name + digits[n];
    const files = byFile(board, letter);
    if ((files[n] || []).length < 2) return name + digits[n];
    const multi = Object.keys(files).map(Number).filter(k => files[k].length >= 2).sort((a, b) => a - b);
    const order = multi.flatMap(k => files[k]);
    const i = order.indexOf(from);
    if (order.length === 2) return "前后"[i] + name;
    if (order.length === 3) return "前中后"[i] + name;
    return ORDINALS[i + 1] + name;
  }

  // the Chinese text of ICCS move `move` on `board` (the position before it)
  function chinese(board, move) {
    const from = square(move.slice(0, 2)), to = square(move.slice(2));
    const letter = board[from];
    if (!letter) throw new Error("no piece on " + move.slice(0, 2) + " for " + move);
    const red = isRed(letter), digits = red ? RED_DIGITS : BLACK_DIGITS;
    const dr = forwardness(Math.floor(to / 9), red) - forwardness(Math.floor(from / 9), red);
    const word = dr > 0 ? "进" : dr < 0 ? "退" : "平";
    const figure = STRAIGHT.includes(letter.toUpperCase()) && dr !== 0 ? Math.abs(dr) : fileNumber(to % 9, red);
    return head(board, from, letter) + word + digits[figure];
  }

  function play(board, move) {
    const from = square(move.slice(0, 2)), to = square(move.slice(2));
    board[to] = board[from];
    board[from] = "";
  }

  // the Chinese texts of ICCS moves played from `fen`
  function line(fen, moves) {
    const {board} = parseFen(fen);
    return moves.map(m => { const text = chinese(board, m); play(board, m); return text; });
  }

  // a Fairy-Stockfish UCI move (ranks 1-10) as ICCS (ranks 0-9)
  function iccs(uci) {
    const m = /^([a-i])(\d+)([a-i])(\d+)$/.exec(uci);
    if (!m) throw new Error("not a move: " + uci);
    return m[1] + (Number(m[2]) - 1) + m[3] + (Number(m[4]) - 1);
  }

  return {parseFen, chinese, line, iccs};
})();

if (typeof module !== "undefined") module.exports = XQN;
