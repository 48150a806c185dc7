"""Realtime gateway: python-socketio over ASGI, websocket transport only.

``user:authenticate {token}`` → ``user:authenticated`` (the kernel's keys merged with every
plugin's ``authenticated_payload``) or ``user:authenticate_error`` + disconnect. Rooms follow
realtime.md §2: ``<userId>``, ``ses:<sessionId>``, and whatever plugins join. With Redis the
``AsyncRedisManager`` fans emits out across processes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import socketio

from core import wsdirect
from core.db import after_commit
from core.fanout import FastEmitManager, FastEmitRedisManager
from core.identity.models import Account, Session, User
from core.identity.sessions import AuthFailure, resolve_token
from core.plugins import PluginError, PluginHost
from core.settings import Settings

log = logging.getLogger("hearth.gateway")
COMMAND_CHANNEL = "hearth:gateway:commands"
Handler = Callable[["SocketContext", Any], Awaitable[None]]


@dataclass
class SocketContext:
    """An authenticated socket, handed to plugin hooks and event handlers."""

    sid: str
    user: User
    session: Session
    gateway: "Gateway"
    state: dict[str, Any] = field(default_factory=dict)

    async def join(self, room: str) -> None:
        await self.gateway.sio.enter_room(self.sid, room)

    async def leave(self, room: str) -> None:
        await self.gateway.sio.leave_room(self.sid, room)

    async def emit(self, event: str, data: Any) -> None:
        await self.gateway.sio.emit(event, data, to=self.sid)


def self_user(user: User, account: Account | None) -> dict[str, Any]:
    """The ``user`` of ``user:authenticated`` as far as the kernel knows it (nulls omitted)."""
    data: dict[str, Any] = {
        "id": str(user.id), "username": user.username, "tag": user.tag, "badges": user.badges,
        "hexColor": user.hex_color, "avatar": user.avatar, "banner": user.banner,
        "customStatus": user.custom_status, "lastOnlineStatus": user.last_online_status,
        "profile": None,
    }
    data = {k: v for k, v in data.items() if v is not None or k in ("customStatus", "profile")}
    if user.bot:
        data["bot"] = True
        return data
    if account is not None:
        data.update({
            "email": account.email, "emailConfirmed": account.email_confirmed,
            "dmStatus": account.dm_status, "friendRequestStatus": account.friend_request_status,
            "hideFollowers": account.hide_followers, "hideFollowing": account.hide_following,
        })
    data.update({"orderedServerIds": [], "serverFolders": [], "connections": [], "notices": [], "reminders": []})
    return data


def empty_payload() -> dict[str, Any]:
    return {
        "servers": [], "channels": [], "serverMembers": [], "serverRoles": [], "serverSettings": [],
        "notificationSettings": [], "lastSeenServerChannelIds": {}, "messageMentions": [],
        "presences": [], "friends": [], "inbox": [], "voiceChannelUsers": [], "pid": os.getpid(),
    }


def merge_payload(payload: dict[str, Any], contribution: dict[str, Any] | None) -> None:
    """Lists are concatenated (servers and inbox both add ``channels``), objects merged."""
    for key, value in (contribution or {}).items():
        current = payload.get(key)
        if isinstance(current, list) and isinstance(value, list):
            current.extend(value)
        elif isinstance(current, dict) and isinstance(value, dict):
            current.update(value)
        else:
            payload[key] = value


class Gateway:
    def __init__(self, settings: Settings, plugins: PluginHost):
        self.settings = settings
        self.plugins = plugins
        self.redis_url = settings.redis.url or None
        origins = settings.server.cors_origins
        manager = (FastEmitRedisManager(self.redis_url, channel="hearth:socketio") if self.redis_url
                   else FastEmitManager())
        self.sio = socketio.AsyncServer(
            async_mode="asgi", transports=["websocket"], client_manager=manager,
            cors_allowed_origins="*" if origins == "*" else origins, max_http_buffer_size=1_000_000,
        )
        manager.direct = wsdirect.install(self.sio.eio)
        self.sockets: dict[str, SocketContext] = {}
        self._timeouts: dict[str, asyncio.Task] = {}
        self._handlers: dict[str, tuple[str, Handler]] = {}
        self._command_task: asyncio.Task | None = None
        self._commands: dict[str, Callable[[dict[str, Any]], Awaitable[None]]] = {"kick": self._kick_local}
        self._redis: Any = None
        self.app: Any = None  # the Quart app: socket work runs in its app context, like a request
        self.sio.on("connect", self._on_connect)
        self.sio.on("disconnect", self._on_disconnect)
        self.sio.on("user:authenticate", self._on_authenticate)

    # --- plugin handlers ---------------------------------------------------------------
    def register(self, plugin_id: str, event: str, handler: Handler) -> None:
        if event in self._handlers or event == "user:authenticate":
            owner = self._handlers.get(event, ("core",))[0]
            raise PluginError(f"plugins {owner!r} and {plugin_id!r} both handle the socket event {event!r}")
        self._handlers[event] = (plugin_id, handler)

        async def dispatch(sid: str, data: Any = None) -> None:
            ctx = self.sockets.get(sid)
            if ctx is None:
                return  # unauthenticated sockets are ignored, as upstream does
            try:
                async with self.app.app_context():
                    await handler(ctx, data)
            except Exception:  # a handler bug must not kill the socket
                log.exception("socket handler %s failed", event)

        self.sio.on(event, dispatch)

    # --- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        if self.redis_url:
            import redis.asyncio as aioredis

            self._redis = aioredis.from_url(self.redis_url)
            pubsub = self._redis.pubsub()
            await pubsub.subscribe(COMMAND_CHANNEL)
            self._command_task = asyncio.create_task(self._listen_commands(pubsub))

    async def stop(self) -> None:
        for task in [*self._timeouts.values(), *([self._command_task] if self._command_task else [])]:
            task.cancel()
        if self._redis is not None:
            await self._redis.aclose()

    async def _on_connect(self, sid: str, environ: dict, auth: Any = None) -> None:
        timeout = float(self.settings.gateway.auth_timeout_seconds)
        self._timeouts[sid] = asyncio.create_task(self._auth_timeout(sid, timeout))

    async def _auth_timeout(self, sid: str, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self._timeouts.pop(sid, None)
        if sid not in self.sockets:
            await self._reject(sid, "Authentication timed out")

    async def _reject(self, sid: str, message: str) -> None:
        await self.sio.emit("user:authenticate_error", {"message": message}, to=sid, ignore_queue=True)
        await self.sio.disconnect(sid, ignore_queue=True)

    async def _on_authenticate(self, sid: str, data: Any = None) -> None:
        if sid in self.sockets:
            return
        token = data.get("token") if isinstance(data, dict) else None
        try:
            identity = await resolve_token(token if isinstance(token, str) else None,
                                           int(self.settings.auth.session_idle_days))
        except AuthFailure as failure:
            await self._reject(sid, "Invalid token." if failure.message == "No token provided." else failure.message)
            return
        if not self.sio.manager.is_connected(sid, "/"):
            return
        timer = self._timeouts.pop(sid, None)
        if timer:
            timer.cancel()
        user, session = identity.user, identity.session
        ctx = SocketContext(sid=sid, user=user, session=session, gateway=self)
        # what else the client asked for (realtime.md §3.1: partial, currentServerId, compression)
        ctx.state["authenticate"] = {k: v for k, v in data.items() if k != "token"}
        await ctx.join(f"ses:{session.id}")
        await ctx.join(str(user.id))
        account = None if user.bot else await Account.get_or_none(user_id=user.id)
        payload = {"user": self_user(user, account), **empty_payload(), "sessionId": str(session.id)}
        try:
            async with self.app.app_context():
                for contribution in await self.plugins.gather("authenticated_payload", ctx=ctx):
                    merge_payload(payload, contribution)
        except Exception:  # a plugin bug must answer the client, not leave it waiting forever
            log.exception("building user:authenticated failed")
            await self._reject(sid, "Something went wrong. Try again later.")
            return
        if not self.sio.manager.is_connected(sid, "/"):
            # it went away while the payload was gathered: undo what the hooks set up
            await self._disconnected(ctx)
            return
        self.sockets[sid] = ctx
        await self.sio.emit("user:authenticated", payload, to=sid, ignore_queue=True)

    async def _on_disconnect(self, sid: str, *args: Any) -> None:
        timer = self._timeouts.pop(sid, None)
        if timer:
            timer.cancel()
        ctx = self.sockets.pop(sid, None)
        if ctx is not None:
            await self._disconnected(ctx)

    async def _disconnected(self, ctx: SocketContext) -> None:
        async with self.app.app_context():
            await self.plugins.gather("socket_disconnected", ctx=ctx)

    # --- sending ---------------------------------------------------------------------
    async def emit(self, event: str, data: Any, to: str | list[str], skip_sid: str | None = None) -> None:
        """Send to a room (or rooms) once the surrounding transaction, if any, commits."""

        async def send() -> None:
            await self.sio.emit(event, data, to=to, skip_sid=skip_sid)

        await after_commit(send)

    async def kick(self, room: str, message: str, data: Any = None) -> None:
        """``user:authenticate_error`` to every socket in ``room`` on every process, then disconnect."""
        await self.everywhere("kick", {"room": room, "message": message, "data": data})

    def on_everywhere(self, name: str, handler: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """Register work that :meth:`everywhere` runs on every process (each for its own sockets)."""
        self._commands[name] = handler

    async def everywhere(self, name: str, data: dict[str, Any]) -> None:
        """Run a registered command on every server process, after the transaction commits —
        how room membership changes reach sockets held by other processes."""
        body = {"command": name, "data": data}

        async def send() -> None:
            if self._redis is not None:
                await self._redis.publish(COMMAND_CHANNEL, json.dumps(body))
            else:
                await self._run_command(body)

        await after_commit(send)

    async def _run_command(self, body: dict[str, Any]) -> None:
        handler = self._commands.get(body.get("command", ""))
        if handler is not None:
            async with self.app.app_context():
                await handler(body.get("data") or {})

    def local_sockets(self, room: str) -> list["SocketContext"]:
        return [self.sockets[sid] for sid, _ in self.sio.manager.get_participants("/", room) if sid in self.sockets]

    async def _kick_local(self, body: dict[str, Any]) -> None:
        payload = {"message": body["message"]}
        if body.get("data") is not None:
            payload["data"] = body["data"]
        sids = [sid for sid, _ in self.sio.manager.get_participants("/", body["room"])]
        for sid in sids:
            ctx = self.sockets.pop(sid, None)
            await self.sio.emit("user:authenticate_error", payload, to=sid, ignore_queue=True)
            await self.sio.disconnect(sid, ignore_queue=True)
            if ctx is not None:  # the disconnect handler no longer sees it: run its hooks here
                await self._disconnected(ctx)

    async def _listen_commands(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            if message.get("type") == "message":
                try:
                    await self._run_command(json.loads(message["data"]))
                except Exception:
                    log.exception("could not run a gateway command")
