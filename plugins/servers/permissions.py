"""Effective permissions (entities.md §4.7) and the SMV / PERM checks (rest.md §0.5)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.prepared import fetch_rows, prepared
from plugins.servers.models import ChannelPermission, Member, Role, Server

ADMIN, SEND_MESSAGE, MANAGE_ROLES, MANAGE_CHANNELS, KICK, BAN, MENTION_EVERYONE, NICKNAME_MEMBER, MENTION_ROLES = (
    1,
    2,
    4,
    8,
    16,
    32,
    64,
    128,
    256,
)
NAMES = {
    ADMIN: "Admin",
    SEND_MESSAGE: "Send Message",
    MANAGE_ROLES: "Manage Roles",
    MANAGE_CHANNELS: "Manage Channels",
    KICK: "Kick",
    BAN: "Ban",
    MENTION_EVERYONE: "Mention Everyone",
    NICKNAME_MEMBER: "Nickname Member",
    MENTION_ROLES: "Mention Roles",
}
PUBLIC_CHANNEL, CHANNEL_SEND, JOIN_VOICE = 1, 2, 4
DEFAULT_CHANNEL_PERMISSIONS = PUBLIC_CHANNEL | CHANNEL_SEND | JOIN_VOICE


@dataclass
class MemberContext:
    """A member of a server with everything the checks need, loaded in three queries."""

    server: Server
    member: Member
    roles: dict[int, Role]
    user: User

    @property
    def is_owner(self) -> bool:
        return self.server.created_by_id == self.member.user_id

    @property
    def role_ids(self) -> list[int]:
        """The member's roles plus the default role."""
        ids = [int(r) for r in self.member.role_ids if int(r) in self.roles]
        return [self.server.default_role_id, *ids] if self.server.default_role_id else ids

    @property
    def permissions(self) -> int:
        bits = 0
        for role_id in self.role_ids:
            role = self.roles.get(role_id)
            bits |= role.permissions if role else 0
        return bits

    @property
    def is_admin(self) -> bool:
        return self.is_owner or bool(self.permissions & ADMIN)

    @property
    def top_order(self) -> int:
        return max((self.roles[r].order for r in self.role_ids if r in self.roles), default=1)

    def has(self, bit: int) -> bool:
        return self.is_admin or bool(self.permissions & bit)

    def require(self, bit: int) -> None:
        if not self.has(bit):
            raise ApiError(403, f"Missing {NAMES[bit]} permission")

    @property
    def muted(self) -> bool:
        expire = self.member.mute_expire_at
        return expire is not None and expire > datetime.now(UTC)


async def require_permission(ctx: MemberContext, bit: int) -> None:
    """``ctx.require(bit)``, then what plugins add for acting with it (``server_moderation_refusal``:
    a server that requires two-factor for moderation). Every route that checks a server permission
    goes through here, the other plugins' (emojis, welcome, webhooks, embeds) as the servers plugin's."""
    ctx.require(bit)
    for refusal in await hearth().plugins.gather(
        "server_moderation_refusal", server_id=ctx.server.id, user=ctx.user, permission=bit
    ):
        if refusal:
            raise ApiError(403, refusal)


async def load_server(server_id: str | int | None, allow_scheduled: bool = False) -> Server:
    parsed = parse_id(server_id) if server_id is not None else None
    if parsed is None:
        raise ApiError(403, "Missing server id!")
    server = await Server.get_or_none(id=parsed)
    if server is None:
        raise ApiError(403, "Server does not exist.")
    if server.scheduled_for_deletion and not allow_scheduled:
        raise ApiError(403, "This server is scheduled for deletion.")
    return server


@prepared
def _membership(server_id: int, user_id: int) -> Any:
    return Member.get_or_none(server_id=server_id, user_id=user_id).select_related("server")


@prepared
def _roles_of(server_id: int) -> Any:
    return Role.filter(server_id=server_id)


async def member_context(user: User, server_id: str | int | None, allow_scheduled: bool = False) -> MemberContext:
    """SMV: the user's membership of the server, or 403 (two queries on the usual path)."""
    parsed = parse_id(server_id) if server_id is not None else None
    member = await _membership(parsed, user.id) if parsed else None
    if member is None:
        await load_server(server_id, allow_scheduled)  # the precise error when the server is the problem
        raise ApiError(403, "Server member is not in this server.")
    server = member.server
    if server.scheduled_for_deletion and not allow_scheduled:
        raise ApiError(403, "This server is scheduled for deletion.")
    roles = {role.id: role for role in await _roles_of(server.id)}
    return MemberContext(server=server, member=member, roles=roles, user=user)


def _columns(alias: str, model: Any) -> str:
    return ", ".join(
        f'{alias}."{column}" AS "{alias}.{column}"' for column in model._meta.fields_db_projection.values()
    )


def _instance(model: Any, alias: str, row: Any) -> Any:
    return model._init_from_db(
        **{field: row[f"{alias}.{column}"] for field, column in model._meta.fields_db_projection.items()}
    )


@lru_cache(maxsize=1)
def _member_in_channel() -> str:
    """The membership, its server, and the server's roles each with its override in one channel
    (NULL: none), a row per role: what every message sent to a channel checks, in one round trip.
    Built on first use: the models know their foreign-key columns once Tortoise is initialised."""
    return (
        f"SELECT {_columns('m', Member)}, {_columns('s', Server)}, {_columns('r', Role)}, "
        f"o.permissions AS channel_bits FROM {Member._meta.db_table} m "
        f"JOIN {Server._meta.db_table} s ON s.id = m.server_id "
        f"LEFT JOIN {Role._meta.db_table} r ON r.server_id = m.server_id "
        f"LEFT JOIN {ChannelPermission._meta.db_table} o ON o.role_id = r.id AND o.channel_id = $3 "
        "WHERE m.server_id = $1 AND m.user_id = $2"
    )


async def channel_member_context(user: User, server_id: int, channel_id: int) -> tuple[MemberContext, dict[int, int]]:
    """:func:`member_context` and :func:`overrides_of` of one of the server's channels, in one
    query. Overrides of roles the server no longer has are left out: no member holds them."""
    rows = await fetch_rows(_member_in_channel(), [server_id, user.id, channel_id])
    if not rows:
        await load_server(server_id)
        raise ApiError(403, "Server member is not in this server.")
    server = _instance(Server, "s", rows[0])
    if server.scheduled_for_deletion:
        raise ApiError(403, "This server is scheduled for deletion.")
    member = _instance(Member, "m", rows[0])
    member._server = server  # as select_related("server") leaves it
    roles: dict[int, Role] = {}
    overrides: dict[int, int] = {}
    for row in rows:
        if row["r.id"] is None:
            continue
        role = _instance(Role, "r", row)
        roles[role.id] = role
        if row["channel_bits"] is not None:
            overrides[role.id] = row["channel_bits"]
    return MemberContext(server=server, member=member, roles=roles, user=user), overrides


async def member_contexts(user: User, server_ids: list[int]) -> dict[int, MemberContext]:
    """SMV for many servers at once (two queries): ``{server_id: context}`` of the servers the
    user is a member of and that are not scheduled for deletion."""
    if not server_ids:
        return {}
    members = [
        m
        for m in await Member.filter(user_id=user.id, server_id__in=list(set(server_ids))).select_related("server")
        if not m.server.scheduled_for_deletion
    ]
    roles: dict[int, dict[int, Role]] = {m.server_id: {} for m in members}
    if members:
        for role in await Role.filter(server_id__in=list(roles)):
            roles[role.server_id][role.id] = role
    return {m.server_id: MemberContext(server=m.server, member=m, roles=roles[m.server_id], user=user) for m in members}


async def channel_overrides(channel_ids: list[int]) -> dict[int, dict[int, int]]:
    """``{channel_id: {role_id: permissions}}`` for many channels in one query."""
    result: dict[int, dict[int, int]] = {}
    for channel_id, role_id, bits in await ChannelPermission.filter(channel_id__in=channel_ids).values_list(
        "channel_id", "role_id", "permissions"
    ):
        result.setdefault(channel_id, {})[role_id] = bits
    return result


@prepared
def _channel_permissions(channel_id: int) -> Any:
    return ChannelPermission.filter(channel_id=channel_id)


async def overrides_of(channel_id: int) -> dict[int, int]:
    """``{role_id: permissions}`` of one channel (what every message to it checks)."""
    return {row.role_id: row.permissions for row in await _channel_permissions(channel_id)}


def channel_bits(ctx: MemberContext, overrides: dict[int, int]) -> int:
    bits = 0
    for role_id in ctx.role_ids:
        bits |= overrides.get(role_id, 0)
    return bits


def can_view(ctx: MemberContext, overrides: dict[int, int]) -> bool:
    return ctx.is_admin or bool(channel_bits(ctx, overrides) & PUBLIC_CHANNEL)


def can_send(ctx: MemberContext, overrides: dict[int, int]) -> bool:
    return ctx.is_admin or (bool(channel_bits(ctx, overrides) & CHANNEL_SEND) and bool(ctx.permissions & SEND_MESSAGE))


async def may_manage(user: User, server_id: int) -> bool:
    """Whether ``user`` may change the server's settings (its avatar and banner): PERM(ADMIN)."""
    try:
        return (await member_context(user, server_id)).is_admin
    except ApiError:
        return False
