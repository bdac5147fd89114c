"""Each test folder's share of a run, from the list `XQ_SUITE_TSV=path
make test` writes (tests/suitetime.py): tests, the sum of their wall
seconds (setup + call + teardown, both workers together) and of their CPU
seconds (with the processes they waited for), as the table of
docs/DEVELOPING.md, "Each folder's share of the 300 s".

    XQ_SUITE_TSV=/tmp/run.tsv make test
    .venv/bin/python scripts/suite_folders.py /tmp/run.tsv [--slowest 15]
"""
import argparse
import collections


def read(path):
    """(wall s, CPU s, test id) for each line of the list."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            wall, cpu, test = line.rstrip("\n").split("\t")
            rows.append((float(wall), float(cpu), test))
    return rows


def folder_of(test):
    """'tests/hall/test_desk.py::test_x' -> 'tests/hall'."""
    return "/".join(test.split("::")[0].split("/")[:-1]) or "tests"


def by_folder(rows):
    """{folder: [tests, wall s, CPU s]}."""
    out = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for wall, cpu, test in rows:
        f = out[folder_of(test)]
        f[0] += 1
        f[1] += wall
        f[2] += cpu
    return out


def table(rows):
    lines = ["| folder | tests | wall s (both workers) | CPU s |", "|---|---|---|---|"]
    folders = by_folder(rows)
    for name, (n, wall, cpu) in sorted(folders.items(), key=lambda kv: -kv[1][2]):
        lines.append("| %s | %d | %.0f | %.0f |" % (name, n, wall, cpu))
    n, wall, cpu = (sum(v[i] for v in folders.values()) for i in range(3))
    lines.append("| all | %d | %.0f | %.0f |" % (n, wall, cpu))
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("tsv")
    p.add_argument("--slowest", type=int, default=0, help="also the N tests of most CPU")
    a = p.parse_args(argv)
    rows = read(a.tsv)
    print(table(rows))
    for wall, cpu, test in sorted(rows, key=lambda r: -r[1])[:a.slowest]:
        print("%6.1f s CPU %6.1f s wall  %s" % (cpu, wall, test))


if __name__ == "__main__":
    main()
