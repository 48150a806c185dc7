"""Servers: communities with categories, channels, roles, permissions, members and invites."""

from core import hookimpl
from core.plugins import Manifest
from plugins.servers import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="servers",
    name="Servers",
    version="1.0.0",
    description="Servers with channels and categories, roles and channel permissions, members, bans, invites.",
    requires=("accounts", "messages", "friends"),
    routes=("/servers", "/users/notifications"),
)


@hookimpl
def hearth_models():
    return ["plugins.servers.models"]


@hookimpl
def hearth_blueprints():
    from plugins.servers.routes import blueprint, settings_blueprint

    return [blueprint, settings_blueprint]


@hookimpl
async def hearth_startup(app):
    from plugins.messages.kinds import register_kind
    from plugins.messages.models import CATEGORY, SERVER_TEXT
    from plugins.messages.serialize import register_role_resolver
    from plugins.servers import rooms
    from plugins.servers.kind import ServerChannels, resolve_roles

    kind = ServerChannels()
    register_kind(SERVER_TEXT, kind)
    register_kind(CATEGORY, kind)
    register_role_resolver(resolve_roles)
    rooms.install(app.extensions["hearth"].gateway)


@hookimpl
async def authenticated_payload(ctx):
    from plugins.servers.payload import authenticated

    return await authenticated(ctx)


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
async def presence_subjects(user_id):
    from plugins.servers.models import Member

    server_ids = list(await Member.filter(user_id=user_id).values_list("server_id", flat=True))
    if not server_ids:
        return []
    return list(await Member.filter(server_id__in=server_ids).exclude(user_id=user_id).distinct().values_list(
        "user_id", flat=True))
