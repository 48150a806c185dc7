"""Instruction counts of parts of a benchmark run under valgrind's callgrind: CPU time on a
shared, loaded machine varies by tens of percent from run to run; the instructions a piece of
work executes hardly do. A tiny C library (built on first use, in a temporary directory) issues
callgrind's client requests: ``zero()`` before the work, ``dump(label)`` after it; ``counted``
reads the dumps' instruction totals back.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg/out.%p \\
        .venv/bin/python bench/search.py … --callgrind /tmp/cg

(needs valgrind's headers, ``valgrind/callgrind.h``, and a C compiler)."""

from __future__ import annotations

import ctypes
import os
import subprocess
import tempfile
from pathlib import Path

_SOURCE = """#include <valgrind/callgrind.h>
void hearth_zero(void) { CALLGRIND_ZERO_STATS; }
void hearth_dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
"""


class Callgrind:
    def __init__(self, out_dir: str):
        self.out_dir = Path(out_dir)
        build = Path(tempfile.mkdtemp(prefix="hearth-callgrind-"))
        (build / "requests.c").write_text(_SOURCE)
        subprocess.run(
            ["cc", "-shared", "-fPIC", "-O1", "-o", str(build / "requests.so"), str(build / "requests.c")], check=True
        )
        self._lib = ctypes.CDLL(str(build / "requests.so"))

    def zero(self) -> None:
        self._lib.hearth_zero()

    def dump(self, label: str) -> None:
        self._lib.hearth_dump(label.encode())

    def counted(self) -> dict[str, int]:
        """Instructions of each dump this process made, by label."""
        found: dict[str, int] = {}
        for path in self.out_dir.glob(f"*.{os.getpid()}.*"):
            label, total = None, None
            for line in path.read_text(errors="replace").splitlines():
                if line.startswith("desc: Trigger: Client Request: "):
                    label = line.removeprefix("desc: Trigger: Client Request: ").strip()
                elif line.startswith("summary: "):
                    total = int(line.split()[1])
            if label is not None and total is not None:
                found[label] = total
        return found
