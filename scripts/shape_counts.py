"""The shape test's counts (issue 24, "Done when"), for this tree or another
checkout: what tests/tree/test_code_shape.py forbids, counted rather than
failed on, with the same functions, so the figures before and after a
change come from one reading of the code.

    .venv/bin/python scripts/shape_counts.py            # this tree
    .venv/bin/python scripts/shape_counts.py ../old     # a checkout of an older commit
    .venv/bin/python scripts/shape_counts.py --list     # every offender, file:line

Counted (after decode: code that holds a board event the schema decoded;
tests/tree/test_code_shape.py, after_decode_offences, says which code):
kinds tested against a string literal, fields read by position, fields
looked up by a string; cold loads naming their module by a string rather
than by game/cold.py's constant; module and class names that two modules
share; import circles (cold loads counted as imports)."""
import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests" / "tree"))
sys.path.insert(0, str(HERE / "host_tools"))

import test_code_shape as shape  # noqa: E402

# after_decode_offences' words for each kind of offence
AFTER_DECODE = (("literal kinds", "kind tested against the literal"),
                ("positional reads", "field read by position"),
                ("lookups by string", "field looked up by string"))


def counts(root):
    """{what: [offender, ...]} for the tree at `root`."""
    modules = shape.load_modules(root)
    variants = shape.schema_variants(root)
    out = {what: [] for what, _ in AFTER_DECODE}
    for name in sorted(modules):
        mod = modules[name]
        for line, what in shape.after_decode_offences(mod, modules, variants):
            key = next(k for k, words in AFTER_DECODE if what.startswith(words))
            out[key].append("%s:%d %s" % (mod.path, line, what))
    out["cold-load strings"] = ["%s:%d %s" % (modules[n].path, line, what)
                                for n in sorted(modules) for line, what in shape.cold_strings(modules[n], modules)]
    out["shared names"] = ["%s %s: %s" % (what, name, ", ".join(paths))
                           for (what, name), paths in sorted(shape.shared_names(modules).items())
                           if (what, name) not in shape.SHARED_ALLOWED]
    graph = shape.import_graph(modules)
    out["import circles"] = [shape.describe_circle(c, graph, modules) for c in shape.circles(graph)]
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", nargs="?", default=str(HERE), help="the tree to read (default: this one)")
    p.add_argument("--list", action="store_true", help="every offender, not only the counts")
    args = p.parse_args(argv)
    for what, found in counts(Path(args.root).resolve()).items():
        print("%-18s %d" % (what, len(found)))
        if args.list:
            for f in found:
                print("    " + f)


if __name__ == "__main__":
    main()
