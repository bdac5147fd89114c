"""Repetition rulings (棋例): art. 23-26 of the 2011 competition rules.

Runs only when a position repeats, so it is plain Python over the rules
core, with a viper attack scan (attacks.py). Nothing is imported until a
function below is called, to spare the board's RAM.

API for the board (the game loop calls detect() after every move):

    from xq.rulings import detect, rule, compact, lines, after_grace
    cycle = detect(pos)            # Cycle or None (23.1-23.3)
    cycle = detect(pos, True)      # also the nine-round claim of 23.4
    if cycle:
        r = rule(pos, cycle)       # Ruling; pos is left as it was
        r.verdict                  # 'red loses', 'black loses',
                                   # 'red must vary', 'black must vary', 'draw'
        r.side                     # 0 red / 8 black / None (draw)
        r.articles                 # ['23.1', '24.11', '24.14', '25.3', ...]
        r.effect                   # '4.1.4' loss at once (23.5.1),
                                   # '4.1.5' loss if it does not vary,
                                   # '4.2.3' draw if neither varies
        r.grace                    # rounds to vary first (23.5.2): 0 or 2
        r.moves                    # [MoveClass]: .move .side .kind
                                   # .articles .targets .self_inflicted
        compact(r)                 # one line for the event and the record
        lines(r)                   # the CLI's lines: each move, the verdict last
    # 23.5.2: two rounds (4 plies) after the cycle, if nobody varied:
    after_grace(pos, r)            # r.effect ('4.1.5' / '4.2.3') or None

detect() replays the history since the last capture with pop()/push() to
read the hashes (Position keeps the moves); or keep them move by move:

    t = trail(pos)                 # once, at the start of the game
    c = pos.push(m); t.moved(pos, c); cycle = detect(pos, trail=t)
    pos.pop(); t.back(pos)

rule() replays the cycle from the current position, which is the position
the cycle started from.
Modules: detect.py (art. 23), attacks.py (attack scan), exchange.py
(exchange evaluation, 24.15-24.16), mate.py (24.2), threats.py (24.3),
classify.py (art. 24, 26), ruling.py (art. 25, 26.8, 23.5), values.py (1.2,
26.6), text.py (text forms).
"""


def detect(pos, nine_rounds=False, trail=None):
    from xq.rulings.detect import detect as _detect

    return _detect(pos, nine_rounds, trail)


def trail(pos):
    from xq.rulings.detect import Trail

    return Trail(pos)


def rule(pos, cycle):
    from xq.rulings.ruling import rule as _rule

    return _rule(pos, cycle)


def after_grace(pos, ruling):
    from xq.rulings.ruling import after_grace as _after

    return _after(pos, ruling)


def compact(ruling):
    from xq.rulings.wording import compact as _compact

    return _compact(ruling)


def lines(ruling):
    from xq.rulings.wording import lines as _lines

    return _lines(ruling)
