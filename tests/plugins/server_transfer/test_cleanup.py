"""What is kept and for how long: an export's file until keep_hours, an uploaded file not started
as long; an account's exports and uploads go with it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.context import hearth
from plugins.server_transfer.cleanup import NOT_STARTED, expire_old, forget_user
from plugins.server_transfer.models import ServerTransfer
from tests.plugins.messages.helpers import member
from tests.plugins.server_transfer.helpers import exported, tcall, upload
from tests.plugins.servers.helpers import community

LONG_AGO = datetime.now(UTC) - timedelta(hours=73)


async def _files(prefix: str) -> list[str]:
    return [f.path async for f in hearth().storage.files() if f.path.startswith(prefix)]


async def test_old_exports_and_unstarted_uploads_are_deleted(app, client):
    place = await community(client)
    data = await exported(client, place.owner, place.id, history=False)
    importer = await member()
    _, planned = await upload(client, importer, data)
    async with app.app_context():
        assert len(await _files("server-exports/")) == 1 and len(await _files("server-imports/")) == 1
        await expire_old()  # nothing is old yet
        assert len(await _files("server-exports/")) == 1 and len(await _files("server-imports/")) == 1
        await ServerTransfer.filter(kind="export").update(finished_at=LONG_AGO)
        await ServerTransfer.filter(kind="import").update(created_at=LONG_AGO)
        await expire_old()
        assert await _files("server-exports/") == [] and await _files("server-imports/") == []
    [job] = await ServerTransfer.filter(kind="export")
    assert job.status == "expired"
    response = await client.get(
        f"/api/server-transfers/{job.id}/file",
        headers={"X-Hearth-Features": "server_transfer", "Authorization": place.owner.token},
    )
    assert response.status_code == 404
    status, body = await tcall(client, "GET", f"/{planned['id']}", importer)
    assert (body["status"], body["error"]) == ("failed", NOT_STARTED)
    assert (await tcall(client, "POST", f"/{planned['id']}/start", importer, {}))[0] == 409


async def test_an_accounts_exports_go_with_it(app, client):
    place = await community(client)
    await exported(client, place.owner, place.id, history=False)
    async with app.app_context():
        await forget_user(int(place.owner.id))
        assert await _files("server-exports/") == []
    assert not await ServerTransfer.exists(user_id=int(place.owner.id))
