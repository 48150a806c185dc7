"""Link states: the random ``state`` a link sends through the provider, stored as its sha256 with
the user, the provider and the PKCE verifier. Each is taken once; an expired one is refused."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from core.errors import bad_request
from plugins.connections.models import LinkState

PENDING_PER_USER = 5  # starting more links drops the oldest
MAX_STATE = 200


@dataclass(frozen=True)
class Refusals:
    """The messages (and ``path``) for a state that is unknown, for another flow, or expired."""

    unknown: str
    other_flow: str
    expired: str
    path: str | None


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


async def create(user_id: int, provider: str, code_verifier: str, seconds: int) -> str:
    now = datetime.now(UTC)
    await LinkState.filter(expires_at__lt=now).delete()
    pending = await LinkState.filter(user_id=user_id).order_by("-id").values_list("id", flat=True)
    if len(pending) >= PENDING_PER_USER:
        await LinkState.filter(id__in=list(pending[PENDING_PER_USER - 1 :])).delete()
    raw = secrets.token_urlsafe(32)
    await LinkState.create(
        token_hash=_hash(raw),
        user_id=user_id,
        provider=provider,
        code_verifier=code_verifier,
        expires_at=now + timedelta(seconds=seconds),
    )
    return raw


async def take(raw: str, provider: str, refusals: Refusals, user_id: int | None = None) -> LinkState:
    """The state, removed so it cannot be used again. ``user_id``: the caller must be its user
    (another user's state is answered as unknown and left alone)."""
    row = await LinkState.get_or_none(token_hash=_hash(raw)) if 0 < len(raw) <= MAX_STATE else None
    if row is None or (user_id is not None and row.user_id != user_id):
        raise bad_request(refusals.unknown, refusals.path)
    if row.provider != provider:
        raise bad_request(refusals.other_flow, refusals.path)
    if not await LinkState.filter(id=row.id).delete():  # another request took it first
        raise bad_request(refusals.unknown, refusals.path)
    if row.expires_at <= datetime.now(UTC):
        raise bad_request(refusals.expired, refusals.path)
    return row
