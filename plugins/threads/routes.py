"""``/api/threads`` (docs/protocol-extensions.md): Hearth's own routes, answered only to callers
that send ``X-Hearth-Features: threads``. A thread's messages use the usual
``/api/channels/{threadId}/messages`` routes (the thread is a channel)."""

from __future__ import annotations

from functools import wraps
from typing import Any

from quart import Blueprint, Response, request
from quart_schema import document_querystring, validate_request

from core import features
from core.auth import current_user, require_user_or_bot
from core.errors import ApiError
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.threads import live, service
from plugins.threads.schemas import CreateThreadBody, UpdateThreadBody

blueprint = Blueprint("threads", __name__, url_prefix="/api/threads")


def opted_in(route: Any) -> Any:
    """A caller that did not name the feature meets no thread: the route is not there for it."""

    @wraps(route)
    async def checked(*args: Any, **kwargs: Any) -> Any:
        if live.FEATURE not in features.of_request():
            raise ApiError(404, "Not found.")
        return await route(*args, **kwargs)

    return checked


@blueprint.post("")
@opted_in
@require_user_or_bot
@rate_limit("thread_create", 10, 60)
@validate_request(CreateThreadBody)
async def create_thread(data: CreateThreadBody) -> Any:
    return await service.create(current_user(), data)


@blueprint.get("")
@opted_in
@require_user_or_bot
@rate_limit("threads_list", 30, 20)
@document_querystring(documented_query("ThreadListQuery", channelId=str, archived=bool, before=int, limit=int))
async def list_threads() -> Any:
    return await service.list_threads(current_user(), request.args.get("channelId"), request.args)


@blueprint.get("/followed")
@opted_in
@require_user_or_bot
@rate_limit("threads_followed", 20, 20)
async def followed_threads() -> Any:
    return {"threads": await service.followed(current_user())}


@blueprint.get("/<thread_id>")
@opted_in
@require_user_or_bot
@rate_limit("thread_get", 40, 20)
async def get_thread(thread_id: str) -> Any:
    return await service.get(current_user(), thread_id)


@blueprint.patch("/<thread_id>")
@opted_in
@require_user_or_bot
@rate_limit("thread_update", 20, 20)
@validate_request(UpdateThreadBody)
async def update_thread(thread_id: str, data: UpdateThreadBody) -> Any:
    return await service.update(current_user(), thread_id, data)


@blueprint.delete("/<thread_id>")
@opted_in
@require_user_or_bot
@rate_limit("thread_delete", 10, 20)
async def delete_thread(thread_id: str) -> Any:
    await service.delete(current_user(), thread_id)
    return Response("", status=204)


@blueprint.post("/<thread_id>/follow")
@opted_in
@require_user_or_bot
@rate_limit("thread_follow", 20, 20)
async def follow_thread(thread_id: str) -> Any:
    return await service.set_following(current_user(), thread_id, True)


@blueprint.delete("/<thread_id>/follow")
@opted_in
@require_user_or_bot
@rate_limit("thread_follow", 20, 20)
async def unfollow_thread(thread_id: str) -> Any:
    return await service.set_following(current_user(), thread_id, False)
