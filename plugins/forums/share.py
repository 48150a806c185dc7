"""Sharing a forum post to the feed (posts plugin, optional): the post's author makes a feed post
behind the gate ``forum:<channelId>`` that links back to it; the posts plugin shows it only to
viewers this plugin lets through (``post_gates_open``): who can view the forum now, asking with
the ``threads`` feature — everyone else, protocol clients included, sees nothing of it."""

from __future__ import annotations

from typing import Any

from core import features
from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from plugins.forums.models import ForumPost
from plugins.forums.posts import EXCERPT
from plugins.messages import service as messages
from plugins.messages.models import Channel, Message
from plugins.threads import live
from plugins.threads.models import Thread
from plugins.threads.service import thread_access

GATE = "forum:"


def gate_of(forum_id: int) -> str:
    return f"{GATE}{forum_id}"


async def gates_open(viewer_id: int | None, gates: list[str]) -> list[str]:
    wanted = {int(g[len(GATE) :]): g for g in gates if g.startswith(GATE) and g[len(GATE) :].isdigit()}
    if viewer_id is None or not wanted or not features.asked_unless_elsewhere(live.FEATURE):
        return []
    viewer = await User.get_or_none(id=viewer_id)
    if viewer is None:
        return []
    return [wanted[c] for c in await messages.viewable_channel_ids(viewer, list(wanted))]


async def share(user: User, post_id: str) -> dict[str, Any]:
    if not hearth().plugins.enabled("posts"):  # the route is only there with posts: belt and braces
        raise ApiError(404, "Not found.")
    from plugins.posts.relations import relations
    from plugins.posts.service import create_gated
    from plugins.posts.wire import serialize_id

    access = await thread_access(user, post_id)
    thread: Thread = access.extra["thread"]
    if not await ForumPost.exists(channel_id=thread.channel_id):
        raise bad_request("This thread is not a forum post.", "postId")
    if thread.created_by_id != user.id:
        raise ApiError(403, "Only the author of a post can share it.")
    forum = await Channel.get(id=thread.parent_id)
    async with transaction():
        post = await ForumPost.filter(channel_id=thread.channel_id).select_for_update().first()
        if post is None:
            raise bad_request("This thread is not a forum post.", "postId")
        if post.shared_post_id is not None:
            raise bad_request("This post is already shared to the feed.")
        first = await Message.get_or_none(id=post.first_message_id) if post.first_message_id else None
        excerpt = (first.content or "")[:EXCERPT] if first else ""
        content = f"{thread.name}\n\n{excerpt}".strip()
        link = {
            "kind": "forumPost",
            "serverId": str(thread.server_id),
            "channelId": str(forum.id),
            "forumName": forum.name,
            "postId": str(thread.channel_id),
            "title": thread.name,
        }
        created = await create_gated(user, content, gate_of(forum.id), link)
        await ForumPost.filter(channel_id=post.channel_id).update(shared_post_id=created.id)
        await live.to_parent_audience(
            forum.id,
            "forum:post_updated",
            {"channelId": str(forum.id), "postId": str(post.channel_id), "updated": {"sharedPostId": str(created.id)}},
        )
    return {
        "postId": str(post.channel_id),
        "sharedPostId": str(created.id),
        "post": await serialize_id(created.id, await relations(user)),
    }
