# Scenario scripts for the simulated board (README, "Scenario scripts").
#
#     # comment
#     0      new tc=10m+5s level=national
#     0      setup
#     100    start
#     2s     lift h2
#     2.3s   place e2
#     2.5s   press red
#     1m     cmd resign black
#
# Each line: `<time> <action> [args]`, time in ms from the start (`1500`)
# or with a unit (`1.5s`, `2m`, `1h`), never earlier than the line before.
# parse() checks every line and raises ScenarioError with the line number,
# so a malformed script is refused before anything runs. Shared by the
# runner in the unix port and the host CLI (which checks before it starts).

MAX_MS = 24 * 3600000  # a script's times: at most a day (a longer game is no game)
ACTIONS = ("new", "setup", "start", "lift", "place", "press", "cmd", "power", "flicker", "end")
_FILES = "abcdefghi"


class ScenarioError(ValueError):
    def __init__(self, lineno, message):
        super().__init__("line %d: %s" % (lineno, message))
        self.lineno = lineno


def parse_time(text):
    """ms of `1500`, `1.5s`, `2m`, `1h`, `250ms`; ValueError if malformed."""
    unit = 1
    num = text
    for suffix, scale in (("ms", 1), ("s", 1000), ("m", 60000), ("h", 3600000)):
        if text.endswith(suffix):
            num = text[: -len(suffix)]
            unit = scale
            break
    if not num or num.count(".") > 1 or not num.replace(".", "").isdigit() or len(num) > 12:
        raise ValueError("bad time %r (want ms, or a number with s, m or h)" % text)
    ms = int(float(num) * unit + 0.5)
    if ms > MAX_MS:
        raise ValueError("time %s is over 24 h" % text)
    return ms


def parse_point(text):
    """Point number 0-89 (rank*9 + file) of an ICCS name."""
    if len(text) == 2 and text[0] in _FILES and text[1].isdigit():
        return int(text[1]) * 9 + _FILES.find(text[0])
    raise ValueError("bad point %r (want a-i and 0-9, like h2)" % text)


def _check(action, args):
    if action in ("lift", "place"):
        if len(args) != 1:
            raise ValueError("%s takes one point" % action)
        return [parse_point(args[0])]
    if action == "press":
        if args not in (["red"], ["black"]):
            raise ValueError("press red or press black")
        return args
    if action == "power":
        if args not in (["off"], ["on"]):
            raise ValueError("power off or power on")
        return args
    if action == "flicker":
        if len(args) != 2:
            raise ValueError("flicker PT MS")
        return [parse_point(args[0]), parse_time(args[1])]
    if action == "cmd":
        if not args:
            raise ValueError("cmd needs a protocol command")
        return args
    if action == "new":
        for a in args:
            key = a.split("=", 1)[0]
            if "=" not in a or key not in ("tc", "fen", "level", "policy", "event", "round",
                                           "board", "red", "black", "limit", "late"):
                raise ValueError("new takes tc=, fen=, level=, policy= (and event=, round=, board=, red=, black=, limit=, late=): %r" % a)
            if key == "level" and a[6:] not in ("national", "provincial", "junior"):
                raise ValueError("level=national, provincial or junior")
            if key == "policy" and a[7:] not in ("auto", "report"):
                raise ValueError("policy=auto or report")
        return args
    if args:
        raise ValueError("%s takes no arguments" % action)
    return args


def _binary(line):
    # A script is text: tabs and line ends are the only control characters.
    for c in line:
        if c < " " and c not in "\t\r\n":
            return True
    return False


def actions(lines):
    """(ms, action, args, lineno) of each line of a script, one at a time
    (a long script never sits whole in a small heap); ScenarioError with
    the line number at the first malformed line."""
    last = 0
    n = 0
    for raw in lines:
        n += 1
        if _binary(raw):
            raise ScenarioError(n, "not a text script (a control character or NUL): a binary file?")
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if len(words) < 2:
            raise ScenarioError(n, "want `<time> <action> [args]`")
        try:
            t = parse_time(words[0])
        except ValueError as e:
            raise ScenarioError(n, str(e))
        if t < last:
            raise ScenarioError(n, "time %s is earlier than the line before" % words[0])
        last = t
        action = words[1]
        if action not in ACTIONS:
            raise ScenarioError(n, "unknown action %r (one of %s)" % (action, ", ".join(ACTIONS)))
        try:
            args = _check(action, words[2:])
        except ValueError as e:
            raise ScenarioError(n, str(e))
        yield t, action, args, n


def parse(lines):
    """[(ms, action, args, lineno)] of a script's lines; ScenarioError."""
    return list(actions(lines))
