"""What the moderation plugin asks of posts (rest.md §8.5, its ``hookspecs.py``): every post listed
for the staff, deleting any post, announcements, and a sanctioned user's recent posts. The hooks
(``plugin.py``) import this module only when moderation calls them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from quart import has_request_context

from core.auth import maybe_user
from core.ids import parse_id
from core.wire import ms
from plugins.posts import queries
from plugins.posts.models import Post, PostAnnouncement
from plugins.posts.relations import Relations, relations
from plugins.posts.service import erase
from plugins.posts.wire import load


async def _staff_view() -> Relations:
    """The moderator's own likes and votes show; blocks hide nothing from them."""
    viewer = maybe_user() if has_request_context() else None
    rel = await relations(viewer, follows=True)
    rel.bypass = True
    return rel


async def listing(query: str | None, after: int | None, limit: int) -> list[dict[str, Any]]:
    """Every post (replies, reposts and deleted ones too), newest first, or those whose id or
    author's id is ``query``; each with ``announcement: {createdAt} | null``."""
    target = None
    if query is not None:
        target = parse_id(query.strip())
        if target is None:
            return []
    rel = await _staff_view()
    posts = await load(queries.everything(rel, target, after, min(max(limit, 1), queries.PAGE)), rel)
    ids = [int(p["id"]) for p in posts]
    announced = dict(await PostAnnouncement.filter(post_id__in=ids).values_list("post_id", "created_at")) if ids else {}
    for post, post_id in zip(posts, ids):
        at = announced.get(post_id)
        post["announcement"] = None if at is None else {"createdAt": ms(at)}
    return posts


async def delete_posts(post_ids: list[int]) -> int:
    """Delete these posts whoever wrote them, as their author would (rest.md §7.13: emptied, their
    likes, poll, image, announcement, pin and reposts gone; a repost removed). Returns how many
    were deleted (unknown and already deleted ones do not count)."""
    return await _erase_all(Post.filter(id__in=list(dict.fromkeys(post_ids)), deleted=False))


async def _erase_all(query: Any) -> int:
    posts = await query.order_by("id")
    for post in posts:
        await erase(post)
    return len(posts)


async def set_announcement(post_id: int, announce: bool) -> bool | None:
    """Put a top-level post at the top of everyone's feed (``GET /posts/announcement``) or take it
    off. None: no such post; False: it already was (or was not) the announcement."""
    post = await Post.get_or_none(id=post_id, deleted=False, comment_to_id=None, repost_id=None)
    if post is None:
        return None
    if announce:
        _, created = await PostAnnouncement.get_or_create(post_id=post.id)
        return created
    return await PostAnnouncement.filter(post_id=post.id).delete() > 0


async def delete_recent(user_ids: list[int], since: datetime) -> int:
    """Delete what these users posted since ``since`` (a suspension's "delete recent messages",
    a shadow ban). Runs inside the moderation action's transaction."""
    return await _erase_all(
        Post.filter(created_by_id__in=list(user_ids), id__gte=queries.first_id_at(since), deleted=False)
    )
