"""``/api/moderation`` audit logs, stats, channel messages, posts and suggestions (rest.md
§8.3, §8.5, §8.6) and ``DELETE /api/users/notices/:id`` (§1.11); the users and servers routes
live in ``user_routes.py`` and ``server_routes.py``."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, jsonify, request
from quart_schema import validate_request

from core.auth import check_moderator_password, current_user, require_moderator, require_staff, require_user
from core.context import hearth
from plugins.moderation import audit, channels, notices, posts, stats, suggestions
from plugins.moderation.paging import page
from plugins.moderation.schemas import PasswordOnlyBody, PostIdsBody, SuggestActionBody

blueprint = Blueprint("moderation", __name__, url_prefix="/api/moderation")
channels_blueprint = Blueprint("moderation_channels", __name__, url_prefix="/api/moderation/channels")
notices_blueprint = Blueprint("moderation_notices", __name__, url_prefix="/api/users/notices")


def blueprints(plugins: Any) -> list[Blueprint]:
    """The server pages need the servers plugin and the channel viewer the messages plugin (both
    optional); the rest is always there."""
    from plugins.moderation.instance_routes import public_blueprint, staff_blueprint
    from plugins.moderation.invite_routes import blueprint as invites_blueprint
    from plugins.moderation.server_routes import audit_blueprint
    from plugins.moderation.server_routes import blueprint as servers_blueprint
    from plugins.moderation.user_routes import blueprint as users_blueprint

    mounted = [blueprint, users_blueprint, notices_blueprint, invites_blueprint, public_blueprint, staff_blueprint]
    if plugins.enabled("servers"):
        mounted += [servers_blueprint, audit_blueprint]
    if plugins.enabled("messages"):
        mounted.append(channels_blueprint)
    return mounted


# --- audit, stats, messages (§8.3) -------------------------------------------------------------


@blueprint.get("/audit-logs")
@require_moderator
async def audit_logs() -> Any:
    return jsonify(await audit.listing(page()))


@blueprint.get("/audit-logs/search")
@require_moderator
async def search_audit_logs() -> Any:
    return jsonify(await audit.listing(page(), request.args.get("q", "")))


@blueprint.get("/plugins")
@require_staff
async def installed_plugins() -> Any:
    """What runs on this instance: every installed plugin, enabled or not, with its manifest
    (id, name, version, first or third party, requires, optional, routes). Read-only."""
    return jsonify({"plugins": [info.wire() for info in hearth().plugins.catalogue()]})


@blueprint.get("/stats")
@require_staff
async def instance_stats() -> Any:
    return await stats.totals()


@blueprint.get("/stats/daily")
@require_staff
async def daily_stats() -> Any:
    try:
        days = int(request.args.get("days", 30))
    except ValueError:
        days = 30
    return await stats.daily(days)


@channels_blueprint.get("/<channel_id>/messages")
@require_moderator
async def channel_messages(channel_id: str) -> Any:
    """Messages around ``aroundId`` in any channel, no membership needed (reports)."""
    try:
        limit = min(max(int(request.args.get("limit", channels.PAGE)), 1), channels.PAGE)
    except ValueError:
        limit = channels.PAGE
    return await channels.around(current_user(), channel_id, request.args.get("aroundId"), limit)


# --- posts (§8.5) -------------------------------------------------------------------------------


@blueprint.get("/posts")
@require_staff
async def list_posts() -> Any:
    return jsonify(await posts.listing(page()))


@blueprint.get("/posts/search")
@require_staff
async def search_posts() -> Any:
    return jsonify(await posts.listing(page(), request.args.get("q", "")))


@blueprint.post("/posts/delete")
@require_moderator
@validate_request(PostIdsBody)
async def delete_posts(data: PostIdsBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await posts.delete(current_user(), data.postIds)
    return {"success": True}


@blueprint.post("/posts/<post_id>/announcement")
@require_moderator
@validate_request(PasswordOnlyBody)
async def announce(post_id: str, data: PasswordOnlyBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await posts.announcement(post_id, True)
    return {"success": True}


@blueprint.delete("/posts/<post_id>/announcement")
@require_moderator
@validate_request(PasswordOnlyBody)
async def unannounce(post_id: str, data: PasswordOnlyBody) -> Any:
    await check_moderator_password(current_user(), data.password)
    await posts.announcement(post_id, False)
    return {"success": True}


# --- suggestions (§8.6) ---------------------------------------------------------------------------


@blueprint.errorhandler(suggestions.SuggestionFailed)
async def suggestion_failed(_: suggestions.SuggestionFailed) -> Response:
    response = jsonify({"success": False, "error": "Something went wrong. Try again later."})
    response.status_code = 400
    return response


@blueprint.get("/suggest_action")
@require_staff
async def list_suggestions() -> Any:
    return {"success": True, "data": await suggestions.listing(page())}


@blueprint.post("/suggest_action")
@require_staff
@validate_request(SuggestActionBody)
async def suggest(data: SuggestActionBody) -> Any:
    row = await suggestions.suggest(
        current_user(), data.actionType, data.reason, data.serverId, data.postId, data.userId
    )
    return {"success": True, "data": row}


@blueprint.delete("/suggest_action/<action_id>")
@require_staff
async def remove_suggestion(action_id: str) -> Any:
    await suggestions.remove(action_id)
    return {"success": True}


# --- the user's own notices (§1.11) --------------------------------------------------------------


@notices_blueprint.delete("/<notice_id>")
@require_user
async def dismiss_notice(notice_id: str) -> Any:
    await notices.dismiss(current_user(), notice_id)
    return {"success": True}
