"""``/api/servers/:serverId/external-embed[.json]`` (rest.md §4.11)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.external_embed import service
from plugins.servers.permissions import ADMIN, member_context, require_permission

blueprint = Blueprint("external_embed", __name__, url_prefix="/api/servers")


async def _admin(server_id: str) -> Any:
    ctx = await member_context(current_user(), server_id)
    await require_permission(ctx, ADMIN)
    return ctx


@blueprint.post("/<server_id>/external-embed")
@require_user
@rate_limit("external_embed", 4, 60)
@document_querystring(documented_query("ExternalEmbedQuery", inviteId=str))
async def create_embed(server_id: str) -> Any:
    return await service.create(await _admin(server_id), request.args.get("inviteId"))


@blueprint.delete("/<server_id>/external-embed")
@require_user
@rate_limit("external_embed_delete", 20, 60)
async def delete_embed(server_id: str) -> Any:
    await service.delete(await _admin(server_id))
    return {"status": True}


@blueprint.get("/<server_id>/external-embed")
@rate_limit("external_embed_get", 20, 60, by="ip")
async def get_embed(server_id: str) -> Any:
    return await service.raw(server_id)


@blueprint.get("/<server_id>/external-embed.json")
@rate_limit("external_embed_get", 20, 60, by="ip")
async def get_embed_json(server_id: str) -> Any:
    response = jsonify(await service.widget(server_id))
    response.headers["Cache-Control"] = "public, max-age=1800"
    return response
