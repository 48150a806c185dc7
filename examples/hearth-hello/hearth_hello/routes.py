"""``GET /api/hello`` and ``GET /api/hello/waves``: signed-in users only (401 JSON otherwise)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from hearth_hello import service

blueprint = Blueprint("hello", __name__, url_prefix="/api/hello")


@blueprint.get("")
@require_user
@rate_limit("hello", 20, 10)
async def hello() -> Any:
    return {"message": f"Hello, {current_user().username}!"}


@blueprint.get("/waves")
@require_user
@rate_limit("hello_waves", 20, 10)
async def waves() -> Any:
    return {"count": await service.waves_received(current_user().id)}
