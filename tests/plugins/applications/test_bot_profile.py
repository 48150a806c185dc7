"""The bot's profile (rest.md §10 ``PATCH /applications/:id/bot``): name and tag, avatar and
banner through the upload protocol, bio; who hears of it."""

from __future__ import annotations

import io

from PIL import Image

from tests.core.uploads import upload_raw
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.servers.helpers import community, join, ok
from tests.support import call, new_person, upload_file


async def test_owner_renames_the_bot_and_sets_its_pictures(live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    person = await join(live_client, place)
    await add_to(live_client, bot, place)
    member_probe = await sockets(person.token)
    stranger_probe = await sockets((await community(live_client, "Elsewhere")).owner.token)

    status, avatar = await upload_file(live_client, bot.developer.token, "avatars", bot.id, png_bytes())
    assert status == 200, avatar
    status, banner = await upload_file(live_client, bot.developer.token, "profile_banners", bot.id, png_bytes((60, 20)))
    assert status == 200, banner
    status, body = await call(
        live_client,
        "PATCH",
        f"/api/applications/{bot.app_id}/bot",
        {
            "username": "Weather Bot",
            "tag": "WTHR",
            "avatarId": avatar["fileId"],
            "bannerId": banner["fileId"],
            "bio": "Forecasts on demand",
        },
        token=bot.developer.token,
    )
    assert status == 200, body
    assert body["username"] == "Weather Bot" and body["tag"] == "WTHR" and body["bot"] is True
    assert body["avatar"] and body["banner"] and body["profile"]["bio"] == "Forecasts on demand"
    event = await member_probe.wait_for("user:updated")
    assert event["userId"] == bot.id and event["updated"]["username"] == "Weather Bot"
    assert event["updated"]["avatar"] == body["avatar"]
    await ok(live_client, "GET", f"/api/servers/{place.id}/bot-commands", token=person.token)
    assert stranger_probe.received("user:updated") == []
    status, profile = await call(live_client, "GET", f"/api/users/{bot.id}", token=person.token)
    assert profile["user"]["avatar"] == body["avatar"] and profile["profile"]["bio"] == "Forecasts on demand"


async def test_bad_input_and_uploads_by_others(client):
    bot = await new_bot(client)
    path = f"/api/applications/{bot.app_id}/bot"
    assert await call(client, "PATCH", path, {"username": "a@b"}, token=bot.developer.token) == (
        400,
        {"message": "Username cannot contain the @ symbol", "path": "username"},
    )
    assert await call(client, "PATCH", path, {"tag": "ab"}, token=bot.developer.token) == (
        400,
        {"message": "Tag must be 4 characters long", "path": "tag"},
    )
    taken = await new_person()
    assert await call(
        client, "PATCH", path, {"username": taken.username, "tag": taken.tag}, token=bot.developer.token
    ) == (403, {"message": "Someone already has this combination of tag and username.", "path": None})
    # someone else may not upload into the bot's group, nor use their own file for it
    stranger = await new_person()
    status, _ = await upload_file(client, stranger.token, "avatars", bot.id, png_bytes())
    assert status == 403
    status, own = await upload_file(client, stranger.token, "avatars", stranger.id, png_bytes())
    assert await call(client, "PATCH", path, {"avatarId": own["fileId"]}, token=bot.developer.token) == (
        403,
        {"message": "File not found.", "path": None},
    )
    botless = (await call(client, "POST", "/api/applications", token=bot.developer.token))[1]
    assert await call(
        client, "PATCH", f"/api/applications/{botless['id']}/bot", {"username": "Nobody"}, token=bot.developer.token
    ) == (400, {"message": "You must create a bot first!", "path": None})
    assert await call(client, "POST", f"/api/applications/{bot.app_id}/bot", token=bot.developer.token) == (
        400,
        {"message": "This application already has a bot!", "path": None},
    )


async def test_the_bots_pictures_sent_as_the_raw_body_with_points(client):
    # the protocol's current web client: the file as the body, Content-Type and File-Name
    bot = await new_bot(client)
    files = {}
    for kind, field in (("avatars", "avatarId"), ("profile_banners", "bannerId")):
        status, body = await upload_raw(
            client, bot.developer.token, kind, bot.id, png_bytes((60, 40)), "bot.png", points=[0, 0, 30, 30]
        )
        assert status == 200, body
        files[field] = body["fileId"]
    status, body = await call(client, "PATCH", f"/api/applications/{bot.app_id}/bot", files, token=bot.developer.token)
    assert status == 200, body
    assert body["avatar"] == f"avatars/{bot.id}/{files['avatarId']}.png"
    assert body["banner"] == f"profile_banners/{bot.id}/{files['bannerId']}.png"
    served = await client.get(f"/cdn/{body['avatar']}")
    assert Image.open(io.BytesIO(await served.get_data())).size == (30, 30)
    stranger = await new_person()
    assert await upload_raw(client, stranger.token, "avatars", bot.id, png_bytes()) == (
        403,
        {"message": "You may not upload files to this group.", "path": None},
    )
