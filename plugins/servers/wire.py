"""Server-side shapes on the wire (entities.md §4)."""

from __future__ import annotations

from typing import Any

from core.identity.models import User
from core.wire import ms, public_user
from plugins.messages.routes import channel_wire
from plugins.servers.models import Invite, Member, Role, Server


def sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def server_wire(server: Server, extras: bool = True) -> dict[str, Any]:
    data = {
        "id": str(server.id),
        "name": server.name,
        "hexColor": server.hex_color,
        "avatar": server.avatar,
        "banner": server.banner,
        "defaultChannelId": sid(server.default_channel_id),
        "systemChannelId": sid(server.system_channel_id),
        "defaultRoleId": sid(server.default_role_id),
        "createdById": str(server.created_by_id),
        "createdAt": ms(server.created_at),
        "verified": server.verified,
        "public": server.public,
    }
    if extras:  # defaults; plugins fill them through ``server_extras`` (payload.server_rows)
        data.update(
            clan=None,
            customEmojis=[],
            _count={"welcomeQuestions": 0},
            scheduledForDeletion={"scheduledAt": ms(server.scheduled_for_deletion)}
            if server.scheduled_for_deletion
            else None,
        )
    return data


def role_wire(role: Role) -> dict[str, Any]:
    return {
        "id": str(role.id),
        "serverId": str(role.server_id),
        "name": role.name,
        "order": role.order,
        "permissions": role.permissions,
        "hexColor": role.hex_color,
        "icon": role.icon,
        "hideRole": role.hide_role,
        "applyOnJoin": role.apply_on_join,
        "botRole": role.bot_role or None,
        "createdById": sid(role.created_by_id),
        "createdAt": ms(role.created_at),
    }


def member_user(user: User, profile: dict[str, Any] | None, viewer_id: int | None) -> dict[str, Any]:
    """``profile``: the embedded ``{font, clan}`` (``plugins.accounts.public_profile``)."""
    shows_last_online = user.last_online_status == 2 or user.id == viewer_id
    return {
        **public_user(user),
        "profile": profile,
        "lastOnlineStatus": user.last_online_status,
        "lastOnlineAt": ms(user.last_online_at) if shows_last_online else None,
    }


def member_wire(member: Member, user: User, profile: dict[str, Any] | None, viewer_id: int | None) -> dict[str, Any]:
    return member_row(member, member_user(user, profile, viewer_id))


def member_row(member: Any, user: dict[str, Any]) -> dict[str, Any]:
    """A member with its user's wire form (``member_user``), which may be shared between rows."""
    return {
        "id": str(member.id),
        "serverId": str(member.server_id),
        "userId": str(member.user_id),
        "joinedAt": ms(member.joined_at),
        "nickname": member.nickname,
        "roleIds": [str(r) for r in member.role_ids],
        "muteExpireAt": ms(member.mute_expire_at),
        "user": user,
    }


def server_channel_wire(channel: Any, overrides: dict[int, int], attachments: int = 0) -> dict[str, Any]:
    return {
        **channel_wire(channel),
        "deleting": None,
        "_count": {"attachments": attachments},
        "permissions": [{"roleId": str(role_id), "permissions": bits} for role_id, bits in overrides.items()],
    }


def invite_wire(invite: Invite) -> dict[str, Any]:
    return {
        "id": str(invite.id),
        "code": invite.code,
        "isCustom": invite.is_custom,
        "uses": invite.uses,
        "serverId": str(invite.server_id),
        "createdById": str(invite.created_by_id),
        "createdAt": ms(invite.created_at),
    }
