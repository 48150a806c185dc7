"""Accounts: registration, login, sessions, e-mail confirmation, password reset, profile."""

from core import hookimpl
from core.plugins import Manifest
from plugins.accounts import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="accounts",
    name="Accounts",
    version="1.0.0",
    description="Register, log in, sessions, e-mail confirmation, password reset and profile updates.",
    routes=("/users", "/accounts"),
    essential=True,
)


@hookimpl
def hearth_models():
    return ["plugins.accounts.models"]


@hookimpl
def hearth_blueprints():
    from plugins.accounts.options_routes import blueprint as options
    from plugins.accounts.routes import blueprint

    return [blueprint, options]


@hookimpl
async def authenticated_payload(ctx):
    from plugins.accounts.public_profile import brief_profiles

    return {"user": {"profile": (await brief_profiles([ctx.user.id])).get(ctx.user.id)}}


@hookimpl
async def moderation_user_inventory(user_id):
    """The moderation plugin's user page: the inventory this plugin derives from badges."""
    from core.identity.models import User
    from plugins.accounts.badges import stashed_badges
    from plugins.accounts.inventory import inventory

    user = await User.get_or_none(id=user_id)
    return inventory(user, await stashed_badges(user_id)) if user is not None else []


@hookimpl
async def moderation_edit_inventory(user_id, added, removed_ids):
    """Inventory items are badges: name the badge bits the moderator adds and removes (a removed
    badge the user had taken off leaves their stash too)."""
    from plugins.accounts.badges import forget_stashed
    from plugins.accounts.inventory import badge_changes

    changes = badge_changes(user_id, added, removed_ids)
    await forget_stashed(user_id, changes["removed"])
    return changes


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.accounts.export import parts

    return parts(user)
