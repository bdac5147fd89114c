"""Each test folder's share of a run, from the list `XQ_SUITE_TSV=path
make test` writes (tests/suitetime.py): tests, the sum of their wall
seconds (setup + call + teardown, both workers together) and of their CPU
seconds (with the processes they waited for), as the table of
docs/DEVELOPING.md, "Each folder's share of the 300 s".

    XQ_SUITE_TSV=/tmp/run.tsv make test
    .venv/bin/python scripts/suite_folders.py /tmp/run.tsv [--slowest 15] [--workers]

--workers: each xdist worker's busy seconds, its last test's end and its
longest gap between tests, from the list's start and worker columns: where
a core stood idle at the run's end.
"""
import argparse
import collections


def columns(path):
    """The list's lines, each split into its columns."""
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]


def read(path):
    """(wall s, CPU s, test id) for each line of the list."""
    return [(float(c[0]), float(c[1]), c[2]) for c in columns(path)]


def timelines(path):
    """{worker: [(start s, end s, test id)] in order}, from the start and
    worker columns (lists written before stop 38 have neither: {})."""
    out = collections.defaultdict(list)
    for c in columns(path):
        if len(c) >= 5:
            start = float(c[3])
            out[c[4]].append((start, start + float(c[0]), c[2]))
    return {w: sorted(spans) for w, spans in out.items()}


def workers_table(lines_by_worker):
    lines = ["| worker | tests | busy s | last end s | longest gap s |", "|---|---|---|---|---|"]
    for worker, spans in sorted(lines_by_worker.items()):
        gaps = [b[0] - a[1] for a, b in zip(spans, spans[1:])]
        lines.append("| %s | %d | %.0f | %.0f | %.1f |" % (
            worker, len(spans), sum(e - s for s, e, _ in spans), spans[-1][1], max(gaps, default=0.0)))
    return "\n".join(lines)


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
    p.add_argument("--workers", action="store_true", help="also each worker's busy time and last end")
    a = p.parse_args(argv)
    rows = read(a.tsv)
    print(table(rows))
    if a.workers:
        print(workers_table(timelines(a.tsv)))
    for wall, cpu, test in sorted(rows, key=lambda r: -r[1])[:a.slowest]:
        print("%6.1f s CPU %6.1f s wall  %s" % (cpu, wall, test))


if __name__ == "__main__":
    main()
