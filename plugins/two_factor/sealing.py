"""TOTP secrets must be read back to check a code, so they cannot be hashed: they are sealed with
AES-256-GCM under a key derived from the instance key, so the database alone does not reveal them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from core.instance_key import instance_key
from core.settings import Settings

_PURPOSE = b"hearth-two-factor-totp"


def _key(settings: Settings) -> bytes:
    return hmac.new(bytes.fromhex(instance_key(settings)), _PURPOSE, hashlib.sha256).digest()


def seal(settings: Settings, secret: str) -> str:
    nonce = os.urandom(12)
    sealed = AESGCM(_key(settings)).encrypt(nonce, secret.encode(), _PURPOSE)
    return base64.urlsafe_b64encode(nonce + sealed).decode("ascii")


def unseal(settings: Settings, sealed: str) -> str | None:
    """The secret, or None when it was sealed under another key (the instance key changed)."""
    try:
        raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
        return AESGCM(_key(settings)).decrypt(raw[:12], raw[12:], _PURPOSE).decode()
    except (ValueError, InvalidTag, UnicodeDecodeError):
        return None
