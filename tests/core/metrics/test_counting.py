"""Counting outside requests: background job rounds by result, and the per-run directory the
workers add up in (emptied at start, a temporary one removed at exit)."""

from __future__ import annotations

import asyncio
import os

import prometheus_client  # imported before the directory is named: this process stays single
import pytest
from prometheus_client import REGISTRY

from core import metrics
from core.jobs import start_periodic, stop_periodic
from core.metrics import multiproc
from tests.core.metrics.helpers import ENABLED


@pytest.fixture
def counting(settings):
    metrics.configure(settings.with_overrides(ENABLED))
    yield
    metrics.configure(settings)


def runs(job: str, result: str) -> float:
    return REGISTRY.get_sample_value("hearth_background_job_runs_total", {"job": job, "result": result}) or 0.0


async def test_background_job_rounds_are_counted_by_result(app, counting):
    rounds = {"n": 0}

    async def work() -> None:
        rounds["n"] += 1
        if rounds["n"] == 2:
            raise RuntimeError("the second round fails")

    before_ok, before_failed = runs("counted", "ok"), runs("counted", "failed")
    start_periodic(app, "counted", 0.01, work)
    for _ in range(500):
        if rounds["n"] >= 3:
            break
        await asyncio.sleep(0.01)
    await stop_periodic(app, "counted")
    done = rounds["n"]
    assert runs("counted", "failed") - before_failed == 1
    assert runs("counted", "ok") - before_ok == done - 1
    count = REGISTRY.get_sample_value("hearth_background_job_duration_seconds_count", {"job": "counted"})
    assert count is not None and count >= done - 1


@pytest.fixture
def outside_environment():
    """``prepare`` names the directory in this process's environment: take it out again after."""
    os.environ.pop(multiproc.ENV, None)
    yield
    os.environ.pop(multiproc.ENV, None)


def test_the_run_directory_is_emptied_at_start_and_a_temporary_one_removed(settings, tmp_path, outside_environment):
    assert prometheus_client  # (see the import)
    assert multiproc.prepare(settings) is None and multiproc.ENV not in os.environ  # off: nothing

    chosen = tmp_path / "metrics"
    chosen.mkdir()
    (chosen / "counter_1.db").write_bytes(b"an earlier run")
    configured = settings.with_overrides({**ENABLED, "metrics.directory": str(chosen)})
    assert multiproc.prepare(configured) == chosen
    assert os.environ[multiproc.ENV] == str(chosen) and list(chosen.iterdir()) == []
    multiproc.finish(chosen, configured)
    assert chosen.is_dir()  # a configured directory stays until the next start

    temporary = multiproc.prepare(settings.with_overrides(ENABLED))
    assert temporary is not None and temporary.is_dir() and os.environ[multiproc.ENV] == str(temporary)
    multiproc.finish(temporary, settings.with_overrides(ENABLED))
    assert not temporary.exists()
