"""``/api/push/*`` (Hearth's Web Push) and ``POST /api/users/register-fcm`` (rest.md §1.22)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, request

from core.auth import current_session, current_user, require_user
from core.context import hearth
from core.ratelimit import rate_limit
from plugins.push import subscriptions
from plugins.push.vapid import vapid_keys

blueprint = Blueprint("push", __name__, url_prefix="/api/push")
fcm_blueprint = Blueprint("push_fcm", __name__, url_prefix="/api/users")


@blueprint.get("/vapid-public-key")
@rate_limit("push_vapid_key", 30, 60, by="ip")
async def vapid_public_key() -> Any:
    return {"publicKey": vapid_keys(hearth().settings).public_key}


@blueprint.post("/subscriptions")
@require_user
@rate_limit("push_subscribe", 10, 60)
async def subscribe() -> Any:
    data = await request.get_json(silent=True)
    return await subscriptions.subscribe(current_user(), current_session(), data)


@blueprint.delete("/subscriptions")
@require_user
@rate_limit("push_subscribe", 10, 60)
async def unsubscribe() -> Any:
    data = await request.get_json(silent=True)
    await subscriptions.unsubscribe(current_user(), data)
    return {"status": True}


@fcm_blueprint.post("/register-fcm")
@require_user
@rate_limit("register_fcm", 5, 60)
async def register_fcm() -> Any:
    data = await request.get_json(silent=True)
    ok = await subscriptions.register_fcm(current_user(), data)
    return Response("", status=200 if ok else 400)
