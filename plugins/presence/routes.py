"""``POST /users/presence`` (rest.md §1.24)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify
from quart_schema import validate_request

from core.auth import current_user, require_user_or_bot
from core.ratelimit import rate_limit
from plugins.presence.schemas import PresenceBody
from plugins.presence.service import service_for

blueprint = Blueprint("presence", __name__, url_prefix="/api/users")


@blueprint.post("/presence")
@require_user_or_bot
@rate_limit("update_presence", 10, 5)
@validate_request(PresenceBody)
async def update_presence(data: PresenceBody) -> Any:
    changes: dict[str, Any] = {}
    if data.status is not None:
        changes["status"] = data.status
    if "custom" in data.model_fields_set:
        # Blank clears it; otherwise it is stored trimmed.
        changes["custom"] = (data.custom or "").strip() or None
    await service_for().update(current_user().id, changes)
    return jsonify("Presence updated.")
