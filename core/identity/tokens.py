"""Session tokens: ``base64url("<sessionId>-1") + "." + <32 random bytes>``.

The first segment keeps the wire reference's shape (a client can read its session id out of
it); the second is a secret. Only the SHA-256 of the whole token is stored.
"""

from __future__ import annotations

import base64
import hashlib
import secrets


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_token(session_id: int) -> str:
    return f"{_b64(f'{session_id}-1'.encode())}.{_b64(secrets.token_bytes(32))}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def code_hash(code: str) -> str:
    """Hash for short-lived codes (e-mail confirmation, password reset)."""
    return hashlib.sha256(code.encode()).hexdigest()
