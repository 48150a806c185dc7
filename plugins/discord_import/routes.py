"""``/api/discord-imports``: bringing a server's history over from a DiscordChatExporter export,
answered only to callers naming ``discord_import`` in ``X-Hearth-Features``."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, current_app, jsonify, request

from core import features
from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from plugins.discord_import import claims, service
from plugins.discord_import.job import run_pending

FEATURE = "discord_import"
NOT_ASKED = f"Discord imports are a Hearth addition: name them in X-Hearth-Features ({FEATURE})."

blueprint = Blueprint("discord_import", __name__, url_prefix="/api/discord-imports")


features.only_for_askers(blueprint, FEATURE, NOT_ASKED)


@blueprint.post("/servers/<server_id>")
@require_user
@rate_limit("discord_import_upload", 5, 600)
async def upload(server_id: str) -> Any:
    return await service.upload(current_user(), server_id, request)


@blueprint.post("/new-server")
@require_user
@rate_limit("discord_import_upload", 5, 600)
async def into_new_server() -> Any:
    answer = await service.into_new_server(current_user(), request)
    current_app.add_background_task(run_pending)  # at once here; the other processes poll
    return answer


@blueprint.get("/servers/<server_id>")
@require_user
@rate_limit("discord_import", 60, 60)
async def of_server(server_id: str) -> Any:
    return jsonify(await service.of_server(current_user(), server_id))


@blueprint.post("/<job_id>/start")
@require_user
@rate_limit("discord_import", 60, 60)
async def start(job_id: str) -> Any:
    answer = await service.start(current_user(), job_id)
    current_app.add_background_task(run_pending)  # at once here; the other processes poll
    return answer


@blueprint.get("/<job_id>")
@require_user
@rate_limit("discord_import", 60, 60)
async def show(job_id: str) -> Any:
    return await service.show(current_user(), job_id)


@blueprint.get("/servers/<server_id>/authors")
@require_user
@rate_limit("discord_import", 60, 60)
async def authors(server_id: str) -> Any:
    return jsonify(await claims.placeholders(current_user(), server_id))


@blueprint.post("/servers/<server_id>/authors/<user_id>/claim-link")
@require_user
@rate_limit("discord_import_claim", 30, 60)
async def claim_link(server_id: str, user_id: str) -> Any:
    return await claims.make_link(current_user(), server_id, user_id)


@blueprint.post("/claims/<token>")
@require_user
@rate_limit("discord_import_claim", 30, 60)
async def claim(token: str) -> Any:
    return await claims.claim(current_user(), token)
