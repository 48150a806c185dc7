"""ICE servers from the self-hoster's ``[voice]`` settings (rest.md §3.24).

With ``turn_secret`` set, TURN credentials follow the TURN REST scheme coturn implements with
``use-auth-secret`` / ``static-auth-secret``: the username is ``<expiry unix time>:<userId>`` and
the credential is base64(HMAC-SHA1(secret, username)), so the TURN server checks them without
asking Hearth and they stop working at the expiry.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from typing import Any


def _urls(settings: Any, key: str) -> list[str]:
    value = settings.get(f"voice.{key}") or []
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    return [url for url in value if url]


def turn_rest_credentials(secret: str, user_id: str, ttl_seconds: int, now: float | None = None) -> tuple[str, str]:
    expiry = int((time.time() if now is None else now) + ttl_seconds)
    username = f"{expiry}:{user_id}"
    digest = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return username, base64.b64encode(digest).decode()


def ice_server(settings: Any, user_id: str) -> dict[str, Any] | None:
    """The one RTCIceServer the web client expects (``{urls, username?, credential?}``), or None
    when nothing is configured."""
    turn, stun = _urls(settings, "turn_urls"), _urls(settings, "stun_urls")
    if not turn and not stun:
        return None
    server: dict[str, Any] = {"urls": [*turn, *stun]}
    if turn:
        secret = settings.get("voice.turn_secret") or ""
        if secret:
            ttl = int(settings.get("voice.credential_ttl_seconds") or 86400)
            server["username"], server["credential"] = turn_rest_credentials(secret, user_id, ttl)
        elif settings.get("voice.turn_username"):
            server["username"] = settings.get("voice.turn_username")
            server["credential"] = settings.get("voice.turn_credential") or ""
    return server
