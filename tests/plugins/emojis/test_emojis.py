"""Custom server emojis (rest.md §4.8, realtime.md server:emoji_*, entities.md §4.9)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from plugins.emojis.models import CustomEmoji
from plugins.servers.models import Server
from plugins.servers.permissions import ADMIN, MANAGE_ROLES
from tests.core.uploads import upload_raw
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import at_once, call, upload_file


def picture(kind: str = "PNG", frames: int = 1) -> bytes:
    buffer = io.BytesIO()
    images = [Image.new("RGB", (16, 16), (40 * i, 30, 30)) for i in range(frames)]
    if frames > 1:
        images[0].save(buffer, format=kind, save_all=True, append_images=images[1:], duration=100, loop=0)
    else:
        images[0].save(buffer, format=kind)
    return buffer.getvalue()


async def uploaded(
    client: Any,
    token: str,
    data: bytes | None = None,
    kind: str = "emojis",
    filename: str = "e.png",
    group_id: str | None = None,
) -> dict[str, Any]:
    """An emoji picture (or ``kind`` in ``group_id``) uploaded the reference way: token, then ``f``."""
    status, body = await upload_file(client, token, kind, group_id, data or picture(), filename=filename)
    assert status == 200, body
    return body


async def add(client: Any, place: Any, name: str = "wave", token: str | None = None, **kwargs: Any) -> dict[str, Any]:
    token = token or place.owner.token
    file = await uploaded(client, token, **kwargs)
    return await ok(client, "POST", f"/api/servers/{place.id}/emojis", {"name": name, "fileId": file["fileId"]}, token)


async def test_an_admin_adds_an_emoji_whose_id_is_the_cdn_file(live_client, sockets):
    place = await community(live_client)
    fan = await join(live_client, place)
    outsider = await member()
    fan_socket, outsider_socket = await sockets(fan.token), await sockets(outsider.token)
    file = await uploaded(live_client, place.owner.token)
    emoji = await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/emojis",
        {"name": "party time!", "fileId": file["fileId"]},
        place.owner.token,
    )
    assert emoji == {
        "id": file["fileId"],
        "name": "party_time_",
        "gif": False,
        "webp": False,
        "serverId": place.id,
        "uploadedById": place.owner.id,
    }
    event = await fan_socket.wait_for("server:emoji_add")
    assert event == {"serverId": place.id, "emoji": emoji}
    # The picture is reachable by the emoji id alone, as the markup [ce:<id>:<name>] needs.
    served = await live_client.get(f"/cdn/emojis/{emoji['id']}")
    assert served.status_code == 200 and served.mimetype == "image/png"
    assert (await live_client.get(f"/cdn/emojis/{emoji['id']}.webp")).status_code == 200
    assert (await live_client.get("/cdn/emojis/12345")).status_code == 404
    assert (await live_client.get("/cdn/emojis/99999999999999999999")).status_code == 404
    assert not outsider_socket.received("server:emoji_add")


async def test_animated_gif_and_webp_are_flagged(client):
    place = await community(client)
    gif = await add(client, place, "dance", data=picture("GIF", 3), filename="d.gif")
    webp = await add(client, place, "spin", data=picture("WEBP", 3), filename="s.webp")
    still = await add(client, place, "still", data=picture("WEBP"), filename="s.webp")
    assert (gif["gif"], gif["webp"]) == (True, False)
    assert (webp["gif"], webp["webp"]) == (False, True)
    assert (still["gif"], still["webp"]) == (False, False)


async def test_add_body_rules(client):
    place = await community(client)
    file = await uploaded(client, place.owner.token)
    path = f"/api/servers/{place.id}/emojis"
    for body, message, field in (
        ({"fileId": file["fileId"]}, "Name is required.", "name"),
        ({"name": 5, "fileId": file["fileId"]}, "Name must be a string.", "name"),
        ({"name": "x", "fileId": file["fileId"]}, "Name must be between 2 and 15 characters long.", "name"),
        ({"name": "x" * 16, "fileId": file["fileId"]}, "Name must be between 2 and 15 characters long.", "name"),
        ({"name": "ok"}, "fileId is required.", "fileId"),
        ({"name": "ok", "fileId": 12}, "fileId must be a string.", "fileId"),
        ({"name": "ok", "fileId": "1"}, "fileId must be between 2 and 255 characters long.", "fileId"),
    ):
        assert await call(client, "POST", path, body, token=place.owner.token) == (400, error(message, field))
    assert await CustomEmoji.all().count() == 0


async def test_cdn_failures_are_403(client):
    place = await community(client)
    admin = await join(client, place)
    await role_with(client, place, ADMIN, admin)
    path = f"/api/servers/{place.id}/emojis"
    avatar = await uploaded(client, place.owner.token, kind="avatars", group_id=place.owner.id)
    someone_elses = await uploaded(client, admin.token)
    for file_id, message in (
        (avatar["fileId"], "This file was uploaded for something else."),
        (someone_elses["fileId"], "File not found."),
        ("123456", "File not found."),
        ("not-an-id", "File not found."),
    ):
        assert await call(client, "POST", path, {"name": "nope", "fileId": file_id}, token=place.owner.token) == (
            403,
            error(message),
        )
    mine = await uploaded(client, place.owner.token)
    await ok(client, "POST", path, {"name": "once", "fileId": mine["fileId"]}, place.owner.token)
    assert await call(client, "POST", path, {"name": "twice", "fileId": mine["fileId"]}, token=place.owner.token) == (
        403,
        error("File not found."),
    )
    assert await CustomEmoji.all().count() == 1


async def test_the_limit_is_80_or_200_when_verified_as_a_bare_string_like_upstream(client):
    place = await community(client)
    await CustomEmoji.bulk_create(
        [
            CustomEmoji(id=1000 + i, name=f"e{i}", server_id=int(place.id), uploaded_by_id=int(place.owner.id))
            for i in range(80)
        ]
    )
    file = await uploaded(client, place.owner.token)
    path = f"/api/servers/{place.id}/emojis"
    assert await call(client, "POST", path, {"name": "more", "fileId": file["fileId"]}, token=place.owner.token) == (
        400,
        "You have reached the maximum number of emojis for this server.",
    )
    await Server.filter(id=int(place.id)).update(verified=True)
    await ok(client, "POST", path, {"name": "more", "fileId": file["fileId"]}, place.owner.token)
    await CustomEmoji.bulk_create(
        [
            CustomEmoji(id=2000 + i, name=f"v{i}", server_id=int(place.id), uploaded_by_id=int(place.owner.id))
            for i in range(119)
        ]
    )
    other = await uploaded(client, place.owner.token)
    assert await call(client, "POST", path, {"name": "over", "fileId": other["fileId"]}, token=place.owner.token) == (
        400,
        "You have reached the maximum number of emojis for this server.",
    )
    assert await CustomEmoji.filter(server_id=int(place.id)).count() == 200


async def test_who_may_manage_emojis(client):
    place = await community(client)
    plain = await join(client, place)
    roles_manager = await join(client, place)
    await role_with(client, place, MANAGE_ROLES, roles_manager)
    admin = await join(client, place)
    await role_with(client, place, ADMIN, admin)
    outsider = await member()
    emoji = await add(client, place)
    base = f"/api/servers/{place.id}/emojis"
    for person in (plain, roles_manager):
        file = await uploaded(client, person.token)
        for method, path, body in (
            ("POST", base, {"name": "mine", "fileId": file["fileId"]}),
            ("GET", base, None),
            ("POST", f"{base}/{emoji['id']}", {"name": "renamed"}),
            ("DELETE", f"{base}/{emoji['id']}", None),
        ):
            assert await call(client, method, path, body, token=person.token) == (
                403,
                error("Missing Admin permission"),
            )
    for method, path, body in (
        ("GET", base, None),
        ("POST", f"{base}/{emoji['id']}", {"name": "renamed"}),
        ("DELETE", f"{base}/{emoji['id']}", None),
    ):
        assert await call(client, method, path, body, token=outsider.token) == (
            403,
            error("Server member is not in this server."),
        )
        assert await call(client, method, path, body) == (401, error("No token provided."))
    assert await call(client, "GET", "/api/servers/123/emojis", token=outsider.token) == (
        403,
        error("Server does not exist."),
    )
    # An admin (not the owner) may.
    assert (await add(client, place, "by_admin", admin.token))["uploadedById"] == admin.id
    assert [e["name"] for e in await ok(client, "GET", base, token=admin.token)] == ["by_admin", "wave"]


async def test_listing_is_newest_first_with_the_uploader(client):
    place = await community(client)
    first = await add(client, place, "first")
    second = await add(client, place, "second")
    listed = await ok(client, "GET", f"/api/servers/{place.id}/emojis", token=place.owner.token)
    assert [e["id"] for e in listed] == [second["id"], first["id"]]
    assert listed[0]["uploadedBy"]["id"] == place.owner.id
    assert set(listed[0]["uploadedBy"]) >= {"username", "tag", "status", "lastOnlineAt"}
    assert "password" not in str(listed) and "email" not in listed[0]["uploadedBy"]


async def test_rename_sanitises_and_tells_the_server_room(live_client, sockets):
    place = await community(live_client)
    fan = await join(live_client, place)
    outsider = await member()
    emoji = await add(live_client, place)
    fan_socket, outsider_socket = await sockets(fan.token), await sockets(outsider.token)
    path = f"/api/servers/{place.id}/emojis/{emoji['id']}"
    renamed = await ok(live_client, "POST", path, {"name": "hi-there"}, place.owner.token)
    assert renamed == {**emoji, "name": "hi_there"}
    assert await fan_socket.wait_for("server:emoji_update") == {
        "serverId": place.id,
        "emojiId": emoji["id"],
        "name": "hi_there",
    }
    assert await call(live_client, "POST", path, {"name": "x"}, token=place.owner.token) == (
        400,
        error("Name must be between 2 and 15 characters long.", "name"),
    )
    assert await call(live_client, "POST", path, {}, token=place.owner.token) == (
        400,
        error("Name is required.", "name"),
    )
    assert not outsider_socket.received("server:emoji_update")


async def test_unknown_emojis_are_a_bare_string_like_upstream(client):
    place = await community(client)
    other = await community(client, "Elsewhere")
    foreign = await add(client, other)
    for emoji_id in ("123", "nope", foreign["id"]):
        path = f"/api/servers/{place.id}/emojis/{emoji_id}"
        assert await call(client, "POST", path, {"name": "abc"}, token=place.owner.token) == (400, "Emoji not found.")
        assert await call(client, "DELETE", path, token=place.owner.token) == (400, "Emoji not found.")
    assert await CustomEmoji.filter(id=int(foreign["id"]), name="wave").exists()


async def test_delete_answers_an_empty_body_and_tells_the_server_room(live_client, sockets):
    place = await community(live_client)
    fan = await join(live_client, place)
    outsider = await member()
    emoji = await add(live_client, place)
    fan_socket, outsider_socket = await sockets(fan.token), await sockets(outsider.token)
    assert await call(
        live_client, "DELETE", f"/api/servers/{place.id}/emojis/{emoji['id']}", token=place.owner.token
    ) == (200, "")
    assert await fan_socket.wait_for("server:emoji_remove") == {"serverId": place.id, "emojiId": emoji["id"]}
    assert await ok(live_client, "GET", f"/api/servers/{place.id}/emojis", token=place.owner.token) == []
    assert not outsider_socket.received("server:emoji_remove")


async def test_a_member_who_left_gets_no_more_emoji_events(live_client, sockets):
    place = await community(live_client)
    leaver = await join(live_client, place)
    leaver_socket = await sockets(leaver.token)
    await ok(live_client, "POST", f"/api/servers/{place.id}/leave", token=leaver.token)
    await leaver_socket.wait_for("server:left")
    stayer = await join(live_client, place)
    stayer_socket = await sockets(stayer.token)
    await add(live_client, place)
    await stayer_socket.wait_for("server:emoji_add")
    assert not leaver_socket.received("server:emoji_add")


async def test_servers_carry_their_emojis_in_every_payload(live_client, sockets):
    place = await community(live_client)
    other = await community(live_client, "Other")
    wave = await add(live_client, place)
    dance = await add(live_client, place, "dance", data=picture("GIF", 2), filename="d.gif")
    compact = [{k: e[k] for k in ("id", "name", "gif", "webp")} for e in (wave, dance)]
    owner_socket = await sockets(place.owner.token)
    servers = {s["id"]: s for s in owner_socket.received("user:authenticated")[0]["servers"]}
    assert servers[place.id]["customEmojis"] == compact
    newcomer = await member()
    newcomer_socket = await sockets(newcomer.token)
    await join(live_client, place, newcomer)
    joined = await newcomer_socket.wait_for("server:joined")
    assert joined["server"]["customEmojis"] == compact
    other_socket = await sockets(other.owner.token)
    assert other_socket.received("user:authenticated")[0]["servers"][0]["customEmojis"] == []


async def test_deleting_a_server_deletes_its_emojis(client):
    place = await community(client)
    keep = await community(client, "Keep")
    await add(client, place)
    kept = await add(client, keep, "kept")
    status, _ = await call(client, "DELETE", f"/api/servers/{place.id}", token=place.owner.token)
    assert status == 200
    assert [str(e.id) for e in await CustomEmoji.all()] == [kept["id"]]


async def test_rate_limit_buckets(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        path = f"/api/servers/{place.id}/emojis"
        for _ in range(10):
            assert (await call(client, "GET", path, token=place.owner.token))[0] == 200
        status, body = await call(client, "GET", path, token=place.owner.token)
        assert status == 429 and body["message"] == "Slow down!" and body["ttl"] > 0
        # Another bucket is untouched.
        assert await call(client, "DELETE", f"{path}/1", token=place.owner.token) == (400, "Emoji not found.")


async def test_emojis_added_at_once_cannot_pass_the_limit_together(client):
    place = await community(client)
    await CustomEmoji.bulk_create(
        [
            CustomEmoji(id=1000 + i, name=f"e{i}", server_id=int(place.id), uploaded_by_id=int(place.owner.id))
            for i in range(78)
        ]
    )
    files = [await uploaded(client, place.owner.token) for _ in range(4)]
    path = f"/api/servers/{place.id}/emojis"
    answers = await at_once(
        *(
            call(client, "POST", path, {"name": f"late{n}", "fileId": file["fileId"]}, token=place.owner.token)
            for n, file in enumerate(files)
        )
    )
    assert [status for status, _ in answers] == [200, 200, 400, 400]
    assert [body for _, body in answers[2:]] == ["You have reached the maximum number of emojis for this server."] * 2
    assert await CustomEmoji.filter(server_id=int(place.id)).count() == 80


async def test_an_emoji_sent_as_the_raw_body(client):
    # the protocol's current web client: the file as the body, Content-Type and File-Name
    place = await community(client)
    status, body = await upload_raw(
        client, place.owner.token, "emojis", None, picture("GIF", 3), "party.gif", "image/gif"
    )
    assert status == 200, body
    emoji = await ok(
        client,
        "POST",
        f"/api/servers/{place.id}/emojis",
        {"name": "party", "fileId": body["fileId"]},
        place.owner.token,
    )
    assert (emoji["id"], emoji["gif"]) == (body["fileId"], True)
    served = await client.get(f"/cdn/emojis/{emoji['id']}")
    assert served.status_code == 200 and served.mimetype == "image/gif"
