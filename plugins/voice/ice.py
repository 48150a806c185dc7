"""ICE servers from the self-hoster's ``[voice]`` settings (rest.md §3.24).

With nothing configured, ``POST /voice/generate`` still answers 200 with one RTCIceServer
(``{urls: [NO_ICE_SERVER_URL]}``): the protocol's web client puts ``result`` into its ``iceServers``
unchanged and gives up joining a call when the request fails, and ``RTCPeerConnection`` refuses
an entry without URLs (Chromium: "ICE server parsing failed: Empty uri"). Its STUN URL names a
host under ``.invalid``, which RFC 6761 reserves so that it never resolves: the browser accepts
the entry, learns at once that it leads nowhere (gathering completes as fast as with no server)
and connects with host candidates, on a network where they reach each other.

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

NO_ICE_SERVER_URL = "stun:unconfigured.invalid"


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


def client_ice_server(settings: Any, user_id: str) -> dict[str, Any]:
    """What ``POST /voice/generate`` answers: the configured server, else one that leads nowhere."""
    return ice_server(settings, user_id) or {"urls": [NO_ICE_SERVER_URL]}
