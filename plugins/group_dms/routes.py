"""``/api/group-dms``: Hearth's group DMs, answered only to callers naming the ``group_dms``
feature in ``X-Hearth-Features`` (docs/protocol-extensions.md)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify
from quart_schema import validate_request

from core import features
from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from plugins.group_dms import service
from plugins.group_dms.live import FEATURE
from plugins.group_dms.schemas import AddMembersBody, CreateGroupBody, UpdateGroupBody

blueprint = Blueprint("group_dms", __name__, url_prefix="/api/group-dms")
NOT_ASKED = f"Group DMs are a Hearth addition: name them in X-Hearth-Features ({FEATURE})."


features.only_for_askers(blueprint, FEATURE, NOT_ASKED)


@blueprint.get("")
@require_user
@rate_limit("group_dms", 30, 30)
async def my_groups() -> Any:
    return jsonify(await service.list_groups(current_user()))


@blueprint.post("")
@require_user
@rate_limit("group_dms_create", 5, 60)
@validate_request(CreateGroupBody)
async def create_group(data: CreateGroupBody) -> Any:
    return await service.create(current_user(), data.userIds, data.name)


@blueprint.post("/<group_id>")
@require_user
@rate_limit("group_dms_change", 20, 60)
@validate_request(UpdateGroupBody)
async def update_group(group_id: str, data: UpdateGroupBody) -> Any:
    return await service.update(current_user(), group_id, data.model_dump(exclude_unset=True))


@blueprint.post("/<group_id>/members")
@require_user
@rate_limit("group_dms_change", 20, 60)
@validate_request(AddMembersBody)
async def add_members(group_id: str, data: AddMembersBody) -> Any:
    return await service.add(current_user(), group_id, data.userIds)


@blueprint.delete("/<group_id>/members/<user_id>")
@require_user
@rate_limit("group_dms_change", 20, 60)
async def remove_member(group_id: str, user_id: str) -> Any:
    await service.remove(current_user(), group_id, user_id)
    return {"status": True}


@blueprint.post("/<group_id>/leave")
@require_user
@rate_limit("group_dms_change", 20, 60)
async def leave_group(group_id: str) -> Any:
    await service.leave(current_user(), group_id)
    return {"status": True}
