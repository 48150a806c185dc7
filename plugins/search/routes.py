"""``GET /api/search/messages`` (docs/protocol-extensions.md, "search"): only for callers that
name the feature (``X-Hearth-Features: search``); for others the route is not there."""

from __future__ import annotations

from typing import Any, Literal

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring

from core import features
from core.auth import current_user, require_user
from core.errors import ApiError
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.search.service import search

FEATURE = "search"
blueprint = Blueprint("search", __name__, url_prefix="/api/search")


@blueprint.before_request
async def opted_in() -> None:
    if FEATURE not in features.of_request():
        raise ApiError(404, "Not found.")


@blueprint.get("/messages")
@require_user
@rate_limit("hearth_search", 20, 30)
@document_querystring(
    documented_query(
        "HearthSearchQuery",
        q=str,
        scope=Literal["all", "server", "channel", "dms"],
        serverId=str,
        channelId=str,
        sort=Literal["relevance", "newest"],
        limit=int,
        cursor=str,
    )
)
async def search_messages() -> Any:
    return jsonify(await search(current_user(), request.args))
