"""Server channels and categories (rest.md §4.3)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.ids import parse_id
from core.wire import ms
from plugins.messages.models import CATEGORY, Channel
from plugins.servers import audit, hidden, rooms
from plugins.servers.models import ChannelNotice, ChannelPermission, Role, Server
from plugins.servers.permissions import DEFAULT_CHANNEL_PERMISSIONS, MemberContext
from plugins.servers.wire import server_channel_wire

MAX_CHANNELS = 100


async def _channel(server: Server, channel_id: str, status: int = 400) -> Channel:
    parsed = parse_id(channel_id)
    channel = await Channel.get_or_none(id=parsed, server_id=server.id) if parsed is not None else None
    if channel is None or channel.deleting:
        raise ApiError(status, "Channel does not exist.")
    return channel


async def create(ctx: MemberContext, name: str | None, channel_type: int) -> dict[str, Any]:
    server = ctx.server
    if await Channel.filter(server_id=server.id).exclude(deleting=True).count() >= MAX_CHANNELS:
        raise bad_request("You already created the maximum amount of channels for this server.")
    name = name or ("New Category" if channel_type == CATEGORY else "New Channel")
    async with transaction():
        await hold(Server, server.id)
        if await Channel.filter(server_id=server.id).exclude(deleting=True).count() >= MAX_CHANNELS:
            raise bad_request("You already created the maximum amount of channels for this server.")
        count = await Channel.filter(server_id=server.id).count()
        channel = await Channel.create(
            type=channel_type, name=name, server_id=server.id, created_by_id=ctx.user.id, order=count + 1
        )
        await ChannelPermission.create(
            server_id=server.id,
            channel_id=channel.id,
            role_id=server.default_role_id,
            permissions=DEFAULT_CHANNEL_PERMISSIONS,
        )
        wire = server_channel_wire(channel, {server.default_role_id: DEFAULT_CHANNEL_PERMISSIONS})
        await hidden.emit_about_channels(
            "server:channel_created", {"serverId": str(server.id), "channel": wire}, str(server.id), [channel_type]
        )
        await rooms.resync(server.id)
        await audit.record(server.id, "SERVER_CHANNEL_CREATE", ctx.user.id, type=channel_type, name=name)
    return wire


async def update(ctx: MemberContext, channel_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    channel = await _channel(ctx.server, channel_id)
    updated: dict[str, Any] = {}
    if changes.get("name") is not None:
        updated["name"] = changes["name"]
    if "slowModeSeconds" in changes:
        updated["slowModeSeconds"] = changes["slowModeSeconds"] or None
    if "icon" in changes:
        updated["icon"] = changes["icon"] or None
    columns = {"name": "name", "slowModeSeconds": "slow_mode_seconds", "icon": "icon"}
    async with transaction():
        if updated:
            await Channel.filter(id=channel.id).update(**{columns[k]: v for k, v in updated.items()})
            await hidden.emit_about_channels(
                "server:channel_updated",
                {"serverId": str(ctx.server.id), "channelId": str(channel.id), "updated": updated},
                str(ctx.server.id),
                [channel.type],
            )
            await audit.record(
                ctx.server.id,
                "SERVER_CHANNEL_UPDATE",
                ctx.user.id,
                name=updated.get("name"),
                slowModeSeconds=updated.get("slowModeSeconds"),
            )
    return updated


async def delete(ctx: MemberContext, channel_id: str) -> str:
    channel = await _channel(ctx.server, channel_id, status=403)
    if channel.id == ctx.server.default_channel_id:
        raise ApiError(403, "You cannot delete the default channel.")
    async with transaction():
        await Channel.filter(id=channel.id).update(deleting=True)
        if channel.type == CATEGORY:
            await Channel.filter(category_id=channel.id).update(category_id=None)
        if ctx.server.system_channel_id == channel.id:
            await Server.filter(id=ctx.server.id).update(system_channel_id=None)
        await hidden.emit_about_channels(
            "server:channel_deleted",
            {"serverId": str(ctx.server.id), "channelId": str(channel.id)},
            str(ctx.server.id),
            [channel.type],
        )
        await rooms.resync(ctx.server.id, None, [channel.id])
        await hearth().plugins.gather("server_channels_removed", server_id=ctx.server.id, channel_ids=[channel.id])
        await audit.record(ctx.server.id, "SERVER_CHANNEL_DELETE", ctx.user.id, name=channel.name)
    await Channel.filter(id=channel.id).delete()  # messages go with it
    return str(channel.id)


async def reorder(ctx: MemberContext, channel_ids: list[str], category_id: str | None) -> dict[str, Any]:
    server = ctx.server
    category = None
    if category_id is not None:
        parsed = parse_id(category_id)
        category = await Channel.get_or_none(id=parsed, server_id=server.id, type=CATEGORY) if parsed else None
        if category is None:
            raise bad_request("Invalid categoryId.")
    ids = [parse_id(i) for i in channel_ids]
    found = {c.id: c for c in await Channel.filter(id__in=[i for i in ids if i], server_id=server.id)}
    if not ids or any(i not in found for i in ids) or len(set(ids)) != len(ids):
        raise bad_request("Invalid channel ids.")
    if category is not None and any(found[i].type == CATEGORY for i in ids):
        raise bad_request("Invalid channel ids.")
    async with transaction():
        for index, channel_id in enumerate(ids):
            await Channel.filter(id=channel_id).update(order=index + 1, category_id=category.id if category else None)
        body: dict[str, Any] = {"orderedChannelIds": [str(i) for i in ids]}
        if category is not None:
            body["categoryId"] = str(category.id)
        hidden_types = hidden.hidden_types(frozenset())
        plain = {**body, "orderedChannelIds": [str(i) for i in ids if found[i].type not in hidden_types]}
        await hidden.emit_about_channels(
            "server:channel_order_updated",
            {"serverId": str(server.id), **body},
            str(server.id),
            [c.type for c in found.values()],
            plain={"serverId": str(server.id), **plain},
        )
    return body


async def set_permissions(ctx: MemberContext, channel_id: str, role_id: str, permissions: int) -> dict[str, Any]:
    channel = await _channel(ctx.server, channel_id)
    parsed = parse_id(role_id)
    role = await Role.get_or_none(id=parsed, server_id=ctx.server.id) if parsed is not None else None
    if role is None:
        raise bad_request("Role does not exist.")
    async with transaction():
        updated = await ChannelPermission.filter(channel_id=channel.id, role_id=role.id).update(permissions=permissions)
        if not updated:
            await ChannelPermission.create(
                server_id=ctx.server.id, channel_id=channel.id, role_id=role.id, permissions=permissions
            )
        body = {
            "permissions": permissions,
            "roleId": str(role.id),
            "serverId": str(ctx.server.id),
            "channelId": str(channel.id),
        }
        await hidden.emit_about_channels("server:channel_permissions_updated", body, str(ctx.server.id), [channel.type])
        await rooms.resync(ctx.server.id)
    return body


async def set_notice(ctx: MemberContext, channel_id: str, content: str) -> dict[str, Any]:
    channel = await _channel(ctx.server, channel_id)
    notice = await ChannelNotice.get_or_none(channel_id=channel.id)
    if notice is None:
        notice = await ChannelNotice.create(channel_id=channel.id, content=content)
    else:
        notice.content = content
        await notice.save()
    return {
        "id": str(notice.id),
        "createdAt": ms(notice.created_at),
        "updatedAt": ms(notice.updated_at),
        "channelId": str(channel.id),
        "userId": None,
        "content": notice.content,
    }


async def delete_notice(ctx: MemberContext, channel_id: str) -> None:
    channel = await _channel(ctx.server, channel_id)
    if not await ChannelNotice.filter(channel_id=channel.id).delete():
        raise bad_request("Channel notice does not exist.")
