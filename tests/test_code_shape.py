"""The shape of the code (issue 11, "Done when"), read from the source with
`ast`, never by importing it:

- no import circle among the project's modules, imports inside function
  bodies included (an import hidden in a function still ties the modules);
- no module reads or writes another module's underscore names;
- no file in firmware/ has over 500 lines.

Each test's failure message lists every offender as file:line and what.

Module names are those the code imports by. firmware/ is on sys.path on the
device and on the host (xqboard.core puts it there), so firmware/xq/fen.py
is `xq.fen` and `from game.config import X` means firmware/game/config.py;
the host's MicroPython shim (host_tools/xqboard/_shim/) is top-level too.
The repository root is on sys.path (boards/sim.py is `boards.sim`), and so
is host_tools/ (host_tools/xqboard/cli.py is `xqboard.cli`).

What counts as an import edge: every `import` and `from ... import`
statement anywhere in a file (module level, function bodies, try blocks),
relative imports resolved against the file's package. `from P import n`
is an edge to the module P.n when n is a submodule, else to P. A package's
__init__ is not counted as imported by its submodules (Python initialises
the parent first, which cannot make a circle of the code we write).
Names that resolve to no file of ours (the standard library, MicroPython
built-ins, pip packages) are not edges.

What counts as crossing into underscore names (`_x`, dunders excepted):
- `from M import _x` where M is one of our modules (a private submodule may
  be imported by its own package);
- `obj._x`, read, written or deleted, and `getattr/setattr/hasattr/delattr
  (obj, "_x")`, where obj is not `self` or `cls`, unless this module itself
  defines `_x` (a def or class of that name, a `self._x =` / `cls._x =`
  assignment, a module- or class-level `_x = ...`, or `__slots__`). That
  rule allows the one legitimate case, a module handling instances of its
  own classes (`other._key` in `__eq__`, a factory filling the object it
  built), and catches a module reaching into an object defined elsewhere.
  The public API of namedtuples (`_replace`, `_asdict`, `_fields`, `_make`)
  and `os._exit` are public despite the underscore.
A name computed at run time (`getattr(obj, name)`) is beyond a static check.
"""
import ast
import os
from pathlib import Path

import pytest

from xqboard.paths import REPO

MAX_FIRMWARE_LINES = 500

# (folder, module prefix): how a file's path becomes the module name the
# code imports it by.
ROOTS = (
    ("firmware", ""),
    ("boards", "boards"),
    ("host_tools/xqboard/_shim", ""),
    ("host_tools/xqboard", "xqboard"),
)
SCANNED = ("firmware", "boards", "host_tools")
PUBLIC_UNDERSCORE = {"_replace", "_asdict", "_fields", "_make", "_field_defaults", "_exit"}
REFLECTION = {"getattr", "setattr", "hasattr", "delattr"}


# -- the modules ------------------------------------------------------------

class Module:
    def __init__(self, name, path, is_package, tree):
        self.name = name
        self.path = path
        self.is_package = is_package
        self.tree = tree

    @property
    def package(self):
        return self.name if self.is_package else self.name.rpartition(".")[0]


def module_name(rel):
    """The importable name of a file at `rel` (a posix path from the repo
    root), or None for a file outside the roots."""
    for folder, prefix in ROOTS:  # _shim comes before the xqboard that holds it
        if rel.startswith(folder + "/"):
            parts = rel[len(folder) + 1:-3].split("/")
            if parts[-1] == "__init__":
                parts = parts[:-1]
            return ".".join(([prefix] if prefix else []) + parts)
    return None


def load_modules(root, scanned=SCANNED):
    """{name: Module} of every .py file under the scanned folders of `root`."""
    modules = {}
    for top in scanned:
        for dirpath, dirnames, filenames in os.walk(root / top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for fn in sorted(filenames):
                if not fn.endswith(".py"):
                    continue
                path = Path(dirpath) / fn
                rel = path.relative_to(root).as_posix()
                name = module_name(rel)
                if name is None:
                    continue
                tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
                modules[name] = Module(name, rel, fn == "__init__.py", tree)
    return modules


# -- imports ------------------------------------------------------------------

def _absolute(mod, node):
    """The absolute module name a `from ... import` statement names."""
    if not node.level:
        return node.module or ""
    base = mod.package.split(".") if mod.package else []
    if node.level > 1:
        base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _longest_known(name, modules):
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def imports_of(mod, modules):
    """[(target module, line, imported name or None)] for every import in
    `mod` that resolves to one of `modules`."""
    out = []
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _longest_known(alias.name, modules)
                if target:
                    out.append((target, node.lineno, None))
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(mod, node)
            for alias in node.names:
                full = base + "." + alias.name if base else alias.name
                if full in modules:
                    out.append((full, node.lineno, None))
                else:
                    target = _longest_known(base, modules) if base else None
                    if target:
                        out.append((target, node.lineno, alias.name))
    return out


def import_graph(modules):
    """{module: {imported module: first line}}, self-imports left out."""
    graph = {}
    for name, mod in modules.items():
        edges = graph.setdefault(name, {})
        for target, line, _ in imports_of(mod, modules):
            if target != name and target not in edges:
                edges[target] = line
    return graph


def circles(graph):
    """The strongly connected components of more than one module (Tarjan),
    each as a sorted list of names."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def describe_circle(comp, graph, modules):
    inside = set(comp)
    lines = ["circle of %d modules:" % len(comp)]
    for name in comp:
        for target, line in sorted(graph[name].items()):
            if target in inside:
                lines.append("  %s:%d imports %s" % (modules[name].path, line, target))
    return "\n".join(lines)


# -- underscore names -----------------------------------------------------------

def _private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_names(tree):
    """The underscore names a module defines itself."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            for const in ast.walk(node.value):
                if isinstance(const, ast.Constant) and isinstance(const.value, str):
                    names.add(const.value)
    return {n for n in names if _private(n)}


def _owner_is_self(expr):
    return isinstance(expr, ast.Name) and expr.id in ("self", "cls")


def underscore_crossings(mod, modules):
    """[(line, what)] where `mod` reaches into underscore names it does not
    define."""
    own = defined_names(mod.tree)
    out = []
    for target, line, name in imports_of(mod, modules):
        if name and _private(name):
            out.append((line, "imports %s from %s" % (name, target)))
        elif name is None and _private(target.rpartition(".")[2]):
            if not mod.name.startswith(target.rpartition(".")[0] + "."):
                out.append((line, "imports the private module %s" % target))
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Attribute):
            attr, owner = node.attr, node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in REFLECTION and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
            attr, owner = node.args[1].value, node.args[0]
        else:
            continue
        if not _private(attr) or attr in PUBLIC_UNDERSCORE or attr in own or _owner_is_self(owner):
            continue
        verb = "writes" if isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)) else "reads"
        out.append((node.lineno, "%s %s.%s" % (verb, ast.unparse(owner), attr)))
    return sorted(out)


# -- the checks on this repository ---------------------------------------------

@pytest.fixture(scope="module")
def modules():
    return load_modules(REPO)


def test_no_import_circle(modules):
    graph = import_graph(modules)
    found = circles(graph)
    assert not found, "import circles (imports in function bodies count):\n" + "\n".join(
        describe_circle(c, graph, modules) for c in found)


def test_no_module_reaches_into_another_modules_underscore_names(modules):
    offenders = []
    for name in sorted(modules):
        for line, what in underscore_crossings(modules[name], modules):
            offenders.append("%s:%d %s" % (modules[name].path, line, what))
    assert not offenders, "%d underscore names crossed:\n%s" % (
        len(offenders), "\n".join(offenders))


def test_no_firmware_file_over_500_lines():
    offenders = []
    for path in sorted((REPO / "firmware").rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_FIRMWARE_LINES:
            offenders.append("%s: %d lines" % (path.relative_to(REPO).as_posix(), n))
    assert not offenders, "firmware files over %d lines:\n%s" % (
        MAX_FIRMWARE_LINES, "\n".join(offenders))


# -- the checks check -------------------------------------------------------------

def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return load_modules(tmp_path)


def test_a_circle_through_a_function_body_and_a_relative_import_is_found(tmp_path):
    mods = _tree(tmp_path, {
        "firmware/game/__init__.py": "",
        "firmware/game/config.py": "def f():\n    from game.game import G\n",
        "firmware/game/game.py": "from .config import X\n",
        "host_tools/xqboard/__init__.py": "",
        "host_tools/xqboard/a.py": "from . import b\n",
        "host_tools/xqboard/b.py": "import os\nfrom .c import y\n",
        "host_tools/xqboard/c.py": "from xqboard import a\nfrom game import config\n",
    })
    graph = import_graph(mods)
    assert circles(graph) == [["game.config", "game.game"], ["xqboard.a", "xqboard.b", "xqboard.c"]]
    text = describe_circle(["game.config", "game.game"], graph, mods)
    assert "firmware/game/config.py:2 imports game.game" in text


def test_underscore_crossings_are_found_and_own_names_allowed(tmp_path):
    mods = _tree(tmp_path, {
        "firmware/clock/__init__.py": "",
        "firmware/clock/clock.py": (
            "class Clock:\n"
            "    def __init__(self):\n        self._t0 = 0\n"
            "    def copy(self):\n        c = Clock()\n        c._t0 = self._t0\n        return c\n"),
        "firmware/clock/saved.py": (
            "from clock.clock import Clock, _index\n"
            "def f(c):\n    c._t0 = 1\n    return getattr(c, '_left'), c.__class__, p._replace(a=1)\n"),
    })
    assert underscore_crossings(mods["clock.clock"], mods) == []
    assert underscore_crossings(mods["clock.saved"], mods) == [
        (1, "imports _index from clock.clock"), (3, "writes c._t0"), (4, "reads c._left")]
