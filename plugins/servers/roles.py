"""Roles (rest.md §4.4) and members' roles, nicknames and mutes (§4.5–4.6)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from core.context import hearth
from core.db import hold, transaction
from core.errors import bad_request
from core.ids import parse_id
from core.wire import ms
from plugins.servers import audit, rooms
from plugins.servers.models import ChannelPermission, Member, Mute, Role, Server
from plugins.servers.permissions import ADMIN, NICKNAME_MEMBER, MemberContext
from plugins.servers.wire import role_wire

MAX_ROLES = 50


async def _role(ctx: MemberContext, role_id: str) -> Role:
    parsed = parse_id(role_id)
    role = ctx.roles.get(parsed) if parsed is not None else None
    if role is None:
        raise bad_request("Role does not exist.")
    return role


NO_PRIORITY = "One or more roles cannot be applied because you don't have priority."


def outranks(ctx: MemberContext, role_ids: Iterable[int]) -> bool:
    """May this member grant or take away these roles (rest.md §4.5): the owner always; anyone
    else only roles ranked below their own highest role."""
    return ctx.is_owner or all(ctx.roles[r].order < ctx.top_order for r in role_ids if r in ctx.roles)


def _check_priority(ctx: MemberContext, role: Role) -> None:
    if not ctx.is_owner and role.order >= ctx.top_order:
        raise bad_request("You do not have priority to modify this role.")


async def room_for_a_new_role(server: Server) -> list[Role]:
    """Inside a transaction: hold the server, move every role but the default up a place to
    free place 2 (a new role's, just above the default role) and return them as they now are."""
    await hold(Server, server.id)
    others = await Role.filter(server_id=server.id).exclude(id=server.default_role_id).order_by("order", "id")
    for index, other in enumerate(others):
        if other.order != index + 3:
            other.order = index + 3
            await Role.filter(id=other.id).update(order=other.order)
    return list(others)


async def create(ctx: MemberContext) -> dict[str, Any]:
    server = ctx.server
    limit = 200 if server.verified else MAX_ROLES
    full = "You already created the maximum amount of roles for this server."
    if sum(1 for r in ctx.roles.values() if not r.bot_role) >= limit:
        raise bad_request(full)
    async with transaction():
        if sum(1 for r in await room_for_a_new_role(server) if not r.bot_role) + 1 >= limit:
            raise bad_request(full)  # the default role counts too
        role = await Role.create(
            server_id=server.id, name="New Role", order=2, permissions=2, created_by_id=ctx.user.id
        )
        await hearth().gateway.emit("server:role_created", role_wire(role), to=str(server.id))
        await audit.record(server.id, "SERVER_ROLE_CREATE", ctx.user.id, name=role.name, permissions=role.permissions)
    return role_wire(role)


async def update(ctx: MemberContext, role_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    role = await _role(ctx, role_id)
    _check_priority(ctx, role)
    is_default = role.id == ctx.server.default_role_id
    if changes.get("hideRole") and is_default:
        raise bad_request("Cannot hide default role.")
    if changes.get("applyOnJoin") and is_default:
        raise bad_request("Default role is already applied on join.")
    if "permissions" in changes and changes["permissions"] is not None and not ctx.is_owner:
        changed = changes["permissions"] ^ role.permissions
        if changed & ~ctx.permissions and not ctx.permissions & ADMIN:
            raise bad_request("You must have this permission to modify this role.")
    columns = {
        "name": "name",
        "hexColor": "hex_color",
        "hideRole": "hide_role",
        "applyOnJoin": "apply_on_join",
        "permissions": "permissions",
        "icon": "icon",
    }
    updated = {k: v for k, v in changes.items() if k in columns and (v is not None or k in ("hexColor", "icon"))}
    async with transaction():
        if updated:
            await Role.filter(id=role.id).update(**{columns[k]: v for k, v in updated.items()})
            await hearth().gateway.emit(
                "server:role_updated",
                {"serverId": str(ctx.server.id), "roleId": str(role.id), "updated": updated},
                to=str(ctx.server.id),
            )
            if "permissions" in updated:
                await rooms.resync(ctx.server.id)
            await audit.record(
                ctx.server.id,
                "SERVER_ROLE_UPDATE",
                ctx.user.id,
                name=updated.get("name"),
                permissions=updated.get("permissions"),
            )
    return updated


async def delete(ctx: MemberContext, role_id: str) -> dict[str, Any]:
    role = await _role(ctx, role_id)
    _check_priority(ctx, role)
    if role.id == ctx.server.default_role_id:
        raise bad_request("Cannot delete default role.")
    if role.bot_role:
        raise bad_request("Cannot delete bot role.")
    async with transaction():
        for member in await Member.filter(server_id=ctx.server.id):
            if str(role.id) in member.role_ids:
                member.role_ids = [r for r in member.role_ids if r != str(role.id)]
                await member.save(update_fields=["role_ids"])
        await ChannelPermission.filter(role_id=role.id).delete()
        await hold(Server, ctx.server.id)
        await role.delete()
        for index, other in enumerate(await Role.filter(server_id=ctx.server.id).order_by("order", "id")):
            if other.order != index + 1:
                await Role.filter(id=other.id).update(order=index + 1)
        await hearth().gateway.emit(
            "server:role_deleted", {"serverId": str(ctx.server.id), "roleId": str(role.id)}, to=str(ctx.server.id)
        )
        await rooms.resync(ctx.server.id)
        await audit.record(ctx.server.id, "SERVER_ROLE_DELETE", ctx.user.id, name=role.name)
    return role_wire(role)


async def reorder(ctx: MemberContext, role_ids: list[str]) -> None:
    ids = [parse_id(r) for r in role_ids]
    if len(ids) != len(ctx.roles):
        raise bad_request("Role count does not match.")
    if set(ids) != set(ctx.roles):
        raise bad_request("Provide all role Ids to update the order.")
    default = ctx.roles[ctx.server.default_role_id]
    if ids.index(default.id) != default.order - 1:
        raise bad_request("Cannot change default role order.")
    if not ctx.is_owner:
        for index, role_id in enumerate(ids):
            role = ctx.roles[role_id]
            if role.order != index + 1 and (role.order >= ctx.top_order or index + 1 >= ctx.top_order):
                raise bad_request("Cannot move higher priority server role.")
    async with transaction():
        await hold(Server, ctx.server.id)
        if set(await Role.filter(server_id=ctx.server.id).values_list("id", flat=True)) != set(ids):
            raise bad_request("Role count does not match.")  # a role was created or deleted meanwhile
        for index, role_id in enumerate(ids):
            await Role.filter(id=role_id).update(order=index + 1)
        await hearth().gateway.emit(
            "server:role_order_updated",
            {"serverId": str(ctx.server.id), "roleIds": [str(i) for i in ids]},
            to=str(ctx.server.id),
        )


async def _member(ctx: MemberContext, user_id: str) -> Member:
    parsed = parse_id(user_id)
    member = await Member.get_or_none(server_id=ctx.server.id, user_id=parsed) if parsed is not None else None
    if member is None:
        raise bad_request("Member is not in this server.")
    return member


async def apply_member_roles(server: Server, roles: dict[int, Role], member: Member, role_ids: list[int]) -> list[str]:
    """Store a member's roles (unknown, default and repeated ids dropped; highest order first),
    emit ``server:member_updated`` to the server room and recompute the member's rooms. No
    permission check: the caller decides who may (set roles, welcome answers). Call it inside
    ``transaction()``."""
    wanted = [roles[r] for r in dict.fromkeys(role_ids) if r in roles and r != server.default_role_id]
    ordered = [str(r.id) for r in sorted(wanted, key=lambda r: r.order, reverse=True)]
    await Member.filter(id=member.id).update(role_ids=ordered)
    await hearth().gateway.emit(
        "server:member_updated",
        {"serverId": str(server.id), "userId": str(member.user_id), "updated": {"roleIds": ordered}},
        to=str(server.id),
    )
    await rooms.resync(server.id, [member.user_id])
    return ordered


async def set_member_roles(ctx: MemberContext, user_id: str, role_ids: list[str]) -> dict[str, Any]:
    member = await _member(ctx, user_id)
    wanted = [parse_id(r) for r in role_ids]
    if ctx.server.default_role_id in wanted:
        raise bad_request("Cannot apply default role.")
    wanted_roles = [ctx.roles[r] for r in dict.fromkeys(wanted) if r in ctx.roles]
    current = {int(r) for r in member.role_ids}
    changed = {r.id for r in wanted_roles} ^ current
    if any(ctx.roles[r].bot_role for r in changed if r in ctx.roles):
        raise bad_request("Cannot add bot role.", "roleIds")
    if not outranks(ctx, changed):
        raise bad_request(NO_PRIORITY, "roleIds")
    async with transaction():
        ordered = await apply_member_roles(ctx.server, ctx.roles, member, [r.id for r in wanted_roles])
        added = [ctx.roles[r].name for r in changed if r not in current and r in ctx.roles]
        removed = [ctx.roles[r].name for r in changed if r in current and r in ctx.roles]
        await audit.record(
            ctx.server.id, "SERVER_USER_UPDATE", ctx.user.id, addedRoles=added or None, removedRoles=removed or None
        )
    return {"roleIds": ordered}


async def set_nickname(ctx: MemberContext, user_id: str, nickname: str | None) -> dict[str, Any]:
    ctx.require(NICKNAME_MEMBER)
    member = await _member(ctx, user_id)
    if member.user_id != ctx.user.id:
        if not ctx.is_admin:
            raise bad_request("You do not have permission to update this member.")
        if member.user_id == ctx.server.created_by_id and not ctx.is_owner:
            raise bad_request("You cannot update the server creator.")
    async with transaction():
        await Member.filter(id=member.id).update(nickname=nickname)
        await hearth().gateway.emit(
            "server:member_updated",
            {"serverId": str(ctx.server.id), "userId": str(member.user_id), "updated": {"nickname": nickname}},
            to=str(ctx.server.id),
        )
        await audit.record(ctx.server.id, "SERVER_USER_UPDATE", ctx.user.id, nickname=nickname)
    return {"nickname": nickname}


async def mute(ctx: MemberContext, user_id: str, expire_at_ms: float, reason: str | None) -> None:
    parsed = parse_id(user_id)
    if parsed is None:
        raise bad_request("Invalid userId")
    if parsed == ctx.server.created_by_id:
        raise bad_request("You can not mute the server owner.")
    if parsed == ctx.user.id:
        raise bad_request("You can not mute yourself.")
    expire_at = datetime.fromtimestamp(expire_at_ms / 1000, UTC)
    async with transaction():
        updated = await Mute.filter(server_id=ctx.server.id, user_id=parsed).update(expire_at=expire_at, reason=reason)
        if not updated:
            await Mute.create(server_id=ctx.server.id, user_id=parsed, expire_at=expire_at, reason=reason)
        await Member.filter(server_id=ctx.server.id, user_id=parsed).update(mute_expire_at=expire_at)
        await hearth().gateway.emit(
            "server:member_updated",
            {"serverId": str(ctx.server.id), "userId": str(parsed), "updated": {"muteExpireAt": ms(expire_at)}},
            to=str(ctx.server.id),
        )
        await audit.record(
            ctx.server.id,
            "SERVER_USER_MUTE",
            ctx.user.id,
            reason=reason,
            mutedUserId=str(parsed),
            expireAt=ms(expire_at),
        )


async def unmute(ctx: MemberContext, user_id: str) -> None:
    parsed = parse_id(user_id)
    if parsed is None or not await Mute.filter(server_id=ctx.server.id, user_id=parsed).delete():
        raise bad_request("This member is not muted.")
    async with transaction():
        await Member.filter(server_id=ctx.server.id, user_id=parsed).update(mute_expire_at=None)
        await hearth().gateway.emit(
            "server:member_updated",
            {"serverId": str(ctx.server.id), "userId": str(parsed), "updated": {"muteExpireAt": None}},
            to=str(ctx.server.id),
        )
        await audit.record(ctx.server.id, "SERVER_USER_UNMUTE", ctx.user.id, unmutedUserId=str(parsed))
