"""Posts' share of "Download your data" (docs/export.md): the user's posts (not deleted), their
likes and their post notifications."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from core.keyset import ms, rows_by_id
from plugins.posts.models import Post, PostLike, PostNotification


def _id(value: Any) -> str | None:
    return None if value is None else str(value)


async def posts(user: User) -> AsyncIterator[dict[str, Any]]:
    query = Post.filter(created_by_id=user.id, deleted=False)
    fields = ("content", "created_at", "edited_at", "comment_to_id", "repost_id", "quoted_post_id", "attachment")
    async for row in rows_by_id(query, *fields):
        attachment = row["attachment"] or None
        yield {
            "id": str(row["id"]),
            "content": row["content"],
            "createdAt": ms(row["created_at"]),
            "editedAt": ms(row["edited_at"]),
            "replyTo": _id(row["comment_to_id"]),
            "repostOf": _id(row["repost_id"]),
            "quotes": _id(row["quoted_post_id"]),
            "image": attachment.get("path") if isinstance(attachment, dict) else None,
        }


async def likes(user: User) -> AsyncIterator[dict[str, Any]]:
    async for row in rows_by_id(PostLike.filter(liked_by_id=user.id, post__deleted=False), "post_id", "created_at"):
        yield {"postId": str(row["post_id"]), "likedAt": ms(row["created_at"])}


async def notifications(user: User) -> AsyncIterator[dict[str, Any]]:
    async for row in rows_by_id(PostNotification.filter(to_id=user.id), "by_id", "type", "post_id", "created_at"):
        yield {
            "type": row["type"],
            "byUserId": str(row["by_id"]),
            "postId": _id(row["post_id"]),
            "createdAt": ms(row["created_at"]),
        }


def parts(user: User) -> list[dict[str, Any]]:
    return [
        {"name": "posts", "title": "Posts", "rows": posts(user)},
        {"name": "likes", "title": "Liked posts", "rows": likes(user)},
        {"name": "notifications", "title": "Notifications", "rows": notifications(user)},
    ]
