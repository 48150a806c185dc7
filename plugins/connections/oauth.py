"""Talking to an OAuth2 / OpenID Connect provider: PKCE, the authorize URL, the code and refresh
exchanges, the user-info request, discovery and ID-token claims. The provider's addresses are the
operator's choice, so they are trusted (reached even on a private network); its answers are not:
every answer is bounded in size and time and checked field by field."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import aiohttp

MAX_ANSWER_BYTES = 256 * 1024
JSON_TYPES = ("application/json", "application/jwk-set+json", "text/json")
FORM_TYPE = "application/x-www-form-urlencoded"


class ProviderFailed(Exception):
    """The provider could not be reached, or answered something that is not a provider's answer."""


class ProviderRefused(Exception):
    """The provider answered with an OAuth2 error (``error``, ``error_description``)."""

    def __init__(self, error: str, description: str = ""):
        super().__init__(error)
        self.error = error
        self.description = description


def pkce_pair() -> tuple[str, str]:
    """A PKCE verifier and its S256 challenge (RFC 7636)."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def with_query(url: str, params: dict[str, str]) -> str:
    return url + ("&" if "?" in url else "?") + urlencode(params)


def short(value: Any, limit: int = 200) -> str:
    """A provider's text as it may appear in our messages: printable, bounded."""
    text = "".join(ch for ch in str(value) if ch.isprintable())
    return text[:limit]


async def _read(response: aiohttp.ClientResponse) -> dict[str, Any]:
    body = await response.content.read(MAX_ANSWER_BYTES + 1)
    if len(body) > MAX_ANSWER_BYTES:
        raise ProviderFailed("an answer bigger than 256 KiB")
    kind = response.content_type
    try:
        if kind == FORM_TYPE:  # GitHub-style token answers without Accept: application/json
            answer: Any = dict(parse_qsl(body.decode("utf-8")))
        else:
            answer = json.loads(body)
    except (UnicodeDecodeError, ValueError):
        raise ProviderFailed(f"an answer that is not JSON (HTTP {response.status}, {kind})") from None
    if not isinstance(answer, dict):
        raise ProviderFailed(f"an answer that is not a JSON object (HTTP {response.status})")
    if response.status >= 400 or "error" in answer:
        error = answer.get("error")
        if isinstance(error, str) and error:
            raise ProviderRefused(short(error, 80), short(answer.get("error_description") or "", 200))
        raise ProviderFailed(f"HTTP {response.status}")
    return answer


async def post_form(
    session: aiohttp.ClientSession, url: str, form: dict[str, str], basic: tuple[str, str] | None = None
) -> dict[str, Any]:
    """POST a token request; ``basic`` sends the client's credentials as HTTP Basic, each part
    form-encoded first (RFC 6749 §2.3.1)."""
    headers = {"Accept": "application/json"}
    if basic:
        pair = f"{quote(basic[0], safe='')}:{quote(basic[1], safe='')}"
        headers["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
    try:
        async with session.post(url, data=form, allow_redirects=False, headers=headers) as response:
            return await _read(response)
    except aiohttp.ClientError as error:
        raise ProviderFailed(f"{type(error).__name__}: {error}") from None


async def get_json(session: aiohttp.ClientSession, url: str, bearer: str | None = None) -> dict[str, Any]:
    headers = {"Accept": "application/json"}
    if bearer:
        headers["Authorization"] = f"Bearer {bearer}"
    try:
        async with session.get(url, headers=headers, max_redirects=3) as response:
            return await _read(response)
    except aiohttp.ClientError as error:
        raise ProviderFailed(f"{type(error).__name__}: {error}") from None


def access_token_of(answer: dict[str, Any]) -> str:
    token = answer.get("access_token")
    if not isinstance(token, str) or not token:
        raise ProviderFailed("a token answer without access_token")
    return token


def id_token_claims(id_token: Any, client_id: str, issuers: set[str] | None) -> dict[str, Any] | None:
    """The claims of an ID token received straight from the token endpoint, or None when they are
    not for us (audience, issuer) or have expired. Its signature is not checked: OpenID Connect
    Core §3.1.3.7 lets a client that got the token over TLS from the token endpoint rely on that.
    ``issuers`` None: any issuer (a provider configured without one)."""
    if not isinstance(id_token, str) or id_token.count(".") != 2:
        return None
    try:
        payload = id_token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(claims, dict):
        return None
    audience = claims.get("aud")
    audiences = audience if isinstance(audience, list) else [audience]
    expires = claims.get("exp")
    if client_id not in audiences or (issuers is not None and claims.get("iss") not in issuers):
        return None
    if not isinstance(expires, (int, float)) or isinstance(expires, bool) or expires < time.time():
        return None
    return claims


def claim(claims: dict[str, Any], dotted: str) -> Any:
    """``claims["a"]["b"]`` for ``"a.b"`` (nested user-info answers), or None."""
    node: Any = claims
    for part in dotted.split("."):
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    return node
