"""``/api/reminders`` (rest.md §11)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictStr
from quart import Blueprint, Response, jsonify, request
from quart_schema import document_request

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import Body, Rules, validate_body
from plugins.reminders import service

blueprint = Blueprint("reminders", __name__, url_prefix="/api/reminders")

Timestamp = Annotated[float, Rules(required="timestamp is required.", type="Invalid timestamp.")]


class AddReminderBody(Body):
    timestamp: Timestamp
    postId: Annotated[StrictStr | None, Field(min_length=1, max_length=255)] = None
    messageId: Annotated[StrictStr | None, Field(min_length=1, max_length=255)] = None


class UpdateReminderBody(Body):
    timestamp: Timestamp


@blueprint.get("")
@require_user
@rate_limit("reminders_get", 5, 60)
async def list_reminders() -> Any:
    return jsonify(await service.list_for(current_user()))


@blueprint.post("")
@require_user
@rate_limit("reminders_add", 5, 60)
@document_request(AddReminderBody)
async def add_reminder() -> Any:
    data = await request.get_json(silent=True)
    body = validate_body(AddReminderBody, data)
    if not body.messageId and not body.postId:
        response = jsonify("postId or messageId is required.")  # a bare string, as upstream
        response.status_code = 400
        return response
    return await service.add(current_user(), body.timestamp, body.messageId, body.postId)


@blueprint.post("/<reminder_id>")
@require_user
@rate_limit("reminders_update", 20, 60)
@document_request(UpdateReminderBody)
async def update_reminder(reminder_id: str) -> Any:
    body = validate_body(UpdateReminderBody, await request.get_json(silent=True))
    return await service.update(current_user(), reminder_id, body.timestamp)


@blueprint.delete("/<reminder_id>")
@require_user
@rate_limit("reminders_delete", 20, 60)
async def delete_reminder(reminder_id: str) -> Response:
    return jsonify(await service.remove(current_user(), reminder_id))
