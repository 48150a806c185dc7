"""``/api/explore/...`` (rest.md §6.1–6.6) and ``/api/emojis/:id/server`` (§5)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictStr
from quart import Blueprint, jsonify, request
from quart_schema import document_querystring, document_request

from core.auth import current_user, refuse_shadow_banned, require_user
from core.errors import ApiError
from core.ratelimit import rate_limit
from core.validation import Body, Rules, documented_query, validate_body
from plugins.accounts.service import verify_captcha
from plugins.explore import service
from plugins.servers.permissions import member_context

blueprint = Blueprint("explore", __name__, url_prefix="/api")


class ExploreDescriptionBody(Body):
    description: Annotated[
        StrictStr,
        Rules(
            required="Description must be a string!",
            type="Description must be a string!",
            length="Description length must be between 1 and 150 characters.",
        ),
        Field(min_length=1, max_length=150),
    ]


class ExploreBumpBody(Body):
    # The Turnstile token; only checked when the instance has a captcha secret (as register).
    token: Annotated[
        StrictStr | None, Rules(type="Invalid captcha! Please try again."), Field(min_length=1, max_length=5000)
    ] = None


@blueprint.get("/explore")
@require_user
@document_querystring(
    documented_query(
        "ExploreQuery",
        type=Literal["server", "bot"],
        sort=Literal[service.SORTS],
        filter=Literal["all", "pinned", "verified", "clans"],
        limit=int,
        afterId=str,
        search=str,
    )
)
async def list_items() -> Any:
    return jsonify(await service.listing(service.ListQuery(request.args)))


@blueprint.get("/explore/servers/<server_id>")
@require_user
async def get_server_item(server_id: str) -> Any:
    return await service.get_for_server(server_id)


@blueprint.post("/explore/servers/<server_id>")
@require_user
@rate_limit("explore_update_server", 15, 10)
@document_request(ExploreDescriptionBody)
async def publish_server(server_id: str) -> Any:
    ctx = await member_context(current_user(), server_id)
    refuse_shadow_banned()
    body = validate_body(ExploreDescriptionBody, await request.get_json(silent=True))
    return await service.publish(ctx, body.description)


@blueprint.post("/explore/servers/<server_id>/join")
@require_user
@rate_limit("server_join", 3, 60)
async def join_server(server_id: str) -> Any:
    return await service.join(current_user(), server_id)


@blueprint.delete("/explore/<item_id>")
@require_user
@rate_limit("explore_delete_server", 15, 10)
async def delete_item(item_id: str) -> Any:
    await service.unpublish(current_user(), item_id)
    return {"result": True}


@blueprint.post("/explore/<item_id>/bump")
@require_user
@document_request(ExploreBumpBody)
async def bump_item(item_id: str) -> Any:
    body = validate_body(ExploreBumpBody, await request.get_json(silent=True))
    try:
        await verify_captcha(body.token)
    except ApiError as error:
        raise ApiError(403, error.message, error.path) from None
    return await service.bump(current_user(), item_id)


@blueprint.get("/emojis/<emoji_id>/server")
@require_user
@rate_limit("get-emoji", 20, 60)
async def emoji_server(emoji_id: str) -> Any:
    return await service.get_for_emoji(emoji_id)
