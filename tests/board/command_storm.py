"""Random keyed command lines for the board (issue 13, "No command stops the
board"): lines built from the real grammar of docs/PROTOCOL.md, "Host to
board", with their arguments mutated, thrown at a board in play between
physical moves. Used by test_arbiter_commands.py at two sizes."""
import random

SIDES = ("red", "black")
SCORES = ("1-0", "0-1", "1/2-1/2", "0-0")
ARTICLES = ("4.1.1", "4.1.6", "4.1.12", "4.2.1", "4.2.2", "20.2")
FOULS = ("8.1.1", "8.1.6", "8.1.7", "8.1.9")
ARBITER = "by=Li"
MUTATED = 0.3  # the share of lines with a mutated argument
# Moves that bring the board back to where it started every 4 plies, so the
# set-up of a new game can be confirmed again whenever the cycle is done.
CYCLE = (("h2", "e2", "red"), ("h9", "g7", "black"), ("e2", "h2", "red"), ("g7", "h9", "black"))
# What a mutation puts in place of an argument (no `#`: it starts a
# scenario comment; no control character: the frame refuses those).
JUNK = ("x", "-1", "0", "1" * 16, "10" * 9, "1e3", "nan", "red", "black", "both", "白", "ｒｅｄ", "%zz",
        "moves=", "moves=x", "by=", "4.1", "99.9", "natural", "9", "8.1.10", "2-0", "1/2", "-")


def valid(rng, seqs):
    """A command line (words) of the real grammar, with valid-looking
    arguments, drawn by WEIGHTS. `seqs`: event numbers to name (unfoul)."""
    side = rng.choice(SIDES)
    name = rng.choices(NAMES, WEIGHTS)[0]
    if name == "resume":
        return ["resume"] + ([ARBITER] if rng.random() < 0.5 else [])
    if name == "adjust":
        words = ["adjust", side, str(rng.randrange(1000, 3600000))]
        return words + (["moves=%d" % rng.randrange(0, 60)] if rng.random() < 0.3 else [])
    if name == "penalty":
        return ["penalty", side] + ([str(rng.randrange(1000, 600000))] if rng.random() < 0.5 else [])
    if name in ("offer", "accept", "resign"):
        return [name, side]
    if name == "claim":
        return ["claim", side, rng.choice(("natural", "natural", "repetition"))]
    if name == "forfeit":
        return ["forfeit", rng.choice(SIDES + ("both",))]
    if name == "result":
        if rng.random() < 0.2:
            return ["result"]
        article = rng.choice(ARTICLES)
        score = {"4.2.1": "1/2-1/2", "4.2.2": "1/2-1/2", "20.2": "0-0"}.get(article, rng.choice(SCORES[:2]))
        return ["result", score, article] + (["ruled"] if rng.random() < 0.3 else []) + [ARBITER]
    if name == "annul":
        return ["annul"] + ([rng.choice(("17.1", "21.5"))] if rng.random() < 0.5 else []) + [ARBITER]
    if name == "foul":
        return ["foul", side, rng.choice(FOULS), ARBITER]
    if name == "unfoul":
        return ["unfoul", str(rng.choice(seqs) if seqs else 5), ARBITER]
    if name == "new":
        return ["new"] + (["tc=%dm" % rng.randrange(1, 90)] if rng.random() < 0.5 else [])
    if name == "correct":
        return ["correct", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR_w_-_-_0_1"]
    return [name]  # pause, confirm, setup, start


# How often each command is drawn: those that keep a game going (or reopen
# it) more often than those that end it, so that the board is in play for
# most of the storm.
NAMES = ("pause", "resume", "adjust", "penalty", "offer", "accept", "claim", "resign", "forfeit", "result",
         "annul", "foul", "unfoul", "confirm", "new", "setup", "start", "correct")
WEIGHTS = (3, 3, 7, 1, 2, 1, 1, 1, 1, 2, 4, 3, 1, 1, 2, 2, 2, 1)


def mutate(rng, words):
    """The line with one argument dropped, replaced, added or the
    arguments swapped."""
    args = words[1:]
    how = rng.randrange(4)
    if how == 0 and args:
        del args[rng.randrange(len(args))]
    elif how == 1 and args:
        args[rng.randrange(len(args))] = rng.choice(JUNK)
    elif how == 2:
        args.insert(rng.randrange(len(args) + 1), rng.choice(JUNK))
    else:
        args = args[::-1] if len(args) > 1 else []
    return [words[0]] + args


def script(n, seed):
    """(scenario script text, number of random command lines): a game, then
    n keyed command lines, four in each quiet second after a move of the
    cycle (the sensors are still then, so the same actions without the
    refused lines scan the same)."""
    rng = random.Random(seed)
    lines = ["0 new tc=90m", "0 setup", "100 start"]
    t = 1000
    k = 0
    sent = 0
    seqs = list(range(1, 40))
    while sent < n:
        frm, to, side = CYCLE[k % 4]
        k += 1
        lines += ["%d lift %s" % (t + 100, frm), "%d place %s" % (t + 300, to), "%d press %s" % (t + 500, side)]
        for j in range(min(4, n - sent)):
            words = valid(rng, seqs)
            if rng.random() < MUTATED:
                words = mutate(rng, words)
            lines.append("%d cmd %s" % (t + 700 + 70 * j, " ".join(words)))
            sent += 1
        t += 1000
    return "\n".join(lines) + "\n", sent


def replies(lines):
    """{command id: True if accepted, False if refused} of the board's A lines."""
    out = {}
    for line in lines:
        w = line.split()
        if w and w[0] == "A":
            out[int(w[1])] = w[2] == "ok"
    return out


def control(text, answers):
    """The script with only the commands the board accepted (the Runner
    numbers commands from 1 in the order of the script)."""
    out = []
    cid = 0
    for line in text.splitlines():
        w = line.split()
        if w[1] in ("new", "setup", "start", "cmd"):  # every one is a command (setup: `setup scenario`)
            cid += 1
            if w[1] == "cmd" and not answers.get(cid, False):
                continue
        out.append(line)
    return "\n".join(out) + "\n"
