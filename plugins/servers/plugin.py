"""Servers: communities with categories, channels, roles, permissions, members and invites."""

from typing import Any

from core import hookimpl
from core.plugins import Manifest
from plugins.servers import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="servers",
    name="Servers",
    version="1.0.0",
    description="Servers with channels and categories, roles and channel permissions, members, bans, invites.",
    requires=("accounts", "messages"),
    routes=("/servers", "/users/notifications", "/moderation/servers"),
)


@hookimpl
def hearth_models():
    return ["plugins.servers.models"]


@hookimpl
def hearth_blueprints():
    from plugins.servers import notification_defaults
    from plugins.servers.routes import blueprint, moderation_blueprint, settings_blueprint

    return [blueprint, settings_blueprint, moderation_blueprint, notification_defaults.blueprint]


@hookimpl
def hearth_socket_handlers():
    from plugins.servers.members import request_server_members

    return {"user:request_server_members": request_server_members}


@hookimpl
def hearth_upload_groups():
    from plugins.servers.permissions import may_manage

    # A server's avatar and banner are uploaded with groupId = serverId by whoever may edit it.
    return {"avatars": may_manage, "profile_banners": may_manage}


@hookimpl
def channel_kinds():
    from plugins.messages.models import CATEGORY, SERVER_TEXT
    from plugins.servers.kind import ServerChannels

    kind = ServerChannels()
    return {SERVER_TEXT: kind, CATEGORY: kind}


@hookimpl
def message_role_resolver():
    from plugins.servers.kind import resolve_roles

    return resolve_roles


@hookimpl
async def hearth_startup(app):
    from plugins.servers import hidden, notification_defaults, rooms

    rooms.install(app.extensions["hearth"].gateway)
    notification_defaults.install(app.extensions["hearth"].gateway)
    hidden.install(app.extensions["hearth"].gateway)
    _start_deletion_job(app)


def _start_deletion_job(app: Any) -> None:
    from core.jobs import start_periodic
    from plugins.servers.scheduled import DEFAULT_INTERVAL_SECONDS, delete_due_and_report

    interval = app.extensions["hearth"].settings.get(
        "servers.scheduled_deletion_interval_seconds", DEFAULT_INTERVAL_SECONDS
    )
    start_periodic(app, "servers.scheduled_deletion", interval, delete_due_and_report)


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "servers.scheduled_deletion")


@hookimpl
async def authenticated_payload(ctx):
    from plugins.servers.payload import authenticated

    return await authenticated(ctx)


@hookimpl
async def summarised_channels(user_id):
    from plugins.servers.notifications import summarised_channel_ids

    return await summarised_channel_ids(user_id)


@hookimpl
async def user_audience_rooms(user_id):
    from plugins.servers.models import Member

    return [str(s) for s in await Member.filter(user_id=user_id).values_list("server_id", flat=True)]


@hookimpl
async def shared_server_ids(user_id, other_id):
    from plugins.servers.models import Member

    mine = set(await Member.filter(user_id=user_id).values_list("server_id", flat=True))
    theirs = set(await Member.filter(user_id=other_id, server_id__in=mine).values_list("server_id", flat=True))
    return [str(s) for s in theirs]


@hookimpl
async def account_deletion_blockers(user):
    from plugins.servers.models import Member

    if await Member.exists(user_id=user.id):
        return ["You must leave all servers before deleting your account."]
    return []


@hookimpl
async def presence_subjects(user_id, options):
    from plugins.servers.models import Member
    from plugins.servers.payload import paged_members

    if paged_members(options):
        return []  # their presences come with each page of members (memberpages)
    server_ids = list(await Member.filter(user_id=user_id).values_list("server_id", flat=True))
    if not server_ids:
        return []
    return list(
        await Member.filter(server_id__in=server_ids)
        .exclude(user_id=user_id)
        .distinct()
        .values_list("user_id", flat=True)
    )


@hookimpl
async def mention_context(user_id, channel_ids_by_server):
    """The messages plugin's inbox of mentions: the user's server and member rows, and which of
    the given channels they can still view (four queries whatever the number of servers)."""
    from core.wire import ms
    from plugins.servers.models import Member, Role
    from plugins.servers.permissions import MemberContext, can_view, channel_overrides
    from plugins.servers.wire import server_wire

    members = await Member.filter(user_id=user_id, server_id__in=list(channel_ids_by_server)).select_related(
        "server", "user"
    )
    members = [m for m in members if not m.server.scheduled_for_deletion]
    if not members:
        return {}
    roles: dict[int, dict[int, Any]] = {}
    for role in await Role.filter(server_id__in=[m.server_id for m in members]):
        roles.setdefault(role.server_id, {})[role.id] = role
    overrides = await channel_overrides([c for m in members for c in channel_ids_by_server.get(m.server_id, [])])
    answer = {}
    for member in members:
        ctx = MemberContext(
            server=member.server, member=member, roles=roles.get(member.server_id, {}), user=member.user
        )
        answer[member.server_id] = {
            "server": server_wire(member.server, extras=False),
            "serverMember": {
                "id": str(member.id),
                "serverId": str(member.server_id),
                "userId": str(member.user_id),
                "joinedAt": ms(member.joined_at),
                "nickname": member.nickname,
                "roleIds": [str(r) for r in member.role_ids],
                "muteExpireAt": ms(member.mute_expire_at),
            },
            "channelIds": [
                c for c in channel_ids_by_server.get(member.server_id, []) if can_view(ctx, overrides.get(c, {}))
            ],
        }
    return answer


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.servers.export import parts

    return parts(user)
