"""The SERVER_TEXT and CATEGORY channel kinds: views, sends and mentions follow the server's
roles and per-role channel permissions."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.prepared import Statement
from core.ratelimit import RateLimiter
from plugins.messages import service as messages
from plugins.messages.content import ROLE_MENTION
from plugins.messages.kinds import Access, Sending
from plugins.messages.mentions import record_mentions
from plugins.messages.models import Channel, Message
from plugins.servers.models import ChannelNotice, Member, Role
from plugins.servers.notifications import muted_user_ids
from plugins.servers.permissions import (
    CHANNEL_SEND,
    MANAGE_CHANNELS,
    MENTION_EVERYONE,
    MENTION_ROLES,
    SEND_MESSAGE,
    MemberContext,
    can_view,
    channel_bits,
    channel_member_context,
    channel_overrides,
    member_contexts,
)


class ServerChannels:
    async def access(self, user: User, channel: Channel) -> Access:
        if channel.server_id is None:
            raise ApiError(403, "Missing server id!")
        ctx, overrides = await channel_member_context(user, channel.server_id, channel.id)
        if not can_view(ctx, overrides):
            raise ApiError(403, "This channel is private.")
        manage = ctx.has(MANAGE_CHANNELS)
        return Access(
            channel=channel,
            kind=self,
            server_id=channel.server_id,
            can_manage_messages=manage,
            can_pin=manage,
            extra={"ctx": ctx, "overrides": overrides},
        )

    async def rooms(self, channel: Channel) -> list[str]:
        return [str(channel.id)]

    async def check_send(self, user: User, access: Access) -> None:
        ctx: MemberContext = access.extra["ctx"]
        if ctx.is_admin:
            return
        if not channel_bits(ctx, access.extra["overrides"]) & CHANNEL_SEND:
            raise ApiError(403, "You are not allowed to send messages in this channel.")
        ctx.require(SEND_MESSAGE)

    async def sending(self, user: User | None, access: Access, check: bool = True) -> Sending:
        ctx: MemberContext | None = access.extra.get("ctx")
        if check:
            await self.check_send(user, access)  # type: ignore[arg-type]  # a member sends when checked
            await self._before_send(user, access)  # type: ignore[arg-type]
        member = None
        if ctx is not None and user is not None and ctx.member.user_id == user.id:
            member = {"id": str(ctx.member.id), "permissions": ctx.permissions, "nickname": ctx.member.nickname}
        return Sending(
            rooms=[str(access.channel.id)],
            created={"member": member, "serverId": str(access.server_id)},
            writes=lambda message: self._message_writes(message, access, user),  # type: ignore[arg-type]
            after=lambda message: self._after_message(message, access, user),  # type: ignore[arg-type]
        )

    async def _before_send(self, user: User, access: Access) -> None:
        """Mutes and slow mode, after the permission checks: only sending needs them."""
        ctx: MemberContext = access.extra["ctx"]
        if ctx.muted:
            raise ApiError(403, "You are muted in this server.")
        seconds = access.channel.slow_mode_seconds
        if seconds and not ctx.is_admin:
            # Slow mode stays on even where rate limits are switched off (rest.md §0.6).
            limiter: RateLimiter = hearth().limiter
            ttl = await limiter.hit(
                f"{user.id}-slowmode-{access.channel.id}", 1, seconds * 1000, seconds * 1000, force=True
            )
            if ttl is not None:
                raise ApiError(429, "Slow down!", None, ttl=ttl, slowMode=True)

    def _message_writes(self, message: Message, access: Access, sender: User) -> list[Statement] | None:
        """The sender's read state, when the message names nobody (no mentions to count)."""
        if (
            message.mention_user_ids
            or message.mentions_everyone
            or self._mentionable_roles(access.extra["ctx"], message.content or "")
        ):
            return None
        return [messages.server_last_seen(sender.id, access.channel.id, datetime.now(UTC))]

    async def _after_message(self, message: Message, access: Access, sender: User) -> None:
        ctx: MemberContext = access.extra["ctx"]
        now = datetime.now(UTC)
        await messages.set_server_last_seen(sender.id, access.channel.id, now)
        role_ids = self._mentionable_roles(ctx, message.content or "")
        if role_ids:
            message.role_mention_ids = [str(r) for r in role_ids]
            await Message.filter(id=message.id).update(role_mention_ids=message.role_mention_ids)
        targets = {int(u) for u in message.mention_user_ids}
        everyone = message.mentions_everyone and ctx.has(MENTION_EVERYONE)
        if not targets and not everyone and not role_ids:
            return
        members = Member.filter(server_id=ctx.server.id)
        if not everyone and not role_ids:  # only the people named: not every member of a big server
            members = members.filter(user_id__in=targets)
        members = await members.select_related("user")
        overrides = access.extra["overrides"]
        muted = await muted_user_ids(ctx.server.id, access.channel.id, [m.user_id for m in members])
        notified = []
        for member in members:
            if member.user_id == sender.id or member.user.bot or member.user_id in muted:
                continue
            wanted = everyone or member.user_id in targets or any(int(r) in role_ids for r in member.role_ids)
            if not wanted:
                continue
            reader = MemberContext(server=ctx.server, member=member, roles=ctx.roles, user=member.user)
            if can_view(reader, overrides):
                notified.append(member.user_id)
        await messages.bump_mentions(notified, access.channel, sender.id, ctx.server.id)
        await record_mentions(message, ctx.server.id, notified)

    def _mentionable_roles(self, ctx: MemberContext, content: str) -> list[int]:
        if not ctx.has(MENTION_ROLES):
            return []
        wanted = [int(r) for r in ROLE_MENTION.findall(content) if int(r) < 2**63]
        return [r for r in dict.fromkeys(wanted) if r in ctx.roles and r != ctx.server.default_role_id]

    async def mark_seen(self, user: User, access: Access) -> None:
        await messages.set_server_last_seen(user.id, access.channel.id, datetime.now(UTC))

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        from datetime import timedelta

        await messages.set_server_last_seen(user.id, access.channel.id, message.created_at - timedelta(milliseconds=1))

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        from core.wire import ms

        found = await ChannelNotice.get_or_none(channel_id=access.channel.id)
        if found is None:
            return None
        return {
            "content": found.content,
            "updatedAt": ms(found.updated_at),
            "channelId": str(access.channel.id),
            "userId": None,
        }

    async def viewable(self, user: User, channels: list[Channel]) -> set[int]:
        contexts = await member_contexts(user, [c.server_id for c in channels if c.server_id is not None])
        mine = [c for c in channels if c.server_id in contexts]
        overrides = await channel_overrides([c.id for c in mine]) if mine else {}
        return {c.id for c in mine if can_view(contexts[c.server_id], overrides.get(c.id, {}))}


async def resolve_roles(role_ids: list[int]) -> dict[int, dict[str, Any]]:
    return {
        r.id: {"id": str(r.id), "name": r.name, "hexColor": r.hex_color, "icon": r.icon}
        for r in await Role.filter(id__in=role_ids)
    }
