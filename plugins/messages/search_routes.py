"""Message search (rest.md §3.2), the answer to a button click (§3.15) and the inbox of
mentions (``GET /users/notifications``, §1.27)."""

from __future__ import annotations

from typing import Any, Literal

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring

from core.auth import current_user, require_user, require_user_or_bot
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.messages import buttons, service
from plugins.messages.mentions import user_notifications
from plugins.messages.search import parse_search, search_messages

blueprint = Blueprint("messages_search", __name__, url_prefix="/api/channels")
notifications_blueprint = Blueprint("messages_notifications", __name__, url_prefix="/api/users")


@blueprint.get("/<channel_id>/messages/search")
@require_user
@rate_limit("messages_search", 10, 30)
@document_querystring(
    documented_query(
        "MessageSearchQuery", query=str, order=Literal["asc", "desc"], user_id=str, limit=int, before=str, after=str
    )
)
async def search(channel_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    query = parse_search(request.args)
    return jsonify(await search_messages(access, current_user(), query))


@blueprint.post("/<channel_id>/messages/<message_id>/buttons/<button_id>/callback")
@require_user_or_bot
@rate_limit("button_click_callback", 10, 30)
async def button_callback(channel_id: str, message_id: str, button_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    body = buttons.parse_callback(await request.get_json(silent=True))
    await buttons.answer_click(access, current_user(), message_id, button_id, body)
    return {"status": True}


@notifications_blueprint.get("/notifications")
@require_user
async def notifications() -> Any:
    return jsonify(await user_notifications(current_user()))
