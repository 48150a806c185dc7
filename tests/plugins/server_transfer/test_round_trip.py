"""A server exported with its history and attachments, then imported on a fresh instance (the same
database emptied: every table, as a new Hearth has them): the structure and the messages match,
the importer's own messages are theirs again through the e-mail match they confirmed, everyone
else is a placeholder, and nothing notifies anyone."""

from __future__ import annotations

import tempfile
from pathlib import Path

import orjson

from core.context import hearth
from core.identity.models import User
from core.testing import clear_tables
from plugins.messages.models import Channel, MentionCounter
from plugins.servers.models import Server
from tests.conftest import REDIS_URL
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import member
from tests.plugins.server_transfer.helpers import busy_server, exported, tcall, until, unzip, upload
from tests.support import call


def _shape(state: dict) -> dict:
    """What must survive the trip, with this instance's ids replaced by names."""
    roles = {r["id"]: r["name"] for r in state["roles"]}
    channels = {c["id"]: c["name"] for c in state["channels"]}
    return {
        "name": state["name"],
        "roles": sorted((r["name"], r["order"], r["permissions"]) for r in state["roles"]),
        "channels": sorted(
            (
                c["name"],
                c["type"],
                channels.get(c["categoryId"]),
                tuple(sorted((roles[o["roleId"]], o["permissions"]) for o in c["overrides"])),
            )
            for c in state["channels"]
        ),
        "defaultRole": roles[state["defaultRoleId"]],
        "welcome": [
            (q["title"], q["multiselect"], [(a["title"], [roles[r] for r in a["roleIds"]]) for a in q["answers"]])
            for q in state["welcome"]
        ],
        "defaultChannel": channels[state["defaultChannelId"]],
    }


async def _state(archive: bytes) -> dict:
    files = unzip(archive)
    part = {name: orjson.loads(files[f"{name}.json"])["items"] for name in ("server", "roles", "channels", "welcome")}
    return {**part["server"][0], "roles": part["roles"], "channels": part["channels"], "welcome": part["welcome"]}


def _replaced(text: str, changes: dict[str, str]) -> str:
    for old, new in changes.items():
        text = text.replace(old, new)
    return text


async def _messages(client, person, channel_id):
    status, page = await call(client, "GET", f"/api/channels/{channel_id}/messages", token=person.token)
    assert status == 200, page
    return sorted(page, key=lambda m: m["createdAt"])


async def _avatar(app, person, data: bytes, name: str) -> None:
    scratch = Path(tempfile.mkdtemp()) / name
    scratch.write_bytes(data)
    async with app.app_context():
        await hearth().storage.save_file(f"avatars/{person.id}/{name}", scratch)
    await User.filter(id=int(person.id)).update(avatar=f"avatars/{person.id}/{name}")


async def test_a_server_moves_with_its_history(app, client):
    busy = await busy_server(client)
    owner = busy.place.owner
    await _avatar(app, busy.member, png_bytes(), "face.png")
    await _avatar(app, owner, b"<script>alert(1)</script>", "face.png")  # not a picture: not made an avatar
    before = await _messages(client, owner, busy.place.general)
    staff_before = await _messages(client, owner, busy.staff)
    archive = await exported(client, owner, busy.place.id)
    manifest = orjson.loads(unzip(archive)["manifest.json"])
    assert (manifest["format"], manifest["version"], manifest["history"]) == ("hearth.server", 1, True)
    assert manifest["files"] == {"copied": 3, "leftOut": 0}  # the picture and two avatars
    assert owner.email.encode() not in archive and busy.member.email.encode() not in archive

    await clear_tables(REDIS_URL)  # a fresh instance: nobody, no server
    importer = await member(email=owner.email)  # the same person, their e-mail confirmed here too
    stranger = await member(email=busy.member.email.upper())  # would match, but is not the importer
    status, planned = await upload(client, importer, archive)
    assert status == 200, planned
    report = planned["report"]
    assert (report["server"], report["messages"], report["attachments"], report["reactions"]) == ("Moving Day", 6, 1, 2)
    assert sorted(report["channels"]) == ["General", "staff"] and report["categories"] == 1
    assert (report["parts"], report["partsLeftOut"], report["itemsLeftOut"]) == (["emojis", "welcome"], [], {})
    [match] = report["matches"]  # only the importer's own address is ever matched for them
    assert match["userId"] == importer.id

    status, started = await tcall(client, "POST", f"/{planned['id']}/start", importer, {"confirm": [match["authorId"]]})
    assert status == 200, started
    done = await until(client, importer, planned["id"], "done")
    assert (done["status"], done["done"], done["total"]) == ("done", 6, 6), done

    again = await exported(client, importer, done["serverId"])
    shape = _shape(await _state(archive))
    welcome = [
        (title, many, [(answer, len(roles)) for answer, roles in answers]) for title, many, answers in shape["welcome"]
    ]
    assert welcome == [("Who are you?", False, [("Gardener", 1), ("Visitor", 0)])]  # then compared with role names
    assert _shape(await _state(again)) == shape

    server = await Server.get(id=int(done["serverId"]))
    assert server.created_by_id == int(importer.id)
    general = str(server.default_channel_id)
    after, joined = (await _messages(client, importer, general))[:-1], (await _messages(client, importer, general))[-1]
    assert (joined["type"], joined["createdBy"]["id"]) == (1, importer.id)  # the importer joins the made server
    here = {"[@:1]": "[@\u200b:1]", f"[@:{owner.id}]": f"[@:{importer.id}]"}  # unknown ids defused
    assert [m["content"] for m in after] == [_replaced(m["content"], here) for m in before]
    assert [m["createdAt"] for m in after] == [m["createdAt"] for m in before]
    assert [m["pinned"] for m in after] == [m["pinned"] for m in before]
    assert [m["type"] for m in after] == [m["type"] for m in before]
    welcome, thanks, cat = (m for m in after if m["type"] == 0)
    assert welcome["createdBy"]["id"] == importer.id  # confirmed: the importer's own account
    assert thanks["createdBy"]["username"] == "bruno" and thanks["createdBy"]["id"] != stranger.id
    face = await client.get(f"/cdn/{thanks['createdBy']['avatar']}")
    assert face.status_code == 200 and (await face.get_data()) == png_bytes()  # the placeholder keeps their face
    assert [r["replyToMessage"]["id"] for r in thanks["replyMessages"]] == [welcome["id"]]
    assert [(r["name"], r["count"]) for r in welcome["reactions"]] == [("🔥", 2)]
    [picture] = cat["attachments"]
    response = await client.get(f"/cdn/{picture['path']}")
    assert response.status_code == 200 and (await response.get_data())[:4] == b"\x89PNG"
    staff = await Channel.get(server_id=server.id, name="staff")
    assert [m["content"] for m in await _messages(client, importer, str(staff.id))] == [
        m["content"] for m in staff_before
    ]
    assert await MentionCounter.all().count() == 0  # old messages notify nobody
