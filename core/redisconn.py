"""Redis clients that fail fast, and the bookkeeping of a Redis outage.

redis-py's default client waits 5 s for a connection and retries a failed command ten times with
back-off: while Redis is down every call that touches it would hang for seconds. Hearth's clients
give up after ``[redis] timeout_seconds`` and retry once, at once, on a fresh connection (which is
what a pooled connection left stale by a Redis restart needs). Whoever uses Redis keeps working
without it (see docs/faults.md) and tries it again every ``[redis] retry_seconds``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.connection import parse_url
from redis.exceptions import RedisError

# What a call to Redis raises when Redis is down, restarting, unreachable or too slow.
REDIS_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError, asyncio.TimeoutError)


def connect(url: str, timeout: float, retries: int = 1) -> Any:
    """A client whose commands fail after ``timeout`` seconds, retried ``retries`` times at once."""
    return aioredis.from_url(
        url, socket_timeout=timeout, socket_connect_timeout=timeout, retry=Retry(NoBackoff(), retries)
    )


def pubsub_channel(url: str, name: str) -> str:
    """The Pub/Sub channel ``name`` for the database the URL selects.

    Redis's Pub/Sub ignores ``SELECT``: two Hearths given one Redis server with different database
    numbers would otherwise hear each other's events, so the number is part of the channel.
    """
    return f"hearth:{database_number(url)}:{name}"


def database_number(url: str) -> int:
    return int(parse_url(url).get("db") or 0)


def raise_if_cancelled() -> None:
    """Call where a Redis error is caught: redis-py may turn the cancellation of the calling task
    into a connection error, which must not be mistaken for an outage (or swallowed)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


def redis_settings(settings: Any) -> tuple[float, float]:
    """(timeout_seconds, retry_seconds) of the ``[redis]`` section."""
    return float(settings.get("redis.timeout_seconds", 2)), float(settings.get("redis.retry_seconds", 1))


class Outage:
    """One service's view of Redis: up, or down since when. Logs once when it goes and once when
    it is back, never per call, and says when to try Redis again while it is down."""

    def __init__(self, log: logging.Logger, subject: str, meanwhile: str, retry_seconds: float = 1.0):
        self.log = log
        self.subject = subject  # "rate limits"
        self.meanwhile = meanwhile  # "are counted per process until it is back"
        self.retry_seconds = retry_seconds
        self.down_since: float | None = None
        self._next_try = 0.0

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def may_try(self) -> bool:
        """While up: always. While down: one caller every ``retry_seconds``; the others go on
        without Redis instead of each waiting for a time-out."""
        if self.down_since is None:
            return True
        now = time.monotonic()
        if now < self._next_try:
            return False
        self._next_try = now + self.retry_seconds
        return True

    def failed(self, error: BaseException) -> None:
        self._next_try = time.monotonic() + self.retry_seconds
        if self.down_since is None:
            self.down_since = time.monotonic()
            self.log.warning(
                "Redis unreachable (%s: %s): %s %s", type(error).__name__, error, self.subject, self.meanwhile
            )

    def recovered(self) -> bool:
        """Mark Redis as answering; True when it had been down (the caller may resynchronise)."""
        if self.down_since is None:
            return False
        self.log.warning("Redis is back after %.1f s (%s)", time.monotonic() - self.down_since, self.subject)
        self.down_since = None
        return True
