"""Who is connected and what they are doing: the user's socket set and each socket's
activities. In process memory without Redis; in Redis (keys ``hearth:presence:*``) when
``redis.url`` is set, so every process sees the same sets.

Status and custom status are not cached here: they live on the user row, which is the one
source of truth for them (REST and sockets read it fresh).

A process that dies leaves its sockets in Redis. Each process therefore keeps an *instance*
record alive with a short TTL and lists the sockets it registered under it; any process that
finds an instance whose heartbeat expired removes its sockets (``RedisStore.reap``), so a
crashed worker's users go offline instead of staying online for ever.
"""

from __future__ import annotations

import itertools
import json
import uuid
from dataclasses import dataclass, field
from typing import Any, Iterable

PREFIX = "hearth:presence:"
HEARTBEAT_TTL_S = 30


@dataclass
class Removal:
    removed: bool = False  # the socket was registered (not already reaped)
    last: bool = False  # it was the user's last socket
    had_activities: bool = False  # it had published activities
    remaining: list[dict[str, Any]] = field(default_factory=list)  # everyone else's activities


def _ordered(entries: Iterable[tuple[int, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    # Oldest publication first, as upstream appends a socket's new activities at the end.
    return [item for _, items in sorted(entries, key=lambda e: e[0]) for item in items]


class MemoryStore:
    def __init__(self) -> None:
        self._sockets: dict[int, set[str]] = {}
        self._activities: dict[int, dict[str, tuple[int, list[dict[str, Any]]]]] = {}
        self._seq = itertools.count(1)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def add(self, user_id: int, sid: str) -> bool:
        sockets = self._sockets.setdefault(user_id, set())
        first = not sockets
        sockets.add(sid)
        if first:
            self._activities.pop(user_id, None)
        return first

    async def remove(self, user_id: int, sid: str) -> Removal:
        sockets = self._sockets.get(user_id)
        if not sockets or sid not in sockets:
            return Removal()
        sockets.discard(sid)
        activities = self._activities.get(user_id, {})
        had = activities.pop(sid, None) is not None
        if not sockets:
            self._sockets.pop(user_id, None)
            self._activities.pop(user_id, None)
            return Removal(removed=True, last=True, had_activities=had)
        return Removal(removed=True, had_activities=had, remaining=_ordered(activities.values()))

    async def set_activities(self, user_id: int, sid: str, items: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        if sid not in self._sockets.get(user_id, ()):
            return None
        activities = self._activities.setdefault(user_id, {})
        if items:
            activities[sid] = (next(self._seq), items)
        else:
            activities.pop(sid, None)
        return _ordered(activities.values())

    async def online(self, user_ids: list[int]) -> set[int]:
        return {uid for uid in user_ids if self._sockets.get(uid)}

    async def activities(self, user_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
        return {uid: _ordered(self._activities[uid].values()) for uid in user_ids if self._activities.get(uid)}

    async def reap(self) -> list[int]:
        return []


_ADD = """
redis.call('SADD', KEYS[3], ARGV[2])
local added = redis.call('SADD', KEYS[1], ARGV[1])
if added == 1 and redis.call('SCARD', KEYS[1]) == 1 then
  redis.call('DEL', KEYS[2])
  return 1
end
return 0
"""

_REMOVE = """
redis.call('SREM', KEYS[3], ARGV[2])
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return {0, 0, 0} end
local had = redis.call('HDEL', KEYS[2], ARGV[1])
local left = redis.call('SCARD', KEYS[1])
if left == 0 then redis.call('DEL', KEYS[2]) end
return {1, had, left}
"""

_SET_ACTIVITIES = """
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return false end
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  local seq = redis.call('INCR', KEYS[3])
  redis.call('HSET', KEYS[2], ARGV[1], seq .. '|' .. ARGV[2])
end
return redis.call('HVALS', KEYS[2])
"""


def _decode(values: Iterable[bytes | str]) -> list[dict[str, Any]]:
    entries = []
    for value in values:
        text = value.decode() if isinstance(value, bytes) else value
        seq, _, items = text.partition("|")
        entries.append((int(seq), json.loads(items)))
    return _ordered(entries)


class RedisStore:
    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        self.redis = aioredis.from_url(url)
        self.instance = uuid.uuid4().hex
        self._add = self.redis.register_script(_ADD)
        self._remove = self.redis.register_script(_REMOVE)
        self._set = self.redis.register_script(_SET_ACTIVITIES)

    @staticmethod
    def _user_keys(user_id: int) -> tuple[str, str]:
        return f"{PREFIX}user:{user_id}:sockets", f"{PREFIX}user:{user_id}:activities"

    def _instance_key(self, instance: str | None = None) -> str:
        return f"{PREFIX}instance:{instance or self.instance}"

    async def start(self) -> None:
        await self.redis.sadd(f"{PREFIX}instances", self.instance)
        await self.heartbeat()

    async def heartbeat(self) -> None:
        await self.redis.set(f"{PREFIX}alive:{self.instance}", "1", ex=HEARTBEAT_TTL_S)

    async def stop(self) -> None:
        # Whatever is still registered here is reaped by the next process that looks.
        await self.redis.delete(f"{PREFIX}alive:{self.instance}")
        await self.redis.aclose()

    async def add(self, user_id: int, sid: str) -> bool:
        sockets, activities = self._user_keys(user_id)
        return bool(await self._add(keys=[sockets, activities, self._instance_key()], args=[sid, f"{user_id}:{sid}"]))

    async def remove(self, user_id: int, sid: str, instance: str | None = None) -> Removal:
        sockets, activities = self._user_keys(user_id)
        removed, had, left = await self._remove(keys=[sockets, activities, self._instance_key(instance)],
                                                args=[sid, f"{user_id}:{sid}"])
        if not removed:
            return Removal()
        if not left:
            return Removal(removed=True, last=True, had_activities=bool(had))
        remaining = _decode(await self.redis.hvals(activities)) if had else []
        return Removal(removed=True, had_activities=bool(had), remaining=remaining)

    async def set_activities(self, user_id: int, sid: str, items: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        sockets, activities = self._user_keys(user_id)
        values = await self._set(keys=[sockets, activities, f"{PREFIX}seq"],
                                 args=[sid, json.dumps(items, separators=(",", ":")) if items else ""])
        return None if values is None else _decode(values)

    async def online(self, user_ids: list[int]) -> set[int]:
        if not user_ids:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for uid in user_ids:
                pipe.exists(self._user_keys(uid)[0])
            found = await pipe.execute()
        return {uid for uid, exists in zip(user_ids, found) if exists}

    async def activities(self, user_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
        if not user_ids:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for uid in user_ids:
                pipe.hvals(self._user_keys(uid)[1])
            found = await pipe.execute()
        return {uid: _decode(values) for uid, values in zip(user_ids, found) if values}

    async def reap(self) -> list[int]:
        """Remove the sockets of instances whose heartbeat expired; return the users whose
        last socket that was (they have just gone offline)."""
        gone: list[int] = []
        for raw in await self.redis.smembers(f"{PREFIX}instances"):
            instance = raw.decode() if isinstance(raw, bytes) else raw
            if instance == self.instance or await self.redis.exists(f"{PREFIX}alive:{instance}"):
                continue
            for entry in await self.redis.smembers(self._instance_key(instance)):
                user_id, _, sid = (entry.decode() if isinstance(entry, bytes) else entry).partition(":")
                if (await self.remove(int(user_id), sid, instance=instance)).last:
                    gone.append(int(user_id))
            await self.redis.delete(self._instance_key(instance))
            await self.redis.srem(f"{PREFIX}instances", instance)
        return gone
