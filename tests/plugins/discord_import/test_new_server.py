"""A Discord data package (or an exporter's export) into a server made for it in one step: the
archive is checked first, then a server owned by the caller is made as any new server is (its
events to the caller only) and the import queued into it. A refused archive, or a caller with no
room for another server, makes nothing."""

from __future__ import annotations

import orjson
import pytest

from core.context import hearth
from plugins.discord_import.models import DiscordImport
from plugins.messages.models import Channel, Message
from plugins.servers.models import Server
from tests.plugins.accounts.helpers import ping
from tests.plugins.discord_import.helpers import FEATURE, sample_zip, until_done, zip_of
from tests.plugins.discord_import.test_package import package
from tests.plugins.messages.helpers import error, member

NOT_ASKED = "Discord imports are a Hearth addition: name them in X-Hearth-Features (discord_import)."


async def into_new_server(client, person, data: bytes, source: str | None = "package", opted: bool = True):
    headers = {"File-Name": "package.zip", "Content-Type": "application/zip", **(FEATURE if opted else {})}
    if person is not None:
        headers["Authorization"] = person.token
    query = f"?source={source}" if source else ""
    response = await client.post(f"/api/discord-imports/new-server{query}", data=data, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def test_a_package_comes_into_a_server_made_for_it(live_client, sockets):
    person, outsider = await member(), await member()
    mine, theirs = await sockets(person.token), await sockets(outsider.token)
    status, job = await into_new_server(live_client, person, package())
    assert status == 200, job
    assert job["status"] in ("queued", "running", "done") and job["report"]["source"] == "package"
    server = await Server.get(id=int(job["serverId"]))
    assert (server.created_by_id, server.name) == (int(person.id), "From Discord")  # two Discord servers in it
    assert (await mine.wait_for("server:joined"))["server"]["id"] == job["serverId"]

    done = await until_done(live_client, person, job["id"])
    assert (done["status"], done["messagesDone"]) == ("done", 3), done
    channels = {c.name: c for c in await Channel.filter(server_id=server.id)}
    assert channels["general"].category_id == channels["Hearthlings"].id
    assert channels["old-times"].category_id == channels["Old Place"].id
    general = await Message.filter(channel_id=channels["general"].id).order_by("created_at")
    assert [m.created_by_id for m in general] == [int(person.id)] * 2
    await ping(live_client, person, mine)
    await ping(live_client, outsider, theirs)
    created = sorted(event["channel"]["name"] for event in mine.received("server:channel_created"))
    assert created == ["Hearthlings", "Old Place", "general", "old-times"]
    assert theirs.received("server:joined") == [] and theirs.received("server:channel_created") == []


async def test_an_export_of_one_discord_server_is_named_after_it(client):
    person = await member()
    status, job = await into_new_server(client, person, sample_zip(), source=None)
    assert status == 200, job
    assert (await Server.get(id=int(job["serverId"]))).name == "Hearthlings"
    assert (await until_done(client, person, job["id"]))["status"] == "done"


async def _stored(app) -> set[str]:
    async with app.app_context():
        return {f.path async for f in hearth().storage.files() if f.path.startswith("discord-imports/")}


async def _nothing_made(app, servers: int, stored: set[str]) -> None:
    assert await Server.all().count() == servers and not await DiscordImport.exists()
    assert await _stored(app) == stored


def _crowded() -> bytes:
    head = {"guild": {"id": "1", "name": "G"}, "messages": []}
    return zip_of(
        {f"c{n}.json": orjson.dumps({**head, "channel": {"id": str(n), "name": f"c{n}"}}) for n in range(100)}
    )


async def test_bad_input_makes_nothing(app, client):
    person = await member()
    servers, stored = await Server.all().count(), await _stored(app)
    broken = zip_of({"messages/c1/channel.json": b"{not json"})
    assert await into_new_server(client, person, broken) == (
        400,
        error("messages/c1/channel.json is not valid JSON.", "f"),
    )
    assert await into_new_server(client, person, b"not a zip") == (400, error("The file is not a zip archive.", "f"))
    assert await into_new_server(client, person, package(), source="takeout") == (
        400,
        error("source must be dce or package.", "source"),
    )
    assert await into_new_server(client, person, _crowded(), source="dce") == (
        400,
        error("The server would have more than 100 channels and categories.", "f"),
    )
    await _nothing_made(app, servers, stored)


async def test_who_may_not(app, client, monkeypatch: pytest.MonkeyPatch):
    person = await member()
    assert await into_new_server(client, None, package()) == (401, error("No token provided."))
    assert await into_new_server(client, person, package(), opted=False) == (404, error(NOT_ASKED))
    await client.post("/api/servers", json={"name": "First"}, headers={"Authorization": person.token})
    servers, stored = await Server.all().count(), await _stored(app)
    monkeypatch.setattr("plugins.servers.service.MAX_SERVERS", 1)
    assert await into_new_server(client, person, package()) == (
        400,
        error("You have reached the maximum number of servers."),
    )
    await _nothing_made(app, servers, stored)
