"""Warnings shown to users (UserNotice, entities.md §3.9): created by a moderator's warning or a
server's scheduled deletion, listed in ``user:authenticated.user.notices`` (oldest first), sent
live as ``user:notice_created`` and dismissed with ``DELETE /users/notices/:id`` (rest.md §1.11)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.moderation.models import Notice
from plugins.moderation.standing import standing

WARNING = 0


def notice_wire(notice: Notice, by_username: str | None) -> dict[str, Any]:
    return {
        "id": str(notice.id),
        "type": notice.type,
        "title": notice.title,
        "content": notice.content,
        "createdAt": ms(notice.created_at),
        "createdBy": {"username": by_username} if by_username is not None else None,
    }


async def warn_users(users: list[User], content: str, moderator: User) -> None:
    """One warning notice per user, each announced to its user's room after the commit."""
    notices = [Notice(user_id=user.id, type=WARNING, content=content, created_by_id=moderator.id) for user in users]
    for notice in notices:
        await notice.save()
        await hearth().gateway.emit(
            "user:notice_created", notice_wire(notice, moderator.username), to=str(notice.user_id)
        )


async def self_user_slice(user_id: int) -> dict[str, Any]:
    notices = await Notice.filter(user_id=user_id).order_by("id").select_related("created_by")
    mine: dict[str, Any] = {
        "notices": [notice_wire(n, n.created_by.username if n.created_by else None) for n in notices]
    }
    if standing().shadow_banned(user_id):
        mine["shadowBanned"] = True
    return {"user": mine}


async def dismiss(user: User, notice_id: str) -> None:
    parsed = parse_id(notice_id)
    if parsed is None or not await Notice.filter(id=parsed, user_id=user.id).delete():
        raise ApiError(404, "Notice not found")
