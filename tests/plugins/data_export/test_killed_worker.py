"""A worker process killed (SIGKILL) in the middle of an export: once its lease has run out,
another process builds the export again from the start, and the user gets a whole archive."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC, datetime

import pytest

from core.settings import ROOT
from plugins.data_export import job
from plugins.data_export.models import DataExport
from tests.conftest import REDIS_URL
from tests.plugins.data_export.helpers import download, items
from tests.plugins.messages.helpers import member, open_dm, sent


async def _line(process: subprocess.Popen) -> str:
    return (await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 120)).decode()


@pytest.fixture
async def app(make_app):
    quart_app = make_app(**{"data_export.poll_seconds": 3600})  # this process only when the test says
    async with quart_app.test_app():
        yield quart_app


# Alone on its database: a job runner of another app of this process (a browser test's live server
# polls every 5 s) would take the queued export before the stalling worker has started, and the
# expired one before this process's run_pending does.
@pytest.mark.serial
async def test_an_export_survives_its_worker_being_killed(app, settings, database_url):
    client = app.test_client()
    ada, bob = await member(), await member()
    dm = await open_dm(client, ada, bob)
    said = await sent(client, ada, dm, "kept through the crash")
    export = await DataExport.create(user_id=int(ada.id))
    env = {
        **os.environ,
        "HEARTH_DATABASE_URL": database_url,
        "HEARTH_REDIS_URL": REDIS_URL,
        "HEARTH_CDN_DIRECTORY": str(settings.cdn.directory),
        "HEARTH_DATA_EXPORT_POLL_SECONDS": "3600",
        "HEARTH_DATA_EXPORT_LEASE_SECONDS": "10",  # longer than a busy machine takes to write a part
    }
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.plugins.data_export.stalling_worker"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        line = await _line(worker)
        assert line.startswith("mid-way"), worker.stderr.read().decode()[-3000:] if not line else line
        row = await DataExport.get(id=export.id)
        assert row.status == "running" and row.attempts == 1 and row.lease_owner.endswith(f":{worker.pid}")
        assert row.parts_done == 0 and row.parts_total > 1  # stopped inside its first part
    finally:
        worker.kill()
        worker.wait(30)

    while (await DataExport.get(id=export.id)).lease_until > datetime.now(UTC):
        await asyncio.sleep(0.1)
    async with app.app_context():
        await job.run_pending()
    row = await DataExport.get(id=export.id)
    assert (row.status, row.attempts) == ("ready", 2)
    archive = await download(client, ada, str(export.id))
    assert [m["id"] for m in items(archive, "messages")] == [said["id"]]
