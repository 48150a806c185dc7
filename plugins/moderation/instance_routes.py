"""``GET /api/instance`` (anyone, signed in or not: the landing and register pages) and
``GET``/``POST /api/moderation/instance`` (ADMIN): the instance settings of ``instance.py``.
Hearth's own routes: the reference has none like them."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, jsonify, request
from quart_schema import validate_request

from core.auth import current_user, require_moderator
from core.cdn.service import verify_file
from core.ratelimit import rate_limit
from plugins.moderation import instance
from plugins.moderation.schemas import InstanceSettingsBody

public_blueprint = Blueprint("moderation_instance", __name__, url_prefix="/api/instance")
staff_blueprint = Blueprint("moderation_instance_staff", __name__, url_prefix="/api/moderation/instance")


@public_blueprint.get("")
async def public_settings() -> Any:
    """Revalidated on every visit (no-cache) but cheap: each process answers from memory, and a
    browser that has the current version gets a 304."""
    values = await instance.current()
    etag = values["etag"]
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = jsonify(instance.public(values))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@staff_blueprint.get("")
@require_moderator
async def staff_settings() -> Any:
    values = await instance.current()
    return jsonify(
        {"settings": values["settings"], "defaults": instance.defaults(), "overridden": values["overridden"]}
    )


@staff_blueprint.post("")
@require_moderator
@rate_limit("moderation_instance", 20, 60)
@validate_request(InstanceSettingsBody)
async def change_settings(data: InstanceSettingsBody) -> Any:
    given = data.model_fields_set
    changes: dict[str, str | None] = {
        key: getattr(data, key) for key in instance.BY_KEY if key in given and key != "icon"
    }
    if "iconId" in given:
        if data.iconId is None:
            changes["icon"] = None
        else:
            me = current_user()
            record = await verify_file(me.id, data.iconId, "avatars", str(me.id), image_only=True)
            changes["icon"] = record.path
    values = await instance.update(current_user(), changes)
    return jsonify(
        {"settings": values["settings"], "defaults": instance.defaults(), "overridden": values["overridden"]}
    )
