"""Who may export a server and download it, who may import, the bodies refused, the opt-in."""

from __future__ import annotations

from core.auth import ADMIN
from core.identity.models import User
from plugins.server_transfer.models import ServerTransfer
from tests.plugins.messages.helpers import error, member
from tests.plugins.server_transfer.helpers import busy_server, exported, tcall, until, upload
from tests.plugins.servers.helpers import community, join

NOT_ASKED = "Server export and import are a Hearth addition: name them in X-Hearth-Features (server_transfer)."


async def test_only_the_owner_or_an_admin_exports(client):
    place = await community(client)
    someone = await join(client, place)
    outsider = await member()
    path = f"/servers/{place.id}/exports"
    for person in (someone, outsider):
        assert await tcall(client, "POST", path, person, {}) == (
            403,
            error("Only the server's owner or an instance admin can export it."),
        )
        assert await tcall(client, "GET", path, person) == (
            403,
            error("Only the server's owner or an instance admin can export it."),
        )
    assert await tcall(client, "POST", "/servers/123/exports", place.owner, {}) == (404, error("Server not found."))
    assert await tcall(client, "POST", path, None, {}) == (401, await _unauthorised(client))
    assert await tcall(client, "POST", path, place.owner, {}, opted=False) == (404, error(NOT_ASKED))
    assert await tcall(client, "POST", path, place.owner, {"history": "yes"}) == (
        400,
        error("history must be a boolean.", "history"),
    )
    assert await ServerTransfer.all().count() == 0

    admin = await member()
    await User.filter(id=int(admin.id)).update(badges=ADMIN)
    data = await exported(client, admin, place.id, history=False)  # an instance admin, not in the server
    assert data[:2] == b"PK"


async def _unauthorised(client):
    response = await client.post(
        "/api/server-transfers/servers/1/exports", headers={"X-Hearth-Features": "server_transfer"}
    )
    return await response.get_json()


async def test_an_export_is_downloaded_only_by_who_asked_for_it(client):
    busy = await busy_server(client)
    owner = busy.place.owner
    status, job = await tcall(client, "POST", f"/servers/{busy.place.id}/exports", owner, {"history": True})
    assert status == 200 and job["kind"] == "export" and job["history"] is True
    job = await until(client, owner, job["id"], "ready")
    assert job["status"] == "ready" and job["size"] > 0 and job["done"] == 6
    for person in (busy.member, await member()):
        assert await tcall(client, "GET", f"/{job['id']}", person) == (404, error("Transfer not found."))
        response = await client.get(
            f"/api/server-transfers/{job['id']}/file",
            headers={"X-Hearth-Features": "server_transfer", "Authorization": person.token},
        )
        assert response.status_code == 404
    status, listed = await tcall(client, "GET", f"/servers/{busy.place.id}/exports", owner)
    assert status == 200 and [j["id"] for j in listed] == [job["id"]]


async def test_one_export_of_a_server_at_a_time(client):
    place = await community(client)
    await ServerTransfer.create(kind="export", server_id=int(place.id), user_id=int(place.owner.id), status="running")
    assert await tcall(client, "POST", f"/servers/{place.id}/exports", place.owner, {}) == (
        409,
        error("An export of this server is already being made."),
    )


async def test_structure_only_leaves_the_history_out(client):
    busy = await busy_server(client)
    from tests.plugins.server_transfer.helpers import unzip

    files = unzip(await exported(client, busy.place.owner, busy.place.id, history=False))
    assert "messages.json" not in files and not any(name.startswith("files/attachments/") for name in files)
    assert {"manifest.json", "server.json", "roles.json", "channels.json", "authors.json"} <= set(files)


async def test_who_may_start_an_import(client):
    busy = await busy_server(client)
    data = await exported(client, busy.place.owner, busy.place.id)
    importer = await member()
    status, planned = await upload(client, importer, data)
    assert status == 200 and planned["status"] == "planned" and planned["report"]["matches"] == []
    assert await upload(client, importer, data, opted=False) == (404, error(NOT_ASKED))
    start = f"/{planned['id']}/start"
    assert await tcall(client, "POST", start, busy.member, {}) == (404, error("Transfer not found."))
    assert await tcall(client, "POST", start, importer, {"confirm": "all"}) == (
        400,
        error("confirm must be a list of author ids.", "confirm"),
    )
    assert await tcall(client, "POST", start, importer, {"confirm": [busy.place.owner.id]}) == (
        400,
        error("confirm names an author without an e-mail match.", "confirm"),
    )
    status, started = await tcall(client, "POST", start, importer, {})
    assert status == 200 and started["status"] in ("queued", "running", "done")
    assert await tcall(client, "POST", start, importer, {}) == (409, error("This import has already been started."))
    done = await until(client, importer, planned["id"], "done")
    assert done["status"] == "done"


async def test_an_admin_may_confirm_anyone_whose_e_mail_matches(client):
    busy = await busy_server(client)
    data = await exported(client, busy.place.owner, busy.place.id)
    admin = await member()
    await User.filter(id=int(admin.id)).update(badges=ADMIN)
    status, planned = await upload(client, admin, data)
    assert status == 200
    matched = {m["userId"] for m in planned["report"]["matches"]}
    assert matched == {busy.place.owner.id, busy.member.id}  # both are members with a confirmed e-mail here


async def test_a_part_no_plugin_here_owns_is_left_out(client, client_without):
    busy = await busy_server(client)
    data = await exported(client, busy.place.owner, busy.place.id, history=False)
    bare = await client_without("welcome")
    status, planned = await upload(bare, await member(), data)
    assert status == 200, planned
    assert (planned["report"]["parts"], planned["report"]["partsLeftOut"]) == (["emojis"], ["welcome"])
