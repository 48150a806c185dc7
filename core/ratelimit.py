"""Fixed-window rate limits (wire reference §0.6): ``requests`` calls per window; the next one
flags the key and blocks it for ``block`` ms, answering 429 ``{message, path: null, ttl}``.
In memory for one process, in Redis when ``redis.url`` is set. While Redis is unreachable the
limits are counted in each process's memory (logged once per outage) and Redis is tried again
every ``[redis] retry_seconds``. In dev mode (``core.devmode``)
route limits apply only to requests that opt in."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from quart import g, has_request_context, request

from core.context import hearth
from core.devmode import dev_mode
from core.errors import ApiError
from core.redisconn import REDIS_ERRORS, Outage, raise_if_cancelled

log = logging.getLogger("hearth.ratelimit")

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


MAX_RESTRICT_MS = 24 * 3600 * 1000  # a test's block time; larger values are ignored


class RateLimiter:
    def __init__(self, enabled: bool = True, redis: Any = None, retry_seconds: float = 1.0):
        self.enabled = enabled
        self._redis = redis
        self._script = redis.register_script(_LUA) if redis is not None else None
        self._windows: dict[str, list[float]] = {}  # key -> [count, expires_at, reached]
        self.outage = Outage(log, "rate limits", "are counted per process until it is back", retry_seconds)

    async def hit(self, key: str, requests: int, window_ms: int, block_ms: int, force: bool = False) -> int | None:
        """Count one call; return the milliseconds left to wait if it is refused.

        The ``enabled`` switch is for route limits (``check``); ``force`` marks counters that
        are product rules (channel slow mode) and count anyway."""
        if self._script is not None and self.outage.may_try():
            try:
                ttl = await self._script(keys=[f"hearth:rl:{key}"], args=[requests, window_ms, block_ms])
            except REDIS_ERRORS as error:
                raise_if_cancelled()
                self.outage.failed(error)
            else:
                if self.outage.recovered():
                    self._windows.clear()
                return None if int(ttl) < 0 else int(ttl)
        return self._count_here(key, requests, window_ms, block_ms)

    def _count_here(self, key: str, requests: int, window_ms: int, block_ms: int) -> int | None:
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


def bucket_key(name: str, subject: str) -> str:
    """A limit's counter: its name after the user id or address it counts ("" for global ones)."""
    return f"{subject}-{name}" if subject else name


def _subject(by: str) -> str:
    from core.auth import client_ip

    if by == "global":
        return ""
    identity = getattr(g, "identity", None)
    if by == "user" and identity is not None:
        return str(identity.user.id)
    return (client_ip() or "unknown").replace(":", "=")


async def check(
    name: str, requests: int, per_s: float, block_s: float | None = None, by: str = "user", message: str = "Slow down!"
) -> None:
    limiter = hearth().limiter
    if not limiter.enabled:
        return
    window_ms, block_ms = int(per_s * 1000), int((block_s or per_s) * 1000)
    if dev_mode():
        restrict_ms = await _dev_mode_opt_in()
        if restrict_ms is None:
            return
        if restrict_ms:
            # Upstream rewrites the limiter's settings for good here; Hearth only for this call.
            window_ms, block_ms = block_ms, restrict_ms
    ttl = await limiter.hit(bucket_key(name, _subject(by)), requests, window_ms, block_ms)
    if ttl is not None:
        raise ApiError(429, message, None, ttl=ttl)


async def _dev_mode_opt_in() -> int | None:
    """In dev mode a limit applies only when the JSON body says ``test_enable_rate_limit: true``:
    None when it does not, else ``test_enable_rate_limit_restrict_ms`` (0 when absent)."""
    if not has_request_context() or not request.is_json:
        return None
    body = await request.get_json(silent=True)
    if not isinstance(body, dict) or body.get("test_enable_rate_limit") is not True:
        return None
    restrict = body.get("test_enable_rate_limit_restrict_ms")
    if isinstance(restrict, int) and not isinstance(restrict, bool) and 0 < restrict <= MAX_RESTRICT_MS:
        return restrict
    return 0


def rate_limit(
    name: str, requests: int, per_s: float, block_s: float | None = None, by: str = "user", message: str = "Slow down!"
) -> Callable:
    """Decorate a route (below its auth guard): ``@rate_limit("login", 10, 30, by="ip")``."""

    def decorator(view: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @wraps(view)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            await check(name, requests, per_s, block_s, by, message)
            return await view(*args, **kwargs)

        return wrapper

    return decorator
