"""Webhook tokens (entities.md §2.2): the shape of a header-less HS256 JWT of ``"<webhookId>-1"``.

``token = base64url("<id>-1") + "." + base64url(HMAC-SHA256(key, "eyJhbGciOiJIUzI1NiJ9." + base64url("<id>-1")))``

Upstream signs every webhook with one global secret. Here ``key`` is per webhook: the
webhook's own random ``secret`` (32 bytes), mixed with the deployment's ``webhooks.token_key``
when one is configured (``key = HMAC-SHA256(token_key, secret)``), so the database alone does
not give the tokens away. The token is deterministic (the GET token route answers the same
one every time) and is never stored. See the README, "Tokens".
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

HEADER = "eyJhbGciOiJIUzI1NiJ9"  # {"alg":"HS256"}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def new_secret() -> str:
    return secrets.token_hex(32)


def _key(secret: str, token_key: str) -> bytes:
    raw = bytes.fromhex(secret)
    return hmac.new(token_key.encode(), raw, hashlib.sha256).digest() if token_key else raw


def make_token(webhook_id: int, secret: str, token_key: str = "") -> str:
    payload = _b64(f"{webhook_id}-1".encode())
    signature = hmac.new(_key(secret, token_key), f"{HEADER}.{payload}".encode(), hashlib.sha256).digest()
    return f"{payload}.{_b64(signature)}"


def claimed_id(token: str) -> str | None:
    """The webhook id a token names (its payload ``"<id>-<version>"``), or None if malformed."""
    parts = token.split(".")
    if len(parts) != 2 or not parts[0] or not parts[1] or len(token) > 200:
        return None
    raw = _unb64(parts[0])
    if raw is None:
        return None
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return None
    webhook_id, _, version = text.partition("-")
    return webhook_id if webhook_id and version else None


def matches(token: str, webhook_id: int, secret: str, token_key: str = "") -> bool:
    return hmac.compare_digest(token.encode(), make_token(webhook_id, secret, token_key).encode())
