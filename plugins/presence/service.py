"""Presence: who is online, with which status, custom status and activities, and who hears
about it (realtime.md §3.3 step 4, §3.5, §4.3, §5.1; rest.md §1.24).

The audience of a user is every room the ``user_audience_rooms`` hook names (friends' user
rooms, servers later) plus the user's own room. Socket paths have no Quart app context, so
the service hangs off the gateway: ``service_for(gateway)``.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from core.periodic import every, stop
from core.redisconn import redis_settings
from plugins.presence.store import HEARTBEAT_TTL_S, MemoryStore, RedisStore

OFFLINE = 0
LAST_ONLINE_HIDDEN = 0
SNAPSHOT_ACTIVITIES = 5
EVENT = "user:presence_update"


def service_for(gateway: Any = None) -> PresenceService:
    gateway = gateway if gateway is not None else hearth().gateway
    return gateway.service("presence", PresenceService)


async def presences_of(user_ids: list[int], gateway: Any = None) -> list[dict[str, Any]]:
    """``[{userId, status, custom?, activities?}]`` for those of ``user_ids`` who are online
    (connected and not invisible), in the given order. Pass ``gateway`` (``ctx.gateway``) from
    socket handlers, where there is no app context."""
    return await service_for(gateway).presences_of(user_ids)


def _now() -> datetime:
    return datetime.now(UTC)


class PresenceService:
    def __init__(self, gateway: Any):
        self.gateway = gateway
        url = gateway.settings.redis.url
        self.store: MemoryStore | RedisStore = (
            RedisStore(url, *redis_settings(gateway.settings)) if url else MemoryStore()
        )
        self._reaper: asyncio.Task | None = None

    # --- lifecycle ---------------------------------------------------------------------
    async def start(self) -> None:
        await self.store.start()
        if isinstance(self.store, RedisStore):
            self._reaper = every(HEARTBEAT_TTL_S / 3, self._keep_alive, "presence heartbeat")

    async def stop(self) -> None:
        await stop(self._reaper)  # before the store closes: a beat may be using it
        self._reaper = None
        await self.store.stop()

    async def _keep_alive(self) -> None:
        await self.store.heartbeat()
        await self.reap()

    async def reap(self) -> None:
        """Take the sockets of dead processes offline (see ``store``)."""
        for user_id in await self.store.reap():
            await self._went_offline(user_id)

    # --- audience ----------------------------------------------------------------------
    async def audience(self, user_id: int) -> list[str]:
        rooms: list[str] = []
        for contribution in await self.gateway.plugins.gather("user_audience_rooms", user_id=user_id):
            rooms.extend(r for r in contribution or [] if r != str(user_id) and r not in rooms)
        return rooms

    async def broadcast(
        self, user_id: int, payload: dict[str, Any], everyone: bool = True, skip_sid: str | None = None
    ) -> None:
        """To the audience and the user's own room, or (``everyone=False``: the user is
        offline or invisible) to the user's own room only."""
        rooms = [*(await self.audience(user_id) if everyone else []), str(user_id)]
        await self.gateway.emit(EVENT, payload, to=rooms, skip_sid=skip_sid)

    # --- reading -----------------------------------------------------------------------
    async def presences_of(self, user_ids: list[int]) -> list[dict[str, Any]]:
        unique = list(dict.fromkeys(int(uid) for uid in user_ids))
        online = await self.store.online(unique)
        if not online:
            return []
        rows = {
            row["id"]: row
            for row in await User.filter(id__in=list(online), status__gt=OFFLINE).values(
                "id", "status", "custom_status"
            )
        }
        activities = await self.store.activities(list(rows))
        result = []
        for uid in unique:
            row = rows.get(uid)
            if row is None:
                continue
            presence: dict[str, Any] = {"userId": str(uid), "status": row["status"]}
            if row["custom_status"]:
                presence["custom"] = row["custom_status"]
            if activities.get(uid):
                presence["activities"] = activities[uid][:SNAPSHOT_ACTIVITIES]
            result.append(presence)
        return result

    async def _status(self, user_id: int) -> int:
        return await User.filter(id=user_id).first().values_list("status", flat=True) or OFFLINE

    # --- sockets -----------------------------------------------------------------------
    async def connected(self, ctx: Any) -> list[dict[str, Any]]:
        """Register an authenticated socket; return the ``presences`` of ``user:authenticated``."""
        user = ctx.user
        if await self.store.add(user.id, ctx.sid) and user.status != OFFLINE:
            # The user's first socket: the others learn they are here (this socket reads
            # its own presence in the snapshot).
            await self.broadcast(
                user.id, {"userId": str(user.id), "status": user.status, "custom": user.custom_status}, skip_sid=ctx.sid
            )
        subjects = [user.id]  # friends and server members come from presence_subjects answers
        options = ctx.state.get("authenticate") or {}
        for contribution in await self.gateway.plugins.gather("presence_subjects", user_id=user.id, options=options):
            subjects.extend(int(uid) for uid in contribution or [])
        return await self.presences_of(subjects)

    async def disconnected(self, ctx: Any) -> None:
        user_id = ctx.user.id
        removal = await self.store.remove(user_id, ctx.sid)
        if removal.last:
            await self._went_offline(user_id)
        elif removal.had_activities:
            status = await self._status(user_id)
            await self.broadcast(
                user_id,
                {"userId": str(user_id), "activities": removal.remaining[:SNAPSHOT_ACTIVITIES]},
                everyone=status != OFFLINE,
            )

    async def _went_offline(self, user_id: int) -> None:
        user = await User.get_or_none(id=user_id)
        if user is None or user.status == OFFLINE:
            return  # invisible users were never shown online: nothing to take back
        if user.last_online_status != LAST_ONLINE_HIDDEN:
            await User.filter(id=user_id).update(last_online_at=_now())
        await self.broadcast(user_id, {"status": OFFLINE, "userId": str(user_id)})

    async def publish_activities(self, ctx: Any, items: list[dict[str, Any]]) -> None:
        everything = await self.store.set_activities(ctx.user.id, ctx.sid, items)
        if everything is None:
            return  # not a registered socket (already gone)
        status = await self._status(ctx.user.id)
        await self.broadcast(
            ctx.user.id, {"userId": str(ctx.user.id), "activities": everything}, everyone=status != OFFLINE
        )

    # --- REST ----------------------------------------------------------------------------
    async def update(self, user_id: int, changes: dict[str, Any]) -> None:
        """``POST /users/presence``: ``changes`` holds ``status`` and/or ``custom`` (None clears)."""
        user = await User.get_or_none(id=user_id)
        if user is None:
            raise ApiError(400, "User not found.", "user")
        old = user.status
        new = changes.get("status")
        updates: dict[str, Any] = {}
        if new is not None:
            updates["status"] = new
        if "custom" in changes:
            updates["custom_status"] = changes["custom"]
        if old != OFFLINE and new == OFFLINE and user.last_online_status != LAST_ONLINE_HIDDEN:
            updates["last_online_at"] = _now()
        connected = bool(await self.store.online([user_id]))
        async with transaction():
            if updates:
                await User.filter(id=user_id).update(**updates)
            if old == OFFLINE and new:
                # Coming out of offline/invisible: everybody gets the whole presence.
                payload: dict[str, Any] = {"userId": str(user_id), "status": new}
                custom = changes["custom"] if "custom" in changes else user.custom_status
                if custom:
                    payload["custom"] = custom
                activities = (await self.store.activities([user_id])).get(user_id)
                if activities:
                    payload["activities"] = activities[:SNAPSHOT_ACTIVITIES]
            else:
                payload = {"userId": str(user_id)}
                if new is not None:
                    payload["status"] = new
                if "custom" in changes:
                    payload["custom"] = changes["custom"]
            # Nobody else hears about a user with no socket or who stays offline/invisible.
            await self.broadcast(user_id, payload, everyone=connected and not (old == OFFLINE and not new))

    async def member_joined(self, server_id: int, user_id: int) -> None:
        """Join flow step 4 (rest.md §4): the joiner's full presence to the server room, when
        the joiner is online (an invisible or disconnected joiner reveals nothing)."""
        presence = await self.presences_of([user_id])
        if presence:
            await self.gateway.emit(EVENT, presence[0], to=str(server_id))

    async def friendship_accepted(self, user_id: int, friend_id: int) -> None:
        """Each side receives the other's full presence, when the other is online."""
        presences = {p["userId"]: p for p in await self.presences_of([user_id, friend_id])}
        for receiver, other in ((user_id, friend_id), (friend_id, user_id)):
            if str(other) in presences:
                await self.gateway.emit(EVENT, presences[str(other)], to=str(receiver))
