"""``post:watch {postIds}``: the posts a socket shows, for live counts (see ``live.py``)."""

from __future__ import annotations

from typing import Any

from plugins.posts.live import room, visible_authors, watched_ids
from plugins.posts.relations import block_sets

STATE_KEY = "posts.watching"


async def watch(ctx: Any, data: Any) -> None:
    """Replace the set of posts this socket watches; posts whose author blocked the user are
    left out (their counts are not the user's business)."""
    ids = watched_ids(data)
    if ids is None:
        return
    authors = await visible_authors(ids)
    _, blockers = await block_sets(ctx.user.id)
    wanted = {post_id for post_id, author_id in authors.items() if author_id not in blockers}
    watching: set[int] = ctx.state.get(STATE_KEY, set())
    for post_id in watching - wanted:
        await ctx.leave(room(post_id))
    for post_id in wanted - watching:
        await ctx.join(room(post_id))
    ctx.state[STATE_KEY] = wanted
