"""Download tickets: a browser follows a plain link to download (it cannot send the
``Authorization`` header), so the signed-in owner first gets a ticket good for one minute, bound
to their session and to one export: ``base64url("<exportId>.<userId>.<sessionId>.<expiry>")``
``.`` ``base64url(HMAC-SHA256)`` keyed from the instance key. Signing out ends its tickets."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from dataclasses import dataclass

from core.instance_key import instance_key
from core.settings import Settings

LIFETIME_SECONDS = 60
_PURPOSE = b"hearth data export download v1"


@dataclass(frozen=True)
class Ticket:
    export_id: int
    user_id: int
    session_id: int


def _key(settings: Settings) -> bytes:
    return hmac.new(bytes.fromhex(instance_key(settings)), _PURPOSE, hashlib.sha256).digest()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def make(settings: Settings, export_id: int, user_id: int, session_id: int) -> str:
    payload = f"{export_id}.{user_id}.{session_id}.{int(time.time()) + LIFETIME_SECONDS}".encode("ascii")
    return f"{_b64(payload)}.{_b64(hmac.new(_key(settings), payload, hashlib.sha256).digest())}"


def read(settings: Settings, ticket: str) -> Ticket | None:
    """The ticket's grant, or None when it is malformed, forged or out of date."""
    try:
        encoded, signature = ticket.split(".")
        payload = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        given = base64.urlsafe_b64decode(signature + "=" * (-len(signature) % 4))
        export_id, user_id, session_id, expires_at = (int(part) for part in payload.decode("ascii").split("."))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    if not hmac.compare_digest(given, hmac.new(_key(settings), payload, hashlib.sha256).digest()):
        return None
    if expires_at < time.time():
        return None
    return Ticket(export_id, user_id, session_id)
