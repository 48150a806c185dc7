"""``/api/moderation/servers`` (rest.md §8.1) and every server's audit log
(``/api/moderation/users/audit-logs``, §8.2), mounted only with the servers plugin (optional).
Scheduling a deletion and cancelling it are the servers plugin's routes
(``plugins/servers/scheduled.py``); their side effects here go through its hooks."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request
from quart_schema import validate_request

from core.auth import check_moderator_password, current_user, require_moderator, require_staff
from plugins.moderation import server_audit, servers
from plugins.moderation.paging import page
from plugins.moderation.schemas import ModServerUpdateBody

blueprint = Blueprint("moderation_servers", __name__, url_prefix="/api/moderation/servers")
audit_blueprint = Blueprint("moderation_server_audit", __name__, url_prefix="/api/moderation/users/audit-logs")


@audit_blueprint.get("")
@require_staff
async def server_audit_logs() -> Any:
    return await server_audit.listing(page(maximum=50), request.args.get("q"))


@blueprint.get("")
@require_staff
async def list_servers() -> Any:
    return jsonify(await servers.listing(page()))


@blueprint.get("/active")
@require_staff
async def most_active() -> Any:
    return jsonify(await servers.most_active())


@blueprint.get("/search")
@require_staff
async def search() -> Any:
    return jsonify(await servers.search(request.args.get("q", ""), page()))


@blueprint.get("/<server_id>")
@require_staff
async def details(server_id: str) -> Any:
    return jsonify(await servers.details(server_id))


@blueprint.get("/<server_id>/channels")
@require_moderator
async def channels(server_id: str) -> Any:
    """Hearth's own: the server's text channels, for the channel-messages viewer (admins, as
    ``GET /moderation/channels/:id/messages``)."""
    return {"channels": await servers.text_channels(server_id)}


@blueprint.post("/<server_id>")
@require_moderator
@validate_request(ModServerUpdateBody)
async def update(server_id: str, data: ModServerUpdateBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    return await servers.update(current_user(), server_id, data.model_dump(include={"name", "verified"}))


@blueprint.post("/<server_id>/pin")
@require_moderator
async def pin(server_id: str) -> Any:
    await servers.pin(server_id, True)
    return {"success": True}


@blueprint.delete("/<server_id>/pin")
@require_moderator
async def unpin(server_id: str) -> Any:
    await servers.pin(server_id, False)
    return {"success": True}
