"""The reference's rate limits on the applications routes (rest.md §10)."""

from __future__ import annotations

from tests.plugins.applications.helpers import new_bot
from tests.plugins.messages.helpers import member
from tests.support import call


async def test_create_app_and_bot_commands_limits(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        developer = await member()
        for _ in range(2):
            assert (await call(client, "POST", "/api/applications", token=developer.token))[0] == 200
        status, body = await call(client, "POST", "/api/applications", token=developer.token)
        assert status == 429 and body["message"] == "Slow down!" and 0 < body["ttl"] <= 60_000

        bot = await new_bot(client)
        commands = {"commands": [{"name": "ping"}]}
        for _ in range(4):
            assert (await call(client, "POST", "/api/applications/bot/commands", commands, token=bot.token))[0] == 200
        status, body = await call(client, "POST", "/api/applications/bot/commands", commands, token=bot.token)
        assert status == 429 and body["message"] == "Slow down!"
        # another user's bucket is untouched
        other = await member()
        assert (await call(client, "POST", "/api/applications", token=other.token))[0] == 200
