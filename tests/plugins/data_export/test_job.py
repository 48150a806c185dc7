"""The export job: taken by one process at a time, built again after a crashed or stopped
process's lease runs out, given up after three tries; the mail with the link."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from plugins.data_export import job
from plugins.data_export.models import DataExport
from tests.plugins.data_export.helpers import ask, download, items, until_finished
from tests.plugins.messages.helpers import member, open_dm, sent

PAST = timedelta(minutes=5)


def _now() -> datetime:
    return datetime.now(UTC)


async def _stored_exports(app, user_id: str) -> list[str]:
    from core.context import hearth

    async with app.app_context():
        return [f.path async for f in hearth().storage.files() if f.path.startswith(f"data-exports/{user_id}/")]


async def test_a_job_left_by_a_crashed_process_is_built_again(app, client):
    ada, bob = await member(), await member()
    dm = await open_dm(client, ada, bob)
    said = await sent(client, ada, dm, "before the crash")
    # The state a killed process leaves: running, half-way, its lease out of date.
    left = await DataExport.create(
        user_id=int(ada.id), status="running", attempts=1, lease_owner="gone:1", lease_until=_now() - PAST, parts_done=3
    )
    async with app.app_context():
        await job.run_pending()
    row = await DataExport.get(id=left.id)
    assert (row.status, row.attempts, row.lease_owner) == ("ready", 2, None)
    assert row.parts_done == row.parts_total > 3
    archive = await download(client, ada, str(left.id))
    assert [m["id"] for m in items(archive, "messages")] == [said["id"]]
    assert len(await _stored_exports(app, ada.id)) == 1


async def test_a_job_whose_process_is_alive_is_left_alone(app):
    ada = await member()
    held = await DataExport.create(
        user_id=int(ada.id), status="running", attempts=1, lease_owner="alive:1", lease_until=_now() + PAST
    )
    async with app.app_context():
        assert await job.claim("other:2") is None
    row = await DataExport.get(id=held.id)
    assert (row.status, row.attempts, row.lease_owner) == ("running", 1, "alive:1")


async def test_two_processes_never_take_the_same_job(app):
    ada = await member()
    queued = await DataExport.create(user_id=int(ada.id))
    async with app.app_context():
        taken = await asyncio.gather(job.claim("one:1"), job.claim("two:2"))
    assert sorted(t is not None for t in taken) == [False, True]
    winner = next(t for t in taken if t is not None)
    row = await DataExport.get(id=queued.id)
    assert (row.status, row.attempts, row.lease_owner) == ("running", 1, winner.lease_owner)


async def test_a_process_that_lost_its_lease_stops_and_stores_nothing(app):
    ada = await member()
    await DataExport.create(user_id=int(ada.id))
    async with app.app_context():
        mine = await job.claim("slow:1")
        assert mine is not None
        # Too slow: its lease ran out and another process took the job.
        await DataExport.filter(id=mine.id).update(lease_owner="fast:2", attempts=2)
        await job.build(mine)
    row = await DataExport.get(id=mine.id)
    assert (row.status, row.lease_owner, row.path) == ("running", "fast:2", None)
    assert await _stored_exports(app, ada.id) == []


async def test_a_job_that_keeps_stopping_fails_and_may_be_asked_again(app, client):
    ada = await member()
    stuck = await DataExport.create(
        user_id=int(ada.id),
        status="running",
        attempts=job.MAX_ATTEMPTS,
        lease_owner="gone:1",
        lease_until=_now() - PAST,
    )
    async with app.app_context():
        assert await job.claim("next:1") is None
    row = await DataExport.get(id=stuck.id)
    assert (row.status, row.error) == ("failed", "The export stopped too many times.")
    again = await ask(client, ada)
    assert again["id"] != str(stuck.id)
    assert (await until_finished(client, ada))["status"] == "ready"


async def test_the_owner_is_mailed_a_link_to_their_settings(make_app, smtp_server):
    app = make_app(**smtp_server.overrides, **{"server.public_url": "https://hearth.example"})
    async with app.test_app():
        client = app.test_client()
        ada = await member()
        export = await ask(client, ada)
        mail = await smtp_server.inbox.wait_for(ada.email, timeout=30)
    assert mail["Subject"] == "Your Hearth data is ready"
    assert f"https://hearth.example/app/settings/account?dataExport={export['id']}" in smtp_server.inbox.text(mail)


async def test_dev_mail_mode_writes_the_link_to_the_log(client, caplog):
    ada = await member()
    with caplog.at_level("INFO", logger="hearth.mail"):
        export = await ask(client, ada)
        await until_finished(client, ada)
        for _ in range(200):
            if any(f"dataExport={export['id']}" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.02)
    logged = [r.getMessage() for r in caplog.records if f"dataExport={export['id']}" in r.getMessage()]
    assert len(logged) == 1 and ada.email in logged[0]
