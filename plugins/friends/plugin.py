"""Friends: requests, acceptance, removal and blocks (rest.md §2, §1.20–1.21)."""

from core import hookimpl
from core.plugins import Manifest
from plugins.friends import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="friends",
    name="Friends",
    version="1.0.0",
    description="Friend requests, friends list and blocking.",
    requires=("accounts",),
    optional=("servers",),
    routes=("/friends", "/users"),
)


@hookimpl
def hearth_models():
    return ["plugins.friends.models"]


@hookimpl
def hearth_blueprints(plugins):
    from plugins.friends.routes import blocks, co_members, friends

    return [friends, blocks, *([co_members] if plugins.enabled("servers") else [])]


@hookimpl
async def authenticated_payload(ctx):
    from plugins.friends.service import friends_snapshot

    if ctx.user.bot:
        return None  # bots have no friends (realtime.md §3.4)
    return {"friends": await friends_snapshot(ctx.user.id)}


@hookimpl
async def user_audience_rooms(user_id):
    from plugins.friends.service import friend_ids

    return [str(friend_id) for friend_id in await friend_ids(user_id)]


@hookimpl
async def user_profile(viewer, user):
    from plugins.friends.service import block_state, mutual_friend_ids

    if viewer is None:
        return {"block": False, "mutualFriendIds": []}
    _, owner_blocked_viewer = await block_state(viewer.id, user.id)
    return {
        "block": owner_blocked_viewer,
        "mutualFriendIds": [str(i) for i in await mutual_friend_ids(viewer.id, user.id)],
    }


@hookimpl
async def user_deleted(user, delete_content):
    from plugins.friends.service import forget_user

    await forget_user(user.id)


@hookimpl
async def presence_subjects(user_id):
    """The presence plugin's hook: a user sees their friends' presence."""
    from plugins.friends.service import friend_ids

    return await friend_ids(user_id)


@hookimpl
async def block_relations(user_id):
    """The posts plugin's hook: ``(whom user_id blocked, who blocked user_id)``."""
    from plugins.friends.service import block_lists

    return await block_lists(user_id)


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.friends.export import parts

    return parts(user)
