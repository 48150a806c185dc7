"""Calls: join, leave, the signalling relay and the voice state other plugins show
(rest.md §3.22–3.24, realtime.md §3.5, §4.4, §5.6 and §6).

Any text channel hosts a call: a server text channel (audience: the channel room) or a DM
(audience: both participants' user rooms). The service hangs off the gateway, like presence,
because socket paths have no Quart app context: ``service_for(gateway)``.

Besides the reference's events, Hearth's own client hears, on its voice socket only,
``voice:session {channelId, mode, slots?}`` when its join took effect and ``voice:session
{channelId: null, reason}`` when it is no longer in the call (left, disconnected, joined
elsewhere, removed); and, with the call's audience, ``voice:call_mode {channelId, mode, slots?}`` when a
call switches between peer-to-peer and server-side media. The protocol's clients ignore them.

A channel kind another plugin brings hosts calls when it answers the call seam (``callable_kind``
below; the README's "Calls in other kinds of channel"): who a call there rings, and which of its
channels a user hears calls of; its ``rooms`` are the call's audience.

Servers and inbox are optional: without servers there are only DM calls, without inbox only
server channel calls. Their models are imported inside the functions that need them, each after
checking the plugin runs (``self.plugins.enabled``). Who may call whom in a DM is inbox's to say
(``plugins.inbox.privacy``): the friends plugin's blocks, or without friends the DM privacy.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from core import metrics
from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.ids import parse_id
from core.periodic import every, stop
from core.redisconn import redis_settings
from plugins.messages import service as messages
from plugins.messages.extensions import extensions
from plugins.messages.kinds import Access
from plugins.messages.models import CALL_STARTED, DM_TEXT, SERVER_TEXT, Channel
from plugins.voice.store import (
    HEARTBEAT_TTL_S,
    SERVER,
    Entry,
    Joined,
    Left,
    MemoryStore,
    Policy,
    RedisStore,
    VoiceUnavailable,
)

# joined - left = voice sessions open now (across every process)
SESSIONS = metrics.counter("hearth_voice_sessions_total", "Voice sessions joined and left.", ["change"])
CALLS_STARTED = metrics.counter("hearth_voice_calls_started_total", "Calls started (the first person joined).")
MAX_SIGNAL_BYTES = 64 * 1024  # an SDP with every candidate is a few kB; nothing legitimate is near this

# Why a user is no longer in a call (``voice:session`` reason).
LEFT, DISCONNECTED, ELSEWHERE, REMOVED = "left", "disconnected", "elsewhere", "removed"


def service_for(gateway: Any = None) -> VoiceService:
    gateway = gateway if gateway is not None else hearth().gateway
    return gateway.service("voice", VoiceService)


def callable_kind(kind: Any) -> bool:
    """Whether a kind voice does not know hosts calls: it answers ``call_ringing(user, access) ->
    [user ids]`` (who a call started by ``user`` rings; raise ApiError to refuse the caller) and
    ``call_channels(user) -> [channel ids]`` (whose calls ``user`` hears of)."""
    return hasattr(kind, "call_ringing") and hasattr(kind, "call_channels")


def _policy(settings: Any) -> Policy:
    return Policy(
        server_media=bool(settings.get("voice.server_media", True)),
        p2p_max=int(settings.get("voice.p2p_max_participants", 4)),
    )


class VoiceService:
    def __init__(self, gateway: Any):
        from plugins.voice.media.router import MediaRouter

        self.gateway = gateway
        self.policy = _policy(gateway.settings)
        self.slots = int(gateway.settings.get("voice.server_media_slots", 3))
        url = gateway.settings.redis.url
        timeout, retry = redis_settings(gateway.settings)
        self.store: MemoryStore | RedisStore = RedisStore(url, timeout, retry) if url else MemoryStore()
        if isinstance(self.store, RedisStore):
            self.store.on_recovered = lambda: asyncio.get_running_loop().create_task(self._keep_alive())
        self.media = MediaRouter(self)
        self._keeper: asyncio.Task | None = None
        # Socket.IO runs each incoming event in its own task: one socket's signals wait for the
        # previous one, so an offer and its candidates arrive in the order they were sent.
        self._in_order: dict[str, asyncio.Lock] = {}

    @property
    def node(self) -> str:
        return self.store.node

    @property
    def plugins(self) -> Any:
        return self.gateway.app.extensions["hearth"].plugins

    # --- lifecycle ---------------------------------------------------------------------
    async def start(self) -> None:
        await self.store.start()
        self.media.install()
        if isinstance(self.store, RedisStore):
            self._keeper = every(HEARTBEAT_TTL_S / 3, self._keep_alive, "voice heartbeat")

    async def stop(self) -> None:
        await stop(self._keeper)  # before the store closes: a beat may be using it
        self._keeper = None
        await self.media.stop()
        await self.store.stop()

    async def _keep_alive(self) -> None:
        try:
            await self.store.heartbeat()
            await self.reap()
        except VoiceUnavailable:
            pass  # the store logged the outage; the next beat tries again

    async def reap(self) -> None:
        """Calls of processes that died, and of this process's sockets that went while Redis was
        unreachable: their users left (``disconnected``)."""
        for left in [*await self.store.reconcile(self.policy), *await self.store.reap(self.policy)]:
            async with self.gateway.app.app_context():
                await self._announce_left(left, DISCONNECTED)

    # --- joining and leaving -------------------------------------------------------------
    async def join(self, user: User, channel_id: str, socket_id: str, capable: bool = False) -> None:
        access = await messages.load_channel(user, channel_id)
        channel = access.channel
        ctx: Any = access.extra.get("ctx") if channel.type == SERVER_TEXT else None
        if ctx is not None and not ctx.is_admin and not self._may_join_voice(ctx, access.extra["overrides"]):
            raise ApiError(403, "You are not allowed to join voice in this channel.")
        if not user.bot and not await Account.filter(user_id=user.id, email_confirmed=True).exists():
            raise bad_request("You must confirm your email to join voice.")
        if ctx is not None and ctx.muted:
            raise ApiError(403, "You are muted in this server.")
        owner = await self.store.socket_owner(socket_id)
        if owner is None or owner[0] != user.id:
            raise ApiError(403, "Invalid socketId or not connected to WebSocket.")
        known = channel.type in (DM_TEXT, SERVER_TEXT)
        if (not known and not callable_kind(access.kind)) or (channel.type == SERVER_TEXT and ctx is None):
            raise ApiError(403, "Cannot join voice channel.")
        ringing: list[int] = []
        if channel.type == DM_TEXT:
            recipient_id = access.extra["inbox"].recipient_id
            if recipient_id != user.id and await self._dm_call_refused(user.id, recipient_id):
                raise ApiError(403, "Cannot join voice channel.")
            ringing = [recipient_id] if recipient_id != user.id else []
        elif not known:
            ringing = await access.kind.call_ringing(user, access)  # type: ignore[attr-defined]
        if hearth().standing.shadow_banned(user.id):
            return  # rest.md §0.8: the join answers success and nothing happens
        entry = Entry(
            user_id=user.id,
            channel_id=channel.id,
            server_id=channel.server_id,
            sid=socket_id,
            node=owner[1],
            capable=capable,
        )
        joined = await self.store.join(entry, self.policy, self.node)
        await self._announce_joined(joined, access, user, ringing)

    def _may_join_voice(self, ctx: Any, overrides: Any) -> bool:
        """A server member's JOIN_VOICE in the channel (server channels exist only with servers)."""
        if not self.plugins.enabled("servers"):
            return False
        from plugins.servers.permissions import JOIN_VOICE, channel_bits

        return bool(channel_bits(ctx, overrides) & JOIN_VOICE)

    async def _dm_call_refused(self, user_id: int, recipient_id: int) -> bool:
        """A block either way refuses a DM call (rest.md §3.22). Without friends nobody is blocked,
        so the DM privacy settings decide instead: a call (and its ringing) only between people
        who may message each other."""
        if not self.plugins.enabled("inbox"):
            return False  # no inbox, no DM calls to refuse
        from plugins.inbox.privacy import blocked_either_way, refusal

        if self.plugins.enabled("friends"):
            return await blocked_either_way(user_id, recipient_id)
        return await refusal(user_id, recipient_id) is not None

    async def _dm_owners(self, channel_id: int) -> list[int]:
        """Who has this DM channel in their inbox (its call's audience)."""
        if not self.plugins.enabled("inbox"):
            return []
        from plugins.inbox.models import Inbox

        return list(await Inbox.filter(channel_id=channel_id).values_list("created_by_id", flat=True))

    async def _announce_joined(self, joined: Joined, access: Access, user: User, ringing: list[int]) -> None:
        entry = joined.entry
        SESSIONS.labels("joined").inc()
        if joined.started:
            CALLS_STARTED.inc()
        async with transaction():
            if joined.previous is not None:
                previous = joined.previous
                reason = ELSEWHERE if previous.sid != entry.sid else LEFT
                await self._announce_left(
                    Left(previous, joined.previous_call or joined.call),
                    reason,
                    session=previous.sid != entry.sid,
                    call_changed=joined.previous_call is not None,
                )
            if joined.started:
                await messages.system_message(access, user, CALL_STARTED)
            rooms = await self._rooms(entry)
            await self.gateway.emit("voice:user_joined", entry.wire(), to=rooms)
            if joined.call.mode_changed and joined.call.previous_mode is not None:
                await self.gateway.emit("voice:call_mode", self._mode(entry.channel_id, joined.call.mode), to=rooms)
            await self.gateway.emit("voice:session", self._mode(entry.channel_id, joined.call.mode), to=entry.sid)
        await self.media.call_changed(joined.call)
        if joined.started:
            await hearth().plugins.gather(
                "call_started", channel=access.channel, user=user, ringing=ringing, access=access
            )

    async def leave(self, user: User, channel_id: str) -> None:
        await messages.load_channel(user, channel_id)  # CHV; the path's channel is not compared
        left = await self.store.leave(user.id, self.policy, self.node)
        if left is None:
            raise ApiError(403, "You're not in a call.")
        await self._announce_left(left, LEFT)

    async def _leave(
        self, user_id: int, reason: str, channel_id: int | None = None, sid: str | None = None, also_tell: bool = False
    ) -> None:
        left = await self.store.leave(user_id, self.policy, self.node, sid=sid, channel_id=channel_id)
        if left is not None:
            await self._announce_left(left, reason, also_tell=also_tell)

    async def _announce_left(
        self, left: Left, reason: str, session: bool = True, call_changed: bool = True, also_tell: bool = False
    ) -> None:
        """``also_tell``: the user's own room hears it too (they no longer see the channel)."""
        entry = left.entry
        SESSIONS.labels("left").inc()
        rooms = await self._rooms(entry)
        if also_tell and str(entry.user_id) not in rooms:
            rooms.append(str(entry.user_id))
        await self.gateway.emit(
            "voice:user_left", {"userId": str(entry.user_id), "channelId": str(entry.channel_id)}, to=rooms
        )
        if session:
            await self.gateway.emit("voice:session", {"channelId": None, "reason": reason}, to=entry.sid)
        if call_changed and left.call.mode_changed:
            await self.gateway.emit("voice:call_mode", self._mode(entry.channel_id, left.call.mode), to=rooms)
        await self.media.left(left, keep=reason in (DISCONNECTED, ELSEWHERE))
        if call_changed:
            await self.media.call_changed(left.call)

    def _mode(self, channel_id: int, mode: str | None) -> dict[str, Any]:
        """``{channelId, mode}``, and for server-side calls how many streams a client may receive."""
        data: dict[str, Any] = {"channelId": str(channel_id), "mode": mode}
        if mode == SERVER:
            data["slots"] = self.slots
        return data

    async def _rooms(self, entry: Entry) -> list[str]:
        if entry.server_id is not None:
            return [str(entry.channel_id)]
        channel = await Channel.get_or_none(id=entry.channel_id)
        if channel is not None and channel.type != DM_TEXT:
            kind = extensions().kinds.get(channel.type)
            if callable_kind(kind):
                return await kind.rooms(channel)  # type: ignore[union-attr]
        return sorted({str(owner) for owner in await self._dm_owners(entry.channel_id)} | {str(entry.user_id)})

    # --- sockets -------------------------------------------------------------------------
    async def connected(self, ctx: Any) -> list[dict[str, Any]]:
        """Register an authenticated socket (joins name it); return ``voiceChannelUsers`` (none
        while Redis, which holds the calls, is unreachable: the socket is registered once it is back)."""
        try:
            await self.store.add_socket(ctx.sid, ctx.user.id)
            return await self.visible_entries(ctx.user, ctx.features)
        except VoiceUnavailable:
            return []

    async def disconnected(self, ctx: Any) -> None:
        self._in_order.pop(ctx.sid, None)
        try:
            await self.store.remove_socket(ctx.sid)
            await self._leave(ctx.user.id, DISCONNECTED, sid=ctx.sid)
        except VoiceUnavailable:
            pass  # taken out of its call when Redis is back (reap)

    async def relay(self, ctx: Any, data: Any) -> None:
        """``voice:signal_send`` → ``voice:signal_received`` on the addressed user's voice socket,
        only between two users in the same call and only from the sender's voice socket."""
        if not isinstance(data, dict) or "signal" not in data:
            return
        target = parse_id(data.get("toUserId"))
        if target is None or len(json.dumps(data, separators=(",", ":"))) > MAX_SIGNAL_BYTES:
            return
        async with self._in_order.setdefault(ctx.sid, asyncio.Lock()):
            try:
                await self._relay(ctx, target, data)
            except VoiceUnavailable:
                pass  # no call state to check the signal against: dropped

    async def _relay(self, ctx: Any, target: int, data: dict[str, Any]) -> None:
        found = await self.store.entries([ctx.user.id, target])
        mine, theirs = found.get(ctx.user.id), found.get(target)
        if mine is None or mine.sid != ctx.sid or theirs is None or theirs.channel_id != mine.channel_id:
            return
        await self.gateway.emit(
            "voice:signal_received",
            {"fromUserId": str(ctx.user.id), "channelId": data.get("channelId"), "signal": data["signal"]},
            to=theirs.sid,
        )

    async def media_signal(self, ctx: Any, data: Any, op: str) -> None:
        """``voice:media_offer`` / ``voice:media_resume`` from a participant of a server-mode
        call, handed to the process that serves the call's media."""
        if not isinstance(data, dict):
            return
        async with self._in_order.setdefault(ctx.sid, asyncio.Lock()):
            try:
                await self._media_signal(ctx, data, op)
            except VoiceUnavailable:
                pass

    async def _media_signal(self, ctx: Any, data: dict[str, Any], op: str) -> None:
        entry = await self.store.entry(ctx.user.id)
        if entry is None or entry.sid != ctx.sid or str(entry.channel_id) != data.get("channelId"):
            return
        call = await self.store.call(entry.channel_id)
        if call is None or call[0] != SERVER:
            return
        node = await self.store.claim_media_node(entry.channel_id, self.node)
        if node is None:
            return
        if op == "offer":
            sdp = data.get("sdp")
            if not isinstance(sdp, str) or not sdp or len(sdp) > MAX_SIGNAL_BYTES:
                return
            await self.media.offer(node, entry, sdp)
        else:
            await self.media.resume(node, entry)

    # --- what others see -------------------------------------------------------------------
    async def visible_entries(self, user: User, features: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
        """Everyone in a call in the channels the user sees: their servers' channels they may
        view, their open DMs and the channels of callable kinds the client asked for (a fixed
        number of queries, none while nobody is in a call)."""
        if not await self.store.anyone():
            return []
        found = [
            *await self.store.in_servers(await self._server_ids(user)),
            *await self.store.in_channels(
                [*await self._open_dm_ids(user), *await self._kind_channel_ids(user, features)]
            ),
        ]
        return await self._viewable(user, found)

    async def _kind_channel_ids(self, user: User, features: frozenset[str]) -> list[int]:
        """Channels of the callable kinds other plugins bring, of those the client asked for."""
        ids: list[int] = []
        for kind in extensions().kinds.values():
            feature = getattr(kind, "feature", None)
            if callable_kind(kind) and (feature is None or feature in features):
                ids.extend(await kind.call_channels(user))  # type: ignore[attr-defined]
        return ids

    async def _server_ids(self, user: User) -> list[int]:
        if not self.plugins.enabled("servers"):
            return []
        from plugins.servers.models import Member

        return list(await Member.filter(user_id=user.id).values_list("server_id", flat=True))

    async def _open_dm_ids(self, user: User) -> list[int]:
        if not self.plugins.enabled("inbox"):
            return []
        from plugins.inbox.models import Inbox

        return list(await Inbox.filter(created_by_id=user.id, closed=False).values_list("channel_id", flat=True))

    async def _viewable(self, user: User, found: list[Entry]) -> list[dict[str, Any]]:
        server_channels = list({e.channel_id for e in found if e.server_id is not None})
        visible = await messages.viewable_channel_ids(user, server_channels) if server_channels else set()
        return [e.wire() for e in found if e.server_id is None or e.channel_id in visible]

    async def server_entries(self, server_id: int, user_id: int) -> list[dict[str, Any]]:
        """``server:joined.voiceChannelUsers`` for a new member (none while Redis is unreachable)."""
        try:
            if not await self.store.anyone():
                return []
            found = await self.store.in_servers([server_id])
        except VoiceUnavailable:
            return []
        user = await User.get(id=user_id)
        return await self._viewable(user, found)

    # --- other plugins' events -------------------------------------------------------------
    async def member_left_server(self, server_id: int, user_id: int) -> None:
        try:
            await self._member_left_server(server_id, user_id)
        except VoiceUnavailable:
            pass  # the call outlives the membership until the user's voice socket goes (reap)

    async def _member_left_server(self, server_id: int, user_id: int) -> None:
        entry = await self.store.entry(user_id)
        if entry is not None and entry.server_id == server_id:
            await self._leave(user_id, REMOVED, channel_id=entry.channel_id, also_tell=True)

    async def channels_removed(self, channel_ids: list[int]) -> None:
        try:
            for entry in await self.store.in_channels(channel_ids):
                await self._leave(entry.user_id, REMOVED, channel_id=entry.channel_id, also_tell=True)
        except VoiceUnavailable:
            pass

    async def access_ending(self, channel_id: int, user_id: int) -> None:
        """The user is losing sight of a channel of another plugin's kind (removed from it): their
        call there ends, told to the audience they are still part of."""
        try:
            await self._leave(user_id, REMOVED, channel_id=channel_id)
        except VoiceUnavailable:
            pass

    async def dm_closed(self, user_id: int, channel_id: int) -> None:
        try:
            await self._leave(user_id, LEFT, channel_id=channel_id)
        except VoiceUnavailable:
            pass

    async def blocked(self, blocker_id: int, blocked_id: int) -> None:
        """A block ends the DM call between the two (a call there could not be joined now)."""
        if not self.plugins.enabled("inbox"):
            return  # no DMs, no DM calls
        from plugins.inbox.models import Inbox

        channel_ids = await Inbox.filter(created_by_id=blocker_id, recipient_id=blocked_id).values_list(
            "channel_id", flat=True
        )
        try:
            for channel_id in channel_ids:
                for user_id in (blocker_id, blocked_id):
                    await self._leave(user_id, REMOVED, channel_id=channel_id)
        except VoiceUnavailable:
            pass
