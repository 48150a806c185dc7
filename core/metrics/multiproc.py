"""Adding up the workers: prometheus_client's multiprocess mode. ``hearth serve`` gives each run a
directory of its own (``[metrics] directory``, emptied at start; empty setting: a new temporary
directory, removed at exit) and names it in ``PROMETHEUS_MULTIPROC_DIR`` for every worker it
starts; each worker writes its values to files there and ``/metrics`` on any worker reads them
all. When a worker exits, its live gauges (sockets, memory) are dropped; its counters stay, so
totals never go backwards while the server runs."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from core.settings import ROOT, Settings

ENV = "PROMETHEUS_MULTIPROC_DIR"


def prepare(settings: Settings) -> Path | None:
    """Before any worker starts: the run's directory, empty, named in this process's environment
    (the workers inherit it). None while metrics are off."""
    if not settings.get("metrics.enabled", False):
        return None
    chosen = str(settings.get("metrics.directory", "") or "")
    if chosen:
        directory = Path(chosen) if Path(chosen).is_absolute() else ROOT / chosen
        if directory.exists():
            shutil.rmtree(directory)  # the last run's files would add up with this one's
        directory.mkdir(parents=True, mode=0o700)
    else:
        directory = Path(tempfile.mkdtemp(prefix="hearth-metrics-"))
    os.environ[ENV] = str(directory)
    return directory


def worker_exited(pid: int) -> None:
    if os.environ.get(ENV):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)


def finish(directory: Path | None, settings: Settings) -> None:
    """After the last worker: a temporary directory goes; a configured one stays until next start."""
    if directory is not None and not settings.get("metrics.directory", ""):
        shutil.rmtree(directory, ignore_errors=True)
