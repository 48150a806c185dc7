"""Where the benches' CPU goes (read from /proc), and how fast this machine is right now,
measured on the server under test: the CPU its worker(s) spend per plain request
(``GET /api/plugins``: hypercorn, Quart, JSON; no database).

Shared and virtual machines change speed with their neighbours' load: on this project's 2-core
machine every figure (this one, CPU per message, authenticate latency) moved by a factor of 1.8
from one hour to the next with nothing else running, while a small pure-Python loop did not
notice. Every bench prints this figure beside its results (0.8 ms in a normal hour, 1.4 ms in a
slow one): compare results only between runs with similar floors."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def cpu_seconds(pid: int, kernel_only: bool = False) -> float:
    """CPU time of a process and its children (hypercorn runs the app in worker processes);
    ``kernel_only``: the part spent in the kernel (system calls: socket reads and writes)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    total = (int(fields[12]) + (0 if kernel_only else int(fields[11]))) / os.sysconf("SC_CLK_TCK")
    for child in children(pid):
        total += cpu_seconds(child, kernel_only)
    return total


def children(pid: int) -> list[int]:
    """The direct children of a process (the supervisor's workers)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def rss_mib(pid: int) -> float:
    """Resident memory of one process, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_files(pid: int) -> int:
    """Open file descriptors of one process (sockets included)."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def cpu_by_program() -> dict[str, float]:
    """CPU seconds of every process on the machine, summed by program name (postgres, redis-server…)."""
    totals: dict[str, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        totals[name] = totals.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return totals


def machine_busy() -> tuple[int, int, int]:
    """Busy, total and stolen (by the hypervisor) jiffies of every core, from /proc/stat."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields), fields[7]


async def request_floor_ms(http: Any, url: str, server_pid: int, requests: int = 1000) -> float:
    """Server CPU per ``GET /api/plugins``, over ``requests`` sequential requests."""
    for _ in range(50):  # warm up
        async with http.get(f"{url}/api/plugins") as response:
            await response.read()
    before = cpu_seconds(server_pid)
    for _ in range(requests):
        async with http.get(f"{url}/api/plugins") as response:
            await response.read()
    return (cpu_seconds(server_pid) - before) * 1000 / requests


async def speed_line(http: Any, url: str, server_pid: int) -> str:
    return (
        f"machine speed      {await request_floor_ms(http, url, server_pid):.2f} ms of server CPU per plain "
        f"request (lower is faster; see bench/machine.py)"
    )
