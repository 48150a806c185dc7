"""Removing a member while they mark the group read: both lock the member's unread counter and
their membership row, in the same order, so neither waits on the other in a cycle. On PostgreSQL
the opposite order was a deadlock, and the removal answered 500 (seen in a browser test)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from tortoise.transactions import in_transaction

from plugins.group_dms.models import GroupMember
from plugins.messages.models import MentionCounter
from tests.plugins.group_dms.helpers import friends_of, gcall, group_of
from tests.plugins.messages.helpers import member


async def test_a_removal_while_the_member_marks_the_group_read_waits_its_turn(client):
    owner = await member()
    bob, carol = await friends_of(client, owner, 2)
    group = await group_of(client, owner, [bob, carol])
    gid = int(group["id"])
    await MentionCounter.create(user_id=int(bob.id), channel_id=gid, count=1, created_at=datetime.now(UTC))

    go = asyncio.Event()

    async def removal_request() -> tuple[int, object]:  # made out here: not inside `reading`'s transaction
        await go.wait()
        return await gcall(client, "DELETE", f"/api/group-dms/{gid}/members/{bob.id}", person=owner)

    removal = asyncio.create_task(removal_request())
    async with in_transaction("default") as reading:  # what marking it read does, held open
        await MentionCounter.filter(user_id=int(bob.id), channel_id=gid).using_db(reading).delete()
        go.set()
        await asyncio.sleep(0.5)  # the removal is under way, waiting for the counter's lock
        await (
            GroupMember.filter(group_id=gid, user_id=int(bob.id)).using_db(reading).update(last_seen=datetime.now(UTC))
        )
    status, body = await removal
    assert status == 200, body
    assert not await GroupMember.filter(group_id=gid, user_id=int(bob.id)).exists()
