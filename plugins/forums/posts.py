"""Forum posts: a thread of the forum (threads plugin) with a title, an opening message and tags;
listed newest activity or newest first, filtered by a tag, searched by title."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.ids import parse_id
from plugins.forums.forum import forum_access
from plugins.forums.models import ForumPost, ForumPostTag, ForumTag
from plugins.forums.pagesql import post_page, tag_exists
from plugins.messages import service as messages
from plugins.messages.models import Channel, Message
from plugins.messages.schemas import SendMessageBody
from plugins.servers.permissions import MANAGE_CHANNELS, MemberContext, can_send
from plugins.threads import live
from plugins.threads.models import Thread, ThreadMember
from plugins.threads.paging import before_time, page_limit
from plugins.threads.service import rename, start_thread, thread_access, thread_wire

PAGE_SIZE, MAX_PAGE = 25, 50
EXCERPT = 200
MAX_QUERY = 100


def post_wire(
    thread: Thread,
    channel: Channel,
    post: ForumPost,
    tag_ids: list[int],
    excerpt: str | None,
    following: bool | None = None,
) -> dict[str, Any]:
    return {
        **thread_wire(thread, channel, following),
        "title": thread.name,
        "tagIds": [str(t) for t in tag_ids],
        "excerpt": excerpt,
        "firstMessageId": str(post.first_message_id) if post.first_message_id else None,
        "sharedPostId": str(post.shared_post_id) if post.shared_post_id else None,
    }


def _excerpt(content: str | None) -> str | None:
    return None if content is None else content[:EXCERPT]


async def _allowed_tags(forum_id: int, raw_ids: list[str], moderator: bool, keep: set[int] = frozenset()) -> list[int]:
    """The forum's tags named by ``raw_ids``; moderated ones only for moderators (``keep``: those
    already on the post, which anyone editing it may leave there)."""
    ids = list(dict.fromkeys(parse_id(raw) for raw in raw_ids))
    tags = {t.id: t for t in await ForumTag.filter(forum_id=forum_id, id__in=[i for i in ids if i is not None])}
    if any(i not in tags for i in ids):
        raise bad_request("Tag not found.", "tagIds")
    if not moderator and any(tags[i].moderated and i not in keep for i in ids):
        raise ApiError(403, "Only moderators can use this tag.")
    return [i for i in ids if i is not None]


async def create(user: User, channel_id: str, body: Any) -> dict[str, Any]:
    forum = await forum_access(user, channel_id)
    ctx: MemberContext = forum.extra["ctx"]
    if not can_send(ctx, forum.extra["overrides"]):
        raise ApiError(403, "You are not allowed to post in this forum.")
    if ctx.muted:
        raise ApiError(403, "You are muted in this server.")
    title, content = body.title.strip(), body.content.strip()
    if not title:
        raise bad_request("title length must be between 1 and 100 characters.", "title")
    if not content:
        raise bad_request("content length must be between 1 and 2000 characters.", "content")
    account = await Account.get_or_none(user_id=user.id) if not user.bot else None
    if account is not None and not account.email_confirmed:
        raise bad_request("You must confirm your email to send messages.")
    tag_ids = await _allowed_tags(forum.channel.id, body.tagIds or [], ctx.has(MANAGE_CHANNELS))

    async def record(thread: Thread, channel: Channel) -> None:
        # the thread's own time: pages sort on this column and take the wire's createdAt (the
        # thread's) as their cursor, so an earlier time here returned the same post page after page
        await ForumPost.create(channel_id=channel.id, forum_id=forum.channel.id, created_at=thread.created_at)
        if tag_ids:
            await ForumPostTag.bulk_create([ForumPostTag(post_id=channel.id, tag_id=t) for t in tag_ids])

    thread, channel = await start_thread(user, forum, title, 10080, on_created=record)
    try:
        first = await messages.send(
            await thread_access(user, str(channel.id)), user, account, SendMessageBody(content=content)
        )
    except ApiError:
        await Channel.filter(id=channel.id).delete()  # no post without its opening message
        raise
    post = await ForumPost.get(channel_id=channel.id)
    post.first_message_id = int(first["id"])
    await post.save(update_fields=["first_message_id"])
    channel.last_messaged_at = datetime.fromtimestamp(first["createdAt"] / 1000, UTC)
    wire = post_wire(thread, channel, post, tag_ids, _excerpt(first.get("content")))
    await live.to_parent_audience(
        forum.channel.id, "forum:post_created", {"channelId": str(forum.channel.id), "post": wire}
    )
    return {**wire, "following": True}


async def list_posts(user: User, channel_id: str, args: Any) -> dict[str, Any]:
    forum = await forum_access(user, channel_id)
    sort = args.get("sort") or "activity"
    if sort not in ("activity", "created"):
        raise bad_request("sort must be activity or created.", "sort")
    limit, before = page_limit(args.get("limit"), PAGE_SIZE, MAX_PAGE), before_time(args.get("before"))
    tag_id = None
    if args.get("tag"):
        tag_id = parse_id(args.get("tag"))
        if tag_id is None or not await tag_exists(forum.channel.id, tag_id):
            raise bad_request("Tag not found.", "tag")
    search = (args.get("q") or "").strip()
    if len(search) > MAX_QUERY:
        raise bad_request(f"q must be at most {MAX_QUERY} characters.", "q")
    rows = await post_page(forum.channel.id, user.id, sort, tag_id, search, before, limit + 1)
    page = rows[:limit]
    posts = [
        post_wire(
            row["thread"],
            row["channel"],
            SimpleNamespace(first_message_id=row["first_message_id"], shared_post_id=row["shared_post_id"]),
            row["tag_ids"],
            _excerpt(row["content"]),
            following=row["following"],
        )
        for row in page
    ]
    return {"posts": posts, "hasMore": len(rows) > limit}


async def _post_access(user: User, post_id: str) -> tuple[Any, ForumPost]:
    access = await thread_access(user, post_id)
    post = await ForumPost.get_or_none(channel_id=access.channel.id)
    if post is None:
        raise bad_request("This thread is not a forum post.", "postId")
    return access, post


async def get(user: User, post_id: str) -> dict[str, Any]:
    access, post = await _post_access(user, post_id)
    tag_ids = await ForumPostTag.filter(post_id=post.channel_id).order_by("id").values_list("tag_id", flat=True)
    first = None
    if post.first_message_id:
        first = await Message.filter(id=post.first_message_id).first().values_list("content", flat=True)
    following = await ThreadMember.exists(thread_id=post.channel_id, user_id=user.id, following=True)
    return post_wire(access.extra["thread"], access.channel, post, list(tag_ids), _excerpt(first), following)


async def update(user: User, post_id: str, body: Any) -> dict[str, Any]:
    """The author or a moderator changes a post's title and tags (moderated tags: moderators
    only). The forum's audience hears ``thread:updated {name}`` for a new title (as for any
    thread's rename) and ``forum:post_updated {tagIds}`` for new tags."""
    access, post = await _post_access(user, post_id)
    ctx: MemberContext = access.extra["ctx"]
    thread: Thread = access.extra["thread"]
    moderator = ctx.has(MANAGE_CHANNELS)
    if thread.created_by_id != user.id and not moderator:
        raise ApiError(403, "Only the author or a moderator can change this post.")
    if thread.locked and not moderator:
        raise ApiError(403, "This thread is locked.")
    title = body.title.strip() if body.title is not None else None
    if title == "":
        raise bad_request("title length must be between 1 and 100 characters.", "title")
    async with transaction():
        await hold(Channel, post.channel_id)  # one change of the post's tags at a time
        current = list(
            await ForumPostTag.filter(post_id=post.channel_id).order_by("id").values_list("tag_id", flat=True)
        )
        wanted = current if body.tagIds is None else await _wanted_tags(post.forum_id, body.tagIds, moderator, current)
        if title is not None and title != thread.name:
            await rename(thread, title)
        if wanted != current:
            await ForumPostTag.filter(post_id=post.channel_id).delete()  # kept in the order asked
            if wanted:
                await ForumPostTag.bulk_create([ForumPostTag(post_id=post.channel_id, tag_id=t) for t in wanted])
            await live.to_parent_audience(
                post.forum_id,
                "forum:post_updated",
                {"channelId": str(post.forum_id), "postId": str(post.channel_id), "updated": {"tagIds": _ids(wanted)}},
            )
    return {"postId": str(post.channel_id), "title": thread.name, "tagIds": _ids(wanted)}


def _ids(ids: list[int]) -> list[str]:
    return [str(i) for i in ids]


async def _wanted_tags(forum_id: int, raw_ids: list[str], moderator: bool, current: list[int]) -> list[int]:
    """The tags asked for; only a moderator puts a moderated tag on or takes one off."""
    wanted = await _allowed_tags(forum_id, raw_ids, moderator, keep=set(current))
    removed = set(current) - set(wanted)
    if not moderator and removed and await ForumTag.filter(id__in=list(removed), moderated=True).exists():
        raise ApiError(403, "Only moderators can use this tag.")
    return wanted
