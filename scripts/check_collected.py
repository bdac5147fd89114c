"""Nothing dropped (issue 22): every test collected when the suite's time
was first cut (commit 8066369, tests/collected/baseline.txt) is still
collected, by `make test` or, for a stress size moved there, by `make
bench` with a smaller size of the same check kept in `make test`; and
every article that docs/RULES.md's tests cover is still covered by a test
`make test` runs. tests/tree/test_collected.py runs this in the suite.

    python scripts/check_collected.py            # the check; exit status 1 if a test is lost
    python scripts/check_collected.py --list     # `test ID` / `bench ID` of the tree as it is

A test added needs nothing. A test renamed, moved or removed needs a row
in tests/collected/renames.txt (`old id -> new id | why`, the new id `-`
for one removed, several rows for one split); a stress size moved to
bench, a row in tests/collected/to_bench.txt (`bench id -> id kept in make
test | both sizes`). Tests of tests/target count only where the emulator
is there (tests/target/conftest.py leaves them out otherwise).
"""
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "tests" / "collected"
TARGET = "tests/target/"


def collected(root=REPO):
    """{id: "test" or "bench"} of the tree at root, by pytest's own
    collection (in a process of its own: pytest is not re-entrant)."""
    out = subprocess.run([sys.executable, __file__, "--list"], cwd=root, capture_output=True, text=True, timeout=600)
    if out.returncode:
        raise SystemExit("collection failed:\n" + out.stdout[-3000:] + out.stderr[-3000:])
    return read_list(out.stdout)


def read_list(text):
    ids = {}
    for line in text.splitlines():
        if line.startswith(("test ", "bench ")):
            kind, nodeid = line.split(" ", 1)
            ids[nodeid] = kind
    return ids


def list_here():
    """Prints `test ID` or `bench ID` for each test of the tree in the
    current directory (pytest's collection, every marker included)."""
    import pytest

    class Recorder:
        items = []

        def pytest_collection_modifyitems(self, items):
            self.items = list(items)

    rec = Recorder()
    code = pytest.main(["--collect-only", "-q", "-m", "", "-p", "no:cacheprovider", "-p", "no:xdist"],
                       plugins=[rec])
    if code not in (0, 5):
        raise SystemExit(code)
    for item in rec.items:
        print("%s %s" % ("bench" if item.get_closest_marker("bench") else "test", item.nodeid))


def rows(name):
    """The rows of a table of tests/collected/: (left, right, why)."""
    out = []
    for n, line in enumerate((FOLDER / name).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        m = re.match(r"(.+?) -> (.+?) \| (.+)$", line)
        if not m or not m.group(3).strip():
            raise SystemExit("%s:%d: want `old id -> new id | why`: %r" % (name, n, line))
        out.append((m.group(1).strip(), m.group(2).strip(), m.group(3).strip()))
    return out


def lost(baseline, now, renames, to_bench, target_here):
    """The problems, one line each: tests of the baseline neither
    collected nor accounted for, and table rows that no longer hold."""
    problems = []
    renamed = {}
    for old, new, _ in renames:
        renamed.setdefault(old, []).append(new)
    smaller = {big: small for big, small, _ in to_bench}

    def finals(nodeid, seen=()):
        if nodeid in renamed and nodeid not in now:
            out = []
            for new in renamed[nodeid]:
                out += [new] if new == "-" or new in seen else finals(new, seen + (nodeid,))
            return out
        return [nodeid]

    for nodeid, kind in sorted(baseline.items()):
        for final in finals(nodeid):
            if final == "-":
                continue
            if final.startswith(TARGET) and not target_here:
                continue
            if now.get(final) == "test" or (now.get(final) == "bench" and kind == "bench"):
                continue
            if now.get(final) == "bench":
                if now.get(smaller.get(final)) != "test":
                    problems.append("moved to bench without a smaller size in make test "
                                    "(tests/collected/to_bench.txt): %s" % final)
                continue
            problems.append("lost: %s%s" % (nodeid, "" if final == nodeid else " (renamed %s)" % final))
    for big, small, _ in to_bench:
        if now.get(big) != "bench" or now.get(small) != "test":
            if target_here or not big.startswith(TARGET):
                problems.append("to_bench.txt: want %s in make bench and %s in make test" % (big, small))
    return problems


# -- docs/RULES.md's articles ---------------------------------------------------

ARTICLE = re.compile(r"\d+(?:\.\d+)*")


def articles(text):
    """The articles in the first column of docs/RULES.md's tables."""
    out = set()
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| article") and not line.startswith("|---"):
            out.update(ARTICLE.findall(line.split("|")[1]))
    return out


def covering(article, ids):
    """The tests named by the article (test_4_1_6_flag_loses for 4.1.6)."""
    word = re.compile(r"(?<![0-9])(?<![0-9]_)%s(?![0-9])(?!_[0-9])" % article.replace(".", "_"))
    return [i for i in ids if word.search(i.split("::")[-1].split("[")[0])]


def named_tests(text):
    """The tests docs/RULES.md names in backquotes: a file (`test_moves.py`,
    `tests/rules/test_fen.py`), a function (`test_4_1_1_mated`) or the
    start of one (`test_quiet_counter_...`)."""
    return sorted(set(re.findall(r"`((?:tests/[\w/]+/)?test_\w*(?:\.py|\.\.\.)?)`", text)))


def naming(name, ids):
    """The ids a name of named_tests() stands for."""
    if name.endswith(".py"):
        return [i for i in ids if i.split("::")[0] == name or i.split("::")[0].endswith("/" + name)]
    func = [i.split("::")[-1].split("[")[0] for i in ids]
    if name.endswith("..."):
        return [i for i, f in zip(ids, func) if f.startswith(name[:-3])]
    return [i for i, f in zip(ids, func) if f == name]


def rules_lost(baseline, now, rules_text):
    """The articles of docs/RULES.md's tables that a baseline `make test`
    test was named by, and the tests the page names that were in the
    baseline's `make test`, that no test `make test` runs now answers to."""
    before = [i for i, k in baseline.items() if k == "test"]
    after = [i for i, k in now.items() if k == "test"]
    out = ["no test of make test is named by article %s any more" % a
           for a in sorted(articles(rules_text), key=lambda a: [int(x) for x in a.split(".")])
           if covering(a, before) and not covering(a, after)]
    out += ["%s: no such test in make test any more" % n
            for n in named_tests(rules_text) if naming(n, before) and not naming(n, after)]
    return out


def report(now):
    """(problems, summary line) of the tests collected now ({id: "test"
    or "bench"}) against the baseline, the tables and docs/RULES.md."""
    baseline = read_list((FOLDER / "baseline.txt").read_text(encoding="utf-8"))
    target_here = any(i.startswith(TARGET) for i in now)
    problems = lost(baseline, now, rows("renames.txt"), rows("to_bench.txt"), target_here)
    for p in rules_lost(baseline, now, (REPO / "docs" / "RULES.md").read_text(encoding="utf-8")):
        problems.append("docs/RULES.md: " + p)
    summary = "%d tests at the baseline, %d now (%d in make test); %s" % (
        len(baseline), len(now), sum(k == "test" for k in now.values()),
        "%d problem(s)" % len(problems) if problems else "none lost"
        + ("" if target_here else " (tests/target not checked: no emulator here)"))
    return problems, summary


def main(argv):
    if argv[1:] == ["--list"]:
        return list_here()
    problems, summary = report(collected())
    for p in problems:
        print(p)
    print(summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
