"""Server external embeds (rest.md §4.11): one per server, made from one of its invites."""

from __future__ import annotations

from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q

from core.context import hearth
from core.errors import bad_request
from core.ids import parse_id
from plugins.external_embed.models import SERVER, ExternalEmbed
from plugins.servers.models import Invite, Member, Server
from plugins.servers.permissions import MemberContext

MAX_USERS = 50


def embed_wire(embed: ExternalEmbed) -> dict[str, Any]:
    return {
        "id": str(embed.id),
        "type": embed.type,
        "serverId": str(embed.server_id) if embed.server_id else None,
        "serverInviteCode": embed.server_invite_code,
        "userId": str(embed.user_id) if embed.user_id else None,
    }


async def create(ctx: MemberContext, invite_code: str | None) -> dict[str, Any]:
    if not invite_code:
        raise bad_request("serverInviteId is required.")
    if not await Invite.exists(server_id=ctx.server.id, code=invite_code[:32]):
        raise bad_request("Invalid invite code.")
    if await ExternalEmbed.exists(server_id=ctx.server.id):
        raise bad_request("Embed already exists.")
    try:
        embed = await ExternalEmbed.create(type=SERVER, server_id=ctx.server.id, server_invite_code=invite_code)
    except IntegrityError:  # created twice at once
        raise bad_request("Embed already exists.") from None
    return {"id": str(embed.id)}


async def delete(ctx: MemberContext) -> None:
    if not await ExternalEmbed.filter(server_id=ctx.server.id).delete():
        raise bad_request("Embed not found.")


async def _find(server_id: str) -> ExternalEmbed:
    parsed = parse_id(server_id)
    embed = await ExternalEmbed.get_or_none(server_id=parsed) if parsed is not None else None
    if embed is None:
        raise bad_request("Embed not found.")
    return embed


async def raw(server_id: str) -> dict[str, Any]:
    return embed_wire(await _find(server_id))


def _user_entry(index: int, member: Member, presence: dict[str, Any] | None) -> dict[str, Any]:
    user = member.user
    return {
        "id": index,
        "username": member.nickname or user.username,
        "hexColor": user.hex_color,
        # Upstream hides the CDN path behind an AES-encrypted proxy path; Hearth has no such
        # proxy, so these are the plain CDN paths every client already reads (/cdn/<path>).
        "avatar": user.avatar,
        "banner": user.banner,
        # Upstream's activity is always null here; so is Hearth's (the widget is public).
        "presence": None
        if presence is None
        else {"custom": presence.get("custom"), "status": presence["status"], "activity": None},
    }


def _not_bot() -> Q:
    return Q(user__bot__isnull=True) | Q(user__bot=False)


def _display_key(member: Member) -> tuple[bool, str, str]:
    # Nickname first (members without one after), then username: upstream's order.
    return (member.nickname is None, member.nickname or "", member.user.username)


async def widget(server_id: str) -> dict[str, Any]:
    """The ``.json`` widget: at most 50 non-bot members, online ones first, and how many of the
    server's members are online. Bounded: only the online members and one page of the others
    are loaded, whatever the server's size."""
    embed = await _find(server_id)
    server = await Server.get(id=embed.server_id)
    member_ids = list(await Member.filter(server_id=server.id).values_list("user_id", flat=True))
    # The presence plugin answers this servers hook; it is optional: without it nobody is online.
    answers = await hearth().plugins.gather("server_member_presences", user_ids=member_ids)
    presences = {int(p["userId"]): p for answer in answers for p in answer or []}
    online = sorted(
        await Member.filter(server_id=server.id, user_id__in=list(presences)).filter(_not_bot()).select_related("user"),
        key=_display_key,
    )[:MAX_USERS]
    chosen = list(online)
    if len(chosen) < MAX_USERS:
        offline = Member.filter(server_id=server.id).exclude(user_id__in=list(presences)).filter(_not_bot())
        named = (
            await offline.filter(nickname__not_isnull=True)
            .order_by("nickname", "user__username")
            .limit(MAX_USERS - len(chosen))
            .select_related("user")
        )
        chosen += named
        if len(chosen) < MAX_USERS:
            chosen += (
                await offline.filter(nickname__isnull=True)
                .order_by("user__username")
                .limit(MAX_USERS - len(chosen))
                .select_related("user")
            )
    return {
        "id": str(embed.id),
        "userId": None,
        "serverInviteCode": embed.server_invite_code,
        "server": {
            "avatar": server.avatar,
            "hexColor": server.hex_color,
            "banner": server.banner,
            "name": server.name,
            "verified": server.verified,
            "serverMembers": None,
        },
        "onlineMembersCount": len(presences),
        "users": [_user_entry(i, m, presences.get(m.user_id)) for i, m in enumerate(chosen)],
    }
