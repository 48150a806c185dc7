"""``/api/servers/...`` (rest.md §4): every route runs SMV and the permission it needs."""

from __future__ import annotations

from typing import Any, Literal

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring, document_request, validate_request

from core.auth import check_moderator_password, current_user, require_moderator, require_user, require_user_or_bot
from core.errors import ApiError
from core.ratelimit import rate_limit
from core.validation import documented_query, validate_body
from core.wire import full_user, ms
from plugins.messages.schemas import NoticeBody
from plugins.servers import (
    audit,
    channels,
    invites,
    memberpages,
    membersearch,
    notifications,
    order,
    roles,
    scheduled,
    service,
)
from plugins.servers.models import Ban
from plugins.servers.permissions import (
    ADMIN,
    BAN,
    KICK,
    MANAGE_CHANNELS,
    MANAGE_ROLES,
    load_server,
    member_context,
    require_permission,
)
from plugins.servers.schemas import (
    BanBody,
    ChannelOrderBody,
    CreateChannelBody,
    CreateServerBody,
    CustomInviteBody,
    FolderBody,
    MemberRolesBody,
    MuteBody,
    NicknameBody,
    NotificationSettingsBody,
    PermissionsBody,
    RoleOrderBody,
    ServerOrderBody,
    ServerScheduleDeleteBody,
    ServerUnscheduleDeleteBody,
    TransferBody,
    UpdateChannelBody,
    UpdateRoleBody,
    UpdateServerBody,
)

blueprint = Blueprint("servers", __name__, url_prefix="/api/servers")
settings_blueprint = Blueprint("server_notification_settings", __name__, url_prefix="/api/users")
moderation_blueprint = Blueprint("server_moderation", __name__, url_prefix="/api/moderation/servers")


async def _ctx(server_id: str, permission: int | None = None, allow_scheduled: bool = False) -> Any:
    ctx = await member_context(current_user(), server_id, allow_scheduled)
    if permission is not None:
        await require_permission(ctx, permission)
    return ctx


def _fields(data: Any) -> dict[str, Any]:
    return data.model_dump(exclude_unset=True)


# --- core --------------------------------------------------------------------------------


@blueprint.post("")
@require_user
@validate_request(CreateServerBody)
async def create_server(data: CreateServerBody) -> Any:
    return await service.create_server(current_user(), data.name)


@blueprint.post("/order")
@require_user
@rate_limit("server_update_order", 50, 10)
@validate_request(ServerOrderBody)
async def server_order(data: ServerOrderBody) -> Any:
    await order.set_order(current_user(), data.serverIds)
    return {"success": True}


@blueprint.post("/folders")
@require_user
@rate_limit("server_create_folder", 50, 10)
@validate_request(FolderBody)
async def create_folder(data: FolderBody) -> Any:
    return await order.create_folder(current_user(), data.serverIds or [])


@blueprint.post("/folders/<folder_id>")
@require_user
@rate_limit("server_update_folder", 50, 10)
@validate_request(FolderBody)
async def update_folder(folder_id: str, data: FolderBody) -> Any:
    return await order.update_folder(current_user(), folder_id, _fields(data))


@blueprint.get("/invites/<code>")
async def invite_preview(code: str) -> Any:
    return await invites.preview(code)


@blueprint.post("/invites/<code>")
@require_user
@rate_limit("server_join", 3, 60)
async def join_by_invite(code: str) -> Any:
    return await invites.join(current_user(), code)


@blueprint.post("/<server_id>")
@require_user
@rate_limit("server_update", 10, 10)
@validate_request(UpdateServerBody)
async def update_server(server_id: str, data: UpdateServerBody) -> Any:
    return await service.update_server(await _ctx(server_id, ADMIN), _fields(data))


@blueprint.delete("/<server_id>")
@require_user
async def delete_server(server_id: str) -> Any:
    ctx = await _ctx(server_id, allow_scheduled=True)
    try:
        await service.delete_server(ctx.user, ctx.server)
    except service._OwnerOnly:
        response = jsonify({"error": "Only the owner of the server can delete this server."})
        response.status_code = 403
        return response
    return {"status": True}


@blueprint.post("/<server_id>/leave")
@require_user
async def leave_server(server_id: str) -> Any:
    server = await load_server(server_id, allow_scheduled=True)
    await service.leave_flow(server, current_user())
    return {"status": True}


@blueprint.post("/<server_id>/transfer-ownership")
@require_user_or_bot
@rate_limit("server_transfer_ownership", 5, 20)
@validate_request(TransferBody)
async def transfer_ownership(server_id: str, data: TransferBody) -> Any:
    await service.transfer(await _ctx(server_id), data.password, data.newOwnerUserId)
    return {"status": True}


@blueprint.get("/<server_id>/audit-logs")
@require_user_or_bot
@rate_limit("server_auditLogs_get", 10, 10)
@document_querystring(documented_query("AuditLogQuery", limit=int, after=str))
async def audit_logs(server_id: str) -> Any:
    ctx = await _ctx(server_id, ADMIN)
    try:
        limit = min(max(int(request.args.get("limit", 50)), 1), 50)
    except ValueError:
        limit = 50
    return await audit.listing(ctx.server.id, request.args.get("after"), limit)


@blueprint.get("/<server_id>/bot-commands")
@require_user
@rate_limit("server_bot_commands", 10, 10)
async def bot_commands(server_id: str) -> Any:
    return {"commands": await service.bot_commands(await _ctx(server_id))}


# --- channels ------------------------------------------------------------------------------


@blueprint.post("/<server_id>/channels")
@require_user_or_bot
@validate_request(CreateChannelBody)
async def create_channel(server_id: str, data: CreateChannelBody) -> Any:
    return await channels.create(await _ctx(server_id, MANAGE_CHANNELS), data.name, data.type or 1)


@blueprint.post("/<server_id>/channels/order")
@require_user_or_bot
@rate_limit("server_channel_update_order", 50, 10)
@validate_request(ChannelOrderBody)
async def order_channels(server_id: str, data: ChannelOrderBody) -> Any:
    return await channels.reorder(await _ctx(server_id, MANAGE_CHANNELS), data.channelIds, data.categoryId)


@blueprint.post("/<server_id>/channels/<channel_id>")
@require_user_or_bot
@rate_limit("server_channel_update", 10, 10)
@validate_request(UpdateChannelBody)
async def update_channel(server_id: str, channel_id: str, data: UpdateChannelBody) -> Any:
    return await channels.update(await _ctx(server_id, MANAGE_CHANNELS), channel_id, _fields(data))


@blueprint.delete("/<server_id>/channels/<channel_id>")
@require_user_or_bot
async def delete_channel(server_id: str, channel_id: str) -> Any:
    return {"deleted": await channels.delete(await _ctx(server_id, MANAGE_CHANNELS), channel_id)}


@blueprint.post("/<server_id>/channels/<channel_id>/permissions/<role_id>")
@require_user_or_bot
@rate_limit("server_channel_perm_update", 10, 10)
@validate_request(PermissionsBody)
async def channel_permissions(server_id: str, channel_id: str, role_id: str, data: PermissionsBody) -> Any:
    return await channels.set_permissions(await _ctx(server_id, MANAGE_CHANNELS), channel_id, role_id, data.permissions)


@blueprint.put("/<server_id>/channels/<channel_id>/notice")
@require_user
@rate_limit("server_channel_notice_update", 10, 10)
@validate_request(NoticeBody)
async def put_channel_notice(server_id: str, channel_id: str, data: NoticeBody) -> Any:
    return {"notice": await channels.set_notice(await _ctx(server_id, MANAGE_CHANNELS), channel_id, data.content)}


@blueprint.delete("/<server_id>/channels/<channel_id>/notice")
@require_user
@rate_limit("server_channel_notice_delete", 10, 10)
async def delete_channel_notice(server_id: str, channel_id: str) -> Any:
    await channels.delete_notice(await _ctx(server_id, MANAGE_CHANNELS), channel_id)
    return {"status": True}


# --- roles and members -------------------------------------------------------------------------


@blueprint.post("/<server_id>/roles")
@require_user_or_bot
async def create_role(server_id: str) -> Any:
    return await roles.create(await _ctx(server_id, MANAGE_ROLES))


@blueprint.post("/<server_id>/roles/order")
@require_user_or_bot
@rate_limit("server_role_update_order", 50, 10)
@validate_request(RoleOrderBody)
async def order_roles(server_id: str, data: RoleOrderBody) -> Any:
    await roles.reorder(await _ctx(server_id, MANAGE_ROLES), data.roleIds)
    return jsonify(True)


@blueprint.post("/<server_id>/roles/<role_id>")
@require_user_or_bot
@rate_limit("server_role_update", 10, 10)
@validate_request(UpdateRoleBody)
async def update_role(server_id: str, role_id: str, data: UpdateRoleBody) -> Any:
    return await roles.update(await _ctx(server_id, MANAGE_ROLES), role_id, _fields(data))


@blueprint.delete("/<server_id>/roles/<role_id>")
@require_user_or_bot
async def delete_role(server_id: str, role_id: str) -> Any:
    return await roles.delete(await _ctx(server_id, MANAGE_ROLES), role_id)


@blueprint.get("/<server_id>/members")
@require_user_or_bot
@rate_limit("server_members_page", 40, 10)
@document_querystring(documented_query("MemberPageQuery", after=str, limit=int))
async def member_page(server_id: str) -> Any:
    """Hearth's own (not in the wire reference): a page of the member list, online first."""
    ctx = await _ctx(server_id)
    return await memberpages.page(ctx, request.args.get("after"), memberpages.limit_of(request.args.get("limit")))


@blueprint.get("/<server_id>/members/search")
@require_user_or_bot
@rate_limit("server_member_search", 30, 10)
@document_querystring(documented_query("MemberSearchQuery", q=str, limit=int))
async def member_search(server_id: str) -> Any:
    """Hearth's own (not in the wire reference): members matching ``q``, online first (the ``@`` picker)."""
    ctx = await _ctx(server_id)
    query = membersearch.query_of(request.args.get("q"))
    return await membersearch.search(ctx, query, membersearch.limit_of(request.args.get("limit")))


@blueprint.post("/<server_id>/members/<user_id>")
@require_user_or_bot
@rate_limit("server_member_role_update", 10, 10)
@validate_request(MemberRolesBody)
async def member_roles(server_id: str, user_id: str, data: MemberRolesBody) -> Any:
    ctx = await _ctx(server_id, MANAGE_ROLES)
    if data.roleIds is None:
        return {"roleIds": None}
    return await roles.set_member_roles(ctx, user_id, data.roleIds)


@blueprint.post("/<server_id>/members/<user_id>/profile")
@require_user_or_bot
@rate_limit("server_member_profile_update", 10, 10)
@validate_request(NicknameBody)
async def member_profile(server_id: str, user_id: str, data: NicknameBody) -> Any:
    return await roles.set_nickname(await _ctx(server_id), user_id, data.nickname)


@blueprint.delete("/<server_id>/members/<user_id>/kick")
@require_user_or_bot
@rate_limit("server_kick_member", 30, 10)
async def kick_member(server_id: str, user_id: str) -> Any:
    await service.kick(await _ctx(server_id, KICK), user_id)
    return {"status": True}


@blueprint.post("/<server_id>/bans/<user_id>")
@require_user_or_bot
@rate_limit("server_ban_member", 30, 10)
@document_request(BanBody)
@document_querystring(documented_query("BanQuery", shouldDeleteRecentMessages=Literal["true", "false"]))
async def ban_member(server_id: str, user_id: str) -> Any:
    ctx = await _ctx(server_id, BAN)
    body = validate_body(BanBody, await request.get_json(silent=True) or {})
    await service.ban(ctx, user_id, body.reason, request.args.get("shouldDeleteRecentMessages") == "true")
    return {"status": True}


@blueprint.delete("/<server_id>/bans/<user_id>")
@require_user_or_bot
@rate_limit("server_unban_member", 80, 10)
async def unban_member(server_id: str, user_id: str) -> Any:
    await service.unban(await _ctx(server_id, BAN), user_id)
    return {"status": True}


@blueprint.get("/<server_id>/bans")
@require_user_or_bot
@rate_limit("server_ban_member_list", 30, 10)
async def list_bans(server_id: str) -> Any:
    ctx = await _ctx(server_id, BAN)
    bans = await Ban.filter(server_id=ctx.server.id).order_by("-id").select_related("user")
    return jsonify(
        [
            {"serverId": str(b.server_id), "user": full_user(b.user), "bannedAt": ms(b.created_at), "reason": b.reason}
            for b in bans
        ]
    )


@blueprint.post("/<server_id>/mutes/<user_id>")
@require_user_or_bot
@rate_limit("server_mute_member", 30, 10)
@validate_request(MuteBody)
async def mute_member(server_id: str, user_id: str, data: MuteBody) -> Any:
    import time

    ctx = await _ctx(server_id, ADMIN)
    if data.expireAt <= time.time() * 1000:
        response = jsonify({"error": "ExpireAt must be a future timestamp."})
        response.status_code = 400
        return response
    await roles.mute(ctx, user_id, data.expireAt, data.reason)
    return {"status": True}


@blueprint.delete("/<server_id>/mutes/<user_id>")
@require_user_or_bot
@rate_limit("server_unmute_member", 80, 10)
async def unmute_member(server_id: str, user_id: str) -> Any:
    await roles.unmute(await _ctx(server_id, ADMIN), user_id)
    return {"status": True}


# --- invites -------------------------------------------------------------------------------------


@blueprint.get("/<server_id>/invites")
@require_user
async def list_invites(server_id: str) -> Any:
    return jsonify(await invites.listing(await _ctx(server_id)))


@blueprint.post("/<server_id>/invites")
@require_user
@rate_limit("create_server_invite", 5, 20)
async def create_invite(server_id: str) -> Any:
    return await invites.create(await _ctx(server_id))


@blueprint.post("/<server_id>/invites/custom")
@require_user
@rate_limit("create_server_invite", 5, 20)
@validate_request(CustomInviteBody)
async def create_custom_invite(server_id: str, data: CustomInviteBody) -> Any:
    return await invites.create_custom(await _ctx(server_id), data.code)


@blueprint.delete("/<server_id>/invites/<code>")
@require_user
@rate_limit("delete_server_invite", 20, 20)
async def delete_invite(server_id: str, code: str) -> Any:
    await invites.delete(await _ctx(server_id), code)
    return {"status": True}


# --- notification settings ---------------------------------------------------------------------


@settings_blueprint.post("/notifications")
@require_user
@rate_limit("update_notification", 20, 10)
@validate_request(NotificationSettingsBody)
async def notification_settings(data: NotificationSettingsBody) -> Any:
    # SMV runs on the body's serverId, so it is required even for channel settings (rest.md §1.34).
    ctx = await _ctx(data.serverId)
    changes = data.model_dump(exclude_unset=True)
    if "notificationPingMode" not in changes and "notificationSoundMode" not in changes:
        raise ApiError(400, "You must provide one of notificationPingMode or notificationSoundMode.")
    await notifications.update(ctx, data.channelId, changes)
    return {"status": "done"}


# --- moderators: scheduled deletion (rest.md §8.1) ---------------------------------------------


@moderation_blueprint.delete("/<server_id>")
@require_moderator
@validate_request(ServerScheduleDeleteBody)
async def schedule_server_deletion(server_id: str, data: ServerScheduleDeleteBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    return {"success": True, "scheduledDeletion": await scheduled.schedule(current_user(), server_id, data.reason)}


@moderation_blueprint.delete("/<server_id>/schedule-delete")
@require_moderator
@validate_request(ServerUnscheduleDeleteBody)
async def remove_server_deletion_schedule(server_id: str, data: ServerUnscheduleDeleteBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await scheduled.unschedule(current_user(), server_id)
    return {"success": True}
