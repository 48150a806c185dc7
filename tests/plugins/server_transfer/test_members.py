"""Members travel with their roles: a member who is an account here (a confirmed e-mail match)
joins the made server with their roles mapped, told as any join is; a member who became a
placeholder keeps their roles for the real person, who joins with them on claiming it; an author
who was no member gets no membership. Roles out of shape and too many members refuse the file."""

from __future__ import annotations

import orjson

from core.auth import ADMIN
from core.identity.models import User
from plugins.server_transfer.models import PendingMember
from plugins.servers.models import Member, Role
from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.server_transfer.helpers import busy_server, exported, tcall, until, unzip, upload, zip_of
from tests.plugins.servers.helpers import join
from tests.support import call


def _authors(archive: bytes) -> dict[str, dict]:
    return {a["username"]: a for a in orjson.loads(unzip(archive)["authors.json"])["items"]}


async def _imported(client, importer, archive: bytes, confirm: list[str]) -> dict:
    status, planned = await upload(client, importer, archive)
    assert status == 200, planned
    status, _ = await tcall(client, "POST", f"/{planned['id']}/start", importer, {"confirm": confirm})
    assert status == 200
    done = await until(client, importer, planned["id"], "done")
    assert done["status"] == "done", done
    return done


async def _role_named(server_id: str, name: str) -> Role:
    return await Role.get(server_id=int(server_id), name=name)


async def test_the_export_names_each_members_roles(client):
    busy = await busy_server(client)
    leaver = await join(client, busy.place)
    await sent(client, leaver, busy.place.general, "bye")
    status, _ = await call(client, "POST", f"/api/servers/{busy.place.id}/leave", token=leaver.token)
    assert status == 200
    authors = _authors(await exported(client, busy.place.owner, busy.place.id))
    assert (authors["bruno"]["member"], authors["bruno"]["roleIds"]) == (True, [busy.role])
    assert (authors[busy.place.owner.username]["member"], authors[busy.place.owner.username]["roleIds"]) == (True, [])
    assert (authors[leaver.username]["member"], authors[leaver.username]["roleIds"]) == (False, [])


async def test_a_confirmed_member_joins_with_their_roles_and_is_told(live_client, sockets):
    busy = await busy_server(live_client)
    archive = await exported(live_client, busy.place.owner, busy.place.id)
    role_name = (await Role.get(id=int(busy.role))).name
    admin = await member()
    await User.filter(id=int(admin.id)).update(badges=ADMIN)
    bruno_socket, stranger_socket = await sockets(busy.member.token), await sockets((await member()).token)
    bruno_author = _authors(archive)["bruno"]["id"]
    done = await _imported(live_client, admin, archive, [bruno_author])

    joined = await bruno_socket.wait_for("server:joined")
    assert joined["server"]["id"] == done["serverId"]
    role = await _role_named(done["serverId"], role_name)
    updated = await bruno_socket.wait_for("server:member_updated")
    assert updated == {"serverId": done["serverId"], "userId": busy.member.id, "updated": {"roleIds": [str(role.id)]}}
    assert (await Member.get(server_id=int(done["serverId"]), user_id=int(busy.member.id))).role_ids == [str(role.id)]
    assert stranger_socket.received("server:joined") == [] and stranger_socket.received("server:member_updated") == []
    # The owner there was not confirmed: a placeholder, whose (no) roles wait for a claim.
    assert await Member.filter(server_id=int(done["serverId"])).count() == 2  # the importer and bruno
    assert await PendingMember.filter(server_id=int(done["serverId"])).count() == 1


async def _claim(client, owner, server_id: str, placeholder_id: str, person) -> tuple[int, dict]:
    headers = {"X-Hearth-Features": "discord_import", "Authorization": owner.token}
    response = await client.post(
        f"/api/discord-imports/servers/{server_id}/authors/{placeholder_id}/claim-link", headers=headers
    )
    link = await response.get_json()
    headers["Authorization"] = person.token
    response = await client.post(f"/api/discord-imports/claims/{link['token']}", headers=headers)
    return response.status_code, await response.get_json()


async def _placeholders(server_id: str) -> dict[str, str]:
    from plugins.discord_import.models import ImportedThing

    rows = await ImportedThing.filter(server_id=int(server_id), kind="author").values_list("discord_id", "local_id")
    return {key.removeprefix("hearth:"): str(local) for key, local in rows}


async def test_a_claimed_member_placeholder_joins_with_its_roles(live_client, sockets):
    busy = await busy_server(live_client)
    leaver = await join(live_client, busy.place)
    await sent(live_client, leaver, busy.place.general, "bye")
    await call(live_client, "POST", f"/api/servers/{busy.place.id}/leave", token=leaver.token)
    archive = await exported(live_client, busy.place.owner, busy.place.id)
    role_name = (await Role.get(id=int(busy.role))).name
    importer = await member()
    done = await _imported(live_client, importer, archive, [])
    server_id = done["serverId"]
    placeholders = await _placeholders(server_id)
    authors = _authors(archive)
    assert not await Member.filter(user_id=int(placeholders[authors["bruno"]["id"]])).exists()  # not a member

    real_bruno = await member()
    bruno_socket, importer_socket = await sockets(real_bruno.token), await sockets(importer.token)
    status, claimed = await _claim(live_client, importer, server_id, placeholders[authors["bruno"]["id"]], real_bruno)
    assert status == 200, claimed
    assert (await bruno_socket.wait_for("server:joined"))["server"]["id"] == server_id
    role = await _role_named(server_id, role_name)
    joined = await importer_socket.wait_for("server:member_joined")
    assert joined["member"]["userId"] == real_bruno.id
    assert (await Member.get(server_id=int(server_id), user_id=int(real_bruno.id))).role_ids == [str(role.id)]
    assert not await PendingMember.filter(placeholder_id=int(placeholders[authors["bruno"]["id"]])).exists()

    real_leaver = await member()
    status, _ = await _claim(
        live_client, importer, server_id, placeholders[authors[leaver.username]["id"]], real_leaver
    )
    assert status == 200
    assert not await Member.exists(server_id=int(server_id), user_id=int(real_leaver.id))  # was no member there


def _with_authors(files: dict[str, bytes], change) -> bytes:
    document = orjson.loads(files["authors.json"])
    for author in document["items"]:
        change(author)
    return zip_of({**files, "authors.json": orjson.dumps(document)})


async def test_members_roles_out_of_shape_and_too_many_members_are_refused(make_app):
    app = make_app(**{"server_transfer.max_members": 1})
    async with app.test_app():
        client = app.test_client()
        busy = await busy_server(client)
        files = unzip(await exported(client, busy.place.owner, busy.place.id))
        importer = await member()

        def stranger_role(author):
            author["roleIds"] = ["42"]

        def not_a_member(author):
            author["member"], author["roleIds"] = False, [busy.role]

        def not_a_list(author):
            author["roleIds"] = "all"

        cases = [
            (
                _with_authors(files, stranger_role),
                "authors.json: an author's roleIds name a role the export does not hold.",
            ),
            (_with_authors(files, not_a_member), "authors.json: an author's roleIds are not a member's list of roles."),
            (_with_authors(files, not_a_list), "authors.json: an author's roleIds are not a member's list of roles."),
            (zip_of(files), "authors.json: it holds more than 1 members."),
        ]
        for data, message in cases:
            assert await upload(client, importer, data) == (400, error(message, "f")), message


async def test_a_file_without_members_roles_still_imports(client):
    busy = await busy_server(client)
    files = unzip(await exported(client, busy.place.owner, busy.place.id))

    def older(author):  # as a Hearth before members travelled wrote it
        author.pop("roleIds")

    done = await _imported(client, busy.member, _with_authors(files, older), [])
    assert await Member.filter(server_id=int(done["serverId"])).values_list("user_id", flat=True) == [
        int(busy.member.id)
    ]
