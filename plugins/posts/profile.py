"""What posts add to ``GET /users/:userId`` (rest.md §1.28) and what an account deletion with
``deleteContent`` removes."""

from __future__ import annotations

from typing import Any

from quart import has_request_context, request
from tortoise.expressions import F, Subquery

from core.db import transaction
from core.identity.models import User
from plugins.posts import queries
from plugins.posts.models import Post, PostLike, PostNotification, PostPollChoice, PostPollVote
from plugins.posts.relations import relations
from plugins.posts.service import erase
from plugins.posts.wire import load


async def profile_contribution(viewer: User | None, user: User) -> dict[str, Any]:
    rel = await relations(viewer, follows=True)
    counts = {
        "posts": await Post.filter(created_by_id=user.id, deleted=False).count(),
        "likedPosts": await PostLike.filter(liked_by_id=user.id).count(),
    }
    latest = [] if rel.hides(user.id) else await load(queries.latest_of(rel, user.id), rel)
    extra: dict[str, Any] = {"user": {"_count": counts}, "latestPost": latest[0] if latest else None}
    if has_request_context() and request.args.get("includePinnedPosts") == "true":
        extra["pinnedPosts"] = await load(queries.pinned(rel, user.id), rel)
    return extra


async def purge(user_id: int) -> None:
    """Everything ``user_id`` did with posts, undone with the counters it moved: likes, votes and
    reposts go; their posts are emptied like a delete (threads keep their shape)."""
    async with transaction():
        liked = Subquery(PostLike.filter(liked_by_id=user_id).values("post_id"))
        await Post.filter(id__in=liked).update(estimate_likes=F("estimate_likes") - 1)
        await PostLike.filter(liked_by_id=user_id).delete()
        voted = Subquery(PostPollVote.filter(user_id=user_id).values("choice_id"))
        await PostPollChoice.filter(id__in=voted).update(votes=F("votes") - 1)
        await PostPollVote.filter(user_id=user_id).delete()
        await PostNotification.filter(by_id=user_id).delete()
    for post in await Post.filter(created_by_id=user_id, deleted=False).order_by("id"):
        await erase(post)
