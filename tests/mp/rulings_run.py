# Runs every case of rulings_cases.py in the MicroPython unix port and
# prints one line per case for tests/rulings/test_rulings_mp.py:
#   name|verdict|article article ...|move:kind:art,art;move:kind:...|legal
# `legal` is 1 if the FEN is a legal position and every move was legal.
import gc

from rulings_cases import CASES
from xq.position import Position
from xq.rulings import detect, rule
from xq.rulings.classify import NAMES
from xq.squares import move_name, parse_move


def run(case):
    name, fen, moves = case[0], case[1], case[2]
    pos = Position(fen)
    legal = 1
    for text in moves:
        m = parse_move(text)
        if not pos.is_legal(m):
            legal = 0
        pos.push(m)
    cycle = detect(pos, name.startswith("23_4"))
    if cycle is None:
        return "%s|None||%s|%d" % (name, "", legal)
    r = rule(pos, cycle)
    kinds = ";".join("%s:%s:%s" % (move_name(mc.move), NAMES[mc.kind], ",".join(mc.articles)) for mc in r.moves)
    return "%s|%s|%s|%s|%d" % (name, r.verdict, " ".join(r.articles), kinds, legal)


def main():
    for c in CASES:
        print(run(c))
        gc.collect()
    print("mem_free %d" % gc.mem_free())


if __name__ == "__main__":
    main()
