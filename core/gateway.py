"""Realtime gateway: python-socketio over ASGI, websocket transport only.

``user:authenticate {token}`` → ``user:authenticated`` (the kernel's keys merged with every
plugin's ``authenticated_payload``) or ``user:authenticate_error`` + disconnect. Rooms follow
realtime.md §2: ``<userId>``, ``ses:<sessionId>``, and whatever plugins join. With Redis,
``core.fanout_redis`` carries emits and gateway commands across processes in one ordered stream,
and asks this process's sockets to reconnect when it finds that some of it never arrived.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import socketio

from core import fastjson, fastpath, features, passive
from core.db import after_commit
from core.dbfaults import DatabaseUnavailable
from core.fanout_redis import FastEmitRedisManager
from core.fastpath import wsdirect
from core.fastpath.eiosocket import LeanSocketServer
from core.fastpath.fanout import FastEmitManager
from core.identity.models import Account, Session, User
from core.identity.sessions import AuthFailure, resolve_token
from core.metrics.families import EVENT_GAPS, EVENTS_EMITTED, SOCKET_EVENTS_RECEIVED
from core.origins import origin_check, socket_origins
from core.plugins import PluginError, PluginHost
from core.redisconn import pubsub_channel, redis_settings
from core.settings import Settings
from core.socket_limits import DROP, OK, Limit, SocketLimits

log = logging.getLogger("hearth.gateway")
Handler = Callable[["SocketContext", Any], Awaitable[None]]
AUTHENTICATE_LIMIT: Limit = (5, 10.0)  # per socket; a client authenticates once per connection
# What of a socket's WSGI-style environ is read after it connects: by ``client_ip``, and by
# Engine.IO and its ASGI driver when the connection ends. The rest (every request header, the
# connect event) would stay in memory as long as the socket.
KEPT_ENVIRON = (
    "asgi.scope",
    "asgi.send",
    "asgi.receive",
    "REQUEST_METHOD",
    "PATH_INFO",
    "QUERY_STRING",
    "REMOTE_ADDR",
    "HTTP_ORIGIN",
    "HTTP_CF_CONNECTING_IP",
    "HTTP_X_FORWARDED_FOR",
)


@dataclass(slots=True)  # one per socket: no per-instance __dict__
class SocketContext:
    """An authenticated socket, handed to plugin hooks and event handlers. ``state["authenticate"]``
    (what the client asked for beside its token) is there while ``user:authenticated`` is built."""

    sid: str
    user: User
    session: Session
    gateway: Gateway
    state: dict[str, Any] = field(default_factory=dict)
    since: float = 0.0  # time.monotonic() when its authentication began: its state is as of then
    features: frozenset[str] = frozenset()  # Hearth's additions it asked for (core/features.py)

    async def join(self, room: str) -> None:
        await self.gateway.sio.enter_room(self.sid, room)

    async def leave(self, room: str) -> None:
        await self.gateway.sio.leave_room(self.sid, room)

    async def emit(self, event: str, data: Any) -> None:
        await self.gateway.sio.emit(event, data, to=self.sid)


def self_user(user: User, account: Account | None) -> dict[str, Any]:
    """The ``user`` of ``user:authenticated`` as far as the kernel knows it (nulls omitted)."""
    data: dict[str, Any] = {
        "id": str(user.id),
        "username": user.username,
        "tag": user.tag,
        "badges": user.badges,
        "hexColor": user.hex_color,
        "avatar": user.avatar,
        "banner": user.banner,
        "customStatus": user.custom_status,
        "lastOnlineStatus": user.last_online_status,
        "profile": None,
    }
    data = {k: v for k, v in data.items() if v is not None or k in ("customStatus", "profile")}
    if user.bot:
        data["bot"] = True
        return data
    if account is not None:
        data.update(
            {
                "email": account.email,
                "emailConfirmed": account.email_confirmed,
                "dmStatus": account.dm_status,
                "friendRequestStatus": account.friend_request_status,
                "hideFollowers": account.hide_followers,
                "hideFollowing": account.hide_following,
            }
        )
    data.update({"orderedServerIds": [], "serverFolders": [], "connections": [], "notices": [], "reminders": []})
    return data


def empty_payload() -> dict[str, Any]:
    return {
        "servers": [],
        "channels": [],
        "serverMembers": [],
        "serverRoles": [],
        "serverSettings": [],
        "notificationSettings": [],
        "lastSeenServerChannelIds": {},
        "messageMentions": [],
        "presences": [],
        "friends": [],
        "inbox": [],
        "voiceChannelUsers": [],
        "pid": os.getpid(),
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


Service = TypeVar("Service")


class Gateway:
    def __init__(self, settings: Settings, plugins: PluginHost):
        self.settings = settings
        self.plugins = plugins
        self.redis_url = settings.redis.url or None
        manager = (
            FastEmitRedisManager(
                self.redis_url,
                channel=pubsub_channel(self.redis_url, "socketio"),
                routed=bool(settings.get("redis.interest_routing", True)),
            )
            if self.redis_url
            else FastEmitManager()
        )
        fast = fastpath.wanted(settings)
        manager.fast = fast  # off: python-socketio's own emits (the Redis stream stays Hearth's)
        any_origin = socket_origins(settings) is None
        self.sio = (LeanSocketServer if fast else socketio.AsyncServer)(
            async_mode="asgi",
            transports=["websocket"],
            client_manager=manager,
            cors_allowed_origins="*" if any_origin else origin_check(settings),
            cors_credentials=False,  # tokens travel in user:authenticate, never in cookies
            max_http_buffer_size=1_000_000,
            json=fastjson,
        )
        if fast:  # (core/fastpath: each reaches into python-engineio or hypercorn)
            manager.direct = wsdirect.install(self.sio.eio)
            self.sio.lean_queues()
        self.sockets: dict[str, SocketContext] = {}
        # passive sockets and the quiet events plugins register (core/passive.py)
        self.passive = passive.Passive(float(settings.get("gateway.passive_summary_seconds", passive.WINDOW)))
        self.passive.deliver = manager.emit_here
        self.passive.participants = manager.local_participants
        manager.passive = self.passive
        self.limits = SocketLimits.from_settings(settings)
        self._timeouts: dict[str, asyncio.Task] = {}
        # Authentications built at once: each is mostly CPU (its payload), so letting every
        # arrival of a storm start at once only makes them all finish late, together.
        self._authentications = asyncio.Semaphore(int(settings.get("gateway.concurrent_authentications", 8)))
        self._handlers: dict[str, tuple[str, Handler]] = {}
        self._commands: dict[str, Callable[[dict[str, Any]], Awaitable[None]]] = {"kick": self._kick_local}
        self._last_gap = float("-inf")  # when this process last found events missing
        self.app: Any = None  # the Quart app: socket work runs in its app context, like a request
        self._services: dict[str, Any] = {}
        self.sio.on("connect", self._on_connect)
        self.sio.on("disconnect", self._on_disconnect)
        self.sio.on("user:authenticate", self._on_authenticate)

    def service(self, name: str, make: Callable[[Gateway], Service]) -> Service:
        """A plugin's object for this gateway (``make(gateway)`` on first use), living as long as
        the gateway. A module-level map keyed by gateway cannot do this: the object refers back
        to its gateway, so the key never dies (every app a test process made stayed alive)."""
        found = self._services.get(name)
        if found is None:
            found = self._services[name] = make(self)
        return found

    # --- plugin handlers ---------------------------------------------------------------
    def register(self, plugin_id: str, event: str, handler: Handler) -> None:
        if event in self._handlers or event == "user:authenticate":
            owner = self._handlers.get(event, ("core",))[0]
            raise PluginError(f"plugins {owner!r} and {plugin_id!r} both handle the socket event {event!r}")
        self._handlers[event] = (plugin_id, handler)
        limit = getattr(handler, "socket_limit", None)
        received = SOCKET_EVENTS_RECEIVED.labels(event)

        async def dispatch(sid: str, data: Any = None) -> None:
            ctx = self.sockets.get(sid)
            if ctx is None:
                return  # unauthenticated sockets are ignored, as upstream does
            if not await self._within_limits(sid, event, limit):
                return
            received.inc()
            try:
                async with self.app.app_context():
                    await handler(ctx, data)
            except Exception:  # a handler bug must not kill the socket
                log.exception("socket handler %s failed", event)

        self.sio.on(event, dispatch)

    async def _within_limits(self, sid: str, event: str, limit: Limit | None) -> bool:
        """Count the event against the socket's limits; a socket that keeps going over is dropped."""
        verdict = self.limits.check(sid, event, limit)
        if verdict == DROP:
            log.warning("socket %s disconnected: too many %r events", sid, event)
            await self.sio.disconnect(sid, ignore_queue=True)
        return verdict == OK

    # --- lifecycle -------------------------------------------------------------------
    @property
    def fanout(self) -> FastEmitRedisManager | None:
        """The cross-process stream (None without Redis); ``.listening`` says if it is connected."""
        manager = self.sio.manager
        return manager if isinstance(manager, FastEmitRedisManager) else None

    async def start(self) -> None:
        fanout = self.fanout
        if fanout is not None:
            fanout.configure(
                timeout=redis_settings(self.settings)[0],
                beat_seconds=float(self.settings.get("redis.heartbeat_seconds", 1)),
            )
            fanout.on_command = self._run_command
            fanout.on_gap = self._missed_events
            fanout.on_room_gap = self._missed_room_events
            self.sio.manager_initialized = True  # started here, before any socket connects
            await fanout.start()

    async def stop(self) -> None:
        for task in self._timeouts.values():
            task.cancel()
        self.passive.close()
        await self.sio.shutdown()  # ends Engine.IO's ping-timeout task, which holds the whole server
        if self.fanout is not None:
            await self.fanout.stop()

    async def _on_connect(self, sid: str, environ: dict, auth: Any = None) -> None:
        kept = {key: environ[key] for key in KEPT_ENVIRON if key in environ}
        environ.clear()  # in place: Engine.IO's frames hold this very dict; clear() frees its table too
        environ.update(kept)
        timeout = float(self.settings.gateway.auth_timeout_seconds)
        self._timeouts[sid] = asyncio.create_task(self._auth_timeout(sid, timeout))

    async def _auth_timeout(self, sid: str, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self._timeouts.pop(sid, None)
        if sid not in self.sockets:
            await self._reject(sid, "Authentication timed out")

    async def _reject(self, sid: str, message: str, data: Any = None) -> None:
        body = {"message": message} if data is None else {"message": message, "data": data}
        await self.sio.emit("user:authenticate_error", body, to=sid, ignore_queue=True)
        await self.sio.disconnect(sid, ignore_queue=True)

    def client_ip(self, sid: str) -> str | None:
        """The socket's client address, as ``core.auth.client_ip`` finds a request's."""
        environ = self.sio.get_environ(sid) or {}
        if self.settings.get("server.trust_proxy_headers"):
            forwarded = environ.get("HTTP_CF_CONNECTING_IP") or environ.get("HTTP_X_FORWARDED_FOR")
            if forwarded:
                return forwarded.split(",")[0].strip()
        client = (environ.get("asgi.scope") or {}).get("client")
        return client[0] if client else None

    async def _on_authenticate(self, sid: str, data: Any = None) -> None:
        if sid in self.sockets or not self.sio.manager.is_connected(sid, "/"):
            return
        if not await self._within_limits(sid, "user:authenticate", AUTHENTICATE_LIMIT):
            return
        # The socket has asked in time: from here it is answered or refused, however long the
        # server takes (in a reconnect storm the window used to close on sockets still queued).
        timer = self._timeouts.pop(sid, None)
        if timer:
            timer.cancel()
        async with self._authentications:  # a few at a time, first come first served
            if self.sio.manager.is_connected(sid, "/") and sid not in self.sockets:  # (asked twice)
                await self._authenticate(sid, data)

    async def _authenticate(self, sid: str, data: Any) -> None:
        token = data.get("token") if isinstance(data, dict) else None
        since = time.monotonic()
        try:
            identity = await resolve_token(
                token if isinstance(token, str) else None,
                int(self.settings.auth.session_idle_days),
                self.client_ip(sid),
                self.app.extensions["hearth"].standing,
            )
        except AuthFailure as failure:
            await self._reject(
                sid, "Invalid token." if failure.message == "No token provided." else failure.message, failure.data
            )
            return
        except DatabaseUnavailable:
            # not the token's fault: the client comes back (and authenticates) once it can
            await self.ask_to_reconnect([sid])
            return
        if not self.sio.manager.is_connected(sid, "/"):
            return
        user, session = identity.user, identity.session
        ctx = SocketContext(
            sid=sid,
            user=user,
            session=session,
            gateway=self,
            since=since,
            features=features.parse(data.get("features")),
        )
        # what else the client asked for (realtime.md §3.1: partial, currentServerId, compression)
        ctx.state["authenticate"] = {k: v for k, v in data.items() if k != "token"}
        await ctx.join(f"ses:{session.id}")
        await ctx.join(str(user.id))
        account = identity.account
        payload = {"user": self_user(user, account), **empty_payload(), "sessionId": str(session.id)}
        try:
            async with self.app.app_context():
                for hook in ("authenticated_payload", "authenticated_payload_late"):
                    for contribution in await self.plugins.gather(hook, ctx=ctx):
                        merge_payload(payload, contribution)
        except DatabaseUnavailable:
            await self.ask_to_reconnect([sid])
            try:
                await self._disconnected(ctx)
            except Exception:
                log.exception("undoing a failed authentication")
            return
        except Exception:  # a plugin bug must answer the client, not leave it waiting forever
            log.exception("building user:authenticated failed")
            await self._reject(sid, "Something went wrong. Try again later.")
            return
        if not self.sio.manager.is_connected(sid, "/"):
            # it went away while the payload was gathered: undo what the hooks set up
            await self._disconnected(ctx)
            return
        ctx.state.pop("authenticate", None)  # read while building the payload only
        if passive.FEATURE in ctx.features:
            self.passive.add(sid, str(user.id))
        self.sockets[sid] = ctx
        await self.sio.emit("user:authenticated", payload, to=sid, ignore_queue=True)
        if self._last_gap >= since:  # its payload may predate events this process never received
            await self.ask_to_reconnect([sid])

    async def _on_disconnect(self, sid: str, *args: Any) -> None:
        self.limits.forget(sid)
        timer = self._timeouts.pop(sid, None)
        if timer:
            timer.cancel()
        self.passive.forget(sid)
        ctx = self.sockets.pop(sid, None)
        if ctx is not None:
            await self._disconnected(ctx)

    async def _disconnected(self, ctx: SocketContext) -> None:
        async with self.app.app_context():
            await self.plugins.gather("socket_disconnected", ctx=ctx)

    # --- sending ---------------------------------------------------------------------
    async def emit(self, event: str, data: Any, to: str | list[str], skip_sid: str | None = None) -> None:
        """Send to a room (or rooms) once the surrounding transaction, if any, commits."""
        if not to:
            return  # python-socketio reads an empty room list as "everybody"

        async def send() -> None:
            await self.sio.emit(event, data, to=to, skip_sid=skip_sid)
            EVENTS_EMITTED.labels(event).inc()

        await after_commit(send)

    async def kick(self, room: str, message: str, data: Any = None) -> None:
        """``user:authenticate_error`` to every socket in ``room`` on every process, then disconnect."""
        await self.everywhere("kick", {"room": room, "message": message, "data": data})

    def on_everywhere(self, name: str, handler: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """Register work that :meth:`everywhere` runs on every process (each for its own sockets)."""
        self._commands[name] = handler

    async def everywhere(self, name: str, data: dict[str, Any]) -> None:
        """Run a registered command on every server process, after the transaction commits —
        how room membership changes reach sockets held by other processes. This process runs it
        before returning; the others run it in order with the events emitted after it."""
        body = {"command": name, "data": data}

        async def send() -> None:
            try:
                await self._run_command(body)
            except Exception:  # committed already: the other processes must still hear of it
                log.exception("gateway command %s failed", name)
            if self.fanout is not None:
                await self.fanout.publish_command(body)

        await after_commit(send)

    async def _run_command(self, body: dict[str, Any]) -> None:
        handler = self._commands.get(body.get("command", ""))
        if handler is not None:
            async with self.app.app_context():
                await handler(body.get("data") or {})

    async def _missed_events(self, why: str) -> None:
        """Events from other processes never arrived (a Redis outage): every socket authenticated
        before now may lack some, so each is asked to reconnect and authenticate afresh."""
        self._last_gap = now = time.monotonic()
        EVENT_GAPS.inc()
        sids = [sid for sid, ctx in self.sockets.items() if ctx.since <= now]
        closed = await self.ask_to_reconnect(sids)
        log.warning("%s: asked %d socket(s) to reconnect", why, closed)

    async def _missed_room_events(self, rooms: list[str], why: str, before: float | None = None) -> None:
        """Events of these rooms, published before ``before`` (or now), never arrived: only the
        sockets in them whose state was read earlier are asked to reconnect."""
        now = time.monotonic()
        cutoff = now if before is None else min(before, now)
        self._last_gap = max(self._last_gap, cutoff)
        EVENT_GAPS.inc()
        participants = {sid for room in rooms for sid, _ in self.sio.manager.get_participants("/", room)}
        sids = [sid for sid in participants if (ctx := self.sockets.get(sid)) is not None and ctx.since <= cutoff]
        closed = await self.ask_to_reconnect(sids)
        log.warning("%s: asked %d socket(s) to reconnect", why, closed)

    async def ask_to_reconnect(self, sids: list[str] | None = None) -> int:
        """Close the transport of these sockets (every socket of this process by default) without a
        Socket.IO disconnect packet. Clients see a lost connection, reconnect and authenticate
        again, and so catch up on whatever they may have missed; a server-side disconnect would
        instead tell socket.io-client not to reconnect. Returns how many sockets were closed."""
        manager = self.sio.manager
        if sids is None:
            eio_sids = list(self.sio.eio.sockets)
        else:
            eio_sids = [eio for eio in (manager.eio_sid_from_sid(sid, "/") for sid in sids) if eio is not None]
        closed = 0
        for eio_sid in eio_sids:
            socket = self.sio.eio.sockets.get(eio_sid)
            if socket is not None and not socket.closed:
                # Engine.IO's writer sends what is queued, then closes the websocket; its reader
                # then ends and the usual disconnect handling runs.
                socket.queue.put_nowait(None)
                closed += 1
        return closed

    def local_sockets(self, room: str) -> list[SocketContext]:
        return [self.sockets[sid] for sid, _ in self.sio.manager.get_participants("/", room) if sid in self.sockets]

    async def _kick_local(self, body: dict[str, Any]) -> None:
        payload = {"message": body["message"]}
        if body.get("data") is not None:
            payload["data"] = body["data"]
        sids = [sid for sid, _ in self.sio.manager.get_participants("/", body["room"])]
        for sid in sids:
            ctx = self.sockets.pop(sid, None)
            self.passive.forget(sid)
            await self.sio.emit("user:authenticate_error", payload, to=sid, ignore_queue=True)
            await self.sio.disconnect(sid, ignore_queue=True)
            if ctx is not None:  # the disconnect handler no longer sees it: run its hooks here
                await self._disconnected(ctx)
