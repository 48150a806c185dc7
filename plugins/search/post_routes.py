"""``GET /api/search/posts`` (docs/protocol-extensions.md, "Search"): served while the posts
plugin runs, and, like the message search, only for callers that name the feature."""

from __future__ import annotations

from typing import Any, Literal

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.search.posts import search_posts
from plugins.search.routes import opted_in

posts_blueprint = Blueprint("search_posts", __name__, url_prefix="/api/search")
posts_blueprint.before_request(opted_in)


@posts_blueprint.get("/posts")
@require_user
@rate_limit("hearth_search_posts", 20, 30)
@document_querystring(
    documented_query("HearthPostSearchQuery", q=str, sort=Literal["relevance", "newest"], limit=int, cursor=str)
)
async def search_posts_route() -> Any:
    return jsonify(await search_posts(current_user(), request.args))
