"""Applications without its optional plugins. Without servers (and so without explore, which
requires it): applications, bots, their tokens and commands, DMs with a bot and the OAuth2
provider work; adding a bot to a server and explore's bots answer 404. Without explore alone:
no bots section (its routes answer 404), bots still join servers."""

from __future__ import annotations

from core.identity.models import User
from plugins.servers.models import Member
from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.applications.test_oauth2 import REDIRECT, _client_app, _q
from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.servers.helpers import community, ok
from tests.support import call

NOT_FOUND = (404, {"message": "Not found.", "path": None})


async def enabled_plugins(client):
    return {p["id"] for p in (await ok(client, "GET", "/api/plugins"))["plugins"]}


async def test_without_servers_bots_live_in_direct_messages(live_without):
    live = await live_without("servers")
    client = live.client
    assert {"applications", "inbox"} <= await enabled_plugins(client)
    assert not {"servers", "explore"} & await enabled_plugins(client)
    bot = await new_bot(client)
    bot_socket = await live.socket(bot.token)
    payload = bot_socket.received("user:authenticated")[0]
    assert payload["user"]["bot"] is True and payload["user"]["application"] == {"id": bot.app_id}
    assert payload["servers"] == []

    person = await member()
    person_socket = await live.socket(person.token)
    channel_id = await open_dm(client, person, bot)
    await sent(client, person, channel_id, "/weather london")
    heard = await bot_socket.wait_for("message:created")
    assert heard["message"]["content"] == "/weather london" and heard["message"]["channelId"] == channel_id
    await sent(client, bot, channel_id, "Rainy.")
    answer = await person_socket.wait_for("message:created", count=2)
    assert answer["message"]["content"] == "Rainy." and answer["message"]["createdBy"]["id"] == bot.id

    # commands are kept and shown on the bot's profile
    assert await call(
        client,
        "POST",
        "/api/applications/bot/commands",
        {"commands": [{"name": "weather", "description": "Forecast", "args": "<city>"}]},
        token=bot.token,
    ) == (200, {"status": True})
    profile = await ok(client, "GET", f"/api/users/{bot.id}?includeBotCommands=true", token=person.token)
    assert [c["name"] for c in profile["user"]["application"]["botCommands"]] == ["weather"]

    # what needed servers: no server to add the bot to, no explore listing
    assert (
        await call(client, "POST", f"/api/servers/1/invites/applications/{bot.app_id}/bot", token=person.token)
        == NOT_FOUND
    )
    card = await ok(client, "GET", f"/api/applications/{bot.app_id}/bot?includeServers=1", token=person.token)
    assert card["servers"] == [] and card["bot"]["id"] == bot.id
    for method in ("GET", "POST"):
        assert (
            await call(
                client, method, f"/api/explore/bots/{bot.app_id}", {"description": "x"}, token=bot.developer.token
            )
            == NOT_FOUND
        )

    # deleting the application tombstones the bot and drops its socket
    assert await call(client, "DELETE", f"/api/applications/{bot.app_id}", token=bot.developer.token) == (
        200,
        {"status": True},
    )
    assert await bot_socket.wait_for("user:authenticate_error") == {"message": "Invalid Token"}
    assert (await User.get(id=int(bot.id))).username.startswith("Deleted Bot ")


async def test_without_servers_the_oauth2_provider_works(client_without):
    client = await client_without("servers")
    _, app, secret = await _client_app(client)
    user = await member()
    granted = await ok(
        client,
        "POST",
        "/api/oauth2/authorize" + _q(clientId=app["id"], redirectUri=REDIRECT, scopes="USER_INFO"),
        token=user.token,
    )
    tokens = await ok(
        client,
        "POST",
        "/api/oauth2/token"
        + _q(
            clientId=app["id"],
            clientSecret=secret,
            grantType="authorization_code",
            code=granted["code"],
            redirectUri=REDIRECT,
        ),
    )
    me = await ok(client, "GET", "/api/oauth2/users/current", token=tokens["accessToken"])
    assert me["user"]["id"] == user.id and "email" not in me
    assert await call(client, "GET", "/api/oauth2/users/current/servers", token=tokens["accessToken"]) == NOT_FOUND


async def test_without_explore_there_is_no_bots_section_and_bots_join_servers(client_without):
    client = await client_without("explore")
    assert "applications" in await enabled_plugins(client) and "explore" not in await enabled_plugins(client)
    bot = await new_bot(client)
    assert (
        await call(
            client, "POST", f"/api/explore/bots/{bot.app_id}", {"description": "Forecasts"}, token=bot.developer.token
        )
        == NOT_FOUND
    )
    assert await call(client, "GET", f"/api/explore/bots/{bot.app_id}", token=bot.developer.token) == NOT_FOUND
    assert await call(client, "GET", "/api/explore?type=bot", token=bot.developer.token) == NOT_FOUND

    place = await community(client)
    await add_to(client, bot, place)
    assert await Member.exists(server_id=int(place.id), user_id=int(bot.id))
    card = await ok(client, "GET", f"/api/applications/{bot.app_id}/bot?includeServers=1", token=place.owner.token)
    assert card["servers"] == [{"id": place.id, "name": place.server["name"]}]
    # deleting the application takes the bot out of its servers (no listing to remove)
    assert await call(client, "DELETE", f"/api/applications/{bot.app_id}", token=bot.developer.token) == (
        200,
        {"status": True},
    )
    assert not await Member.exists(server_id=int(place.id), user_id=int(bot.id))
