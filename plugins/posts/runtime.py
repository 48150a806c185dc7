"""What the posts plugin keeps per running app: live updates and the view counter."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from quart import current_app

from core import periodic
from plugins.posts.live import LiveUpdates
from plugins.posts.views import ViewCounter, flush_forever

KEY = "posts"


@dataclass
class PostsRuntime:
    live: LiveUpdates
    views: ViewCounter
    redis: Any = None
    flusher: asyncio.Task | None = None


def runtime() -> PostsRuntime:
    return current_app.extensions[KEY]


async def start(app: Any) -> None:
    hearth = app.extensions["hearth"]
    get = hearth.settings.get
    redis = None
    if hearth.settings.redis.url:
        import redis.asyncio as aioredis

        redis = aioredis.from_url(hearth.settings.redis.url)
    views = ViewCounter(redis, int(float(get("posts.view_dedupe_hours", 24)) * 3600))
    state = PostsRuntime(
        live=LiveUpdates(hearth.gateway, float(get("posts.live_delay_ms", 250))), views=views, redis=redis
    )
    state.flusher = flush_forever(views, float(get("posts.views_flush_seconds", 300)))
    app.extensions[KEY] = state


async def stop(app: Any) -> None:
    state: PostsRuntime | None = app.extensions.pop(KEY, None)
    if state is None:
        return
    await periodic.stop(state.flusher)
    await state.live.stop()
    try:
        await state.views.close()
    finally:
        if state.redis is not None:
            await state.redis.aclose()
