"""``/api/moderation/users…`` and ``/api/moderation/online-users`` (rest.md §8.2); every
server's audit log (``/users/audit-logs``) is in ``server_routes.py``, with servers."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, jsonify, request
from quart_schema import validate_request

from core.auth import check_moderator_password, current_user, require_moderator, require_staff
from core.errors import ApiError
from plugins.moderation import sanctions, users
from plugins.moderation.paging import page
from plugins.moderation.schemas import EditSuspensionBody, ModUserUpdateBody, SuspendBody, UserIdsBody, WarnBody

blueprint = Blueprint("moderation_users", __name__, url_prefix="/api/moderation")
MAX_DAYS = 31


@blueprint.errorhandler(sanctions.BareError)
async def bare_error(error: sanctions.BareError) -> Response:
    response = jsonify(error.text)  # a bare JSON string, as upstream answers
    response.status_code = error.status
    return response


@blueprint.get("/users")
@require_staff
async def list_users() -> Any:
    args = request.args
    return jsonify(
        await users.listing(page(), args.get("orderBy", "joinedAt"), args.get("order", "desc"), args.getlist("filters"))
    )


@blueprint.get("/online-users")
@require_staff
async def online_users() -> Any:
    return jsonify(await users.online(request.args.get("sort", "desc")))


@blueprint.get("/users/search")
@require_staff
async def search_users() -> Any:
    return jsonify(await users.search(current_user(), request.args.get("q", ""), page()))


@blueprint.get("/users/<user_id>")
@require_staff
async def user_details(user_id: str) -> Any:
    return await users.details(current_user(), user_id)


@blueprint.post("/users/<user_id>")
@require_moderator
@validate_request(ModUserUpdateBody)
async def update_user(user_id: str, data: ModUserUpdateBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    return await users.edit(current_user(), user_id, data)


@blueprint.get("/users/<user_id>/users-with-same-ip")
@require_staff
async def same_ip(user_id: str) -> Any:
    return jsonify(await users.same_ip(current_user(), user_id, page()))


def _days(days: float | None) -> None:
    if days is not None and days > MAX_DAYS:
        raise ApiError(403, "Days must be less than 31", "days")


@blueprint.post("/users/suspend")
@require_moderator
@validate_request(SuspendBody)
async def suspend(data: SuspendBody) -> Any:
    _days(data.days)
    await check_moderator_password(current_user(), data.password)
    await sanctions.suspend(
        current_user(), data.userIds, data.days, data.reason, bool(data.ipBan), bool(data.deleteRecentMessages)
    )
    return {"status": True}


@blueprint.patch("/users/suspend")
@require_moderator
@validate_request(EditSuspensionBody)
async def edit_suspension(data: EditSuspensionBody) -> Any:
    _days(data.days)
    await check_moderator_password(current_user(), data.password)
    await sanctions.edit_suspension(current_user(), data.userIds, data.days, data.reason)
    return {"success": True}


@blueprint.delete("/users/suspend")
@require_moderator
@validate_request(UserIdsBody)
async def unsuspend(data: UserIdsBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.unsuspend(current_user(), data.userIds)
    return {"success": True}


@blueprint.post("/users/warn")
@require_moderator
@validate_request(WarnBody)
async def warn(data: WarnBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.warn(current_user(), data.userIds, data.reason)
    return {"status": True}


@blueprint.post("/users/shadow-ban")
@require_moderator
@validate_request(WarnBody)
async def shadow_ban(data: WarnBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.shadow_ban(current_user(), data.userIds, data.reason)
    return {"status": True}


@blueprint.delete("/users/shadow-ban")
@require_moderator
@validate_request(UserIdsBody)
async def lift_shadow_ban(data: UserIdsBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.lift_shadow_ban(current_user(), data.userIds)
    return {"status": True}
