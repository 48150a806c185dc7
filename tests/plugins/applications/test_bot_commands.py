"""Bot commands (rest.md §10, §4.1 ``bot-commands``): the bot registers them, the members of
its servers see them, nobody else does."""

from __future__ import annotations

from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join
from tests.support import call

PING = {"name": "ping", "description": "Answers pong", "args": "", "permissions": 0}


async def test_a_bot_registers_commands_and_members_see_them(client):
    bot = await new_bot(client)
    place = await community(client)
    person = await join(client, place)
    await add_to(client, bot, place)
    body = {
        "commands": [
            PING,
            {"name": "roll", "description": "Rolls a die", "args": "<sides>"},
            {"name": "ping", "description": "a duplicate, skipped"},
        ]
    }
    assert await call(client, "POST", "/api/applications/bot/commands", body, token=bot.token) == (
        200,
        {"status": True},
    )
    status, listed = await call(client, "GET", f"/api/servers/{place.id}/bot-commands", token=person.token)
    assert status == 200 and listed == {
        "commands": [
            {"botUserId": bot.id, "name": "ping", "description": "Answers pong", "args": "", "permissions": 0},
            {"botUserId": bot.id, "name": "roll", "description": "Rolls a die", "args": "<sides>", "permissions": None},
        ]
    }

    # the owner may replace them with a user token and the application id; the bot with its id too
    assert await call(
        client, "POST", f"/api/applications/{bot.app_id}/bot/commands", {"commands": [PING]}, token=bot.developer.token
    ) == (200, {"status": True})
    assert await call(
        client, "POST", f"/api/applications/{bot.app_id}/bot/commands", {"commands": [PING]}, token=bot.token
    ) == (200, {"status": True})
    status, listed = await call(client, "GET", f"/api/servers/{place.id}/bot-commands", token=person.token)
    assert [c["name"] for c in listed["commands"]] == ["ping"]
    status, profile = await call(client, "GET", f"/api/users/{bot.id}?includeBotCommands=true", token=person.token)
    assert profile["user"]["application"]["botCommands"] == [
        {"name": "ping", "description": "Answers pong", "args": ""}
    ]
    assert profile["user"]["application"]["creatorAccount"]["user"]["id"] == bot.developer.id

    outsider = await member()
    assert await call(client, "GET", f"/api/servers/{place.id}/bot-commands", token=outsider.token) == (
        403,
        {"message": "Server member is not in this server.", "path": None},
    )


async def test_bad_commands_are_refused_with_the_item_named(client):
    bot = await new_bot(client)
    path = "/api/applications/bot/commands"
    cases = [
        ({}, "Commands must be an array!", "commands"),
        ({"commands": "ping"}, "Commands must be an array!", "commands"),
        ({"commands": [PING] * 100}, "Commands length must be less than  100 strings.", "commands"),
        ({"commands": [{"name": "ping1"}]}, "Command name must only contain letters.", "commands[0].name"),
        ({"commands": [PING, {"description": "x"}]}, "Command name is required.", "commands[1].name"),
        (
            {"commands": [{"name": "x" * 26}]},
            "Command name must be between 1 and 25 characters long.",
            "commands[0].name",
        ),
        (
            {"commands": [{"name": "ping", "description": "d" * 61}]},
            "Command description must be less than 60 characters.",
            "commands[0].description",
        ),
        (
            {"commands": [{"name": "ping", "permissions": 901}]},
            "Command permissions must be between 0 and 900.",
            "commands[0].permissions",
        ),
    ]
    for body, message, where in cases:
        assert await call(client, "POST", path, body, token=bot.token) == (400, {"message": message, "path": where}), (
            body
        )


async def test_who_may_register_commands(client):
    bot = await new_bot(client)
    other = await new_bot(client)
    body = {"commands": [PING]}
    assert await call(client, "POST", "/api/applications/bot/commands", body, token=bot.developer.token) == (
        400,
        {"message": "Missing application id!", "path": None},
    )
    assert await call(client, "POST", f"/api/applications/{other.app_id}/bot/commands", body, token=bot.token) == (
        403,
        {"message": "Application not found!", "path": None},
    )
    assert await call(client, "POST", "/api/applications/424242/bot/commands", body, token=bot.developer.token) == (
        404,
        {"message": "Application not found!", "path": None},
    )
    botless = (await call(client, "POST", "/api/applications", token=bot.developer.token))[1]
    assert await call(
        client, "POST", f"/api/applications/{botless['id']}/bot/commands", body, token=bot.developer.token
    ) == (400, {"message": "You must create a bot first!", "path": None})
