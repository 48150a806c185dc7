"""``/api/servers/<serverId>/welcome/...`` (rest.md §4.9): SMV on every route, ADMIN to edit."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify
from quart_schema import validate_request

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from plugins.servers.permissions import ADMIN, MemberContext, member_context, require_permission
from plugins.welcome import service
from plugins.welcome.schemas import CreateWelcomeQuestionBody, UpdateWelcomeQuestionBody, check_orders, parse_answers

blueprint = Blueprint("welcome", __name__, url_prefix="/api/servers/<server_id>/welcome")


async def _ctx(server_id: str, permission: int | None = None) -> MemberContext:
    ctx = await member_context(current_user(), server_id)
    if permission is not None:
        await require_permission(ctx, permission)
    return ctx


@blueprint.post("/questions")
@require_user
@rate_limit("server_welcome_question_create", 10, 5)
@validate_request(CreateWelcomeQuestionBody)
async def create_question(server_id: str, data: CreateWelcomeQuestionBody) -> Any:
    ctx = await _ctx(server_id, ADMIN)
    answers = parse_answers(data.answers, update=False)
    check_orders(answers, update=False)
    return await service.create(ctx, data.title, data.multiselect, answers)


@blueprint.get("/questions")
@require_user
@rate_limit("server_welcome_questions_get", 10, 10)
async def list_questions(server_id: str) -> Any:
    return jsonify(await service.listing(await _ctx(server_id)))


@blueprint.get("/questions/<question_id>")
@require_user
@rate_limit("server_welcome_question_get", 10, 10)
async def get_question(server_id: str, question_id: str) -> Any:
    return await service.get_one(await _ctx(server_id), question_id)


@blueprint.post("/questions/<question_id>")
@require_user
@rate_limit("server_welcome_question_update", 10, 5)
@validate_request(UpdateWelcomeQuestionBody)
async def update_question(server_id: str, question_id: str, data: UpdateWelcomeQuestionBody) -> Any:
    ctx = await _ctx(server_id, ADMIN)
    answers = parse_answers(data.answers, update=True)
    check_orders(answers, update=True, question_order=data.order)
    changes = {"title": data.title, "multiselect": data.multiselect, "order": data.order}
    return await service.update(ctx, question_id, changes, answers)


@blueprint.delete("/questions/<question_id>")
@require_user
@rate_limit("server_welcome_question_delete", 10, 5)
async def delete_question(server_id: str, question_id: str) -> Any:
    await service.delete(await _ctx(server_id, ADMIN), question_id)
    return {"status": True}


@blueprint.post("/answers/<answer_id>/answer")
@require_user
@rate_limit("server_welcome_answer", 10, 5)
async def answer(server_id: str, answer_id: str) -> Any:
    await service.choose(await _ctx(server_id), answer_id)
    return {"success": True}


@blueprint.delete("/answers/<answer_id>/answer")
@require_user
@rate_limit("server_welcome_answer_remove", 10, 5)
async def remove_answer(server_id: str, answer_id: str) -> Any:
    await service.unchoose(await _ctx(server_id), answer_id)
    return {"success": True}
