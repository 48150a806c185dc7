"""Fixed-window rate limits (wire reference §0.6): ``requests`` calls per window; the next one
flags the key and blocks it for ``block`` ms, answering 429 ``{message, path: null, ttl}``.
In memory for one process, in Redis when ``redis.url`` is set."""

from __future__ import annotations

import time
from functools import wraps
from typing import Any, Awaitable, Callable

from quart import g

from core.context import hearth
from core.errors import ApiError

_LUA = """
local v = redis.call('HMGET', KEYS[1], 'c', 'r')
local count = tonumber(v[1])
if not count then
  redis.call('HSET', KEYS[1], 'c', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return -1
end
if v[2] == '1' then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = 0 end
  return ttl
end
if count >= tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'r', '1')
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return tonumber(ARGV[3])
end
redis.call('HINCRBY', KEYS[1], 'c', 1)
return -1
"""


class RateLimiter:
    def __init__(self, enabled: bool = True, redis: Any = None):
        self.enabled = enabled
        self._redis = redis
        self._script = redis.register_script(_LUA) if redis is not None else None
        self._windows: dict[str, list[float]] = {}  # key -> [count, expires_at, reached]

    async def hit(self, key: str, requests: int, window_ms: int, block_ms: int, force: bool = False) -> int | None:
        """Count one call; return the milliseconds left to wait if it is refused.

        The ``enabled`` switch is for route limits (``check``); ``force`` marks counters that
        are product rules (channel slow mode) and count anyway."""
        if self._script is not None:
            ttl = await self._script(keys=[f"hearth:rl:{key}"], args=[requests, window_ms, block_ms])
            return None if int(ttl) < 0 else int(ttl)
        now = time.monotonic() * 1000
        window = self._windows.get(key)
        if window is None or window[1] <= now:
            self._windows[key] = [1, now + window_ms, 0]
            self._sweep(now)
            return None
        if window[2]:
            return int(window[1] - now)
        if window[0] >= requests:
            window[1], window[2] = now + block_ms, 1
            return block_ms
        window[0] += 1
        return None

    def _sweep(self, now: float) -> None:
        if len(self._windows) > 10_000:
            for key in [k for k, w in self._windows.items() if w[1] <= now]:
                del self._windows[key]


def _subject(by: str) -> str:
    from core.auth import client_ip

    if by == "global":
        return ""
    identity = getattr(g, "identity", None)
    if by == "user" and identity is not None:
        return str(identity.user.id)
    return (client_ip() or "unknown").replace(":", "=")


async def check(name: str, requests: int, per_s: float, block_s: float | None = None, by: str = "user",
                message: str = "Slow down!") -> None:
    limiter = hearth().limiter
    if not limiter.enabled:
        return
    subject = _subject(by)
    key = f"{subject}-{name}" if subject else name
    window_ms = int(per_s * 1000)
    ttl = await limiter.hit(key, requests, window_ms, int((block_s or per_s) * 1000))
    if ttl is not None:
        raise ApiError(429, message, None, ttl=ttl)


def rate_limit(name: str, requests: int, per_s: float, block_s: float | None = None, by: str = "user",
               message: str = "Slow down!") -> Callable:
    """Decorate a route (below its auth guard): ``@rate_limit("login", 10, 30, by="ip")``."""

    def decorator(view: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @wraps(view)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            await check(name, requests, per_s, block_s, by, message)
            return await view(*args, **kwargs)

        return wrapper

    return decorator
