"""Guessing a six-digit code must stay hopeless: every attempt at a second factor counts against
the person it is for (whatever the address) and against the address (whoever it tries), so a
stolen password buys a handful of tries, not a million. Counted always, like slow mode, not only
when route limits are on."""

from __future__ import annotations

from core.context import hearth
from core.errors import ApiError
from core.ratelimit import bucket_key

WINDOW_MS = 5 * 60 * 1000
PER_USER = 5
PER_ADDRESS = 20
TOO_MANY = "Too many attempts. Try again in a few minutes."


async def count_attempt(user_id: int, ip: str | None) -> None:
    limiter = hearth().limiter
    address = (ip or "unknown").replace(":", "=")
    for key, allowed in (
        (bucket_key("two_factor_code", str(user_id)), PER_USER),
        (bucket_key("two_factor_code_ip", address), PER_ADDRESS),
    ):
        ttl = await limiter.hit(key, allowed, WINDOW_MS, WINDOW_MS)
        if ttl is not None:
            raise ApiError(429, TOO_MANY, None, ttl=ttl)
