"""The watchdog (tests/watchdog.py) turns a hung test into a printed stack and an ended process."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from pathlib import Path

from core.settings import ROOT
from tests import watchdog

HUNG_TEST = """
import time

def test_waits_for_what_never_comes():
    time.sleep(120)
"""
CONFTEST = """
import pytest

pytest_plugins = ["tests.conftest"]


@pytest.fixture(autouse=True)
def clean_state():  # this test needs no database
    yield
"""


def test_a_hung_test_prints_every_thread_and_ends_its_process(tmp_path: Path):
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_hung.py").write_text(HUNG_TEST)
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "HEARTH_TEST_"))}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", str(tmp_path), "-p", "no:cacheprovider", "-p", "no:xdist", "-q"],
        cwd=ROOT,
        env={**keep, "HEARTH_TEST_PATIENCE_SECONDS": "1", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert result.returncode == 70, result.stdout + result.stderr
    assert "test_waits_for_what_never_comes still running after" in result.stderr
    assert "ending this process" in result.stderr
    assert "in test_waits_for_what_never_comes" in result.stderr  # the main thread's stack, printed


async def test_the_watchdog_prints_every_task_of_a_hung_test_with_its_stack():
    async def stuck_somewhere() -> None:
        await asyncio.Event().wait()

    task = asyncio.create_task(stuck_somewhere())
    await asyncio.sleep(0)
    printed = io.StringIO()
    try:
        watchdog._dump_tasks("tests/x.py::test_stuck", printed)
    finally:
        task.cancel()
    assert "=== watchdog: tests/x.py::test_stuck:" in printed.getvalue()
    assert "stuck_somewhere" in printed.getvalue()
