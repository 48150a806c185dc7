"""Short-lived single-use steps (``Challenge`` rows): a login waiting for its second factor, a
passkey ceremony. The caller holds a random secret; only its hash is stored; using one deletes
it, and of two requests using it at once only the one whose delete removed the row goes on."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from core.context import hearth
from core.errors import bad_request
from core.identity.tokens import token_hash
from plugins.two_factor.models import Challenge

EXPIRED_LOGIN = "This login has expired. Log in again."
EXPIRED = "This request has expired. Try again."


def lifetime() -> timedelta:
    return timedelta(seconds=int(hearth().settings.get("two_factor.challenge_seconds") or 300))


async def create(purpose: str, user_id: int | None = None, challenge: str | None = None) -> tuple[str, Challenge]:
    now = datetime.now(UTC)
    await Challenge.filter(expires_at__lt=now).delete()  # an index range: keeps the table small
    secret = secrets.token_urlsafe(32)
    row = await Challenge.create(
        secret_hash=token_hash(secret),
        purpose=purpose,
        user_id=user_id,
        challenge=challenge,
        expires_at=now + lifetime(),
    )
    return secret, row


async def find(secret: str, purpose: str, path: str, user_id: int | None = None) -> Challenge:
    query = Challenge.filter(secret_hash=token_hash(secret), purpose=purpose, expires_at__gt=datetime.now(UTC))
    if user_id is not None:
        query = query.filter(user_id=user_id)
    row = await query.first()
    if row is None:
        raise bad_request(EXPIRED_LOGIN if purpose == Challenge.LOGIN else EXPIRED, path)
    return row


async def consume(row: Challenge, path: str) -> None:
    if not await Challenge.filter(id=row.id).delete():
        raise bad_request(EXPIRED_LOGIN if row.purpose == Challenge.LOGIN else EXPIRED, path)
