"""Applications: developer applications and their bot users, bot tokens, bot invites with a
permission bitfield, bot commands, explore listings of bots and the OAuth2 provider."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="applications",
    name="Applications",
    version="1.0.0",
    description="Developer applications, bots (tokens, invites, commands, explore listings) and the OAuth2 provider.",
    requires=("accounts", "messages"),
    # Without servers no bot joins a server (bots, tokens, DMs and OAuth2 remain); without explore
    # there is no bots section on the explore page (see the README).
    optional=("servers", "explore"),
    routes=("/applications", "/oauth2", "/explore/bots", "/servers/<server_id>/invites/applications"),
)


@hookimpl
def hearth_models():
    return ["plugins.applications.models"]


@hookimpl
def hearth_blueprints(plugins):
    from plugins.applications.routes import blueprints

    return blueprints(plugins)


@hookimpl
def hearth_upload_groups():
    from plugins.applications.service import owns_bot

    # A bot's avatar and banner are uploaded by its application's owner with groupId = bot id.
    return {"avatars": owns_bot, "profile_banners": owns_bot}


@hookimpl
async def authenticated_payload(ctx):
    if not ctx.user.bot:
        return None
    from plugins.applications.service import application_id_of_bot

    app_id = await application_id_of_bot(ctx.user.id)
    return {"user": {"application": {"id": str(app_id)}}} if app_id else None


@hookimpl
async def user_profile(viewer, user):
    if not user.bot:
        return None
    from plugins.applications.profile import profile_application

    return await profile_application(user)


@hookimpl
async def server_bot_commands(server_id, bot_user_ids):
    from plugins.applications.commands import commands_of

    return await commands_of(bot_user_ids)


@hookimpl
async def explore_bot_listing(query):
    from plugins.applications.explore import listing

    return await listing(query)


@hookimpl
async def explore_bot(application_id):
    from plugins.applications.explore import bot_status

    return await bot_status(application_id)


@hookimpl
async def user_deleted(user, delete_content):
    # An account deleted with its applications: their bots go too.
    from plugins.applications.service import delete_applications_of

    await delete_applications_of(user.id)
