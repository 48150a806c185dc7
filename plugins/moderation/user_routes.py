"""``/api/moderation/users…`` and ``/api/moderation/online-users`` (rest.md §8.2); every
server's audit log (``/users/audit-logs``) is in ``server_routes.py``, with servers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from quart import Blueprint, Response, jsonify, request
from quart_schema import validate_request

from core.auth import check_moderator_password, current_user, is_moderator, require_staff
from core.errors import ApiError
from plugins.moderation import ranks, sanctions, user_edit, users
from plugins.moderation.paging import page
from plugins.moderation.schemas import EditSuspensionBody, ModUserUpdateBody, SuspendBody, UserIdsBody, WarnBody

blueprint = Blueprint("moderation_users", __name__, url_prefix="/api/moderation")
MAX_DAYS = 31


@blueprint.errorhandler(sanctions.BareError)
async def bare_error(error: sanctions.BareError) -> Response:
    response = jsonify(error.text)  # a bare JSON string, as upstream answers
    response.status_code = error.status
    return response


def admins_only(action: str) -> Callable:
    """The "A" gate of a route that changes users (``@require_staff`` above it): a MOD gets 403
    ``Admin access only!`` as from ``require_moderator``, and the attempt is written to the
    audit log (``ranks.refuse_mod``)."""

    def decorator(view: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @wraps(view)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            moderator = current_user()
            if not is_moderator(moderator):
                body = await request.get_json(silent=True)
                named = body.get("userIds") if isinstance(body, dict) else None
                ids = [kwargs["user_id"]] if "user_id" in kwargs else named if isinstance(named, list) else []
                await ranks.refuse_mod(moderator, action, [i for i in ids if isinstance(i, str)])
            return await view(*args, **kwargs)

        return wrapper

    return decorator


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
@require_staff
@admins_only(ranks.EDIT)
@validate_request(ModUserUpdateBody)
async def update_user(user_id: str, data: ModUserUpdateBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    return await user_edit.edit(current_user(), user_id, data)


@blueprint.get("/users/<user_id>/users-with-same-ip")
@require_staff
async def same_ip(user_id: str) -> Any:
    return jsonify(await users.same_ip(current_user(), user_id, page()))


def _days(days: float | None) -> None:
    if days is not None and days > MAX_DAYS:
        raise ApiError(403, "Days must be less than 31", "days")


@blueprint.post("/users/suspend")
@require_staff
@admins_only(ranks.SUSPEND)
@validate_request(SuspendBody)
async def suspend(data: SuspendBody) -> Any:
    _days(data.days)
    await check_moderator_password(current_user(), data.password)
    await sanctions.suspend(
        current_user(), data.userIds, data.days, data.reason, bool(data.ipBan), bool(data.deleteRecentMessages)
    )
    return {"status": True}


@blueprint.patch("/users/suspend")
@require_staff
@admins_only(ranks.EDIT_SUSPENSION)
@validate_request(EditSuspensionBody)
async def edit_suspension(data: EditSuspensionBody) -> Any:
    _days(data.days)
    await check_moderator_password(current_user(), data.password)
    await sanctions.edit_suspension(current_user(), data.userIds, data.days, data.reason)
    return {"success": True}


@blueprint.delete("/users/suspend")
@require_staff
@admins_only(ranks.UNSUSPEND)
@validate_request(UserIdsBody)
async def unsuspend(data: UserIdsBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.unsuspend(current_user(), data.userIds)
    return {"success": True}


@blueprint.post("/users/warn")
@require_staff
@admins_only(ranks.WARN)
@validate_request(WarnBody)
async def warn(data: WarnBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.warn(current_user(), data.userIds, data.reason)
    return {"status": True}


@blueprint.post("/users/shadow-ban")
@require_staff
@admins_only(ranks.SHADOW_BAN)
@validate_request(WarnBody)
async def shadow_ban(data: WarnBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.shadow_ban(current_user(), data.userIds, data.reason)
    return {"status": True}


@blueprint.delete("/users/shadow-ban")
@require_staff
@admins_only(ranks.LIFT_SHADOW_BAN)
@validate_request(UserIdsBody)
async def lift_shadow_ban(data: UserIdsBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await sanctions.lift_shadow_ban(current_user(), data.userIds)
    return {"status": True}
