"""Storing what browsers (Web Push) and mobile clients (FCM tokens) hand us, bounded per user."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.identity.models import Session, User
from plugins.push.endpoints import refused_endpoint
from plugins.push.models import ENDPOINT_MAX, FCM_TOKEN_MAX, FcmToken, PushSubscription


def max_per_user() -> int:
    return max(1, int(hearth().settings.get("push.max_subscriptions_per_user", 10)))


def _decoded(value: Any) -> bytes | None:
    if not isinstance(value, str) or not value or len(value) > 200:
        return None
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None


def _endpoint(value: Any) -> str:
    if refused_endpoint(value, hearth().settings):
        raise bad_request("Invalid endpoint.", "endpoint")
    return value


async def subscribe(user: User, session: Session, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise bad_request("The request body must be a JSON object.")
    endpoint = _endpoint(data.get("endpoint"))
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise bad_request("Invalid keys.", "keys")
    public_key = _decoded(keys.get("p256dh"))
    if public_key is None or len(public_key) != 65 or public_key[0] != 4:
        raise bad_request("Invalid keys.p256dh.", "keys.p256dh")
    secret = _decoded(keys.get("auth"))
    if secret is None or len(secret) != 16:
        raise bad_request("Invalid keys.auth.", "keys.auth")
    p256dh, auth = keys["p256dh"].rstrip("="), keys["auth"].rstrip("=")
    fields = {"session_id": session.id, "p256dh": p256dh, "auth": auth}
    try:
        async with transaction():
            row = await _upsert(user.id, endpoint, fields)
            await _keep_newest(PushSubscription, user.id)
    except IntegrityError:  # the same browser subscribing twice at once: the other one won
        async with transaction():
            row = await _upsert(user.id, endpoint, fields)
    return {"id": str(row.id)}


async def _upsert(user_id: int, endpoint: str, fields: dict[str, Any]) -> PushSubscription:
    """The user's own row for this endpoint, made or updated. Another user's row for the same
    endpoint (a shared browser, or someone who learnt the endpoint) is never read or changed."""
    existing = await PushSubscription.get_or_none(endpoint=endpoint, user_id=user_id)
    if existing is None:
        return await PushSubscription.create(endpoint=endpoint, user_id=user_id, **fields)
    existing.update_from_dict(fields)
    await existing.save(update_fields=list(fields))
    return existing


async def _keep_newest(model: Any, user_id: int) -> None:
    """The oldest go beyond the bound: a user who reinstalls browsers is never locked out."""
    stale = await model.filter(user_id=user_id).order_by("-id").offset(max_per_user()).values_list("id", flat=True)
    if stale:
        await model.filter(id__in=list(stale)).delete()


async def unsubscribe(user: User, data: Any) -> None:
    if not isinstance(data, dict):
        raise bad_request("The request body must be a JSON object.")
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or not 1 <= len(endpoint) <= ENDPOINT_MAX:
        raise bad_request("Invalid endpoint.", "endpoint")
    await PushSubscription.filter(user_id=user.id, endpoint=endpoint).delete()


async def register_fcm(user: User, data: Any) -> bool:
    """Upsert the token for this account; False on a bad body (the reference answers 400, empty)."""
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(token, str) or not token.strip() or len(token) > FCM_TOKEN_MAX:
        return False
    try:
        async with transaction():
            if not await FcmToken.filter(token=token).update(user_id=user.id):
                await FcmToken.create(user_id=user.id, token=token)
            await _keep_newest(FcmToken, user.id)
    except IntegrityError:  # registered at the same moment by another request: theirs stands
        await FcmToken.filter(token=token).update(user_id=user.id)
    return True
