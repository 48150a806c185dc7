"""Posts: the social feed (rest.md §7, entities.md §8, realtime.md ``post:mention``)."""

from core import hookimpl
from core.plugins import Manifest
from plugins.posts import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="posts",
    name="Posts",
    version="1.0.0",
    description="Posts with likes, reposts, replies and polls; the feed, discover and post notifications.",
    requires=("accounts",),
    optional=("social", "friends", "link_embeds"),
    # /users/<id>/posts and /users/<id>/posts/liked sit beside the accounts and social routes
    routes=("/posts", "/users/<user_id>/posts"),
)


@hookimpl
def hearth_models():
    return ["plugins.posts.models"]


@hookimpl
def hearth_blueprints():
    from plugins.posts.routes import blueprint, user_posts

    return [blueprint, user_posts]


@hookimpl
def hearth_socket_handlers():
    from plugins.posts.sockets import watch

    return {"post:watch": watch}


@hookimpl
async def hearth_startup(app):
    from plugins.posts.runtime import start

    await start(app)


@hookimpl
async def hearth_shutdown(app):
    from plugins.posts.runtime import stop

    await stop(app)


@hookimpl
async def user_profile(viewer, user):
    from plugins.posts.profile import profile_contribution

    return await profile_contribution(viewer, user)


@hookimpl
async def user_followed(follower_id, followed_id):
    """The social plugin's hook, inside the follow transaction: a FOLLOWED notification (none
    from a shadow-banned follower: nobody sees what they do)."""
    from core.context import hearth
    from plugins.posts.models import FOLLOWED
    from plugins.posts.notifications import notify

    if not hearth().standing.shadow_banned(follower_id):
        await notify(FOLLOWED, followed_id, follower_id)


@hookimpl
async def user_deleted(user, delete_content):
    """With ``deleteContent`` the user's posts, likes, votes and reposts go once the deletion has
    committed (upstream purges them later in a job; this hook runs inside the deletion's
    transaction, beside other plugins' hooks)."""
    if delete_content:
        from core.db import after_commit
        from plugins.posts.profile import purge

        await after_commit(lambda: purge(user.id))


# --- the moderation plugin's hooks (rest.md §8.5), called only when it is enabled -------------


@hookimpl
async def moderation_posts(query, after, limit):
    from plugins.posts.moderation import listing

    return await listing(query, after, limit)


@hookimpl
async def moderation_delete_posts(post_ids, moderator_id):
    from plugins.posts.moderation import delete_posts

    return await delete_posts(post_ids)


@hookimpl
async def moderation_post_announcement(post_id, announce):
    from plugins.posts.moderation import set_announcement

    return await set_announcement(post_id, announce)


@hookimpl
async def moderation_delete_recent_posts(user_ids, since):
    from plugins.posts.moderation import delete_recent

    await delete_recent(user_ids, since)


@hookimpl
async def reminder_posts(post_ids, viewer):
    """The reminders plugin's hook: the posts its reminders point at, as ``viewer`` sees them."""
    from plugins.posts.relations import relations
    from plugins.posts.wire import serialize_ids

    return {int(post["id"]): post for post in await serialize_ids(post_ids, await relations(viewer, follows=True))}


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.posts.export import parts

    return parts(user)
