"""``POST /api/channels/:channelId/voice/join|leave`` and ``POST /api/voice/generate``
(rest.md §3.22–3.24)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint
from quart_schema import validate_request

from core.auth import current_user, require_user_or_bot
from core.context import hearth
from core.ratelimit import rate_limit
from core.unavailable import unavailable_response
from plugins.voice.ice import client_ice_server
from plugins.voice.schemas import JoinVoiceBody
from plugins.voice.service import service_for
from plugins.voice.store import VoiceUnavailable

blueprint = Blueprint("voice", __name__, url_prefix="/api")


@blueprint.errorhandler(VoiceUnavailable)
async def voice_unavailable(error: VoiceUnavailable) -> Any:
    """Redis, which holds the calls, is unreachable: try again shortly (docs/faults.md)."""
    return unavailable_response()


@blueprint.post("/channels/<channel_id>/voice/join")
@require_user_or_bot
@rate_limit("channel_voice_join", 10, 20)
@validate_request(JoinVoiceBody)
async def join(channel_id: str, data: JoinVoiceBody) -> Any:
    await service_for().join(current_user(), channel_id, data.socketId, capable=data.serverMedia is True)
    return {"success": True}


@blueprint.post("/channels/<channel_id>/voice/leave")
@require_user_or_bot
@rate_limit("channel_voice_leave", 10, 20)
async def leave(channel_id: str) -> Any:
    await service_for().leave(current_user(), channel_id)
    return {"success": True}


@blueprint.post("/voice/generate")
@require_user_or_bot
@rate_limit("channel_voice_generate", 3, 20)
async def generate() -> Any:
    return {"result": client_ice_server(hearth().settings, str(current_user().id))}
