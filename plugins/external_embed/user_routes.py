"""``/api/users/external-embed`` and ``/api/users/:userId/external-embed[.json]`` (rest.md §1.7–1.10)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from plugins.external_embed import user_service

blueprint = Blueprint("external_embed_users", __name__, url_prefix="/api/users")


@blueprint.post("/external-embed")
@require_user
@rate_limit("external_embed", 4, 60)
async def create_embed() -> Any:
    return await user_service.create(current_user())


@blueprint.delete("/external-embed")
@require_user
@rate_limit("external_embed_delete", 20, 60)
async def delete_embed() -> Any:
    await user_service.delete(current_user())
    return {"status": True}


@blueprint.get("/<user_id>/external-embed")
@rate_limit("external_embed_get", 20, 60, by="ip")
async def get_embed(user_id: str) -> Any:
    return await user_service.raw(user_id)


@blueprint.get("/<user_id>/external-embed.json")
@rate_limit("external_embed_get", 20, 60, by="ip")
async def get_embed_json(user_id: str) -> Any:
    response = jsonify(await user_service.widget(user_id))
    response.headers["Cache-Control"] = "public, max-age=1800"
    return response
