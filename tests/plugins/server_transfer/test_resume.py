"""An import whose process died half-way is taken again once its lease has run out and carries on
where it stopped: one server, its channels once, every message once."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from core.context import hearth
from core.identity.models import User
from plugins.messages.models import Channel, Message
from plugins.server_transfer import job, restore
from plugins.server_transfer.models import ServerTransfer
from plugins.servers.models import Server
from tests.plugins.messages.helpers import member
from tests.plugins.server_transfer.helpers import busy_server, exported, upload


async def _stored(app, person, data: bytes) -> str:
    scratch = Path(tempfile.mkdtemp()) / "face.png"
    scratch.write_bytes(data)
    async with app.app_context():
        await hearth().storage.save_file(f"avatars/{person.id}/face.png", scratch)
    return f"avatars/{person.id}/face.png"


async def test_a_resumed_import_makes_nothing_twice(app, client, monkeypatch):
    busy = await busy_server(client)
    owner = busy.place.owner
    await User.filter(id=int(owner.id)).update(avatar=await _stored(app, owner, b"<svg onload=alert(1)>"))
    data = await exported(client, owner, busy.place.id)
    importer = await member()
    _, planned = await upload(client, importer, data)
    await ServerTransfer.filter(id=int(planned["id"])).update(status="queued")
    servers_before = await Server.all().count()
    monkeypatch.setattr(restore, "BATCH", 2)
    original = job.Lease.renew

    async def dies_after_a_batch(self, **changes):
        if changes.get("done") == 2:
            raise asyncio.CancelledError  # the process is gone: nothing after this runs
        await original(self, **changes)

    monkeypatch.setattr(job.Lease, "renew", dies_after_a_batch)
    async with app.app_context():
        claimed = await job.claim("doomed:1")
        try:
            await job.run(claimed)
        except asyncio.CancelledError:
            pass
    monkeypatch.setattr(job.Lease, "renew", original)
    row = await ServerTransfer.get(id=int(planned["id"]))
    assert (row.status, row.lease_owner) == ("running", "doomed:1")
    assert await Message.filter(channel__server_id=row.server_id).count() == 2  # one batch, then it died

    await ServerTransfer.filter(id=row.id).update(lease_until=datetime(2000, 1, 1, tzinfo=UTC))
    async with app.app_context():
        await job.run_pending()
    row = await ServerTransfer.get(id=row.id)
    assert (row.status, row.attempts, row.done) == ("done", 2, 6)
    assert await Server.all().count() == servers_before + 1
    assert await Channel.filter(server_id=row.server_id).count() == 3
    # six imported, and the importer's join message
    assert await Message.filter(channel__server_id=row.server_id).count() == 7
    # the owner, not confirmed, is a placeholder; what was their avatar is not a picture: none
    placeholder = await User.get(username=owner.username, id__not=int(owner.id))
    assert placeholder.avatar is None
