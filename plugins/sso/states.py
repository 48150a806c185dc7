"""The one-time values of a sign-in: the ``state`` (with its nonce and PKCE verifier) that goes
through the provider, and the ticket of a verified identity waiting to register or link. Both are
stored as sha256 hashes and taken by a DELETE that must remove the row, so of two requests with
one value, one wins."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from core.errors import bad_request
from plugins.sso.models import SignInState, SignInTicket

MAX_VALUE = 200
TICKET_SECONDS = 900
INVALID_STATE = "Invalid state. Start signing in again."
EXPIRED_STATE = "This sign-in has expired. Start signing in again."
INVALID_TICKET = "This sign-in has expired. Start signing in again."


def digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


async def create_state(provider: str, code_verifier: str, seconds: int) -> tuple[str, str]:
    """``(state, nonce)`` for a new trip to ``provider``."""
    now = datetime.now(UTC)
    await SignInState.filter(expires_at__lt=now).delete()
    state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    await SignInState.create(
        token_hash=digest(state),
        provider=provider,
        nonce_hash=digest(nonce),
        code_verifier=code_verifier,
        expires_at=now + timedelta(seconds=seconds),
    )
    return state, nonce


async def take_state(raw: str, provider: str) -> SignInState:
    row = await SignInState.get_or_none(token_hash=digest(raw)) if 0 < len(raw) <= MAX_VALUE else None
    if row is None or row.provider != provider:
        raise bad_request(INVALID_STATE, "state")
    if not await SignInState.filter(id=row.id).delete():  # another request took it first
        raise bad_request(INVALID_STATE, "state")
    if row.expires_at <= datetime.now(UTC):
        raise bad_request(EXPIRED_STATE, "state")
    return row


async def create_ticket(**identity: Any) -> str:
    now = datetime.now(UTC)
    await SignInTicket.filter(expires_at__lt=now).delete()
    raw = secrets.token_urlsafe(32)
    await SignInTicket.create(token_hash=digest(raw), expires_at=now + timedelta(seconds=TICKET_SECONDS), **identity)
    return raw


async def peek_ticket(raw: str) -> SignInTicket:
    row = await SignInTicket.get_or_none(token_hash=digest(raw)) if 0 < len(raw) <= MAX_VALUE else None
    if row is None or row.expires_at <= datetime.now(UTC):
        raise bad_request(INVALID_TICKET, "ticket")
    return row


async def spend_ticket(row: SignInTicket) -> None:
    """Call inside the transaction that uses the ticket: a second use at the same moment fails."""
    if not await SignInTicket.filter(id=row.id).delete():
        raise bad_request(INVALID_TICKET, "ticket")
