"""Where a search looks: the channels the caller can read *now*, worked out on every search from
the same rules as opening the channel (``viewable_channel_ids``: roles, overrides, membership,
bans, a DM's inbox, a group's members) and handed to the index query as its filter — a channel
one lost access to a moment ago is not searched.

Scopes: ``channel`` (one channel, CHV), ``server`` (every channel and thread of a server the
caller reads), ``dms`` (their DMs and groups), ``all`` (every server they are in and their DMs).
Threads and groups are Hearth's own channels: searched only for a caller that also names their
feature (``X-Hearth-Features: search, threads, group_dms``), like everywhere else."""

from __future__ import annotations

from dataclasses import dataclass

from core import features
from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from plugins.messages.models import SERVER_TEXT, Channel
from plugins.messages.service import load_channel, viewable_among
from plugins.servers.models import Member
from plugins.servers.permissions import member_context

SCOPES = ("all", "server", "channel", "dms")
CHANNEL_FIELDS = ("id", "type", "name", "server_id", "deleting")


@dataclass
class Scope:
    channels: dict[int, Channel]

    @property
    def ids(self) -> list[int]:
        return list(self.channels)


async def resolve(user: User, kind: str, server_id: str | None, channel_id: str | None) -> Scope:
    if kind == "channel":
        if not channel_id:
            raise ApiError(400, "channelId is required for this scope.", "channelId")
        access = await load_channel(user, channel_id)
        return Scope({access.channel.id: access.channel})
    if kind == "server":
        if not server_id:
            raise ApiError(400, "serverId is required for this scope.", "serverId")
        ctx = await member_context(user, server_id)
        return await _readable(user, await _server_channel_ids([ctx.server.id]))
    if kind == "dms":
        return await _readable(user, await _conversation_ids(user))
    server_ids = list(await Member.filter(user_id=user.id).values_list("server_id", flat=True))
    return await _readable(user, [*await _server_channel_ids(server_ids), *await _conversation_ids(user)])


async def _readable(user: User, candidate_ids: list[int]) -> Scope:
    if not candidate_ids:
        return Scope({})
    # only what the kinds' checks and the answer read: a search may weigh hundreds of channels
    channels = await Channel.filter(id__in=candidate_ids, deleting=False).only(*CHANNEL_FIELDS)
    visible = await viewable_among(user, channels)
    return Scope({channel.id: channel for channel in channels if channel.id in visible})


async def _server_channel_ids(server_ids: list[int]) -> list[int]:
    if not server_ids:
        return []
    ids = list(
        await Channel.filter(server_id__in=server_ids, type=SERVER_TEXT, deleting=False).values_list("id", flat=True)
    )
    if hearth().plugins.enabled("threads") and "threads" in features.of_request():
        from plugins.threads.models import Thread

        ids += await Thread.filter(server_id__in=server_ids).values_list("channel_id", flat=True)
    return ids


async def _conversation_ids(user: User) -> list[int]:
    ids: list[int] = []
    if hearth().plugins.enabled("inbox"):
        from plugins.inbox.models import Inbox

        ids += await Inbox.filter(created_by_id=user.id).values_list("channel_id", flat=True)
    if hearth().plugins.enabled("group_dms") and "group_dms" in features.of_request():
        from plugins.group_dms.models import GroupMember

        ids += await GroupMember.filter(user_id=user.id).values_list("group_id", flat=True)
    return ids
