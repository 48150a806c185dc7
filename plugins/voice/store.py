"""Who is in which call, which sockets belong to whom, and each call's media mode.

In process memory without Redis; in Redis (keys ``hearth:voice:*``) when ``redis.url`` is set, so
that a REST request served by one process sees the sockets and calls of every other (two callers
on different workers are in the same call). Every change that reads and writes several keys is
one Lua script, so two processes cannot interleave half-done joins.

A call's mode is decided here, atomically with the join or leave that changes it
(:func:`decide_mode`): ``p2p`` (the protocol's mesh, realtime.md §6) unless every participant's
client can use server-side media, server-side media is on, and the call has grown past
``p2p_max``; once ``server`` it stays so until the call ends or a client that cannot follow joins.
A server-mode call names the process whose media engine serves it (its *media node*).

While Redis is unreachable (docs/faults.md) every Redis call raises :class:`VoiceUnavailable` at
once (joins and leaves answer 503, the authenticate payload shows no calls); the process keeps
its own sockets in memory and registers them again, and drops those that went meanwhile, once
Redis answers (:meth:`RedisStore.reconcile`). A Redis that restarted has forgotten every call:
clients that reconnect join theirs again.

Processes keep a heartbeat key (TTL :data:`HEARTBEAT_TTL_S`). Entries of sockets held by a process
whose heartbeat expired are removed by whichever process looks next (:meth:`RedisStore.reap`), so a
crashed worker does not leave ghosts in calls.
"""

from __future__ import annotations

import contextvars
import functools
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from core.redisconn import REDIS_ERRORS, Outage, connect, raise_if_cancelled

log = logging.getLogger("hearth.voice")
PREFIX = "hearth:voice:"
HEARTBEAT_TTL_S = 30
P2P, SERVER = "p2p", "server"


@dataclass(frozen=True)
class Policy:
    """What the self-hoster configured about server-side media."""

    server_media: bool = True
    p2p_max: int = 4


@dataclass
class Entry:
    """A user in a call: the channel, the socket that joined it, and the process holding that socket."""

    user_id: int
    channel_id: int
    server_id: int | None
    sid: str
    node: str
    capable: bool = False  # the client can use server-side media

    def wire(self) -> dict[str, Any]:
        data: dict[str, Any] = {"userId": str(self.user_id), "channelId": str(self.channel_id)}
        if self.server_id is not None:
            data["serverId"] = str(self.server_id)
        return data


@dataclass
class CallChange:
    """A call's state after a join or leave: ``mode`` is None once the call has ended."""

    channel_id: int
    mode: str | None
    previous_mode: str | None
    media_node: str | None  # the process serving the call's media (server mode)
    previous_node: str | None = None  # the one that served it before this change

    @property
    def media_moved_away(self) -> bool:
        """The media node that served this call no longer does (it ended, went p2p or moved)."""
        return self.previous_node is not None and self.previous_node != self.media_node

    @property
    def ended(self) -> bool:
        return self.mode is None

    @property
    def mode_changed(self) -> bool:
        return self.mode is not None and self.mode != self.previous_mode


@dataclass
class Joined:
    entry: Entry
    started: bool  # nobody was in the call before (CALL_STARTED)
    call: CallChange
    previous: Entry | None = None  # the call the user was in (left first, even when it is this one)
    previous_call: CallChange | None = None  # that call after the user left it, if it is another one


@dataclass
class Left:
    entry: Entry
    call: CallChange


def decide_mode(current: str | None, capable: list[bool], policy: Policy) -> str | None:
    """The mode of a call with these participants (None: nobody is left)."""
    if not capable:
        return None
    if not policy.server_media or not all(capable):
        return P2P
    if current == SERVER or len(capable) > policy.p2p_max:
        return SERVER
    return P2P


def _bool(value: Any) -> bool:
    return value in (True, 1, "1", b"1")


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


# --- in memory --------------------------------------------------------------------------------


@dataclass
class _Call:
    mode: str
    node: str | None
    users: set[int] = field(default_factory=set)


class MemoryStore:
    def __init__(self) -> None:
        self.node = uuid.uuid4().hex
        self._entries: dict[int, Entry] = {}
        self._calls: dict[int, _Call] = {}
        self._sockets: dict[str, int] = {}

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def heartbeat(self) -> None:
        return None

    async def reap(self, policy: Policy) -> list[Left]:
        return []

    async def reconcile(self, policy: Policy) -> list[Left]:
        return []

    # sockets
    async def add_socket(self, sid: str, user_id: int) -> None:
        self._sockets[sid] = user_id

    async def remove_socket(self, sid: str) -> None:
        self._sockets.pop(sid, None)

    async def socket_owner(self, sid: str) -> tuple[int, str] | None:
        user_id = self._sockets.get(sid)
        return None if user_id is None else (user_id, self.node)

    # calls
    def _settle(self, channel_id: int, policy: Policy, here: str) -> CallChange:
        call = self._calls.get(channel_id)
        previous = call.mode if call else None
        capable = [self._entries[u].capable for u in (call.users if call else ())]
        mode = decide_mode(previous, capable, policy)
        before = call.node if call else None
        if call is None or mode is None:
            self._calls.pop(channel_id, None)
            return CallChange(channel_id, None, previous, None, before)
        call.mode = mode
        call.node = (call.node or here) if mode == SERVER else None
        return CallChange(channel_id, mode, previous, call.node, before)

    def _remove(self, entry: Entry) -> None:
        self._entries.pop(entry.user_id, None)
        call = self._calls.get(entry.channel_id)
        if call is not None:
            call.users.discard(entry.user_id)

    async def join(self, entry: Entry, policy: Policy, here: str) -> Joined:
        previous = self._entries.get(entry.user_id)
        previous_call = None
        if previous is not None:
            self._remove(previous)
            if previous.channel_id != entry.channel_id:
                previous_call = self._settle(previous.channel_id, policy, here)
        call = self._calls.get(entry.channel_id)
        started = call is None or (not call.users and (previous is None or previous.channel_id != entry.channel_id))
        if call is None:
            call = self._calls[entry.channel_id] = _Call(mode=P2P, node=None)
        call.users.add(entry.user_id)
        self._entries[entry.user_id] = entry
        change = self._settle(entry.channel_id, policy, here)
        if started:
            change.previous_mode = None
        return Joined(entry=entry, started=started, call=change, previous=previous, previous_call=previous_call)

    async def leave(
        self, user_id: int, policy: Policy, here: str, sid: str | None = None, channel_id: int | None = None
    ) -> Left | None:
        entry = self._entries.get(user_id)
        if (
            entry is None
            or (sid is not None and entry.sid != sid)
            or (channel_id is not None and entry.channel_id != channel_id)
        ):
            return None
        self._remove(entry)
        return Left(entry=entry, call=self._settle(entry.channel_id, policy, here))

    async def entry(self, user_id: int) -> Entry | None:
        return self._entries.get(user_id)

    async def entries(self, user_ids: list[int]) -> dict[int, Entry]:
        return {u: self._entries[u] for u in user_ids if u in self._entries}

    async def in_channels(self, channel_ids: list[int]) -> list[Entry]:
        wanted = set(channel_ids)
        return [e for e in self._entries.values() if e.channel_id in wanted]

    async def in_servers(self, server_ids: list[int]) -> list[Entry]:
        wanted = set(server_ids)
        return [e for e in self._entries.values() if e.server_id in wanted]

    async def anyone(self) -> bool:
        return bool(self._entries)

    async def call(self, channel_id: int) -> tuple[str, str | None] | None:
        call = self._calls.get(channel_id)
        return None if call is None else (call.mode, call.node)

    async def claim_media_node(self, channel_id: int, node: str) -> str | None:
        call = self._calls.get(channel_id)
        if call is None or call.mode != SERVER:
            return None
        call.node = call.node or node
        return call.node


# --- in Redis ---------------------------------------------------------------------------------

# Shared by the scripts: settle(channel) re-decides a call's mode after its participants
# changed (the same rule as decide_mode) and returns {mode, previous mode, media node, media node
# before} ('' for none).
_SETTLE = """
local P = ARGV[1]
local function settle(channel, enabled, p2pmax, here)
  local callkey = P .. 'call:' .. channel
  local previous = redis.call('HGET', callkey, 'mode') or ''
  local node = redis.call('HGET', callkey, 'node') or ''
  local before = node
  local users = redis.call('SMEMBERS', P .. 'c:' .. channel)
  if #users == 0 then
    redis.call('DEL', callkey)
    return {'', previous, '', before}
  end
  local mode = 'p2p'
  if enabled == '1' then
    local all = true
    for _, user in ipairs(users) do
      if redis.call('HGET', P .. 'u:' .. user, 'cap') ~= '1' then all = false break end
    end
    if all and (previous == 'server' or #users > tonumber(p2pmax)) then mode = 'server' end
  end
  if mode == 'server' then
    if node == '' or redis.call('EXISTS', P .. 'alive:' .. node) == 0 then node = here end
  else
    node = ''
  end
  redis.call('HSET', callkey, 'mode', mode, 'node', node)
  return {mode, previous, node, before}
end
local function remove(user, e)
  redis.call('DEL', P .. 'u:' .. user)
  redis.call('SREM', P .. 'c:' .. e[1], user)
  if e[2] and e[2] ~= '' then redis.call('SREM', P .. 's:' .. e[2], user .. ':' .. e[1]) end
  redis.call('SREM', P .. 'n:' .. e[4] .. ':users', user)
  redis.call('SREM', P .. 'active', user)
end
local FIELDS = {'c', 's', 'sid', 'n', 'cap'}
"""

# ARGV: prefix, user, channel, server, sid, node, capable, enabled, p2pmax, here
_JOIN = (
    _SETTLE
    + """
local user, channel, server = ARGV[2], ARGV[3], ARGV[4]
local e = redis.call('HMGET', P .. 'u:' .. user, unpack(FIELDS))
local previous_call = {}
local same = false
if e[1] then
  remove(user, e)
  same = e[1] == channel
  if not same then previous_call = settle(e[1], ARGV[8], ARGV[9], ARGV[10]) end
end
local started = 0
if redis.call('SCARD', P .. 'c:' .. channel) == 0 and not same then started = 1 end
if started == 1 then redis.call('DEL', P .. 'call:' .. channel) end
redis.call('HSET', P .. 'u:' .. user, 'c', channel, 's', server, 'sid', ARGV[5], 'n', ARGV[6], 'cap', ARGV[7])
redis.call('SADD', P .. 'c:' .. channel, user)
if server ~= '' then redis.call('SADD', P .. 's:' .. server, user .. ':' .. channel) end
redis.call('SADD', P .. 'n:' .. ARGV[6] .. ':users', user)
redis.call('SADD', P .. 'active', user)
local call = settle(channel, ARGV[8], ARGV[9], ARGV[10])
return {started, call, e, previous_call}
"""
)

# ARGV: prefix, user, sid or '', channel or '', enabled, p2pmax, here
_LEAVE = (
    _SETTLE
    + """
local user = ARGV[2]
local e = redis.call('HMGET', P .. 'u:' .. user, unpack(FIELDS))
if not e[1] then return false end
if ARGV[3] ~= '' and e[3] ~= ARGV[3] then return false end
if ARGV[4] ~= '' and e[1] ~= ARGV[4] then return false end
remove(user, e)
return {e, settle(e[1], ARGV[5], ARGV[6], ARGV[7])}
"""
)

# ARGV: prefix, channel, node
_CLAIM = """
local callkey = ARGV[1] .. 'call:' .. ARGV[2]
if redis.call('HGET', callkey, 'mode') ~= 'server' then return false end
local node = redis.call('HGET', callkey, 'node') or ''
if node == '' or redis.call('EXISTS', ARGV[1] .. 'alive:' .. node) == 0 then
  redis.call('HSET', callkey, 'node', ARGV[3])
  return ARGV[3]
end
return node
"""


class VoiceUnavailable(Exception):
    """Redis, which holds the calls, cannot be reached: the caller answers 503 or does without."""


_guarding: contextvars.ContextVar[bool] = contextvars.ContextVar("hearth_voice_guarding", default=False)
F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def _guarded(method: F) -> F:
    """Turn a Redis failure into :class:`VoiceUnavailable` and keep the store's outage state; only
    the outermost call of a nested chain counts (one failure, one probe while down)."""

    @functools.wraps(method)
    async def call(self: RedisStore, *args: Any, **kwargs: Any) -> Any:
        if _guarding.get():
            return await method(self, *args, **kwargs)
        if not self.outage.may_try():
            raise VoiceUnavailable()
        token = _guarding.set(True)
        try:
            result = await method(self, *args, **kwargs)
        except REDIS_ERRORS as error:
            raise_if_cancelled()
            self.outage.failed(error)
            raise VoiceUnavailable() from error
        finally:
            _guarding.reset(token)
        if self.outage.recovered():
            self.stale = True
            if self.on_recovered is not None:
                self.on_recovered()
        return result

    return call  # type: ignore[return-value]


def _entry(user_id: int, values: list[Any]) -> Entry | None:
    if not values or values[0] is None:
        return None
    channel, server, sid, node, capable = (_text(v) if v is not None else "" for v in values)
    return Entry(
        user_id=user_id,
        channel_id=int(channel),
        server_id=int(server) if server else None,
        sid=sid,
        node=node,
        capable=_bool(capable),
    )


def _change(channel_id: int, values: list[Any]) -> CallChange:
    mode, previous, node, before = (_text(v) for v in values)
    return CallChange(channel_id, mode or None, previous or None, node or None, before or None)


class RedisStore:
    def __init__(self, url: str, timeout: float = 2.0, retry_seconds: float = 1.0) -> None:
        self.redis = connect(url, timeout)
        self.outage = Outage(log, "voice", "calls cannot be joined or left until it is back", retry_seconds)
        self.sockets: dict[str, int] = {}  # this process's sockets, registered again after an outage
        self.stale = False  # Redis was unreachable: what it holds of this process needs reconciling
        self.on_recovered: Callable[[], Any] | None = None  # the service reconciles at once
        self.node = uuid.uuid4().hex
        self._join = self.redis.register_script(_JOIN)
        self._leave = self.redis.register_script(_LEAVE)
        self._claim = self.redis.register_script(_CLAIM)

    async def start(self) -> None:
        try:
            await self.heartbeat()
        except VoiceUnavailable:
            pass  # a worker starts without Redis; the heartbeat loop registers it once Redis answers

    @_guarded
    async def heartbeat(self) -> None:
        """Say this process is alive; a Redis that forgot it (restarted, or reaped it after a long
        outage) is told its sockets again."""
        if await self.redis.sadd(f"{PREFIX}nodes", self.node) and self.sockets:
            self.stale = True
        await self.redis.set(f"{PREFIX}alive:{self.node}", "1", ex=HEARTBEAT_TTL_S)

    async def stop(self) -> None:
        # What this process still holds is reaped by the next process that looks.
        try:
            await self._forget_node()
        except VoiceUnavailable:
            pass
        await self.redis.aclose()

    @_guarded
    async def _forget_node(self) -> None:
        await self.redis.delete(f"{PREFIX}alive:{self.node}")

    # sockets
    async def add_socket(self, sid: str, user_id: int) -> None:
        self.sockets[sid] = user_id
        await self._add_socket(sid, user_id)

    @_guarded
    async def _add_socket(self, sid: str, user_id: int) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(f"{PREFIX}sock:{sid}", f"{user_id}|{self.node}")
            pipe.sadd(f"{PREFIX}n:{self.node}:socks", sid)
            await pipe.execute()

    async def remove_socket(self, sid: str) -> None:
        self.sockets.pop(sid, None)
        await self._remove_socket(sid)

    @_guarded
    async def _remove_socket(self, sid: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(f"{PREFIX}sock:{sid}")
            pipe.srem(f"{PREFIX}n:{self.node}:socks", sid)
            await pipe.execute()

    @_guarded
    async def reconcile(self, policy: Policy) -> list[Left]:
        """After an outage: register this process's sockets again, and take out of Redis (and of
        their calls) the sockets that went while it was unreachable."""
        if not self.stale:
            return []
        self.stale = False
        await self.redis.sadd(f"{PREFIX}nodes", self.node)
        listed = {_text(s) for s in await self.redis.smembers(f"{PREFIX}n:{self.node}:socks")}
        gone: list[Left] = []
        for sid in listed - set(self.sockets):
            owner = await self.socket_owner(sid)
            if owner is not None:
                left = await self.leave(owner[0], policy, self.node, sid=sid)
                if left is not None:
                    gone.append(left)
            await self._remove_socket(sid)
        for sid, user_id in list(self.sockets.items()):
            if sid not in listed:
                await self._add_socket(sid, user_id)
        return gone

    @_guarded
    async def socket_owner(self, sid: str) -> tuple[int, str] | None:
        value = await self.redis.get(f"{PREFIX}sock:{sid}")
        if value is None:
            return None
        user, _, node = _text(value).partition("|")
        return int(user), node

    # calls
    @_guarded
    async def join(self, entry: Entry, policy: Policy, here: str) -> Joined:
        started, call, previous, previous_call = await self._join(
            keys=[],
            args=[
                PREFIX,
                entry.user_id,
                entry.channel_id,
                entry.server_id or "",
                entry.sid,
                entry.node,
                "1" if entry.capable else "0",
                "1" if policy.server_media else "0",
                policy.p2p_max,
                here,
            ],
        )
        old = _entry(entry.user_id, previous)
        change = _change(entry.channel_id, call)
        if started:
            change.previous_mode = None
        return Joined(
            entry=entry,
            started=bool(started),
            call=change,
            previous=old,
            previous_call=_change(old.channel_id, previous_call) if old and previous_call else None,
        )

    @_guarded
    async def leave(
        self, user_id: int, policy: Policy, here: str, sid: str | None = None, channel_id: int | None = None
    ) -> Left | None:
        found = await self._leave(
            keys=[],
            args=[
                PREFIX,
                user_id,
                sid or "",
                channel_id or "",
                "1" if policy.server_media else "0",
                policy.p2p_max,
                here,
            ],
        )
        if not found:
            return None
        entry = _entry(user_id, found[0])
        assert entry is not None
        return Left(entry=entry, call=_change(entry.channel_id, found[1]))

    @_guarded
    async def entry(self, user_id: int) -> Entry | None:
        return _entry(user_id, await self.redis.hmget(f"{PREFIX}u:{user_id}", "c", "s", "sid", "n", "cap"))

    @_guarded
    async def entries(self, user_ids: list[int]) -> dict[int, Entry]:
        if not user_ids:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for user_id in user_ids:
                pipe.hmget(f"{PREFIX}u:{user_id}", "c", "s", "sid", "n", "cap")
            rows = await pipe.execute()
        found = {u: _entry(u, row) for u, row in zip(user_ids, rows)}
        return {u: e for u, e in found.items() if e is not None}

    @_guarded
    async def in_channels(self, channel_ids: list[int]) -> list[Entry]:
        return await self._in_sets([f"{PREFIX}c:{channel_id}" for channel_id in channel_ids])

    @_guarded
    async def in_servers(self, server_ids: list[int]) -> list[Entry]:
        return await self._in_sets([f"{PREFIX}s:{server_id}" for server_id in server_ids])

    async def _in_sets(self, keys: list[str]) -> list[Entry]:
        """The entries of the users in these sets (members ``<user>`` or ``<user>:<channel>``)."""
        if not keys:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.smembers(key)
            members = await pipe.execute()
        users = [int(_text(member).partition(":")[0]) for group in members for member in group]
        return list((await self.entries(users)).values())

    @_guarded
    async def anyone(self) -> bool:
        return bool(await self.redis.scard(f"{PREFIX}active"))

    @_guarded
    async def call(self, channel_id: int) -> tuple[str, str | None] | None:
        mode, node = await self.redis.hmget(f"{PREFIX}call:{channel_id}", "mode", "node")
        if mode is None:
            return None
        return _text(mode), (_text(node) or None) if node is not None else None

    @_guarded
    async def claim_media_node(self, channel_id: int, node: str) -> str | None:
        found = await self._claim(keys=[], args=[PREFIX, channel_id, node])
        return _text(found) if found else None

    @_guarded
    async def reap(self, policy: Policy) -> list[Left]:
        """Remove the entries and sockets of processes whose heartbeat expired."""
        gone: list[Left] = []
        for raw in await self.redis.smembers(f"{PREFIX}nodes"):
            node = _text(raw)
            if node == self.node or await self.redis.exists(f"{PREFIX}alive:{node}"):
                continue
            for raw_user in await self.redis.smembers(f"{PREFIX}n:{node}:users"):
                entry = await self.entry(int(_text(raw_user)))
                if entry is not None and entry.node == node:
                    left = await self.leave(entry.user_id, policy, self.node, sid=entry.sid)
                    if left is not None:
                        gone.append(left)
            socks = [_text(s) for s in await self.redis.smembers(f"{PREFIX}n:{node}:socks")]
            async with self.redis.pipeline(transaction=True) as pipe:
                for sid in socks:
                    pipe.delete(f"{PREFIX}sock:{sid}")
                pipe.delete(f"{PREFIX}n:{node}:socks", f"{PREFIX}n:{node}:users")
                pipe.srem(f"{PREFIX}nodes", node)
                await pipe.execute()
        return gone
