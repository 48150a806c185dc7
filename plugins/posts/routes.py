"""The 22 routes of rest.md §7: ``/api/posts/...`` and ``/api/users/:userId/posts[/liked]``.

Static segments (``/posts/feed``, ``/discover``, ``/announcement``, ``/notifications``) win over
``/posts/<post_id>`` in Werkzeug whatever the order, as rest.md §0.1 asks.
"""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request

from core.auth import client_ip, current_user, maybe_user, optional_user, require_user, require_user_or_bot
from core.context import hearth
from core.errors import ApiError
from core.ids import parse_id
from core.ratelimit import rate_limit
from core.validation import validate_body
from plugins.posts import notifications, queries, service
from plugins.posts.live import unread_count
from plugins.posts.pagesql import Selection
from plugins.posts.relations import Relations, relations
from plugins.posts.runtime import runtime
from plugins.posts.schemas import CreatePostBody, EditPostBody, poll_choices
from plugins.posts.wire import load, serialize_id

blueprint = Blueprint("posts", __name__, url_prefix="/api/posts")
user_posts = Blueprint("user_posts", __name__, url_prefix="/api/users/<user_id>/posts")

WITH_REPLIES = {"true", "false", "1", "0"}
LIST_LIMIT = 500  # likes and reposts lists (upstream sends them all)


def _page_args() -> tuple[int, int | None, int | None]:
    args = request.args
    return (
        queries.page_size(args.get("limit")),
        queries.cursor(args.get("afterId"), "afterId"),
        queries.cursor(args.get("beforeId"), "beforeId"),
    )


def _count_views(post_ids: list[int]) -> None:
    """One view per IP per post (noted here, counted in batches)."""
    runtime().views.viewed(client_ip(), post_ids)


async def _answer(selection: Selection | None, rel: Relations, count_views: bool = True) -> Any:
    posts = await load(selection, rel)
    if count_views:
        _count_views([int(p["id"]) for p in posts])
    return jsonify(posts)


async def _viewer_relations() -> Relations:
    return await relations(maybe_user(), follows=True)


# --- lists ---------------------------------------------------------------------------------


@blueprint.get("/announcement")
@require_user
@rate_limit("post_announcement", 20, 20)
async def announcement() -> Any:
    rel = await _viewer_relations()
    return await _answer(queries.announcements(rel), rel)


@blueprint.get("/feed")
@require_user
@rate_limit("post_feed", 20, 20)
async def feed() -> Any:
    limit, after, before = _page_args()
    rel = await _viewer_relations()
    return await _answer(queries.feed(rel, limit, after, before), rel)


@blueprint.get("/discover")
@require_user
@rate_limit("posts_discover", 20, 20)
async def discover() -> Any:
    limit, after, before = _page_args()
    rel = await _viewer_relations()
    unlisted = hearth().standing.unlisted_authors()
    return await _answer(queries.discover(rel, request.args.get("sort"), limit, after, before, unlisted), rel)


async def _user_posts(user_id: str | None) -> Any:
    raw = request.args.get("withReplies")
    viewer = maybe_user()
    owner = parse_id(user_id) if user_id is not None else viewer.id
    if owner is None:
        return jsonify([])
    limit, after, before = _page_args()
    rel = await _viewer_relations()
    # upstream includes replies whenever the parameter is present, even "false"
    return await _answer(queries.user_posts(rel, owner, raw is not None, limit, after, before), rel)


@blueprint.get("")
@require_user_or_bot
async def own_posts() -> Any:
    return await _user_posts(None)


@user_posts.get("")
@optional_user
@rate_limit("post_get", 100, 20)
async def posts_of_user(user_id: str) -> Any:
    if len(user_id) > 100:
        raise ApiError(400, "userId length must be between 1 and 100 characters.", "userId")
    raw = request.args.get("withReplies")
    if raw is not None and raw not in WITH_REPLIES:
        raise ApiError(400, "withReplies must be a boolean!", "withReplies")
    return await _user_posts(user_id)


@user_posts.get("/liked")
@require_user
@rate_limit("post_get_liked", 100, 20)
async def liked_posts(user_id: str) -> Any:
    owner = parse_id(user_id)
    rel = await _viewer_relations()
    return await _answer(None if owner is None else queries.liked(rel, owner), rel, count_views=False)


# --- notifications -------------------------------------------------------------------------


@blueprint.get("/notifications")
@require_user
@rate_limit("post_notifications", 50, 20)
async def list_notifications() -> Any:
    user = current_user()
    return jsonify(await notifications.latest(user, await _viewer_relations()))


@blueprint.get("/notifications/count")
@require_user
@rate_limit("post_notification_count", 50, 20)
async def notification_count() -> Any:
    return jsonify(await unread_count(current_user().id))


@blueprint.post("/notifications/dismiss")
@require_user
@rate_limit("post_notification_dismiss", 50, 20)
async def dismiss_notifications() -> Any:
    await notifications.dismiss(current_user())
    return "", 200


# --- one post ------------------------------------------------------------------------------


@blueprint.post("")
@require_user_or_bot
@rate_limit("create_post", 3, 180)
async def create() -> Any:
    data = await request.get_json(silent=True)
    body = validate_body(CreatePostBody, data)
    choices = poll_choices(data.get("poll") if isinstance(data, dict) else None)
    return await service.create_post(current_user(), body, choices)


@blueprint.get("/<post_id>")
@optional_user
@rate_limit("post_get_signle", 100, 20)
async def get_post(post_id: str) -> Any:
    parsed = parse_id(post_id)
    rel = await _viewer_relations()
    post = None if parsed is None else await serialize_id(parsed, rel)
    if post is not None and not post.get("block"):
        _count_views([parsed])
    return jsonify(post)


@blueprint.patch("/<post_id>")
@require_user_or_bot
@rate_limit("edit_post", 5, 20)
async def edit(post_id: str) -> Any:
    body = validate_body(EditPostBody, await request.get_json(silent=True))
    return await service.edit_post(current_user(), post_id, body.content)


@blueprint.delete("/<post_id>")
@require_user_or_bot
async def delete(post_id: str) -> Any:
    await service.delete_post(current_user(), post_id)
    return {"success": True}


@blueprint.post("/<post_id>/like")
@require_user
@rate_limit("post_like", 30, 20)
async def like(post_id: str) -> Any:
    return await service.like(current_user(), post_id)


@blueprint.post("/<post_id>/unlike")
@require_user
@rate_limit("post_unlike", 30, 20)
async def unlike(post_id: str) -> Any:
    return await service.unlike(current_user(), post_id)


@blueprint.post("/<post_id>/repost")
@require_user
@rate_limit("repost_post", 5, 20)
async def repost(post_id: str) -> Any:
    return await service.repost(current_user(), post_id)


@blueprint.get("/<post_id>/comments")
@optional_user
@rate_limit("post_get_comments", 100, 20)
async def comments(post_id: str) -> Any:
    parsed = parse_id(post_id)
    limit, after, before = _page_args()
    rel = await _viewer_relations()
    return await _answer(None if parsed is None else queries.comments(rel, parsed, limit, after, before), rel)


@blueprint.get("/<post_id>/likes")
@require_user
@rate_limit("post_get_likes", 100, 20)
async def likes(post_id: str) -> Any:
    return jsonify(await service.likes(post_id, LIST_LIMIT, current_user().id))


@blueprint.get("/<post_id>/reposts")
@require_user
@rate_limit("post_get_reposts", 100, 20)
async def reposts(post_id: str) -> Any:
    return jsonify(await service.reposts(post_id, LIST_LIMIT, current_user().id))


@blueprint.post("/<post_id>/polls/<poll_id>/choices/<choice_id>")
@require_user
@rate_limit("post_poll_vote", 5, 20)
async def vote(post_id: str, poll_id: str, choice_id: str) -> Any:
    await service.vote(current_user(), post_id, poll_id, choice_id)
    return {"success": True}


@blueprint.post("/<post_id>/pin")
@require_user
async def pin(post_id: str) -> Any:
    await service.pin(current_user(), post_id)
    return {"success": True}


@blueprint.delete("/<post_id>/pin")
@require_user
async def unpin(post_id: str) -> Any:
    await service.unpin(current_user(), post_id)
    return {"success": True}
