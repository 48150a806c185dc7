"""A Hearth bot in one file: logs in with its token, registers its commands, answers ``/ping``
with a message carrying buttons and handles their clicks; ``/thread <name>`` starts a thread on
the command's message and answers in it, and it answers commands sent inside threads too.

    HEARTH_URL=http://127.0.0.1:8000 HEARTH_BOT_TOKEN=<token> python examples/bots/ping_bot.py

Needs ``python-socketio[asyncio_client]`` and ``aiohttp`` (both in Hearth's requirements).
It speaks the Nerimity protocol, so it runs against any Nerimity-compatible server; threads are
Hearth's addition, which it asks for (``features`` at authenticate, ``X-Hearth-Features`` over
HTTP: docs/protocol-extensions.md) — a server without them simply never sends a thread.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import Any

import aiohttp
import socketio

log = logging.getLogger("ping_bot")

COMMANDS = [
    {"name": "ping", "description": "Answers with pong and two buttons"},
    {"name": "echo", "description": "Repeats what you say", "args": "<text>"},
    {"name": "thread", "description": "Starts a thread on your message", "args": "<name>"},
]
FEATURES = ["threads"]  # Hearth's threads: their events reach this socket, their routes answer it
BUTTONS = [{"id": "again", "label": "Ping again"}, {"id": "thanks", "label": "Thanks!"}]


class PingBot:
    def __init__(self, url: str, token: str):
        self.url = url.rstrip("/")
        self.token = token
        self.me: dict[str, Any] = {}
        self.http: aiohttp.ClientSession | None = None
        self.sio = socketio.AsyncClient(reconnection=True)
        self.sio.on("user:authenticated", self.on_authenticated)
        self.sio.on("user:authenticate_error", self.on_authenticate_error)
        self.sio.on("message:created", self.on_message)
        self.sio.on("message:button_clicked", self.on_button_clicked)
        self.sio.on("connect", self.on_connect)
        self.stopped = asyncio.Event()

    # --- HTTP: the raw token in the Authorization header, no "Bearer" ------------------------
    async def api(self, method: str, path: str, body: Any = None) -> Any:
        assert self.http is not None
        async with self.http.request(
            method,
            f"{self.url}/api{path}",
            json=body,
            headers={"Authorization": self.token, "X-Hearth-Features": ",".join(FEATURES)},
        ) as response:
            answer = await response.json(content_type=None)
            if response.status != 200:
                raise RuntimeError(f"{method} {path}: {response.status} {answer}")
            return answer

    async def send(self, channel_id: str, content: str, buttons: list[dict[str, Any]] | None = None) -> Any:
        body: dict[str, Any] = {"content": content}
        if buttons:
            body["buttons"] = buttons
        return await self.api("POST", f"/channels/{channel_id}/messages", body)

    # --- socket events -----------------------------------------------------------------------
    async def on_connect(self) -> None:
        await self.sio.emit("user:authenticate", {"token": self.token, "features": FEATURES})

    async def on_authenticated(self, payload: dict[str, Any]) -> None:
        self.me = payload["user"]
        log.info("logged in as %s:%s in %d servers", self.me["username"], self.me["tag"], len(payload["servers"]))
        print("ready", flush=True)  # the example's test waits for this line

    async def on_authenticate_error(self, error: dict[str, Any]) -> None:
        log.error("authentication failed: %s", error.get("message"))
        self.stopped.set()

    def command_of(self, content: str) -> tuple[str, str] | None:
        """``/ping`` or ``/ping:<botId> args`` (the web client appends the id of the bot whose
        command was picked, so two bots with the same command don't both answer)."""
        if not content.startswith("/"):
            return None
        head, _, rest = content[1:].partition(" ")
        name, _, bot_id = head.partition(":")
        if bot_id and bot_id != self.me.get("id"):
            return None
        return name.lower(), rest.strip()

    async def on_message(self, event: dict[str, Any]) -> None:
        message = event["message"]
        if message["createdBy"]["id"] == self.me.get("id"):
            return
        command = self.command_of(message.get("content") or "")
        if command is None:
            return
        name, args = command
        if name == "ping":
            await self.send(message["channelId"], "Pong! 🏓", BUTTONS)
        elif name == "echo" and args:
            await self.send(message["channelId"], args)
        elif name == "thread":
            # the message becomes the thread's start; the answer goes inside it (a thread is a channel)
            thread = await self.api(
                "POST",
                "/threads",
                {"channelId": message["channelId"], "messageId": message["id"], "name": args or "Bot thread"},
            )
            await self.send(thread["id"], f"Thread started, [@:{message['createdBy']['id']}]!")

    async def on_button_clicked(self, event: dict[str, Any]) -> None:
        channel_id, user_id = event["channelId"], event["userId"]
        if event["buttonId"] == "again":
            await self.send(channel_id, f"Pong again, [@:{user_id}]!")
        elif event["buttonId"] == "thanks":
            # a popup only the clicker sees
            await self.api(
                "POST",
                f"/channels/{channel_id}/messages/{event['messageId']}/buttons/thanks/callback",
                {"userId": user_id, "title": "Ping bot", "content": "You're welcome!"},
            )

    # --- life --------------------------------------------------------------------------------
    async def run(self) -> None:
        async with aiohttp.ClientSession() as self.http:
            await self.api("POST", "/applications/bot/commands", {"commands": COMMANDS})
            await self.sio.connect(self.url, transports=["websocket"])
            await self.stopped.wait()
            await self.sio.disconnect()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    bot = PingBot(os.environ.get("HEARTH_URL", "http://127.0.0.1:8000"), os.environ["HEARTH_BOT_TOKEN"])

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, bot.stopped.set)
        await bot.run()

    asyncio.run(run())


if __name__ == "__main__":
    main()
