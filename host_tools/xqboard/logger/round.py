"""Starting every board of a round at once (20.1), with the event, the
round, the board number and the players bound to each game.

    logger = Logger(["/dev/ttyACM0", "/dev/ttyACM1"], "games", key=KEY).start()
    start_round(logger, {"/dev/ttyACM0": BoardStart(1, "ZHANG San", "LI Si"),
                         "/dev/ttyACM1": BoardStart(2, "WANG Wu", "ZHAO Liu")},
                event="City Cup", round_no=3, tc="90m")

Each board gets a signed `new event=.. round=.. board=.. red=.. black=..
[tc=..]`; then the set-up of every board must be confirmed (the players
press both levers once the pieces stand right, or with confirm="host" the
host confirms it as soon as the sensors agree); then `start` goes to all
boards one right after the other, so every clock runs from the round's
start (20.1).
"""
import time

from ..core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from game.config import FIELDS, Config  # noqa: E402
from game.events import GAME, SETUP, START, encode, escape, unescape  # noqa: E402
from link.frame import MAX_LINE  # noqa: E402


class RoundError(Exception):
    pass


class BoardStart:
    """One board's game: its board number, the players' names and, when the
    round comes from an event file, their numbers in the event and their
    pinyin (the records' second header; the board never needs it)."""

    def __init__(self, board, red, black, red_no=None, black_no=None, red_pinyin=None, black_pinyin=None):
        self.board = str(board)
        self.red = red
        self.black = black
        self.red_no, self.black_no = red_no, black_no
        self.red_pinyin, self.black_pinyin = red_pinyin, black_pinyin
        self.before = None  # the board's game number before its `new` (start_round)

    def __repr__(self):
        return "BoardStart(%s, %r, %r)" % (self.board, self.red, self.black)


def parse_pairing(text):
    """'PORT=board:red:black' -> (port, BoardStart); ValueError."""
    if "=" not in text:
        raise ValueError("want PORT=board:red:black, got %r" % text)
    port, rest = text.rsplit("=", 1)
    parts = rest.split(":")
    if len(parts) != 3 or not all(p.strip() for p in parts) or not port:
        raise ValueError("want PORT=board:red:black, got %r" % text)
    return port, BoardStart(parts[0].strip(), parts[1].strip(), parts[2].strip())


def parse_board_map(text):
    """{board number: port} of a board map: `1=/dev/ttyACM0,2=/dev/ttyACM1`,
    or a file with a `BOARD PORT` line per board (`#` starts a comment).
    ValueError naming the fault."""
    lines = []
    try:
        with open(text, encoding="utf-8") as f:
            lines = [l.split("#", 1)[0].split() for l in f]
    except OSError:
        lines = [part.split("=", 1) for part in text.split(",")]
    out = {}
    for parts in lines:
        if not parts:
            continue
        if len(parts) != 2 or not parts[0].strip().isdigit() or not parts[1].strip():
            raise ValueError("board map: want BOARD=PORT (or a file of `BOARD PORT` lines), got %r" % " ".join(parts))
        board, port = int(parts[0]), parts[1].strip()
        if board in out:
            raise ValueError("board map: board %d given twice" % board)
        if port in out.values():
            raise ValueError("board map: port %s given twice" % port)
        out[board] = port
    if not out:
        raise ValueError("board map: no boards")
    return out


def parse_range(text):
    """The board numbers of `1-25,30`. ValueError."""
    out = set()
    for part in text.split(","):
        a, _, b = part.strip().partition("-")
        if not a.isdigit() or (b and not b.isdigit()):
            raise ValueError("board range: want 1-25,30..., got %r" % text)
        out.update(range(int(a), int(b or a) + 1))
    return out


def event_pairings(games, board_map, only=None):
    """{port: BoardStart} of an event's round (tournament.seating.BoardGame
    list) for the boards of `board_map` (board -> port) this PC starts
    (`only`: a set of board numbers, None for all of the map's). ValueError
    for a board of the round the map lacks."""
    mine = [g for g in games if (only is None and g.board in board_map) or (only is not None and g.board in only)]
    missing = [g.board for g in mine if g.board not in board_map]
    if missing:
        raise ValueError("board map: no port for board %s" % ", ".join(map(str, missing)))
    if not mine:
        raise ValueError("no board of this round is in the map (boards %s)" % ", ".join(str(g.board) for g in games))
    return {board_map[g.board]: BoardStart(g.board, g.red, g.black, g.red_no, g.black_no, g.red_pinyin, g.black_pinyin)
            for g in mine}


def round_logger(pairings, out, key, **kw):
    """A Logger of the boards of `pairings` ({port: BoardStart}) that writes
    their records to `out` with the players' pinyin (record_headers)."""
    from .logger import Logger

    def headers(port, game_no):
        # only the game the pairing's `new` starts, never the board's earlier ones
        p = pairings[port]
        return record_headers(p) if p.before is not None and game_no > p.before else {}

    return Logger(list(pairings), out, key=key, headers=headers, **kw)


def record_headers(pairing):
    """The headers the host adds to a board's records: the players' pinyin
    as the event file has it (`RedPinyin`, `BlackPinyin`; the names stay
    in Chinese, record/latin.py)."""
    return {k: v for k, v in (("RedPinyin", pairing.red_pinyin), ("BlackPinyin", pairing.black_pinyin)) if v}


def _value(v):
    # one word, as the protocol writes text (a space is `_`, UTF-8 as itself)
    return escape(str(v).strip())


def new_words(pairing, event=None, round_no=None, tc=None, level=None, extra=()):
    """The `new` command of one board."""
    words = ["new"]
    if event:
        words.append("event=" + _value(event))
    if round_no is not None:
        words.append("round=" + _value(round_no))
    words += ["board=" + _value(pairing.board), "red=" + _value(pairing.red), "black=" + _value(pairing.black)]
    if pairing.red_no is not None:
        words += ["red_no=%d" % pairing.red_no, "black_no=%d" % pairing.black_no]
    if tc:
        words.append("tc=" + _value(tc))
    if level:
        words.append("level=" + _value(level))
    return words + list(extra)


def check_fits(words):
    """RoundError when the GAME event a `new` makes would not fit the
    link's frame (MAX_LINE bytes of UTF-8, docs/PROTOCOL.md): the board would
    refuse it. The event carries every setting, the starting FEN included."""
    settings = dict(w.split("=", 1) for w in words[1:])
    values = ["new"] + [unescape(settings[k]) if k in settings else None for k in FIELDS]
    cfg = Config()
    for i, k in enumerate(FIELDS):
        if values[i + 1] is None:
            values[i + 1] = getattr(cfg, k)
        elif k in ("limit", "late", "red_no", "black_no"):
            values[i + 1] = int(values[i + 1])
    line = encode(999999, 99999999999, GAME, tuple(values))
    size = len(line.encode("utf-8"))
    if size > MAX_LINE:
        raise RoundError("board %s: the game's settings take %d bytes of UTF-8 on the link, the frame holds %d "
                         "(shorten the names or the event name)" % (settings.get("board"), size, MAX_LINE))


def setup_confirmed(board):
    f = board.files
    return f is not None and f.has(SETUP, "confirmed")


def started(board):
    f = board.files
    return f is not None and f.has(START)


def start_round(logger, pairings, event=None, round_no=None, tc=None, level=None, confirm="players",
                wait=120.0, extra=(), on_waiting=None, keys=None):
    """new, set-up, start on every board of `logger` (see the module
    docstring). Returns the boards. RoundError with the reason if a board
    refuses or does not get ready within `wait` seconds. `keys`: the
    event's key file (hall/trust.py), where each board's key goes before
    its `new`, so that `broadcast` verifies the game from its GAME on."""
    boards = logger.boards
    for b in boards:
        if b.session.port not in pairings:
            raise RoundError("no pairing for %s" % b.session.port)
    for b in boards:
        check_fits(new_words(pairings[b.session.port], event, round_no, tc, level, extra))
    for b in boards:
        s = b.session
        words = new_words(pairings[s.port], event, round_no, tc, level, extra)
        logger.on_events(s, s.wait_synced(10))
        if keys is not None and s.link.key is not None:
            if not s.link.board_id:
                raise RoundError("%s gives no device id: its key cannot go into %s" % (s.port, keys))
            from ..hall.trust import Keys
            Keys.record(keys, s.link.board_id, s.link.key)
        pairings[s.port].before = s.link.game_no or 0
        reply = s.command(words, on_events=lambda evs, s=s: logger.on_events(s, evs), timeout=10)
        if reply[:1] != ["ok"]:
            raise RoundError("%s refused `new`: %s" % (s.port, " ".join(reply[1:])))
    deadline = time.monotonic() + wait
    pending = list(boards)
    tried = {}
    told = False
    while pending:
        logger.step(0.05)
        for b in list(pending):
            if setup_confirmed(b):
                pending.remove(b)
            elif confirm == "host" and time.monotonic() - tried.get(b, 0) > 0.5:
                tried[b] = time.monotonic()
                s = b.session
                reply = s.command(["setup", "host"], on_events=lambda evs, s=s: logger.on_events(s, evs))
                if reply[:1] == ["ok"]:
                    pending.remove(b)
        if pending and not told and on_waiting:
            on_waiting([b.session.port for b in pending])
            told = True
        if pending and time.monotonic() > deadline:
            raise RoundError("set-up not confirmed on %s" % ", ".join(b.session.port for b in pending))
    # 20.1: every clock from the round's start: the starts go out together.
    sent = {}
    for b in boards:
        b.session.send(b.session.link.command(["start"]))
        sent[b] = b.session.link.last_command_id
    while True:
        logger.step(0.02)
        missing = [b for b in boards if sent[b] not in b.session.link.replies and not started(b)]
        if not missing:
            break
        if time.monotonic() > deadline:
            raise RoundError("no answer to `start` from %s" % ", ".join(b.session.port for b in missing))
    for b in boards:
        reply = b.session.link.replies.pop(sent[b], ["ok"])
        if reply[:1] != ["ok"]:
            raise RoundError("%s refused `start`: %s" % (b.session.port, " ".join(reply[1:])))
    return boards
