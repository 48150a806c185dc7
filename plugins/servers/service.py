"""Server lifecycle: create, join, leave (and kick/ban), update, delete, transfer."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.identity.passwords import verify_password
from core.ids import parse_id
from plugins.accounts.public_profile import brief_profiles
from plugins.accounts.service import random_hex_color
from plugins.messages import service as messages
from plugins.messages.kinds import kind_for
from plugins.messages.models import (
    BAN_USER,
    JOIN_SERVER,
    KICK_USER,
    LEAVE_SERVER,
    SERVER_TEXT,
    Channel,
    MentionCounter,
    ReadState,
)
from plugins.servers import audit, hidden, memberrows, rooms
from plugins.servers.models import Ban, ChannelPermission, Member, Mute, Role, Server, ServerOrder
from plugins.servers.payload import online_presences, server_snapshot
from plugins.servers.permissions import DEFAULT_CHANNEL_PERMISSIONS, SEND_MESSAGE, MemberContext
from plugins.servers.wire import member_wire

MAX_SERVERS = 100


def now() -> datetime:
    return datetime.now(UTC)


async def _member_event(member: Member, user: User) -> dict[str, Any]:
    return member_wire(member, user, (await brief_profiles([user.id])).get(user.id), None)


async def _add_to_order(user_id: int, server_id: int) -> None:
    order, _ = await ServerOrder.get_or_create(user_id=user_id)
    if str(server_id) not in order.ordered_ids:
        order.ordered_ids = [*order.ordered_ids, str(server_id)]
        await order.save(update_fields=["ordered_ids"])


async def _remove_from_order(user_id: int, server_id: int) -> None:
    order = await ServerOrder.get_or_none(user_id=user_id)
    if order is None:
        return
    order.ordered_ids = [i for i in order.ordered_ids if i != str(server_id)]
    order.folders = [{**f, "serverIds": [s for s in f["serverIds"] if s != str(server_id)]} for f in order.folders]
    await order.save(update_fields=["ordered_ids", "folders"])


async def _joined_event(server: Server, user: User, presences: bool = True) -> dict[str, Any]:
    rows = await memberrows.server_rows(server.id)
    own = [memberrows.own_member(row) for row in rows if row[2] == user.id]
    snapshot = await server_snapshot([server.id], user, own, await memberrows.as_dicts(rows, user.id))
    snapshot.pop("_visible")
    member_ids = [row[2] for row in rows]
    joined = {
        "server": snapshot["servers"][0],
        "members": snapshot["serverMembers"],
        "channels": snapshot["channels"],
        "roles": snapshot["serverRoles"],
        "memberPresences": await online_presences(member_ids) if presences else [],
        "voiceChannelUsers": [],
    }
    for extras in await hearth().plugins.gather("server_joined_extras", server_id=server.id, user_id=user.id):
        joined.update(extras or {})
    return joined


async def _emit_joined(joined: dict[str, Any], user_id: int) -> None:
    """``server:joined`` to the user's sockets, each with the channels it understands."""
    types = [c["type"] for c in joined["channels"]]
    plain = {**joined, "channels": hidden.visible_channels(joined["channels"], frozenset())}
    await hidden.emit_about_channels("server:joined", joined, str(user_id), types, plain=plain)


async def _room_for_another_server(user: User) -> None:
    if await Member.filter(user_id=user.id).count() >= MAX_SERVERS:
        raise bad_request("You have reached the maximum number of servers.")


async def _hold_room_for_another_server(user: User) -> None:
    """In the creating or joining transaction, with the user's row held: two at once count each other."""
    await hold(User, user.id)
    await _room_for_another_server(user)


async def create_server(user: User, name: str) -> dict[str, Any]:
    async with transaction():
        await _hold_room_for_another_server(user)
        server = await Server.create(name=name, hex_color=random_hex_color(), created_by_id=user.id)
        role = await Role.create(
            server_id=server.id, name="All", order=1, permissions=SEND_MESSAGE, created_by_id=user.id
        )
        channel = await Channel.create(
            type=SERVER_TEXT, name="General", server_id=server.id, created_by_id=user.id, order=1
        )
        await ChannelPermission.create(
            server_id=server.id, channel_id=channel.id, role_id=role.id, permissions=DEFAULT_CHANNEL_PERMISSIONS
        )
        server.default_role_id, server.default_channel_id, server.system_channel_id = role.id, channel.id, channel.id
        await server.save(update_fields=["default_role_id", "default_channel_id", "system_channel_id"])
        member = await Member.create(server_id=server.id, user_id=user.id)
        await _add_to_order(user.id, server.id)
        gateway = hearth().gateway
        await gateway.emit(
            "server:member_joined",
            {"serverId": str(server.id), "member": await _member_event(member, user)},
            to=str(server.id),
        )
        await rooms.resync(server.id, [user.id])
        joined = await _joined_event(server, user, presences=False)
        await _emit_joined(joined, user.id)
    return joined["server"]


async def join_server(user: User, server: Server, bot_permissions: int | None = None) -> dict[str, Any]:
    """The join flow (rest.md §4, "Common join flow"). A bot first gets a role of its own, named
    after it, with ``bot_permissions`` (SEND_MESSAGE when 0 or absent)."""
    if not user.bot:
        await _room_for_another_server(user)
    if server.scheduled_for_deletion:
        raise bad_request("Server is scheduled for deletion.")
    if await Member.exists(server_id=server.id, user_id=user.id):
        raise bad_request("This bot is already in this server" if user.bot else "You are already in this server.")
    if await Ban.exists(server_id=server.id, user_id=user.id):
        raise bad_request("You are banned from this server")
    on_join = [
        str(r)
        for r in await Role.filter(server_id=server.id, apply_on_join=True)
        .exclude(id=server.default_role_id)
        .values_list("id", flat=True)
    ]
    mute = await Mute.get_or_none(server_id=server.id, user_id=user.id)
    async with transaction():
        if user.bot:
            on_join.insert(0, str(await _create_bot_role(server, user, bot_permissions or SEND_MESSAGE)))
        else:
            await _hold_room_for_another_server(user)
        try:
            member = await Member.create(
                server_id=server.id, user_id=user.id, role_ids=on_join, mute_expire_at=mute.expire_at if mute else None
            )
        except IntegrityError:
            raise bad_request("Failed to join server. Please try again.") from None
        await _add_to_order(user.id, server.id)
        gateway = hearth().gateway
        await gateway.emit(
            "server:member_joined",
            {"serverId": str(server.id), "member": await _member_event(member, user)},
            to=str(server.id),
        )
        await rooms.resync(server.id, [user.id])
        joined = await _joined_event(server, user)
        await _emit_joined(joined, user.id)
        await hearth().plugins.gather("server_member_joined", server_id=server.id, user_id=user.id)
        await post_system_message(server, user, JOIN_SERVER)
    return joined["server"]


async def _create_bot_role(server: Server, bot: User, permissions: int) -> int:
    """The bot's own role, placed just above the default role like any new role (roles.create)."""
    from plugins.servers.roles import room_for_a_new_role
    from plugins.servers.wire import role_wire

    await room_for_a_new_role(server)
    role = await Role.create(
        server_id=server.id,
        name=bot.username,
        order=2,
        permissions=permissions,
        bot_role=True,
        hide_role=True,
        created_by_id=bot.id,
    )
    await hearth().gateway.emit("server:role_created", role_wire(role), to=str(server.id))
    return role.id


async def post_system_message(server: Server, actor: User, message_type: int) -> None:
    if not server.system_channel_id:
        return
    channel = await Channel.get_or_none(id=server.system_channel_id)
    if channel is None or channel.deleting:
        return
    from plugins.messages.kinds import Access

    await messages.system_message(
        Access(channel=channel, kind=kind_for(channel), server_id=server.id), actor, message_type
    )


async def leave_flow(
    server: Server, user: User, reason: int | None = LEAVE_SERVER, not_member: str = "You are not in this server."
) -> None:
    """Remove a member (leave, kick or ban); ``reason`` is the system message type (None: the
    caller posts it).

    Upstream answers its two refusals with a 500; Hearth with a 400."""
    if server.created_by_id == user.id:
        raise bad_request("You cannot leave your own server.")
    member = await Member.get_or_none(server_id=server.id, user_id=user.id)
    if member is None:
        raise bad_request(not_member)
    channel_ids = list(await Channel.filter(server_id=server.id).values_list("id", flat=True))
    bot_role_ids = [int(r) for r in member.role_ids] if user.bot else []
    async with transaction():
        await member.delete()
        if bot_role_ids:  # a departing bot's role goes with it
            bot_role_ids = list(await Role.filter(id__in=bot_role_ids, bot_role=True).values_list("id", flat=True))
            await Role.filter(id__in=bot_role_ids).delete()
        await MentionCounter.filter(user_id=user.id, channel_id__in=channel_ids).delete()
        await ReadState.filter(user_id=user.id, channel_id__in=channel_ids).delete()
        await _remove_from_order(user.id, server.id)
        await rooms.resync(server.id, [user.id], channel_ids)
        gateway = hearth().gateway
        await gateway.emit(
            "server:member_left", {"serverId": str(server.id), "userId": str(user.id)}, to=str(server.id)
        )
        await gateway.emit("server:left", {"serverId": str(server.id)}, to=str(user.id))
        # After the bot left the rooms, as upstream: the bot hears server:left, not its role going.
        for role_id in bot_role_ids:
            await gateway.emit(
                "server:role_deleted", {"serverId": str(server.id), "roleId": str(role_id)}, to=str(server.id)
            )
        if reason is not None and not server.scheduled_for_deletion:
            await post_system_message(server, user, reason)
        await hearth().plugins.gather("server_member_left", server_id=server.id, user_id=user.id)


async def kick(ctx: MemberContext, target_id: str) -> None:
    target = await _target_user(target_id)
    if target.id == ctx.server.created_by_id:
        raise bad_request("You can not kick the server owner.")
    if target.id == ctx.user.id:
        raise bad_request("You can not kick yourself.")
    await leave_flow(ctx.server, target, KICK_USER, not_member="Member is not in this server.")
    await audit.record(ctx.server.id, "SERVER_USER_KICK", ctx.user.id, kickedUserId=str(target.id))


async def ban(ctx: MemberContext, target_id: str, reason: str | None, purge: bool) -> None:
    target = await _target_user(target_id, "Invalid userId")
    if target.id == ctx.server.created_by_id:
        raise bad_request("You can not ban the server owner.")
    if target.id == ctx.user.id:
        raise bad_request("You can not ban yourself.")
    is_member = await Member.exists(server_id=ctx.server.id, user_id=target.id)
    if not is_member and await Ban.exists(server_id=ctx.server.id, user_id=target.id):
        raise bad_request("User already banned.")
    if is_member:
        await leave_flow(ctx.server, target, None)
    async with transaction():
        await Ban.get_or_create(server_id=ctx.server.id, user_id=target.id, defaults={"reason": reason})
        if purge:
            await _purge_recent(ctx.server, target)
        await audit.record(ctx.server.id, "SERVER_USER_BAN", ctx.user.id, reason=reason, bannedUserId=str(target.id))
        # As upstream: for a member and for someone who never joined alike, and after the purge,
        # which takes the banned user's recent messages (this one is theirs too).
        if not ctx.server.scheduled_for_deletion:
            await post_system_message(ctx.server, target, BAN_USER)


async def _purge_recent(server: Server, target: User) -> None:
    from datetime import timedelta

    from plugins.messages.models import Message

    until = now()
    since = until - timedelta(hours=7)
    channel_ids = list(await Channel.filter(server_id=server.id).values_list("id", flat=True))
    await Message.filter(channel_id__in=channel_ids, created_by_id=target.id, created_at__gt=since).delete()
    await hearth().gateway.emit(
        "message:deleted_batch",
        {
            "userId": str(target.id),
            "serverId": str(server.id),
            "fromTime": int(until.timestamp() * 1000),
            "toTime": int(since.timestamp() * 1000),
        },
        to=str(server.id),
    )


async def unban(ctx: MemberContext, target_id: str) -> None:
    parsed = parse_id(target_id)
    if parsed is None or not await Ban.filter(server_id=ctx.server.id, user_id=parsed).delete():
        raise bad_request("This member is not banned.")
    await audit.record(ctx.server.id, "SERVER_USER_UNBAN", ctx.user.id, unbannedUserId=str(parsed))


async def _target_user(user_id: str, message: str = "Member is not in this server.") -> User:
    parsed = parse_id(user_id)
    user = await User.get_or_none(id=parsed) if parsed is not None else None
    if user is None:
        raise bad_request(message)
    return user


async def update_server(ctx: MemberContext, changes: dict[str, Any]) -> dict[str, Any]:
    from core.cdn.service import verify_file
    from core.identity.models import Account

    server = ctx.server
    update: dict[str, Any] = {}
    if changes.get("name") is not None:
        update.update(name=changes["name"], verified=False)
    for key, column in (("defaultChannelId", "default_channel_id"), ("systemChannelId", "system_channel_id")):
        if key not in changes or (changes[key] is None and key == "defaultChannelId"):
            continue
        if changes[key] is None:
            update[column] = None
            continue
        parsed = parse_id(changes[key])
        if parsed is None or not await Channel.exists(id=parsed, server_id=server.id, type=SERVER_TEXT):
            raise bad_request(f"Invalid {key}")
        update[column] = parsed
    for key, column, kind in (("avatarId", "avatar", "avatars"), ("bannerId", "banner", "profile_banners")):
        if key not in changes:
            continue
        if changes[key] is None:
            update[column] = None
            continue
        account = await Account.get_or_none(user_id=ctx.user.id)
        if account is not None and not account.email_confirmed:
            raise bad_request("You must confirm your email before choosing an avatar or banner.")
        update[column] = (
            await verify_file(ctx.user.id, changes[key], kind, group_id=str(server.id), image_only=True)
        ).path
    wire_names = {
        "name": "name",
        "default_channel_id": "defaultChannelId",
        "system_channel_id": "systemChannelId",
        "avatar": "avatar",
        "banner": "banner",
        "verified": "verified",
    }
    updated = {wire_names[k]: (str(v) if k.endswith("_id") and v is not None else v) for k, v in update.items()}
    async with transaction():
        if update:
            await Server.filter(id=server.id).update(**update)
            await hearth().gateway.emit(
                "server:updated", {"serverId": str(server.id), "updated": updated}, to=str(server.id)
            )
            await audit.record(
                server.id,
                "SERVER_UPDATE",
                ctx.user.id,
                name=changes.get("name"),
                avatar=True if "avatar" in update else None,
                banner=True if "banner" in update else None,
            )
    return updated


async def delete_server(user: User, server: Server) -> None:
    if server.created_by_id != user.id:
        raise _OwnerOnly()
    await erase_server(server)


async def erase_server(server: Server, only_if_scheduled: bool = False) -> bool:
    """Delete a server for everyone (owner's delete, or a due scheduled deletion). With
    ``only_if_scheduled`` the row is deleted only while still scheduled, so several workers
    running the deletion job, or a moderator's last-minute unscheduling, cannot double it."""
    channel_ids = list(await Channel.filter(server_id=server.id).values_list("id", flat=True))
    member_ids = list(await Member.filter(server_id=server.id).values_list("user_id", flat=True))
    async with transaction():
        rows = Server.filter(id=server.id)
        if only_if_scheduled:
            rows = rows.filter(scheduled_for_deletion__isnull=False)
        if not await rows.delete():
            return False
        await hearth().gateway.emit("server:left", {"serverId": str(server.id)}, to=str(server.id))
        await Channel.filter(id__in=channel_ids).update(deleting=True)
        await hearth().plugins.gather("server_channels_removed", server_id=server.id, channel_ids=channel_ids)
        for member_id in member_ids:
            await _remove_from_order(member_id, server.id)
        await rooms.resync(server.id, None, channel_ids)
    await Channel.filter(id__in=channel_ids).delete()  # messages and attachments cascade
    return True


class _OwnerOnly(Exception):
    """Upstream answers a non-owner delete with ``{error}`` and 403."""


async def transfer(ctx: MemberContext, password: str, new_owner_id: str) -> None:
    from core.identity.models import Account

    if not ctx.is_owner:
        raise ApiError(403, "Only the server creator can transfer ownership.")
    account = await Account.get_or_none(user_id=ctx.user.id)
    if account is None:
        raise bad_request("Account not found.")
    if not await verify_password(account.password_hash, password.strip()):
        raise bad_request("Invalid Password")
    parsed = parse_id(new_owner_id)
    if parsed == ctx.user.id:
        raise bad_request("Cannot transfer ownership to yourself.")
    member = (
        await Member.get_or_none(server_id=ctx.server.id, user_id=parsed).select_related("user") if parsed else None
    )
    if member is None:
        raise bad_request("Member not found.")
    if member.user.bot:
        raise bad_request("Cannot transfer ownership to a bot account.")
    async with transaction():
        await Server.filter(id=ctx.server.id).update(created_by_id=member.user_id, verified=False)
        await hearth().gateway.emit(
            "server:updated",
            {"serverId": str(ctx.server.id), "updated": {"createdById": str(member.user_id), "verified": False}},
            to=str(ctx.server.id),
        )
        await audit.record(
            ctx.server.id,
            "SERVER_OWNERSHIP_UPDATE",
            ctx.user.id,
            oldOwnerUserId=str(ctx.user.id),
            newOwnerUserId=str(member.user_id),
        )
        await rooms.resync(ctx.server.id, [ctx.user.id, member.user_id])


async def bot_commands(ctx: MemberContext) -> list[dict[str, Any]]:
    """Commands of the bots in the server (rest.md §4.1), by name; ``[]`` until a plugin that
    knows bots answers ``server_bot_commands``."""
    bot_ids = list(await Member.filter(server_id=ctx.server.id, user__bot=True).values_list("user_id", flat=True))
    if not bot_ids:
        return []
    commands: list[dict[str, Any]] = []
    for answer in await hearth().plugins.gather("server_bot_commands", server_id=ctx.server.id, bot_user_ids=bot_ids):
        commands.extend(answer or [])
    return sorted(commands, key=lambda c: c.get("name") or "")
