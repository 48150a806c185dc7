"""Post notifications (rest.md §7.4–7.6, §1.30): LIKED, REPLIED, FOLLOWED, REPOSTED and MENTIONED,
at most one per (by, to, type, post), and the unread counter. Notifications by users blocked
either way are left out of the list and the count."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tortoise.exceptions import IntegrityError

from core.identity.models import User
from core.ids import new_id
from core.wire import full_user, ms
from plugins.posts.models import PostNotification, PostNotificationRead
from plugins.posts.relations import Relations
from plugins.posts.runtime import runtime
from plugins.posts.wire import serialize_ids

LATEST = 20


async def notify(kind: int, to_id: int, by_id: int, post_id: int | None = None) -> None:
    """Call inside the transaction that made the reason for it."""
    if to_id == by_id:
        return
    if await PostNotification.exists(by_id=by_id, to_id=to_id, type=kind, post_id=post_id):
        return
    await PostNotification.create(by_id=by_id, to_id=to_id, type=kind, post_id=post_id)
    await runtime().live.notifications_changed(to_id)


async def notify_many(kind: int, to_ids: Iterable[int], by_id: int, post_id: int) -> None:
    """One notification each (a new post's mentions: none can exist yet), in one statement."""
    wanted = [i for i in dict.fromkeys(to_ids) if i != by_id]
    if not wanted:
        return
    await PostNotification.bulk_create(
        [PostNotification(by_id=by_id, to_id=i, type=kind, post_id=post_id) for i in wanted]
    )
    for to_id in wanted:
        await runtime().live.notifications_changed(to_id)


async def latest(user: User, rel: Relations) -> list[dict[str, Any]]:
    """The newest notifications, but those by users blocked either way: blocking someone later
    hides what they did before too (unblocking shows it again)."""
    query = PostNotification.filter(to_id=user.id)
    if rel.blocked or rel.blocked_by:
        query = query.exclude(by_id__in=rel.blocked | rel.blocked_by)
    rows = await query.order_by("-id").limit(LATEST).select_related("by")
    post_ids = [r.post_id for r in rows if r.post_id is not None]
    wires = {int(wire["id"]): wire for wire in await serialize_ids(post_ids, rel)}
    return [
        {
            "id": str(r.id),
            "createdAt": ms(r.created_at),
            "type": r.type,
            "toId": str(r.to_id),
            "byId": str(r.by_id),
            "postId": None if r.post_id is None else str(r.post_id),
            "by": full_user(r.by),
            "post": wires.get(r.post_id),
        }
        for r in rows
        if r.post_id is None or r.post_id in wires  # a gated post the user may no longer see: nothing of it
    ]


async def dismiss(user: User) -> None:
    seen = new_id()
    if not await PostNotificationRead.filter(user_id=user.id).update(seen_id=seen):
        try:
            await PostNotificationRead.create(user_id=user.id, seen_id=seen)
        except IntegrityError:  # a concurrent dismiss made the row
            await PostNotificationRead.filter(user_id=user.id).update(seen_id=seen)
    await runtime().live.notifications_changed(user.id)
