"""``/api/forums`` (docs/protocol-extensions.md, "Forum channels"): Hearth's own routes, answered
only to callers that send ``X-Hearth-Features: threads``. A post's messages use the usual
``/api/channels/{postId}/messages`` routes and its title, archive and lock ``/api/threads/{postId}``
(a post is a thread)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, request
from quart_schema import document_querystring, validate_request

from core.auth import current_user, require_user_or_bot
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.forums import forum, posts, share
from plugins.forums.schemas import (
    CreateForumBody,
    CreateForumPostBody,
    CreateForumTagBody,
    UpdateForumBody,
    UpdateForumPostBody,
    UpdateForumTagBody,
)
from plugins.threads.routes import opted_in

blueprint = Blueprint("forums", __name__, url_prefix="/api/forums")
sharing = Blueprint("forums_sharing", __name__, url_prefix="/api/forums")


@blueprint.post("")
@opted_in
@require_user_or_bot
@rate_limit("forum_create", 10, 60)
@validate_request(CreateForumBody)
async def create_forum(data: CreateForumBody) -> Any:
    return await forum.create(current_user(), data.serverId, data.name)


@blueprint.get("/posts/<post_id>")
@opted_in
@require_user_or_bot
@rate_limit("forum_post_get", 40, 20)
async def get_post(post_id: str) -> Any:
    return await posts.get(current_user(), post_id)


@blueprint.patch("/posts/<post_id>")
@opted_in
@require_user_or_bot
@rate_limit("forum_post_update", 20, 20)
@validate_request(UpdateForumPostBody)
async def update_post(post_id: str, data: UpdateForumPostBody) -> Any:
    return await posts.update(current_user(), post_id, data)


@sharing.post("/posts/<post_id>/share")
@opted_in
@require_user_or_bot
@rate_limit("forum_post_share", 5, 60)
async def share_post(post_id: str) -> Any:
    return await share.share(current_user(), post_id)


@blueprint.get("/<channel_id>")
@opted_in
@require_user_or_bot
@rate_limit("forum_get", 40, 20)
async def get_forum(channel_id: str) -> Any:
    return await forum.get(current_user(), channel_id)


@blueprint.patch("/<channel_id>")
@opted_in
@require_user_or_bot
@rate_limit("forum_update", 20, 20)
@validate_request(UpdateForumBody)
async def update_forum(channel_id: str, data: UpdateForumBody) -> Any:
    return await forum.update(current_user(), channel_id, data)


@blueprint.post("/<channel_id>/tags")
@opted_in
@require_user_or_bot
@rate_limit("forum_tag", 20, 20)
@validate_request(CreateForumTagBody)
async def add_tag(channel_id: str, data: CreateForumTagBody) -> Any:
    return await forum.add_tag(current_user(), channel_id, data)


@blueprint.patch("/<channel_id>/tags/<tag_id>")
@opted_in
@require_user_or_bot
@rate_limit("forum_tag", 20, 20)
@validate_request(UpdateForumTagBody)
async def update_tag(channel_id: str, tag_id: str, data: UpdateForumTagBody) -> Any:
    return await forum.update_tag(current_user(), channel_id, tag_id, data)


@blueprint.delete("/<channel_id>/tags/<tag_id>")
@opted_in
@require_user_or_bot
@rate_limit("forum_tag", 20, 20)
async def delete_tag(channel_id: str, tag_id: str) -> Any:
    await forum.delete_tag(current_user(), channel_id, tag_id)
    return Response("", status=204)


@blueprint.get("/<channel_id>/posts")
@opted_in
@require_user_or_bot
@rate_limit("forum_posts_list", 30, 20)
@document_querystring(documented_query("ForumPostListQuery", sort=str, tag=str, q=str, before=int, limit=int))
async def list_posts(channel_id: str) -> Any:
    return await posts.list_posts(current_user(), channel_id, request.args)


@blueprint.post("/<channel_id>/posts")
@opted_in
@require_user_or_bot
@rate_limit("forum_post_create", 5, 60)
@validate_request(CreateForumPostBody)
async def create_post(channel_id: str, data: CreateForumPostBody) -> Any:
    return await posts.create(current_user(), channel_id, data)
