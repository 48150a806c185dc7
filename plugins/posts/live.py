"""Live counts, a Hearth addition to the protocol (realtime.md has only ``post:mention``).

A socket says which posts it shows with ``post:watch {postIds}`` (at most 100; each call
replaces the last) and joins a room per post, ``post:<id>``. When likes, reposts, replies or
poll votes change, ``post:updated {postId, updated}`` goes to that room with the new counts;
an edit or a delete sends ``post:changed {postId}`` (clients fetch the post again, which applies
blocks). ``post:notification_count {count}`` goes to a user's room when their unread post
notifications change. Clients that do not know these events ignore them.

Each is sent a short moment (``posts.live_delay_ms``) after the first change, with the counts
read then: 200 likes a second on one post cost a handful of events, and the last one sent
always carries the final counts.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from core.db import after_commit
from core.ids import parse_id
from plugins.posts.models import Post, PostNotification, PostNotificationRead, PostPollChoice
from plugins.posts.relations import block_sets

log = logging.getLogger("hearth.posts")
WATCH_LIMIT = 100


def room(post_id: int) -> str:
    return f"post:{post_id}"


async def unread_count(user_id: int) -> int:
    """Unread notifications, but those by users blocked either way (as the list leaves them out)."""
    seen = await PostNotificationRead.filter(user_id=user_id).values_list("seen_id", flat=True)
    query = PostNotification.filter(to_id=user_id, id__gt=seen[0] if seen else 0)
    blocked, blocked_by = await block_sets(user_id)
    if blocked or blocked_by:
        query = query.exclude(by_id__in=blocked | blocked_by)
    return await query.count()


async def counts(post_id: int) -> dict[str, Any] | None:
    post = await Post.get_or_none(id=post_id).only("id", "estimate_likes", "estimate_reposts", "has_poll")
    if post is None:
        return None
    comments = await Post.filter(comment_to_id=post_id, deleted=False).count()
    updated: dict[str, Any] = {
        "estimateLikes": post.estimate_likes,
        "estimateReposts": post.estimate_reposts,
        "_count": {"likedBy": post.estimate_likes, "comments": comments, "reposts": post.estimate_reposts},
    }
    if post.has_poll:
        choices = await PostPollChoice.filter(poll__post_id=post_id).order_by("id")
        if choices:
            updated["poll"] = {
                "id": str(choices[0].poll_id),
                "_count": {"votedUsers": sum(c.votes for c in choices)},
                "choices": [{"id": str(c.id), "_count": {"votedUsers": c.votes}} for c in choices],
            }
    return {"postId": str(post_id), "updated": updated}


class LiveUpdates:
    def __init__(self, gateway: Any, delay_ms: float):
        self.gateway = gateway
        self.delay = delay_ms / 1000
        self._posts: set[int] = set()
        self._users: set[int] = set()
        self._tasks: set[asyncio.Task] = set()

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def post_counts_changed(self, post_id: int) -> None:
        """Call inside or after the transaction that changed the counts."""
        await self._soon(self._posts, post_id, self._publish_counts)

    async def post_content_changed(self, post_id: int) -> None:
        await self.gateway.emit("post:changed", {"postId": str(post_id)}, to=room(post_id))

    async def notifications_changed(self, user_id: int) -> None:
        await self._soon(self._users, user_id, self._publish_unread)

    async def _soon(self, pending: set[int], key: int, publish: Any) -> None:
        """After the commit: publish for ``key`` once the delay has passed, unless a
        publication for it is already waiting (it will read the newer state)."""

        async def schedule() -> None:
            if key not in pending:
                pending.add(key)
                self._spawn(self._after_delay(pending, key, publish))

        await after_commit(schedule)

    async def _after_delay(self, pending: set[int], key: int, publish: Any) -> None:
        await asyncio.sleep(self.delay)
        pending.discard(key)  # a change from now on publishes again
        try:
            await publish(key)
        except Exception:
            log.exception("could not publish a live post update for %s", key)

    async def _publish_counts(self, post_id: int) -> None:
        payload = await counts(post_id)
        if payload is not None:
            await self.gateway.sio.emit("post:updated", payload, to=room(post_id))

    async def _publish_unread(self, user_id: int) -> None:
        await self.gateway.sio.emit("post:notification_count", {"count": await unread_count(user_id)}, to=str(user_id))

    async def settled(self) -> None:
        """Wait until every scheduled update has gone out (tests, benchmarks)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def watched_ids(data: Any) -> list[int] | None:
    """The ids of ``{postIds: [...]}``, or None when the payload is not that."""
    ids = data.get("postIds") if isinstance(data, dict) else None
    if not isinstance(ids, list):
        return None
    parsed = [parse_id(i) for i in ids[:WATCH_LIMIT]]
    return list(dict.fromkeys(i for i in parsed if i is not None))


async def visible_authors(post_ids: list[int]) -> dict[int, int]:
    if not post_ids:
        return {}
    return dict(await Post.filter(id__in=post_ids).values_list("id", "created_by_id"))
