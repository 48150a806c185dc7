"""Social: follows, followers/following lists and user search (rest.md §1.26, §1.30–1.33)."""

from core import hookimpl
from core.plugins import Manifest
from plugins.social import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="social",
    name="Social",
    version="1.0.0",
    description="Follow users, followers and following lists, user search.",
    requires=("accounts", "friends"),
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
