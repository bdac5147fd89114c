"""No import circle through the game, link and store layers of the firmware
(issue 11): imports are read from the source with `ast`, those inside
functions included (a lazy import is still an import)."""
import ast

from xqboard.paths import FIRMWARE

OURS = ("game.", "link.", "store.", "app")


def module_name(path):
    rel = path.relative_to(FIRMWARE).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path, known):
    """The firmware modules a file imports, anywhere in it."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            # `from game import events` imports game.events
            names = [node.module] + ["%s.%s" % (node.module, a.name) for a in node.names]
        else:
            continue
        out.update(n for n in names if n in known)
    return out


def graph():
    files = {module_name(p): p for p in FIRMWARE.rglob("*.py")}
    return {m: imports_of(p, files) - {m} for m, p in files.items()}


def cycle_through(start, g):
    """An import path from `start` back to itself, or None."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        m, path = stack.pop()
        for n in sorted(g.get(m, ())):
            if n == start:
                return path + [n]
            if n not in seen:
                seen.add(n)
                stack.append((n, path + [n]))
    return None


def test_no_import_circle_through_game_link_or_store():
    g = graph()
    cycles = [cycle_through(m, g) for m in g if m.startswith(OURS)]
    assert [c for c in cycles if c] == []


def test_the_repetition_rules_need_nothing_from_the_game():
    g = graph()
    assert not {m for m in g["game.repetition"] if m.startswith("game.")}


def test_the_checker_sees_an_import_inside_a_function(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from game import game\n    return game\n")
    assert imports_of(f, {"game", "game.game"}) == {"game", "game.game"}
