"""Posts moderation (rest.md §8.5) through the hooks the posts plugin answers
(``moderation_posts``, ``moderation_delete_posts``, ``moderation_post_announcement``). Without
a posts plugin there are no posts: lists are empty and announcements answer "Post not found"."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from plugins.moderation import audit
from plugins.moderation.paging import Page

MAX_IDS = 5000


async def listing(page: Page, query: str | None = None) -> list[dict[str, Any]]:
    if query is not None and not query.strip():
        return []
    posts: list[dict[str, Any]] = []
    for answer in await hearth().plugins.gather("moderation_posts", query=query, after=page.after, limit=page.limit):
        posts.extend(answer or [])
    return posts[: page.limit]


async def delete(moderator: User, post_ids: list[str]) -> None:
    if len(post_ids) >= MAX_IDS:
        raise ApiError(403, "post ids must contain less than 5000 ids.")
    ids = [parsed for parsed in (parse_id(p) for p in post_ids) if parsed is not None]
    deleted = (
        sum(
            n or 0
            for n in await hearth().plugins.gather("moderation_delete_posts", post_ids=ids, moderator_id=moderator.id)
        )
        if ids
        else 0
    )
    await audit.record(audit.POST_DELETE, moderator.id, count=deleted)


async def announcement(post_id: str, announce: bool) -> None:
    parsed = parse_id(post_id)
    answers = (
        [
            a
            for a in await hearth().plugins.gather("moderation_post_announcement", post_id=parsed, announce=announce)
            if a is not None
        ]
        if parsed is not None
        else []
    )
    if not answers:
        raise ApiError(404, "Post not found", "postId")
    if not any(answers):
        raise ApiError(400, "Something went wrong. Try again later.")  # upstream: 500
