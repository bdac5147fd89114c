"""The eval bar's notation (hall/static/eval/notation.js) writes what the
record's Chinese writer (record/chinese.py, art. 1.1) writes: every move
of the 300 master games, run in node against a fixture made here."""
import json
import shutil
import subprocess

import pytest

from xqboard.core import Position
from xqboard.hall import masters
from xqboard.hall.evalbar import EVAL_DIR
from xqboard.record.notation import move_text

CHECK = """
const XQN = require(process.argv[1]);
const games = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
let moves = 0; const wrong = [];
for (const g of games) {
  const got = XQN.line(g.fen, g.iccs);
  moves += got.length;
  got.forEach((t, i) => { if (t !== g.chinese[i] && wrong.length < 5) wrong.push([g.fen, i, g.iccs[i], t, g.chinese[i]]); });
}
console.log(JSON.stringify({games: games.length, moves, wrong}));
"""


def node():
    exe = shutil.which("node")
    if exe is None:
        pytest.skip("node is not installed (system-packages.txt: nodejs)")
    return exe


def fixture():
    out = []
    for g in masters.master_games():
        pos, chinese = Position(g.start_fen, history=max(64, len(g.plies))), []
        for m in g.moves:
            chinese.append(move_text(pos, m, "Chinese"))
            pos.push(m)
        out.append({"fen": g.start_fen, "iccs": g.texts("ICCS"), "chinese": chinese})
    return out


def test_1_1_notation_js_writes_every_master_move_as_the_record_does(tmp_path):
    games = fixture()
    path = tmp_path / "moves.json"
    path.write_text(json.dumps(games, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run([node(), "-e", CHECK, str(EVAL_DIR / "notation.js"), str(path)],
                          capture_output=True, text=True, timeout=60, check=True)
    got = json.loads(done.stdout)
    assert got["wrong"] == []
    assert got["games"] == 300 and got["moves"] == sum(len(g["iccs"]) for g in games) > 20000


def test_fairy_uci_ranks_become_iccs_ranks():
    # Fairy-Stockfish counts ranks 1-10 (b1c3 is Red's horse), ICCS 0-9
    done = subprocess.run([node(), "-e", "const X = require(process.argv[1]);"
                           "console.log(JSON.stringify(['b1c3', 'b3b10', 'e1e2'].map(X.iccs)))",
                           str(EVAL_DIR / "notation.js")], capture_output=True, text=True, timeout=30, check=True)
    assert json.loads(done.stdout) == ["b0c2", "b2b9", "e0e1"]
