"""Explore listings of bots (rest.md §6.1 ``type=bot``, §6.5, §6.6, §6.7, §6.8)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from plugins.explore.models import ExploreItem
from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.messages.helpers import member
from tests.plugins.moderation.helpers import ADMIN, ok, pw, staff
from tests.plugins.servers.helpers import community
from tests.support import call


async def test_publish_get_list_and_unlist_a_bot(live_client, sockets):
    bot = await new_bot(live_client)
    await add_to(live_client, bot, await community(live_client))
    status, item = await call(
        live_client,
        "POST",
        f"/api/explore/bots/{bot.app_id}",
        {"description": "Forecasts", "permissions": 2},
        token=bot.developer.token,
    )
    assert status == 200 and item["type"] == 1 and item["botApplicationId"] == bot.app_id
    assert item["botPermissions"] == 2 and item["serverId"] is None and item["description"] == "Forecasts"
    viewer = await member()
    status, listing = await call(live_client, "GET", f"/api/explore/bots/{bot.app_id}", token=viewer.token)
    assert status == 200 and listing["server"] is None
    app = listing["botApplication"]
    assert app["id"] == bot.app_id and app["botUser"]["id"] == bot.id and app["botUser"]["_count"] == {"servers": 1}
    assert app["botUser"]["online"] is False and app["creatorAccount"]["user"]["id"] == bot.developer.id

    quiet = await new_bot(live_client)
    await call(
        live_client,
        "POST",
        f"/api/explore/bots/{quiet.app_id}",
        {"description": "Quiet one"},
        token=quiet.developer.token,
    )
    status, everything = await call(live_client, "GET", "/api/explore?type=bot&sort=recently_added", token=viewer.token)
    assert [i["botApplicationId"] for i in everything] == [quiet.app_id, bot.app_id]
    assert await call(live_client, "GET", "/api/explore?type=bot&filter=online_bots", token=viewer.token) == (200, [])
    await sockets(bot.token)  # the bot comes online
    status, online = await call(live_client, "GET", "/api/explore?type=bot&filter=online_bots", token=viewer.token)
    assert [i["botApplicationId"] for i in online] == [bot.app_id] and online[0]["botApplication"]["botUser"]["online"]
    status, found = await call(live_client, "GET", "/api/explore?type=bot&search=quiet", token=viewer.token)
    assert [i["botApplicationId"] for i in found] == [quiet.app_id]
    status, servers_only = await call(live_client, "GET", "/api/explore", token=viewer.token)
    assert servers_only == []

    # bumping: an online bot once per 3 hours (publishing was the first bump); an offline one not at all
    assert await call(live_client, "POST", f"/api/explore/{item['id']}/bump", {}, token=viewer.token) == (
        400,
        {"message": "Server was bumped too recently.", "path": None},
    )
    await ExploreItem.filter(id=int(item["id"])).update(bumped_at=datetime.now(UTC) - timedelta(hours=4))
    status, bumped = await call(live_client, "POST", f"/api/explore/{item['id']}/bump", {}, token=viewer.token)
    assert status == 200 and bumped["lifetimeBumpCount"] == 2
    assert await call(live_client, "POST", f"/api/explore/{item['id']}/bump", {}, token=viewer.token) == (
        400,
        {"message": "Server was bumped too recently.", "path": None},
    )
    quiet_item = found[0]["id"]
    assert await call(live_client, "POST", f"/api/explore/{quiet_item}/bump", {}, token=viewer.token) == (
        400,
        {"message": "Bot is offline.", "path": None},
    )

    # only the creator may unlist it
    assert await call(live_client, "DELETE", f"/api/explore/{item['id']}", token=viewer.token) == (
        400,
        {"message": "You do not have permission to delete this explore item.", "path": None},
    )
    assert await call(live_client, "DELETE", f"/api/explore/{item['id']}", token=bot.developer.token) == (
        200,
        {"result": True},
    )
    assert await call(live_client, "GET", f"/api/explore/bots/{bot.app_id}", token=viewer.token) == (
        400,
        {"message": "Bot not found.", "path": None},
    )


async def test_publishing_bad_input_and_other_peoples_bots(client):
    bot = await new_bot(client)
    path = f"/api/explore/bots/{bot.app_id}"
    assert await call(client, "POST", path, {}, token=bot.developer.token) == (
        400,
        {"message": "Description must be a string!", "path": "description"},
    )
    assert await call(client, "POST", path, {"description": "x" * 151}, token=bot.developer.token) == (
        400,
        {"message": "Description length must be between 1 and 150 characters.", "path": "description"},
    )
    assert await call(client, "POST", path, {"description": "ok", "permissions": 901}, token=bot.developer.token) == (
        400,
        {"message": "Permissions must be between 0 and 900.", "path": "permissions"},
    )
    assert await call(client, "POST", "/api/explore/bots/31337", {"description": "ok"}, token=bot.developer.token) == (
        400,
        {"message": "Bot application not found.", "path": None},
    )
    stranger = await member()
    assert await call(client, "POST", path, {"description": "mine"}, token=stranger.token) == (
        400,
        {"message": "This bot does not belong to you.", "path": None},
    )
    assert await call(client, "POST", path, {"description": "ok"}, token=bot.token) == (
        401,
        {"message": "Bots are not allowed to use this route.", "path": None},
    )
    # deleting the application removes its listing
    await call(client, "POST", path, {"description": "ok"}, token=bot.developer.token)
    await call(client, "DELETE", f"/api/applications/{bot.app_id}", token=bot.developer.token)
    assert await call(client, "GET", "/api/explore?type=bot", token=stranger.token) == (200, [])


async def test_a_shadow_banned_developer_cannot_list_a_bot(live_client):
    bot = await new_bot(live_client)
    admin = await staff(live_client, ADMIN)
    await ok(
        live_client,
        "POST",
        "/api/moderation/users/shadow-ban",
        pw(userIds=[bot.developer.id], reason="spam"),
        admin.token,
    )
    assert await call(
        live_client, "POST", f"/api/explore/bots/{bot.app_id}", {"description": "Forecasts"}, token=bot.developer.token
    ) == (403, {"message": "Something went wrong. Try again later.", "path": None})
    assert not await ExploreItem.filter(bot_application_id=bot.app_id).exists()
