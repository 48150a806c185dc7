"""The rules of rest.md §7 that change posts: create, reply, edit, delete, like, unlike, repost,
vote and pin. Counters change in the same transaction as the rows they count; socket events
leave after the commit."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F

from core.auth import refuse_shadow_banned
from core.cdn import service as cdn
from core.cdn.models import CdnFile
from core.context import hearth
from core.db import after_commit, hold, transaction
from core.errors import bad_request, forbidden
from core.identity.models import Account, User
from core.ids import parse_id
from core.wire import full_user, ms
from plugins.posts import content as text
from plugins.posts.models import (
    LIKED,
    MENTIONED,
    REPLIED,
    REPOSTED,
    Post,
    PostAnnouncement,
    PostLike,
    PostPin,
    PostPoll,
    PostPollChoice,
    PostPollVote,
)
from plugins.posts.notifications import notify, notify_many
from plugins.posts.relations import block_sets, blocked_by, relations
from plugins.posts.runtime import runtime
from plugins.posts.schemas import CreatePostBody
from plugins.posts.shadow import fake_post
from plugins.posts.wire import serialize_id

log = logging.getLogger("hearth.posts")
MAX_PINS = 4
BLOCKED = "You have been blocked by this user!"


async def _post(post_id: str, **conditions: Any) -> Post | None:
    parsed = parse_id(post_id)
    return None if parsed is None else await Post.get_or_none(id=parsed, **conditions)


async def _shut(post: Post, viewer_id: int | None) -> bool:
    """A gated post the viewer may not see (``post_gates_open``): acted on as if it did not exist."""
    if post.gate is None:
        return False
    from plugins.posts.wire import gates_open

    return post.gate not in await gates_open(viewer_id, {post.gate})


async def create_gated(user: User, content: str, gate: str, share: dict[str, Any]) -> Post:
    """A top-level post another plugin makes for ``user`` behind ``gate`` (see the
    ``post_gates_open`` hook), linking to ``share``: no mentions, no preview, no notification."""
    async with transaction():
        return await Post.create(created_by_id=user.id, content=content, gate=gate, share=share)


async def _require_confirmed_email(user: User) -> None:
    if user.bot:
        return
    account = await Account.get_or_none(user_id=user.id)
    if account is None or not account.email_confirmed:
        raise bad_request("You must confirm your email to create posts.")


async def _embed(content: str | None, user_id: int) -> dict[str, Any] | None:
    if not content:
        return None
    for answer in await hearth().plugins.gather("link_preview", content=content, user_id=user_id):
        if answer:
            return answer
    return None


async def _fresh(post_id: int, user: User) -> dict[str, Any] | None:
    return await serialize_id(post_id, await relations(user, follows=True))


async def _mentionable(author_id: int, ids: list[int]) -> list[int]:
    """Mentioned users who exist, minus blocks either way."""
    if not ids:
        return []
    blocked, blockers = await block_sets(author_id)
    existing = await User.filter(id__in=ids, deleted=False).values_list("id", flat=True)
    return [i for i in ids if i in set(existing) and i not in blocked and i not in blockers]


# --- create, edit, delete ----------------------------------------------------------------


async def create_post(user: User, body: CreatePostBody, choices: list[str]) -> dict[str, Any]:
    if body.content is not None and len(body.content) > text.content_limit(user):
        raise bad_request(text.length_message(user))
    await _require_confirmed_email(user)
    if not (body.content or "").strip() and not body.nerimityCdnFileId:
        raise bad_request("content or attachment is required.")
    attachment = None
    if body.nerimityCdnFileId:
        file = await cdn.verify_file(
            user.id, body.nerimityCdnFileId, "attachments", group_id=str(user.id), image_only=True
        )
        attachment = {"id": str(file.id), "path": file.path, "width": file.width, "height": file.height}
    parent = None
    if body.postId is not None:
        parent = await _post(body.postId)
        # a deleted post takes no new replies (README "Rules as built": Delete)
        if parent is None or parent.repost_id is not None or parent.deleted or await _shut(parent, user.id):
            raise bad_request("Comment not found")
        if await blocked_by(parent.created_by_id, user.id):
            raise bad_request(BLOCKED)
    stored = await text.prepare(body.content) if body.content else None
    if hearth().standing.shadow_banned(user.id):
        return await fake_post(user, stored or None, parent, attachment, choices)
    mentioned = await _mentionable(user.id, text.mentioned_ids(stored))
    embed = await _embed(stored, user.id)
    async with transaction():
        post = await Post.create(
            created_by_id=user.id,
            content=stored or None,
            comment_to_id=parent and parent.id,
            attachment=attachment,
            embed=embed,
            mention_user_ids=text.mentioned_ids(stored),
            has_poll=bool(choices),
        )
        if choices:
            poll = await PostPoll.create(post_id=post.id)
            await PostPollChoice.bulk_create([PostPollChoice(poll_id=poll.id, content=c) for c in choices])
        if parent is not None:
            await notify(REPLIED, parent.created_by_id, user.id, post.id)
            await runtime().live.post_counts_changed(parent.id)
        await notify_many(MENTIONED, mentioned, user.id, post.id)
    wire = await _fresh(post.id, user)
    if mentioned:
        await hearth().gateway.emit("post:mention", {"post": wire}, to=[str(i) for i in mentioned if i != user.id])
    return wire


async def edit_post(user: User, post_id: str, new_content: str) -> dict[str, Any]:
    if len(new_content) > text.content_limit(user) or not new_content.strip():
        raise bad_request(text.length_message(user))
    post = await _post(post_id, created_by_id=user.id, deleted=False, repost_id=None)
    if post is None:
        raise forbidden("Post not found")
    if post.gate is not None:  # its text is what it links to; a mention would reach outside its audience
        raise bad_request("A shared post cannot be edited.")
    stored = await text.prepare(new_content)
    before = set(post.mention_user_ids or [])
    added = await _mentionable(user.id, [i for i in text.mentioned_ids(stored) if i not in before])
    embed = await _embed(stored, user.id)
    try:
        async with transaction():
            await Post.filter(id=post.id).update(
                content=stored, edited_at=datetime.now(UTC), embed=embed, mention_user_ids=text.mentioned_ids(stored)
            )
            for mentioned_id in added:
                await notify(MENTIONED, mentioned_id, user.id, post.id)
            await runtime().live.post_content_changed(post.id)
    except IntegrityError:
        raise forbidden("Something went wrong. Try again later.") from None
    return await _fresh(post.id, user)


async def erase(post: Post) -> None:
    """Delete ``post`` whoever asks (its author, a moderator, an account purge): a repost is
    removed; a post is emptied — content, likes, poll, image, announcement, pin and reposts go
    (rest.md §7.13) — and stays as ``deleted`` so its thread holds together."""
    async with transaction():
        if post.repost_id is not None:
            if await Post.filter(id=post.id).delete():
                await Post.filter(id=post.repost_id).update(estimate_reposts=F("estimate_reposts") - 1)
                await runtime().live.post_counts_changed(post.repost_id)
            return
        await Post.filter(id=post.id).update(
            content=None,
            deleted=True,
            embed=None,
            attachment=None,
            has_poll=False,
            mention_user_ids=[],
            estimate_likes=0,
            estimate_reposts=0,
        )
        await PostLike.filter(post_id=post.id).delete()
        await PostPoll.filter(post_id=post.id).delete()
        await PostAnnouncement.filter(post_id=post.id).delete()
        await PostPin.filter(post_id=post.id).delete()
        await Post.filter(repost_id=post.id).delete()
        await runtime().live.post_content_changed(post.id)
        if post.comment_to_id is not None:
            await runtime().live.post_counts_changed(post.comment_to_id)
        if post.attachment:
            await after_commit(lambda: _delete_file(post.attachment))


async def _delete_file(attachment: dict[str, Any]) -> None:
    try:
        await hearth().storage.delete(attachment["path"])
        file_id = parse_id(attachment.get("id"))
        if file_id is not None:
            await CdnFile.filter(id=file_id).delete()
    except Exception:
        log.exception("could not delete the image of a deleted post")


async def delete_post(user: User, post_id: str) -> None:
    post = await _post(post_id, created_by_id=user.id)
    if post is None:
        raise bad_request("Post does not exist!")
    await erase(post)


# --- likes, reposts, votes, pins -----------------------------------------------------------


async def like(user: User, post_id: str) -> dict[str, Any]:
    refuse_shadow_banned(user)  # as a message reaction (rest.md §0.8): nobody sees their likes
    post = await _post(post_id, deleted=False)
    if post is None or await _shut(post, user.id):
        raise bad_request("Post not found")
    if await PostLike.exists(post_id=post.id, liked_by_id=user.id):
        raise bad_request("You have already liked this post!")
    if await blocked_by(post.created_by_id, user.id):
        raise bad_request(BLOCKED)
    try:
        async with transaction():
            await PostLike.create(post_id=post.id, liked_by_id=user.id)
            await notify(LIKED, post.created_by_id, user.id, post.id)
            # last, so the post's row is locked for as short a time as possible
            if not await Post.filter(id=post.id, deleted=False).update(estimate_likes=F("estimate_likes") + 1):
                raise bad_request("Post not found")
            await runtime().live.post_counts_changed(post.id)
    except IntegrityError:
        raise bad_request("You have already liked this post!") from None
    return await _fresh(post.id, user)


async def unlike(user: User, post_id: str) -> dict[str, Any]:
    parsed = parse_id(post_id)
    async with transaction():
        removed = 0 if parsed is None else await PostLike.filter(post_id=parsed, liked_by_id=user.id).delete()
        if not removed:
            raise bad_request("You have not liked this post!")
        await Post.filter(id=parsed).update(estimate_likes=F("estimate_likes") - 1)
        await runtime().live.post_counts_changed(parsed)
    return await _fresh(parsed, user)


async def repost(user: User, post_id: str) -> dict[str, Any]:
    refuse_shadow_banned(user)
    await _require_confirmed_email(user)
    target = await _post(post_id, deleted=False)
    if target is None or target.repost_id is not None or target.gate is not None:
        raise bad_request("Comment not found")  # a gated post stays with its audience: no repost
    if await blocked_by(target.created_by_id, user.id):
        raise bad_request(BLOCKED)
    async with transaction():
        # The counter update locks the reposted row first: a second repost by the same user
        # waits here, then sees the first.
        if not await Post.filter(id=target.id, deleted=False).update(estimate_reposts=F("estimate_reposts") + 1):
            raise bad_request("Comment not found")
        if await Post.exists(repost_id=target.id, created_by_id=user.id):
            raise bad_request("You have already reposted this post.")
        created = await Post.create(created_by_id=user.id, repost_id=target.id)
        # What upstream means to send (it addresses it to the reposter): the author hears of it.
        await notify(REPOSTED, target.created_by_id, user.id, target.id)
        await runtime().live.post_counts_changed(target.id)
    return await _fresh(created.id, user)


async def vote(user: User, post_id: str, poll_id: str, choice_id: str) -> None:
    refuse_shadow_banned(user)
    post, poll, choice = parse_id(post_id), parse_id(poll_id), parse_id(choice_id)
    found = None if None in (post, poll) else await PostPoll.get_or_none(id=poll, post_id=post).select_related("post")
    if found is None:
        raise forbidden("Poll not found.")
    if await blocked_by(found.post.created_by_id, user.id):
        raise forbidden(BLOCKED)
    if choice is None or not await PostPollChoice.exists(id=choice, poll_id=found.id):
        raise forbidden("Poll not found.")
    if await PostPollVote.exists(poll_id=found.id, user_id=user.id):
        raise forbidden("Already voted.")
    try:
        async with transaction():
            await PostPollVote.create(poll_id=found.id, choice_id=choice, user_id=user.id)
            await PostPollChoice.filter(id=choice).update(votes=F("votes") + 1)
            await runtime().live.post_counts_changed(found.post_id)
    except IntegrityError:
        raise forbidden("Already voted.") from None


async def pin(user: User, post_id: str) -> None:
    post = await _post(post_id, created_by_id=user.id, deleted=False)
    if post is None:
        raise bad_request("Post not found.")
    if await PostPin.exists(post_id=post.id):
        raise bad_request("Post is already pinned.")
    try:
        async with transaction():
            await hold(User, user.id)
            if await PostPin.filter(user_id=user.id).count() >= MAX_PINS:
                raise bad_request(f"You can only pin up to {MAX_PINS} posts.")
            await PostPin.create(user_id=user.id, post_id=post.id)
    except IntegrityError:
        raise bad_request("Post is already pinned.") from None


async def unpin(user: User, post_id: str) -> None:
    parsed = parse_id(post_id)
    if parsed is None or not await PostPin.filter(user_id=user.id, post_id=parsed).delete():
        raise bad_request("Post is not pinned.")


async def likes(post_id: str, limit: int, viewer_id: int | None = None) -> list[dict[str, Any]]:
    """Who liked a post, newest first (rest.md §7.18)."""
    post = await _listable(post_id, viewer_id)
    rows = await PostLike.filter(post_id=post.id).order_by("-id").limit(limit).select_related("liked_by")
    return [{"likedBy": full_user(r.liked_by), "createdAt": ms(r.created_at)} for r in rows]


async def reposts(post_id: str, limit: int, viewer_id: int | None = None) -> list[dict[str, Any]]:
    """Who reposted a post, newest first (rest.md §7.19)."""
    post = await _listable(post_id, viewer_id)
    rows = await Post.filter(repost_id=post.id).order_by("-id").limit(limit).select_related("created_by")
    return [{"createdBy": full_user(r.created_by), "createdAt": ms(r.created_at)} for r in rows]


async def _listable(post_id: str, viewer_id: int | None = None) -> Post:
    post = await _post(post_id, deleted=False)
    if post is None or await _shut(post, viewer_id):
        raise forbidden("Post not found")
    return post
