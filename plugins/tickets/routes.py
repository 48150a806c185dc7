"""``/api/tickets`` (rest.md §9) and ``/api/moderation/tickets`` (§8.4, admins only)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request
from quart_schema import validate_request

from core.auth import current_user, require_moderator, require_user
from core.ratelimit import rate_limit
from plugins.tickets import service
from plugins.tickets.schemas import CreateTicketBody, TicketStatusBody

blueprint = Blueprint("tickets", __name__, url_prefix="/api/tickets")
moderation_blueprint = Blueprint("ticket_moderation", __name__, url_prefix="/api/moderation/tickets")


@blueprint.get("")
@require_user
@rate_limit("tickets-get", 30, 60)
async def my_tickets() -> Any:
    args = request.args
    return jsonify(await service.mine(current_user(), args.get("status"), args.get("seen"), args.get("limit")))


@blueprint.get("/<ticket_id>")
@require_user
@rate_limit("ticket-get", 30, 60)
async def my_ticket(ticket_id: str) -> Any:
    return await service.read(current_user(), ticket_id)


@blueprint.post("")
@require_user
@rate_limit("tickets-create", 3, 60)
@validate_request(CreateTicketBody)
async def open_ticket(data: CreateTicketBody) -> Any:
    return await service.create(current_user(), data.title, data.body, data.category)


@blueprint.post("/<ticket_id>")
@require_user
@rate_limit("ticket-update", 30, 60)
@validate_request(TicketStatusBody)
async def answer_ticket(ticket_id: str, data: TicketStatusBody) -> Any:
    return await service.reopen(current_user(), ticket_id, data.status)


@moderation_blueprint.get("")
@require_moderator
async def all_tickets() -> Any:
    args = request.args
    return jsonify(
        await service.moderator_list(
            current_user(),
            args.get("status"),
            args.get("includeIgnored") == "true",
            args.get("after"),
            args.get("limit"),
        )
    )


@moderation_blueprint.get("/<ticket_id>")
@require_moderator
async def one_ticket(ticket_id: str) -> Any:
    return jsonify(await service.moderator_get(ticket_id))


@moderation_blueprint.post("/<ticket_id>")
@require_moderator
@rate_limit("ticket-update-mod", 60, 60)
@validate_request(TicketStatusBody)
async def set_status(ticket_id: str, data: TicketStatusBody) -> Any:
    return await service.moderator_update(ticket_id, data.status)


@moderation_blueprint.post("/<ticket_id>/mute")
@require_moderator
@rate_limit("ticket-mute-mod", 60, 60)
async def mute_ticket(ticket_id: str) -> Any:
    await service.mute(current_user(), ticket_id)
    return {"success": True}
