"""``GET /api/tenor/categories``, ``GET /api/tenor/search`` and ``GET /api/v2/tenor/search``
(rest.md §16). A provider that is not configured, down, slow or answering nonsense gives the
reference's 403 with an empty body."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, request
from quart_schema import document_querystring

from core.auth import require_user
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.gifs.provider import ProviderFailed
from plugins.gifs.service import gif_search, search_params

blueprint = Blueprint("gifs", __name__, url_prefix="/api")
SearchQuery = documented_query("TenorSearchQuery", query=str, pos=str)


@blueprint.errorhandler(ProviderFailed)
async def provider_failed(error: ProviderFailed) -> Any:
    return Response("", status=403)


@blueprint.get("/tenor/categories")
@require_user
@rate_limit("tenor-categories", 20, 60)
async def categories() -> Any:
    return await gif_search().categories()


@blueprint.get("/tenor/search")
@require_user
@rate_limit("tenor-search", 20, 60)
@document_querystring(SearchQuery)
async def search_v1() -> Any:
    query, pos = search_params(request.args)
    page = await gif_search().search(query, pos)
    return page["results"]


@blueprint.get("/v2/tenor/search")
@require_user
@rate_limit("tenor-search", 20, 60)
@document_querystring(SearchQuery)
async def search_v2() -> Any:
    query, pos = search_params(request.args)
    return await gif_search().search(query, pos)
