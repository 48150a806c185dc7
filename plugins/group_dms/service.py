"""Group DMs: creating a group from friends, adding, removing, leaving, renaming and the icon.

Every change of who is in a group is made while holding the group's row (``core.db.hold``), so
two additions at once cannot pass the ten-member limit and a removal cannot cross an addition."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from tortoise.functions import Count

from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.ids import parse_id
from plugins.friends.service import are_friends
from plugins.group_dms import live
from plugins.group_dms.models import (
    GROUP_DM,
    GROUP_ICON_CHANGED,
    GROUP_MEMBER_ADDED,
    GROUP_MEMBER_LEFT,
    GROUP_MEMBER_REMOVED,
    GROUP_RENAMED,
    MAX_MEMBERS,
    GroupDm,
    GroupMember,
)
from plugins.group_dms.wire import group_wire
from plugins.inbox.privacy import MESSAGES, refusal
from plugins.messages.models import Channel, MentionCounter, Message
from plugins.messages.service import bump_mentions, new_message_id
from plugins.messages.wire import serialize_message

MAX_GROUPS = 100  # groups one user may be in: bounds the payload and the group list
NOT_A_MEMBER = "You are not a member of this group."
TOO_MANY = f"A group can have at most {MAX_MEMBERS} members."


# --- reading ---------------------------------------------------------------------------------


async def member_ids(group_id: int) -> list[int]:
    """The group's members, in the order they joined."""
    return list(
        await GroupMember.filter(group_id=group_id).order_by("joined_at", "id").values_list("user_id", flat=True)
    )


async def _groups_wire(group_ids: list[int], viewer_id: int) -> list[dict[str, Any]]:
    """The groups as ``viewer_id`` sees them, in five queries however many there are."""
    if not group_ids:
        return []
    groups = {g.id: g for g in await GroupDm.filter(id__in=group_ids)}
    channels = {c.id: c for c in await Channel.filter(id__in=group_ids)}
    rows = (
        await GroupMember.filter(group_id__in=group_ids)
        .order_by("joined_at", "id")
        .values_list("group_id", "user_id", "last_seen")
    )
    users = {u.id: u for u in await User.filter(id__in={user_id for _, user_id, _ in rows})}
    members: dict[int, list[User]] = defaultdict(list)
    seen: dict[int, datetime | None] = {}
    for group_id, user_id, last_seen in rows:
        members[group_id].append(users[user_id])
        if user_id == viewer_id:
            seen[group_id] = last_seen
    return [
        group_wire(groups[g], channels[g], members[g], seen.get(g)) for g in group_ids if g in groups and g in channels
    ]


async def payload(user_id: int) -> list[dict[str, Any]]:
    group_ids = list(await GroupMember.filter(user_id=user_id).order_by("id").values_list("group_id", flat=True))
    return await _groups_wire(group_ids, user_id)


async def one(group_id: int, viewer_id: int) -> dict[str, Any]:
    return (await _groups_wire([group_id], viewer_id))[0]


async def _membership(user: User, raw_id: str) -> GroupDm:
    """The group ``raw_id`` if ``user`` is in it; 403 otherwise (as CHV answers a channel)."""
    group_id = parse_id(raw_id)
    group = await GroupDm.get_or_none(id=group_id) if group_id is not None else None
    if group is None or not await GroupMember.exists(group_id=group.id, user_id=user.id):
        raise ApiError(403, NOT_A_MEMBER)
    return group


async def may_change_icon(user: User, group_id: int) -> bool:
    """The upload check of a group's icon: any member may change it."""
    return await GroupMember.exists(group_id=group_id, user_id=user.id)


# --- who may be added --------------------------------------------------------------------------


async def _candidates(adder: User, raw_ids: list[str], present: list[int]) -> list[User]:
    """The users named by ``raw_ids`` if ``adder`` may add every one of them to a group that
    has ``present`` members; the first refusal otherwise (400, path ``userIds``)."""
    wanted = [parse_id(raw) for raw in raw_ids]
    if any(w is None for w in wanted):
        raise ApiError(400, "Invalid userId", "userIds")
    if len(set(wanted)) != len(wanted):
        raise ApiError(400, "userIds must not name a user twice.", "userIds")
    if adder.id in wanted:
        raise ApiError(400, "You cannot add yourself.", "userIds")
    users = {u.id: u for u in await User.filter(id__in=wanted, deleted=False) if not u.bot}
    for user_id in wanted:
        user = users.get(user_id)  # type: ignore[arg-type]
        if user is None:
            raise ApiError(400, "Invalid userId", "userIds")
        if user.id in present:
            raise ApiError(400, f"{user.username} is already in this group.", "userIds")
    if len(present) + len(wanted) > MAX_MEMBERS:
        raise ApiError(400, TOO_MANY, "userIds")
    for user_id in wanted:
        user = users[user_id]  # type: ignore[index]
        code = await refusal(adder.id, user.id)  # blocks either way, then DM privacy
        if code is not None:
            raise ApiError(400, MESSAGES[code], "userIds", code=code)
        if not await are_friends(adder.id, user.id):
            raise ApiError(400, f"You can only add your friends: {user.username} is not your friend.", "userIds")
    full = [
        row["user_id"]
        for row in await GroupMember.filter(user_id__in=[adder.id, *wanted])
        .annotate(n=Count("id"))
        .group_by("user_id")
        .values("user_id", "n")
        if row["n"] >= MAX_GROUPS
    ]
    if full:
        raise ApiError(400, f"A user can be in at most {MAX_GROUPS} groups.", "userIds")
    return [users[w] for w in wanted]  # type: ignore[index]


async def _require_confirmed(user: User) -> None:
    account = await Account.get_or_none(user_id=user.id)
    if account is not None and not account.email_confirmed:
        raise bad_request("You must confirm your email to create or change groups.")


# --- system messages -----------------------------------------------------------------------------


async def _system_message(
    channel: Channel,
    actor: User,
    message_type: int,
    audience: list[int],
    about: User | None = None,
    content: str | None = None,
) -> None:
    """Store a system message and announce it to ``audience`` (the members who should see it)."""
    message_id, created_at = new_message_id()
    message = await Message.create(
        id=message_id,
        channel_id=channel.id,
        type=message_type,
        content=content,
        created_by_id=actor.id,
        created_at=created_at,
        mention_user_ids=[str(about.id)] if about is not None else [],
    )
    await Channel.filter(id=channel.id).update(last_messaged_at=created_at)
    # unread for the others, as a member's message is (and as the web client counts it live)
    await bump_mentions([m for m in audience if m != actor.id], channel, actor.id, None)
    wire = await serialize_message(message, actor.id, fresh=True)
    await live.tell(audience, "message:created", {"message": wire})


# --- changes -------------------------------------------------------------------------------------


async def create(user: User, raw_ids: list[str], name: str | None) -> dict[str, Any]:
    await _require_confirmed(user)
    name = _clean_name(name) if name is not None else None
    others = await _candidates(user, raw_ids, [])
    async with transaction():
        channel = await Channel.create(type=GROUP_DM, name=name, created_by_id=user.id)
        group = await GroupDm.create(id=channel.id, owner_id=user.id)
        await GroupMember.bulk_create([GroupMember(group_id=group.id, user_id=u.id) for u in [user, *others]])
        everyone = [user.id, *(o.id for o in others)]
        wire = await one(group.id, user.id)
        for member_id in everyone:  # lastSeen is each member's own
            await live.tell([member_id], "group_dm:joined", {"group": {**wire, "lastSeen": None}})
    return wire


async def add(user: User, raw_group: str, raw_ids: list[str]) -> dict[str, Any]:
    await _require_confirmed(user)
    group = await _membership(user, raw_group)
    async with transaction():
        await hold(GroupDm, group.id)
        present = await member_ids(group.id)
        if user.id not in present:  # removed while waiting for the row
            raise ApiError(403, NOT_A_MEMBER)
        added = await _candidates(user, raw_ids, present)
        await GroupMember.bulk_create([GroupMember(group_id=group.id, user_id=u.id) for u in added])
        channel = await Channel.get(id=group.id)
        everyone = [*present, *(a.id for a in added)]
        from core.wire import public_user

        await live.tell(
            present, "group_dm:member_added", {"channelId": str(group.id), "users": [public_user(a) for a in added]}
        )
        wire = await one(group.id, user.id)
        await live.tell([a.id for a in added], "group_dm:joined", {"group": {**wire, "lastSeen": None}})
        for newcomer in added:
            await _system_message(channel, user, GROUP_MEMBER_ADDED, everyone, about=newcomer)
    return wire


async def remove(user: User, raw_group: str, raw_member: str) -> None:
    group = await _membership(user, raw_group)
    member_id = parse_id(raw_member)
    if group.owner_id != user.id:
        raise ApiError(403, "Only the owner of the group can remove people.")
    if member_id == user.id:
        raise bad_request("You cannot remove yourself: leave the group instead.")
    async with transaction():
        await hold(GroupDm, group.id)
        present = await member_ids(group.id)
        if member_id not in present:
            raise bad_request("This user is not in this group.")
        removed = await User.get(id=member_id)
        await _drop(group, member_id, present)
        remaining = [m for m in present if m != member_id]
        await _system_message(await Channel.get(id=group.id), user, GROUP_MEMBER_REMOVED, remaining, about=removed)


async def leave(user: User, raw_group: str) -> None:
    await _leave(await _membership(user, raw_group), user)


async def _leave(group: GroupDm, user: User) -> None:
    async with transaction():
        await hold(GroupDm, group.id)
        present = await member_ids(group.id)
        if user.id not in present:
            raise ApiError(403, NOT_A_MEMBER)
        remaining = [m for m in present if m != user.id]
        await _drop(group, user.id, present)
        if not remaining:  # the last one out: the group and its messages go
            await Channel.filter(id=group.id).delete()
            await GroupDm.filter(id=group.id).delete()
            return
        await _system_message(await Channel.get(id=group.id), user, GROUP_MEMBER_LEFT, remaining)
        if group.owner_id == user.id:  # ownership passes to whoever has been in the group longest
            await GroupDm.filter(id=group.id).update(owner_id=remaining[0])
            await live.tell(remaining, "group_dm:updated", {"channelId": str(group.id), "ownerId": str(remaining[0])})


async def _drop(group: GroupDm, member_id: int, present: list[int]) -> None:
    """Take ``member_id`` out: their row, their unread counter; they hear ``group_dm:left``, the
    others ``group_dm:member_removed``. Before that, what they take part in there (a call) ends."""
    channel = await Channel.get(id=group.id)
    await hearth().plugins.gather("channel_access_ending", channel=channel, user_id=member_id)
    # the counter before the membership row: the order in which marking the group read locks
    # them (messages.dismiss, then mark_seen); the other order deadlocked with it on PostgreSQL
    await MentionCounter.filter(user_id=member_id, channel_id=group.id).delete()
    await GroupMember.filter(group_id=group.id, user_id=member_id).delete()
    await live.tell([member_id], "group_dm:left", {"channelId": str(group.id)})
    others = [m for m in present if m != member_id]
    await live.tell(others, "group_dm:member_removed", {"channelId": str(group.id), "userId": str(member_id)})


def _clean_name(name: str) -> str | None:
    cleaned = " ".join(name.split())
    if len(cleaned) > 100:
        raise ApiError(400, "name must be between 1 and 100 characters.", "name")
    return cleaned or None


async def update(user: User, raw_group: str, changes: dict[str, Any]) -> dict[str, Any]:
    """Rename (``name``; empty or null: no name, the members' names are shown) and the icon
    (``iconId`` of an ``avatars`` upload with the group's id, or ``removeIcon``)."""
    from core.cdn.service import verify_file

    await _require_confirmed(user)
    group = await _membership(user, raw_group)
    channel = await Channel.get(id=group.id)
    update: dict[str, Any] = {}
    if "name" in changes:
        name = _clean_name(changes["name"]) if changes["name"] is not None else None
        if name != channel.name:
            update["name"] = name
    if changes.get("iconId") is not None:
        update["icon"] = (
            await verify_file(user.id, changes["iconId"], "avatars", group_id=str(group.id), image_only=True)
        ).path
    elif changes.get("removeIcon") and channel.icon is not None:
        update["icon"] = None
    if not update:
        return await one(group.id, user.id)
    async with transaction():
        await Channel.filter(id=group.id).update(**update)
        present = await member_ids(group.id)
        await live.tell(present, "group_dm:updated", {"channelId": str(group.id), **update})
        if "name" in update:
            await _system_message(channel, user, GROUP_RENAMED, present, content=update["name"])
        if "icon" in update:
            await _system_message(channel, user, GROUP_ICON_CHANGED, present)
    return await one(group.id, user.id)


async def forget_member(user: User) -> None:
    """A deleted account leaves each of its groups, as if it had left them itself."""
    group_ids = await GroupMember.filter(user_id=user.id).values_list("group_id", flat=True)
    for group in await GroupDm.filter(id__in=list(group_ids)).order_by("id"):
        await _leave(group, user)


async def list_groups(user: User) -> list[dict[str, Any]]:
    return await payload(user.id)
