"""A forum's settings and tags: create a forum channel, read it, change its guidelines and
default sort, add, change and remove tags (MANAGE_CHANNELS). Every change reaches the forum's
audience (opted-in sockets of who can view it) as ``forum:updated``."""

from __future__ import annotations

from typing import Any

from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from plugins.forums.models import FORUM, SORTS, Forum, ForumTag
from plugins.messages import service as messages
from plugins.messages.kinds import Access
from plugins.messages.models import Channel
from plugins.servers import channels as server_channels
from plugins.servers.permissions import MANAGE_CHANNELS, MemberContext, member_context, require_permission
from plugins.threads import live

MAX_TAGS = 20


def tag_wire(tag: ForumTag) -> dict[str, Any]:
    return {"id": str(tag.id), "name": tag.name, "moderated": tag.moderated}


def forum_wire(forum: Forum, tags: list[ForumTag]) -> dict[str, Any]:
    return {
        "channelId": str(forum.channel_id),
        "serverId": str(forum.server_id),
        "guidelines": forum.guidelines,
        "defaultSort": forum.default_sort,
        "tags": [tag_wire(t) for t in tags],
    }


async def forum_access(user: User, channel_id: str) -> Access:
    """CHV on a forum channel (403 as for any channel; 400 for a channel that is not a forum)."""
    access = await messages.load_channel(user, channel_id)
    if access.channel.type != FORUM:
        raise bad_request("This channel is not a forum.", "channelId")
    return access


async def _forum_row(channel: Channel) -> Forum:
    forum = await Forum.get_or_none(channel_id=channel.id)
    if forum is None:  # made with the channel; a forum made another way starts with the defaults
        forum, _ = await Forum.get_or_create(channel_id=channel.id, defaults={"server_id": channel.server_id})
    return forum


async def _tags(forum_id: int) -> list[ForumTag]:
    return list(await ForumTag.filter(forum_id=forum_id).order_by("position", "id"))


async def _moderator(access: Access) -> MemberContext:
    ctx: MemberContext = access.extra["ctx"]
    await require_permission(ctx, MANAGE_CHANNELS)
    return ctx


async def create(user: User, server_id: str, name: str) -> dict[str, Any]:
    ctx = await member_context(user, server_id)
    await require_permission(ctx, MANAGE_CHANNELS)
    async with transaction():
        channel = await server_channels.create(ctx, name, FORUM)
        forum = await Forum.create(channel_id=int(channel["id"]), server_id=ctx.server.id)
    return {"channel": channel, "forum": forum_wire(forum, [])}


async def get(user: User, channel_id: str) -> dict[str, Any]:
    access = await forum_access(user, channel_id)
    forum = await _forum_row(access.channel)
    return forum_wire(forum, await _tags(forum.channel_id))


async def _announce(forum: Forum) -> dict[str, Any]:
    wire = forum_wire(forum, await _tags(forum.channel_id))
    await live.to_parent_audience(
        forum.channel_id, "forum:updated", {"channelId": str(forum.channel_id), "forum": wire}
    )
    return wire


async def update(user: User, channel_id: str, body: Any) -> dict[str, Any]:
    access = await forum_access(user, channel_id)
    await _moderator(access)
    forum = await _forum_row(access.channel)
    if body.defaultSort is not None and body.defaultSort not in SORTS:
        raise bad_request("defaultSort must be activity or created.", "defaultSort")
    if body.guidelines is not None:
        forum.guidelines = body.guidelines.strip()
    if body.defaultSort is not None:
        forum.default_sort = body.defaultSort
    async with transaction():
        await forum.save(update_fields=["guidelines", "default_sort"])
        return await _announce(forum)


async def _tag(forum_id: int, tag_id: str) -> ForumTag:
    parsed = parse_id(tag_id)
    tag = await ForumTag.get_or_none(id=parsed, forum_id=forum_id) if parsed is not None else None
    if tag is None:
        raise ApiError(404, "Tag not found.")
    return tag


async def _unique_name(forum_id: int, name: str, except_id: int | None = None) -> str:
    name = name.strip()
    if not name:
        raise bad_request("name length must be between 1 and 20 characters.", "name")
    others = await ForumTag.filter(forum_id=forum_id).exclude(id=except_id or 0).values_list("name", flat=True)
    if name.casefold() in {n.casefold() for n in others}:
        raise bad_request("This forum already has a tag with that name.", "name")
    return name


async def add_tag(user: User, channel_id: str, body: Any) -> dict[str, Any]:
    access = await forum_access(user, channel_id)
    await _moderator(access)
    forum = await _forum_row(access.channel)
    async with transaction():
        await hold(Channel, forum.channel_id)  # counted and named under the forum's row
        count = await ForumTag.filter(forum_id=forum.channel_id).count()
        if count >= MAX_TAGS:
            raise bad_request(f"A forum can have at most {MAX_TAGS} tags.")
        name = await _unique_name(forum.channel_id, body.name)
        tag = await ForumTag.create(
            forum_id=forum.channel_id, name=name, moderated=bool(body.moderated), position=count
        )
        await _announce(forum)
    return tag_wire(tag)


async def update_tag(user: User, channel_id: str, tag_id: str, body: Any) -> dict[str, Any]:
    access = await forum_access(user, channel_id)
    await _moderator(access)
    forum = await _forum_row(access.channel)
    async with transaction():
        await hold(Channel, forum.channel_id)
        tag = await _tag(forum.channel_id, tag_id)
        if body.name is not None:
            tag.name = await _unique_name(forum.channel_id, body.name, tag.id)
        if body.moderated is not None:
            tag.moderated = body.moderated
        await tag.save(update_fields=["name", "moderated"])
        await _announce(forum)
    return tag_wire(tag)


async def delete_tag(user: User, channel_id: str, tag_id: str) -> None:
    access = await forum_access(user, channel_id)
    await _moderator(access)
    forum = await _forum_row(access.channel)
    async with transaction():
        tag = await _tag(forum.channel_id, tag_id)
        await tag.delete()  # off every post with it
        await _announce(forum)
