"""Where a run's time goes: with ``HEARTH_TEST_TIMELINE=<folder>``, each test process writes one line
per test (worker, start, end, CPU seconds of the process, node id) to ``<folder>/<worker>.tsv``;
``python -m tests.timeline <folder>`` prints how busy each worker was, the tail after the first
worker ran out of tests, and the slowest files. Off by default: it is a tool for the suite's own
speed (issue: a fast feedback loop), not part of a run's result."""

from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path

FOLDER = os.environ.get("HEARTH_TEST_TIMELINE", "")
_current: dict[str, float] = {}


def test_started(nodeid: str) -> None:
    if FOLDER:
        _current.update(wall=time.time(), cpu=time.process_time())


def test_finished(nodeid: str) -> None:
    if not FOLDER or "wall" not in _current:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    line = (
        f"{worker}\t{_current['wall']:.3f}\t{time.time():.3f}\t{time.process_time() - _current['cpu']:.3f}\t{nodeid}\n"
    )
    Path(FOLDER).mkdir(parents=True, exist_ok=True)
    with open(Path(FOLDER) / f"{worker}.tsv", "a", encoding="utf-8") as out:
        out.write(line)
    _current.clear()


def report(folder: str) -> None:
    rows = []
    for file in Path(folder).glob("*.tsv"):
        for line in file.read_text(encoding="utf-8").splitlines():
            worker, start, end, cpu, nodeid = line.split("\t", 4)
            rows.append((worker, float(start), float(end), float(cpu), nodeid))
    begin, finish = min(r[1] for r in rows), max(r[2] for r in rows)
    print(f"{len(rows)} tests, {finish - begin:.0f} s from the first start to the last end")
    ends = {}
    for worker in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == worker]
        busy = sum(r[2] - r[1] for r in mine)
        ends[worker] = max(r[2] for r in mine)
        print(
            f"  {worker}: {len(mine)} tests, busy {busy:.0f} s, in-process CPU {sum(r[3] for r in mine):.0f} s, "
            f"last end +{ends[worker] - begin:.0f} s"
        )
    first_idle = min(ends.values())
    print(f"tail: {finish - first_idle:.0f} s between the first worker running out and the last test ending")
    for r in sorted(rows, key=lambda r: -r[2])[:8]:
        print(f"    ended +{r[2] - begin:.0f} s after {r[2] - r[1]:.0f} s: {r[4]}")
    files: collections.Counter[str] = collections.Counter()
    for r in rows:
        files[r[4].split("::")[0]] += r[2] - r[1]
    print("slowest files (test wall time):")
    for name, seconds in files.most_common(25):
        print(f"  {seconds:7.1f} s  {name}")


if __name__ == "__main__":
    report(sys.argv[1])
