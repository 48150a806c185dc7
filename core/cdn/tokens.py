"""CDN upload tokens (rest.md §13, §3.21): short-lived, bound to a session (so to its user) and,
for the channel form, to one channel.

Stateless: ``base64url("<sessionId>.<userId>.<channelId or 0>.<expiry>") + "." + base64url(HMAC)``
with SHA-256 keyed from the instance key, so every process of a deployment checks a token with
no lookup of its own and nothing is stored. The upload then loads the session the token names,
so logging out (or a password change that ends sessions) also ends its upload tokens.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from dataclasses import dataclass

from core.instance_key import instance_key
from core.settings import Settings

LIFETIME_SECONDS = 300  # clients cache a token for 2 minutes, then an upload may take a while
_PURPOSE = b"hearth cdn upload token v1"


@dataclass(frozen=True)
class Grant:
    session_id: int
    user_id: int
    channel_id: int | None
    expires_at: int


class BadToken(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _key(settings: Settings) -> bytes:
    return hmac.new(bytes.fromhex(instance_key(settings)), _PURPOSE, hashlib.sha256).digest()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def make_token(
    settings: Settings, session_id: int, user_id: int, channel_id: int | None = None, now: float | None = None
) -> str:
    expires_at = int(now if now is not None else time.time()) + LIFETIME_SECONDS
    payload = f"{session_id}.{user_id}.{channel_id or 0}.{expires_at}".encode("ascii")
    signature = hmac.new(_key(settings), payload, hashlib.sha256).digest()
    return f"{_b64(payload)}.{_b64(signature)}"


def read_token(settings: Settings, token: str | None, now: float | None = None) -> Grant:
    """The grant a token carries, or BadToken with the message to answer."""
    if not token:
        raise BadToken("No token provided.")
    try:
        encoded_payload, encoded_signature = token.split(".")
        payload, signature = _unb64(encoded_payload), _unb64(encoded_signature)
    except (ValueError, binascii.Error):
        raise BadToken("Invalid token.") from None
    if not hmac.compare_digest(signature, hmac.new(_key(settings), payload, hashlib.sha256).digest()):
        raise BadToken("Invalid token.")
    session_id, user_id, channel_id, expires_at = (int(part) for part in payload.decode("ascii").split("."))
    if expires_at < (now if now is not None else time.time()):
        raise BadToken("Token expired.")
    return Grant(session_id=session_id, user_id=user_id, channel_id=channel_id or None, expires_at=expires_at)
