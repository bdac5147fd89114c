"""The shape of the code (issue 11, "Done when"), read from the source with
`ast`, never by importing it:

- no import circle among the project's modules, imports inside function
  bodies included (an import hidden in a function still ties the modules);
- no module reads or writes another module's underscore names;
- a module loaded cold (game/cold.py) is named by game/cold.py's constant,
  never by a string of the caller's, and counts as imported by the caller;
- every handler table of events (a dict keyed by game/events.py's kinds)
  takes each event's fields by the schema's names;
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
import functools
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

    @functools.cached_property
    def nodes(self):
        """Every node of the tree, in ast.walk's order: walked once, where
        each check walking it again took most of this file's time (stop 38)."""
        return list(ast.walk(self.tree))


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
    for node in mod.nodes:
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
    """{module: {imported module: first line}}, self-imports left out; a
    cold load (game/cold.py) is an import of its module, whether named by
    game/cold.py's constant or by a string."""
    graph = {}
    cold = cold_table(modules)
    for name, mod in modules.items():
        edges = graph.setdefault(name, {})
        for target, line, _ in imports_of(mod, modules) + cold_imports(mod, modules, cold) + \
                cold_string_imports(mod, modules):
            if target != name and target not in edges:
                edges[target] = line
    return graph


# -- lazy loads -------------------------------------------------------------------

COLD_MODULE = "game.cold"
COLD_VERBS = ("call", "drop", "load")


def cold_table(modules):
    """{constant: module} of the cold modules game/cold.py declares
    (`BUDGET = "store.budget"`)."""
    mod = modules.get(COLD_MODULE)
    out = {}
    for node in mod.tree.body if mod else ():
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) \
                and node.value.value in modules:
            out[node.targets[0].id] = node.value.value
    return out


def _cold_aliases(mod, modules):
    names = set()
    for node in mod.nodes:
        if isinstance(node, ast.Import):
            names.update(a.asname for a in node.names if a.name == COLD_MODULE and a.asname)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(mod, node)
            names.update(a.asname or a.name for a in node.names
                         if (base + "." + a.name if base else a.name) == COLD_MODULE)
    return names


def cold_imports(mod, modules, table):
    """[(module, line, None)] of every cold module `mod` names (cold.BUDGET)."""
    aliases = _cold_aliases(mod, modules)
    return [(table[n.attr], n.lineno, None) for n in mod.nodes
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in aliases
            and n.attr in table]


def _cold_string_calls(mod, modules):
    aliases = _cold_aliases(mod, modules)
    return [n for n in mod.nodes
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in COLD_VERBS
            and isinstance(n.func.value, ast.Name) and n.func.value.id in aliases and n.args
            and isinstance(n.args[0], ast.Constant)]


def cold_strings(mod, modules):
    """[(line, what)] where `mod` names a cold module by a string of its own
    (cold.call("store.budget", ...)) rather than by game/cold.py's constant."""
    return [(n.lineno, "cold.%s(%r, ...)" % (n.func.attr, n.args[0].value)) for n in _cold_string_calls(mod, modules)]


def cold_string_imports(mod, modules):
    """[(module, line, None)] of the modules `mod`'s cold loads name by a
    string: imports all the same (the test forbids the string; the graph
    still sees the edge)."""
    return [(n.args[0].value, n.lineno, None) for n in _cold_string_calls(mod, modules)
            if n.args[0].value in modules]


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


def defined_names(mod):
    """The underscore names a module defines itself."""
    names = set()
    for node in mod.nodes:
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
    own = defined_names(mod)
    out = []
    for target, line, name in imports_of(mod, modules):
        if name and _private(name):
            out.append((line, "imports %s from %s" % (name, target)))
        elif name is None and _private(target.rpartition(".")[2]):
            if not mod.name.startswith(target.rpartition(".")[0] + "."):
                out.append((line, "imports the private module %s" % target))
    for node in mod.nodes:
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


# -- events after decode ---------------------------------------------------------

SCHEMA_MODULE = "game.events"


@functools.lru_cache(maxsize=None)
def schema_constant(name, root=REPO):
    """A constant of game/events.py (SCHEMA, HEAD) in the tree at `root`,
    read with `ast`."""
    path = Path(root) / "firmware" / "game" / "events.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("%s declares no %s" % (path, name))


def schema_variants(root=REPO):
    """{kind: [(literal word or None, (field names))]}, read from SCHEMA."""
    out = {}
    for line in schema_constant("SCHEMA", root).decode().split("\n"):
        if not line.strip():
            continue
        kind, *specs = line.split()
        word = next((s.partition(":")[2] for s in specs if ":" in s), None)
        out.setdefault(kind, []).append((word, tuple(
            s.partition(":")[0] if ":" in s else s.strip("#?*=") for s in specs)))
    return out


def schema_refs(mod, modules):
    """(names bound to the schema module, {name bound to a kind constant: kind})
    in `mod`."""
    aliases, kinds = set(), {}
    for node in mod.nodes:
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == SCHEMA_MODULE and a.asname:
                    aliases.add(a.asname)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(mod, node)
            for a in node.names:
                if (base + "." + a.name if base else a.name) == SCHEMA_MODULE:
                    aliases.add(a.asname or a.name)
                elif base == SCHEMA_MODULE:
                    kinds[a.asname or a.name] = a.name
    return aliases, kinds


def _kind_key(key, aliases, kinds, variants):
    # the kind a table's key names (ev.MOVE, or MOVE imported from the schema)
    if isinstance(key, ast.Attribute) and isinstance(key.value, ast.Name) and key.value.id in aliases:
        name = key.attr
    elif isinstance(key, ast.Name) and key.id in kinds:
        name = kinds[key.id]
    else:
        return None
    return name if name in variants else None


def _handler_defs(value, mod):
    # the functions a table's value names (a def of this module by that name)
    if isinstance(value, ast.Lambda):
        return [value]
    name = value.id if isinstance(value, ast.Name) else value.attr if isinstance(value, ast.Attribute) else None
    return [n for n in mod.nodes
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name]


def handler_tables(mod, modules, variants):
    """[(line, kind, word or None, handler def)] of every handler table in
    `mod`: a dict whose keys are all the schema's kinds, its values
    functions or dicts of functions keyed by a variant's word."""
    aliases, kinds = schema_refs(mod, modules)
    out = []
    if not (aliases or kinds):
        return out
    for node in mod.nodes:
        if not isinstance(node, ast.Dict) or not node.keys:
            continue
        keyed = [_kind_key(k, aliases, kinds, variants) if k is not None else None for k in node.keys]
        if None in keyed:
            continue
        for kind, value in zip(keyed, node.values):
            if isinstance(value, ast.Dict):
                for w, v in zip(value.keys, value.values):
                    word = w.value if isinstance(w, ast.Constant) else None
                    out += [(v.lineno, kind, word, d) for d in _handler_defs(v, mod)]
            else:
                out += [(value.lineno, kind, None, d) for d in _handler_defs(value, mod)]
    return out


def handler_mismatches(kind, word, fn, variants):
    """What is wrong with `fn` as the handler of `kind` (its variant `word`,
    or every variant), [] if nothing: its parameters after the HEAD names
    must be the variant's field names, a trailing *rest taking the rest."""
    head = schema_constant("HEAD")
    params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    while params and params[0] in head:
        params.pop(0)
    rest = fn.args.vararg is not None
    out = []
    for w, names in variants[kind]:
        if word is not None and w != word:
            continue
        if (list(names[:len(params)]) != params or len(params) > len(names)) if rest else list(names) != params:
            out.append("%s%s wants (%s%s), %s takes (%s%s)" % (
                kind, " " + w if w else "", ", ".join(names), "" if not rest else "",
                getattr(fn, "name", "lambda"), ", ".join(params), ", *" + fn.args.vararg.arg if rest else ""))
    if word is not None and not any(w == word for w, _ in variants[kind]):
        out.append("%s has no variant %r" % (kind, word))
    return out


# What code after decode must not do (outside the schema module): test a
# kind against a literal, read a field by position, look a field up by a
# string. A module "holds decoded events" when it refers to the schema
# module or to the host's Event (xqboard.boardlink); a field read by
# position is a constant subscript of a name or attribute called `fields`.
EVENT_MODULES = (SCHEMA_MODULE, "xqboard.boardlink")
EVENT_NAMES = ("e", "ev", "event", "game_event", "first", "last")


def _holds_events(mod, modules):
    aliases, kinds = schema_refs(mod, modules)
    if aliases or kinds or any(t in EVENT_MODULES for t, _, _ in imports_of(mod, modules)):
        return True
    # a function that takes an event as (kind, fields) without naming the schema
    return any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
               and {"kind", "fields"} <= {a.arg for a in n.args.args} for n in mod.nodes)


def _str_consts(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def _name(node):
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def after_decode_offences(mod, modules, variants):
    """[(line, what)]: literal kinds, positional field reads and field
    lookups by string in `mod` (none are looked for in the schema module).
    A kind tested against a literal is looked for in every other module: one
    that does so without the schema decodes the event text itself."""
    if mod.name == SCHEMA_MODULE:
        return []
    holds = _holds_events(mod, modules)
    kinds = set(variants)
    fields = {n for vs in variants.values() for _, names in vs for n in names}
    out = []
    for node in mod.nodes:
        if not holds and not isinstance(node, ast.Compare):
            continue
        if isinstance(node, ast.Compare):
            ops = [node.left] + node.comparators
            lits = set().union(*(_str_consts(o) for o in ops)) & kinds
            if lits and any("kind" in _name(o) for o in ops):
                out.append((node.lineno, "kind tested against the literal %s" % ", ".join(sorted(lits))))
        elif isinstance(node, ast.Subscript) and _name(node.value).endswith("fields") \
                and isinstance(node.slice, (ast.Constant, ast.UnaryOp, ast.Slice)):
            out.append((node.lineno, "field read by position: %s" % ast.unparse(node)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in fields \
                and (_name(node.func.value) in EVENT_NAMES or _name(node.func.value).endswith("event")):
            out.append((node.lineno, "field looked up by string: %s" % ast.unparse(node)))
    return out


# -- names that say one thing ------------------------------------------------------

# A CLI subcommand is named for what it runs (commands/deploy.py runs
# deploy.py), and a part's main module for its part (game/game.py): those
# share a name by design. Any other pair of modules or top-level classes
# with one name is two things under one word.
CLI_PACKAGES = ("xqboard.commands",)
# Pairs allowed, each with its reason (none now: tournament/'s boards,
# errors and pgn modules are seating, refusal and pgn_import, and the
# logger's Pairing is BoardStart; issue 24).
SHARED_ALLOWED = {}


def _is_cli(name):
    return any(name == p or name.startswith(p + ".") for p in CLI_PACKAGES)


def shared_names(modules):
    """{(what, name): [paths]} of module basenames and top-level class names
    that two or more modules use (CLI subcommands and a package's own
    module of its name left out)."""
    by_name = {}
    for name, mod in modules.items():
        base = name.rpartition(".")[2]
        parent = name.rpartition(".")[0]
        if not (_is_cli(name) or parent.rpartition(".")[2] == base):  # a subcommand; game/game.py
            by_name.setdefault(("module", base), []).append(mod.path)
        for node in mod.tree.body:
            if isinstance(node, ast.ClassDef):
                by_name.setdefault(("class", node.name), []).append(mod.path)
    return {k: sorted(v) for k, v in by_name.items() if len(v) > 1}


# -- the checks on this repository ---------------------------------------------

@pytest.fixture(scope="module")
def modules():
    return load_modules(REPO)


def test_no_import_circle(modules):
    graph = import_graph(modules)
    found = circles(graph)
    assert not found, "import circles (imports in function bodies count):\n" + "\n".join(
        describe_circle(c, graph, modules) for c in found)


def test_cold_loads_name_their_module_by_game_cold_constants(modules):
    offenders = ["%s:%d %s" % (modules[n].path, line, what)
                 for n in sorted(modules) for line, what in cold_strings(modules[n], modules)]
    assert cold_table(modules), "game/cold.py declares no cold module: the test reads none"
    assert not offenders, "cold loads named by a string (use game/cold.py's constant):\n" + "\n".join(offenders)


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


def test_every_handler_takes_its_events_fields_by_their_schema_names(modules):
    variants = schema_variants()
    offenders, seen = [], 0
    for name in sorted(modules):
        for line, kind, word, fn in handler_tables(modules[name], modules, variants):
            seen += 1
            for what in handler_mismatches(kind, word, fn, variants):
                offenders.append("%s:%d %s" % (modules[name].path, line, what))
    assert seen, "no handler table found: the test reads none"
    assert not offenders, "%d handlers whose parameters are not their event's fields:\n%s" % (
        len(offenders), "\n".join(offenders))


def test_no_literal_kind_positional_field_or_field_by_string_after_decode(modules):
    variants = schema_variants()
    offenders = ["%s:%d %s" % (modules[n].path, line, what) for n in sorted(modules)
                 for line, what in after_decode_offences(modules[n], modules, variants)]
    assert not offenders, "%d reads of events around the schema (use a handler table: " \
        "game/events.py, dispatch):\n%s" % (len(offenders), "\n".join(offenders))


def test_no_two_modules_or_classes_share_a_name(modules):
    found = shared_names(modules)
    offenders = ["%s %s: %s" % (what, name, ", ".join(paths))
                 for (what, name), paths in sorted(found.items()) if (what, name) not in SHARED_ALLOWED]
    assert not offenders, "names that mean two things (rename one):\n" + "\n".join(offenders)
    stale = sorted(k for k in SHARED_ALLOWED if k not in found)
    assert not stale, "allowed pairs no longer shared (strike them from SHARED_ALLOWED): %s" % stale


def _layout_block(path, heading):
    text = (REPO / path).read_text(encoding="utf-8")
    start = text.index(heading)
    start = text.index("```", start) + 3
    return text[start:text.index("```", start)]


def _layout_names(block):
    # a folder is named by its last part, at its depth ("  rulings/")
    return {w.rstrip("/") for line in block.splitlines() for w in line.split()[:1] if w.endswith("/")} | \
        {w for line in block.splitlines() for w in line.split()[:1] if "/" in w.rstrip("/")}


def code_folders():
    """Every folder of the source trees that holds a .py file."""
    out = set()
    for top in ("firmware", "boards", "host_tools/xqboard", "tests", "bench", "scripts"):
        for path in (REPO / top).rglob("*.py"):
            rel = path.parent.relative_to(REPO).as_posix()
            if "__pycache__" not in rel and ".egg-info" not in rel:
                out.add(rel)
    return out


@pytest.mark.parametrize("doc, heading", [("README.md", "## Layout"), ("docs/DEVELOPING.md", "## Layout")])
def test_the_layout_lists_every_folder(doc, heading):
    names = _layout_names(_layout_block(doc, heading))
    missing = sorted(f for f in code_folders()
                     if f not in names and f.rpartition("/")[2] not in names and f.split("/", 1)[0] != "tests")
    assert "tests" in names and not missing, "%s's layout does not name: %s" % (doc, ", ".join(missing))


def test_tests_readme_names_every_test_folder():
    text = (REPO / "tests/README.md").read_text(encoding="utf-8")
    missing = sorted(f for f in code_folders() if f.startswith("tests/") and f.count("/") == 1
                     and "`%s/`" % f.split("/")[1] not in text)
    assert not missing, "tests/README.md does not say what runs in: %s" % ", ".join(missing)


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


def test_a_handler_whose_parameters_are_not_its_fields_is_found(tmp_path):
    mods = _tree(tmp_path, {
        "firmware/ui/__init__.py": "",
        "firmware/ui/view.py": (
            "from game import events as ev\n"
            "from game.events import PRESS\n"
            "def _move(self, now, ply, move, side, at, capture, check, suicide): pass\n"
            "def _press(self, side, red, black, stage, article): pass\n"
            "def _annul(self, what, replaces, *rest): pass\n"
            "def _setup(self, what, *rest): pass\n"
            "T = {ev.MOVE: _move, PRESS: _press, ev.SETUP: _setup,\n"
            "     ev.OVERRULE: {'annul': _annul, 'result': _annul, 'nope': _annul}}\n"
            "NOT_A_TABLE = {ev.MOVE: 'move', 'x': _move}\n"),
    })
    variants = schema_variants()
    found = [(line, kind, word, "; ".join(handler_mismatches(kind, word, fn, variants)))
             for line, kind, word, fn in handler_tables(mods["ui.view"], mods, variants)]
    assert [f[:3] for f in found] == [(7, "MOVE", None), (7, "PRESS", None), (7, "SETUP", None),
                                      (8, "OVERRULE", "annul"), (8, "OVERRULE", "result"), (8, "OVERRULE", "nope")]
    assert [bool(f[3]) for f in found] == [False, True, False, False, True, True]
    assert "_press takes (side, red, black, stage, article)" in found[1][3]


def test_a_cold_load_is_an_import_edge_and_a_string_one_is_found(tmp_path):
    mods = _tree(tmp_path, {
        "firmware/game/__init__.py": "",
        "firmware/game/cold.py": "OVERRULE = 'game.overrule'\ndef call(name, f, *a): pass\n",
        "firmware/game/commands.py": "from game import cold\ndef f():\n    cold.call(cold.OVERRULE, 'run')\n",
        "firmware/game/overrule.py": "from game.commands import fits\n",
        "firmware/game/config.py": "from game import cold\ncold.drop('game.overrule')\n",
        "firmware/game/claims.py": "from game import cold\ndef f():\n    cold.call('game.repetition', 'run')\n",
        "firmware/game/repetition.py": "from game.claims import g\n",
    })
    graph = import_graph(mods)
    # a cold load named by a string is an edge too (the circle it hides is seen)
    assert circles(graph) == [["game.claims", "game.repetition"], ["game.commands", "game.overrule"]]
    assert cold_strings(mods["game.config"], mods) == [(2, "cold.drop('game.overrule', ...)")]


def test_literal_kinds_positional_fields_and_lookups_by_string_are_found(tmp_path):
    mods = _tree(tmp_path, {
        "firmware/ui/__init__.py": "",
        "firmware/ui/view.py": (
            "from game import events as ev\n"
            "def f(kind, fields, e):\n"
            "    if kind == 'MOVE' or e.kind in ('GAME', 'x'):\n"
            "        return fields[2], e.fields[-1], e.get('what'), kind == ev.MOVE, e.get('nope')\n"),
        "firmware/xq/__init__.py": "",
        "firmware/xq/fen.py": "def f(text, fields):\n    return text == 'MOVE', fields[0]\n",
        "firmware/ui/scene.py": "def on_event(now, kind, fields):\n    return kind == 'GAME'\n",
        "host_tools/xqboard/__init__.py": "",
        "host_tools/xqboard/runner.py": "def note(line):\n    kind = line.split()[3]\n    return kind == 'START', line[2]\n",
    })
    variants = schema_variants()
    assert after_decode_offences(mods["xq.fen"], mods, variants) == []  # holds no event
    assert after_decode_offences(mods["ui.scene"], mods, variants) == [(2, "kind tested against the literal GAME")]
    # a module that splits event text itself (no schema): its literal kind is found
    assert after_decode_offences(mods["xqboard.runner"], mods, variants) == [(3, "kind tested against the literal START")]
    assert after_decode_offences(mods["ui.view"], mods, variants) == [
        (3, "kind tested against the literal MOVE"), (3, "kind tested against the literal GAME"),
        (4, "field read by position: fields[2]"), (4, "field read by position: e.fields[-1]"),
        (4, "field looked up by string: e.get('what')")]


def test_shared_module_and_class_names_are_found(tmp_path):
    mods = _tree(tmp_path, {
        "firmware/sense/__init__.py": "", "firmware/sense/events.py": "class Game: pass\n",
        "firmware/game/__init__.py": "", "firmware/game/events.py": "", "firmware/game/game.py": "class Game: pass\n",
        "host_tools/xqboard/__init__.py": "", "host_tools/xqboard/deploy.py": "",
        "host_tools/xqboard/commands/__init__.py": "", "host_tools/xqboard/commands/deploy.py": "",
    })
    assert shared_names(mods) == {
        ("module", "events"): ["firmware/game/events.py", "firmware/sense/events.py"],
        ("class", "Game"): ["firmware/game/game.py", "firmware/sense/events.py"]}
