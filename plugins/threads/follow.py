"""Following a thread and its read state: who follows (the creator, repliers, the people a
message names, whoever chose to), when they last read it and how many unread mentions it holds.
A manual unfollow sticks: replying again keeps the row's choice."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tortoise.expressions import F

from core.identity.models import User
from core.ids import new_id
from core.prepared import Statement, fetch_rows
from plugins.servers.models import Member
from plugins.servers.notifications import muted_user_ids
from plugins.servers.permissions import MemberContext, can_view
from plugins.threads import live
from plugins.threads.models import Thread, ThreadMember

MAX_UNREAD_IN_PAYLOAD = 200

_REPLIED = (
    f"INSERT INTO {ThreadMember._meta.db_table} (id, thread_id, user_id, following, last_seen, mention_count) "
    "VALUES ($1, $2, $3, $4, $5, 0) "
    "ON CONFLICT (thread_id, user_id) DO UPDATE SET last_seen = excluded.last_seen, mention_count = 0"
)


def replied(thread_id: int, user_id: int, at: datetime) -> Statement:
    """The sender of a message follows the thread (unless they unfollowed) and has read it."""
    return _REPLIED, [new_id(), thread_id, user_id, True, at]


async def replied_now(thread_id: int, user_id: int) -> None:
    await fetch_rows(*replied(thread_id, user_id, datetime.now(UTC)))


async def seen(thread_id: int, user_id: int, at: datetime) -> None:
    """Read up to ``at``: only a follower (or former follower) keeps a read state."""
    await ThreadMember.filter(thread_id=thread_id, user_id=user_id).update(last_seen=at, mention_count=0)


async def set_following(thread: Thread, user_id: int, following: bool) -> None:
    updated = await ThreadMember.filter(thread_id=thread.channel_id, user_id=user_id).update(following=following)
    if not updated:
        await ThreadMember.get_or_create(
            thread_id=thread.channel_id,
            user_id=user_id,
            defaults={"following": following, "last_seen": datetime.now(UTC)},
        )
        await ThreadMember.filter(thread_id=thread.channel_id, user_id=user_id).update(following=following)
    await live.to_user(user_id, "thread:follow_updated", {"threadId": str(thread.channel_id), "following": following})


async def mentioned(thread: Thread, user_ids: list[int], overrides: dict[int, int], ctx: MemberContext) -> None:
    """The people a message names who can see the thread follow it and count one more unread
    mention (not those who muted the parent channel: they follow without the count), in a few
    queries whatever their number."""
    members = await Member.filter(server_id=thread.server_id, user_id__in=user_ids).select_related("user")
    readers = [
        m.user_id
        for m in members
        if not m.user.bot
        and can_view(MemberContext(server=ctx.server, member=m, roles=ctx.roles, user=m.user), overrides)
    ]
    if not readers:
        return
    muted = await muted_user_ids(thread.server_id, thread.parent_id, readers)
    counted = [u for u in readers if u not in muted]
    existing = set(
        await ThreadMember.filter(thread_id=thread.channel_id, user_id__in=readers).values_list("user_id", flat=True)
    )
    if counted and existing & set(counted):
        await ThreadMember.filter(thread_id=thread.channel_id, user_id__in=list(existing & set(counted))).update(
            mention_count=F("mention_count") + 1
        )
    fresh = [u for u in readers if u not in existing]
    if fresh:
        before = datetime.now(UTC) - timedelta(seconds=1)
        await ThreadMember.bulk_create(
            [
                ThreadMember(
                    thread_id=thread.channel_id,
                    user_id=u,
                    following=True,
                    last_seen=before,
                    mention_count=0 if u in muted else 1,
                )
                for u in fresh
            ],
            ignore_conflicts=True,
        )
        for user_id in fresh:
            await live.to_user(
                user_id, "thread:follow_updated", {"threadId": str(thread.channel_id), "following": True}
            )


MAX_FOLLOWED = 1000  # the newest followed threads looked at for the payload


async def unread(user: User) -> dict[str, int]:
    """``user:authenticated``'s slice: ``{threadId: unread mentions}`` for the followed threads
    the user can still see with something unread (the newest 200). Compact: 200 fit in 5 KB."""
    from plugins.messages.service import viewable_channel_ids

    rows = (
        await ThreadMember.filter(user_id=user.id, following=True)
        .order_by("-thread__last_messaged_at")
        .limit(MAX_FOLLOWED)
        .values_list("thread_id", "mention_count", "last_seen", "thread__last_messaged_at")
    )
    waiting = [
        (thread_id, mentions)
        for thread_id, mentions, last_seen, last_messaged in rows
        if mentions > 0 or (last_messaged is not None and last_messaged > last_seen)
    ][:MAX_UNREAD_IN_PAYLOAD]
    parents = dict(await Thread.filter(channel_id__in=[t for t, _ in waiting]).values_list("channel_id", "parent_id"))
    visible = await viewable_channel_ids(user, list(set(parents.values())))
    return {str(t): mentions for t, mentions in waiting if parents.get(t) in visible}
