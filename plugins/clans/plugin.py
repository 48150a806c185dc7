"""Clans: a verified server's tag and icon that its members can wear on their profile."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="clans",
    name="Clans",
    version="1.0.0",
    description="A verified server's clan tag and icon, worn by its members on their profiles.",
    requires=("accounts", "servers"),
    # Only this sub-path of /servers: the servers plugin serves the rest (claims are per route).
    routes=("/servers/<server_id>/clans",),
)


@hookimpl
def hearth_models():
    return ["plugins.clans.models"]


@hookimpl
def hearth_blueprints():
    from plugins.clans.routes import blueprint

    return [blueprint]


@hookimpl
async def server_extras(server_ids):
    from plugins.clans.service import server_clans

    return {server_id: {"clan": clan} for server_id, clan in (await server_clans(server_ids)).items()}


@hookimpl
async def explore_filter_server_ids(name):
    if name != "clans":
        return None
    from plugins.clans.models import ServerClan

    return list(await ServerClan.all().values_list("server_id", flat=True))


@hookimpl
async def profile_extras(user_ids):
    from plugins.clans.service import worn_clans

    return {user_id: {"clan": clan} for user_id, clan in (await worn_clans(user_ids)).items()}


@hookimpl
async def profile_clan_chosen(user, server_id):
    from plugins.clans.service import wear

    await wear(user, server_id)
    return True


@hookimpl
async def server_member_left(server_id, user_id):
    # rest.md §4 leave flow: the member's clan goes if it was this server's; whoever still shows
    # them (friends, other servers, this server's old messages) learns it.
    from plugins.accounts.public_profile import announce_profile
    from plugins.clans.models import WornClan

    if await WornClan.filter(server_id=server_id, user_id=user_id).delete():
        await announce_profile(user_id, also_to=[str(server_id)])


@hookimpl
async def user_deleted(user, delete_content):
    from plugins.clans.models import WornClan

    await WornClan.filter(user_id=user.id).delete()
