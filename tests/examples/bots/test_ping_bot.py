"""The example bot (examples/bots/ping_bot.py) run as its own process against a live Hearth:
it logs in with its token, answers /ping with buttons and handles a click."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.plugins.applications.helpers import add_to, new_bot
from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.threads.helpers import threads_socket, tok

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "bots" / "ping_bot.py"


async def _start_bot(url: str, token: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "HEARTH_URL": url, "HEARTH_BOT_TOKEN": token}
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(EXAMPLE), env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )

    async def ready() -> None:
        while (line := await process.stdout.readline()) and line.strip() != b"ready":
            pass
        assert line, (await process.stderr.read()).decode()

    await asyncio.wait_for(ready(), 20)
    return process


async def test_the_example_bot_answers_ping_and_a_button_click(live_server, live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    person = await join(live_client, place)
    await add_to(live_client, bot, place)
    probe = await sockets(person.token)
    process = await _start_bot(live_server.url, bot.token)
    try:
        commands = await ok(live_client, "GET", f"/api/servers/{place.id}/bot-commands", token=person.token)
        assert [c["name"] for c in commands["commands"]] == ["echo", "ping", "thread"]

        await ok(
            live_client, "POST", f"/api/channels/{place.general}/messages", {"content": f"/ping:{bot.id}"}, person.token
        )
        reply = await probe.wait_for("message:created", count=2, timeout=10)
        message = reply["message"]
        assert message["createdBy"]["id"] == bot.id and message["content"] == "Pong! 🏓"
        assert [b["id"] for b in message["buttons"]] == ["again", "thanks"]

        await ok(
            live_client,
            "POST",
            f"/api/channels/{place.general}/messages/{message['id']}/buttons/again?type=button_click",
            token=person.token,
        )
        again = (await probe.wait_for("message:created", count=3, timeout=10))["message"]
        assert again["createdBy"]["id"] == bot.id and again["content"] == f"Pong again, [@:{person.id}]!"
        await ok(
            live_client,
            "POST",
            f"/api/channels/{place.general}/messages/{message['id']}/buttons/thanks?type=button_click",
            token=person.token,
        )
        popup = await probe.wait_for("message:button_clicked_callback", timeout=10)
        assert popup["content"] == "You're welcome!" and popup["buttonId"] == "thanks"

        # another bot's command is not this bot's business
        await ok(live_client, "POST", f"/api/channels/{place.general}/messages", {"content": "/ping:123"}, person.token)
        await ok(
            live_client, "POST", f"/api/channels/{place.general}/messages", {"content": "/echo barrier"}, person.token
        )
        echoed = (await probe.wait_for("message:created", count=6, timeout=10))["message"]
        assert echoed["content"] == "barrier" and echoed["createdBy"]["id"] == bot.id
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 10)


async def test_the_example_bot_starts_a_thread_and_answers_in_it(live_server, live_client, sockets):
    bot = await new_bot(live_client)
    place = await community(live_client)
    person = await join(live_client, place)
    await add_to(live_client, bot, place)
    # CREATE_THREADS (channel bit 8) for everyone in the general channel, beside view, send, voice
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{place.general}/permissions/{place.default_role}",
        {"permissions": 7 | 8},
        place.owner.token,
    )
    probe = await threads_socket(sockets, person)
    process = await _start_bot(live_server.url, bot.token)
    try:
        asked = await tok(
            live_client, "POST", f"/api/channels/{place.general}/messages", {"content": "/thread Plans"}, person.token
        )
        thread = (await probe.wait_for("thread:created", timeout=10))["thread"]
        assert (thread["name"], thread["starterMessageId"], thread["createdById"]) == ("Plans", asked["id"], bot.id)
        answer = (await probe.wait_for("message:created", count=2, timeout=10))["message"]
        assert answer["channelId"] == thread["id"] and answer["content"] == f"Thread started, [@:{person.id}]!"

        await tok(live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "/ping"}, person.token)
        pong = (await probe.wait_for("message:created", count=4, timeout=10))["message"]
        assert pong["channelId"] == thread["id"] and pong["content"] == "Pong! 🏓"
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 10)
