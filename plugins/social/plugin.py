"""Social: follows, followers/following lists and user search (rest.md §1.26, §1.30–1.33)."""

from core import hookimpl
from core.plugins import Manifest
from plugins.social import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="social",
    name="Social",
    version="1.0.0",
    description="Follow users, followers and following lists, user search.",
    requires=("accounts",),
    optional=("friends",),
    routes=("/users",),
)


@hookimpl
def hearth_models():
    return ["plugins.social.models"]


@hookimpl
def hearth_blueprints():
    from plugins.social.routes import blueprint

    return [blueprint]


@hookimpl
async def user_profile(viewer, user):
    from plugins.social.service import profile_contribution

    return await profile_contribution(viewer, user)


@hookimpl
async def user_blocked(blocker_id, blocked_id):
    from plugins.social.service import drop_follows

    await drop_follows(blocker_id, blocked_id)


@hookimpl
async def user_deleted(user, delete_content):
    from plugins.social.service import forget_user

    await forget_user(user.id)


@hookimpl
async def followed_user_ids(user_id):
    """The posts plugin's hook: whom ``user_id`` follows (their posts fill the feed). Asked on
    every post list, hundreds of ids: a hand-written statement (core.prepared.fetch_rows)."""
    from core.prepared import fetch_rows
    from plugins.social.models import Follow

    rows = await fetch_rows(f"SELECT followed_to_id FROM {Follow._meta.db_table} WHERE followed_by_id = $1", [user_id])
    return [row[0] for row in rows]
