"""Follow, followers/following and search routes (rest.md §1.26, §1.30–1.33)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.social import service

# Static segments (/search, /followers, /following) win over accounts' /users/<user_id> in
# Werkzeug whatever the registration order, as rest.md §0.1 asks.
blueprint = Blueprint("social", __name__, url_prefix="/api/users")


@blueprint.get("/search")
@require_user
@rate_limit("user_search", 15, 60)
@document_querystring(documented_query("UserSearchQuery", q=str))
async def search() -> Any:
    return jsonify(await service.search(current_user(), request.args.get("q", "")))


@blueprint.post("/<user_id>/follow")
@require_user
@rate_limit("user_follow", 20, 60)
async def follow(user_id: str) -> Any:
    await service.follow(current_user(), user_id)
    return {"status": True}


@blueprint.delete("/<user_id>/follow")
@require_user
@rate_limit("user_unfollow", 20, 60)
async def unfollow(user_id: str) -> Any:
    await service.unfollow(current_user(), user_id)
    return {"status": True}


@blueprint.get("/followers")
@blueprint.get("/<user_id>/followers")
@require_user
@rate_limit("user_followers", 20, 60)
async def followers(user_id: str | None = None) -> Any:
    return jsonify(await service.followers(current_user(), user_id))


@blueprint.get("/following")
@blueprint.get("/<user_id>/following")
@require_user
@rate_limit("user_following", 20, 60)
async def following(user_id: str | None = None) -> Any:
    return jsonify(await service.following(current_user(), user_id))
