"""Post views (rest.md §7): one view per IP per post (again after ``posts.view_dedupe_hours``),
counted in memory or Redis and written to ``posts.views`` in batches every
``posts.views_flush_seconds`` (and at shutdown) — never one write per view.

With Redis, a request's views wait in the process for up to a second and go in one script call
with everybody else's of that second (one call per page cost each list request a Redis round
trip). Either way the process remembers what it counted: scrolling the same feed again sends
nothing (Redis would refuse those views anyway)."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import Counter, defaultdict
from typing import Any

from tortoise.expressions import F

from core.periodic import every
from plugins.posts.models import Post

log = logging.getLogger("hearth.posts")
PENDING_KEY = "hearth:posts:views"
SEEN_PREFIX = "hearth:posts:seen:"
MEMORY_SEEN_LIMIT = 200_000
BATCH_SECONDS = 1.0

# ARGV: dedupe seconds, then pairs of (ip, space-separated post ids); counts each post the IP
# had not viewed recently.
_COUNT_LUA = """
local counted = 0
for i = 2, #ARGV, 2 do
  for post in string.gmatch(ARGV[i + 1], '%d+') do
    if redis.call('SET', KEYS[2] .. post .. ':' .. ARGV[i], 1, 'NX', 'EX', ARGV[1]) then
      redis.call('HINCRBY', KEYS[1], post, 1)
      counted = counted + 1
    end
  end
end
return counted
"""


class ViewCounter:
    def __init__(self, redis: Any = None, dedupe_seconds: int = 86_400, batch_seconds: float = BATCH_SECONDS):
        self.redis = redis
        self.dedupe_seconds = dedupe_seconds
        self.batch_seconds = batch_seconds
        self._script = redis.register_script(_COUNT_LUA) if redis is not None else None
        self._seen: dict[tuple[int, str], float] = {}  # (post, ip) → until when it counts no more
        self._pending: Counter[int] = Counter()  # without Redis: views not written yet
        self._batch: dict[str, list[int]] = defaultdict(list)  # with Redis: ip → posts, not sent yet
        self._sending: asyncio.Task | None = None

    def viewed(self, ip: str | None, post_ids: list[int]) -> None:
        if not ip or not post_ids:
            return
        now = time.monotonic()
        fresh = []
        for post_id in post_ids:
            key = (post_id, ip)
            if self._seen.get(key, 0) > now:
                continue
            self._seen[key] = now + self.dedupe_seconds
            fresh.append(post_id)
        if len(self._seen) > MEMORY_SEEN_LIMIT:
            self._seen = {k: v for k, v in self._seen.items() if v > now}
            if self._script is not None and len(self._seen) > MEMORY_SEEN_LIMIT:
                self._seen = {}  # Redis remembers them too
        if self._script is None:
            self._pending.update(fresh)
            return
        if fresh:
            self._batch[ip] += fresh
            if self._sending is None:
                self._sending = asyncio.get_running_loop().create_task(self._send_later())

    async def _send_later(self) -> None:
        try:
            await asyncio.sleep(self.batch_seconds)
        finally:
            self._sending = None
        try:
            await self.send()
        except Exception:
            log.exception("counting post views failed")

    async def send(self) -> None:
        """Count the views waiting in this process (Redis only)."""
        batch, self._batch = self._batch, defaultdict(list)
        if batch and self._script is not None:
            args: list[Any] = [self.dedupe_seconds]
            for ip, post_ids in batch.items():
                args += (ip, " ".join(map(str, post_ids)))
            await self._script(keys=[PENDING_KEY, SEEN_PREFIX], args=args)

    async def _take(self) -> dict[int, int]:
        if self.redis is None:
            taken, self._pending = dict(self._pending), Counter()
            return taken
        name = f"{PENDING_KEY}:flushing:{uuid.uuid4().hex}"
        try:
            await self.redis.rename(PENDING_KEY, name)
        except Exception:
            return {}
        raw = await self.redis.hgetall(name)
        await self.redis.delete(name)
        return {int(k): int(v) for k, v in raw.items()}

    async def close(self) -> int:
        """At shutdown: count what is waiting and write it."""
        if self._sending is not None:
            self._sending.cancel()
            self._sending = None
        return await self.flush()

    async def flush(self) -> int:
        """Add the pending views to the posts; one UPDATE per distinct increment."""
        await self.send()
        taken = await self._take()
        by_amount: dict[int, list[int]] = defaultdict(list)
        for post_id, amount in taken.items():
            by_amount[amount].append(post_id)
        for amount, ids in by_amount.items():
            await Post.filter(id__in=ids).update(views=F("views") + amount)
        return sum(taken.values())


def flush_forever(counter: ViewCounter, interval: float) -> asyncio.Task:
    """Write the pending views every ``interval`` seconds; a failed round tries again at the next."""
    return every(interval, counter.flush, "flushing post views", wait_first=True)
