"""A local OAuth2 / OpenID Connect provider (aiohttp on a free port) for the connections tests:
discovery, an authorize page that sends the browser straight back with a code (or an error), a
token endpoint that checks the client, the redirect URI and the PKCE verifier, user info, refresh
and revocation. It plays Google too (its ID tokens then name Google's issuer). It records what it
was asked and can be told to refuse codes or to fail."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlencode

import pytest
from aiohttp import web

from tests.support import free_port

CLIENTS = {"hearth-client": "hearth-secret", "google-client": "google-secret"}
GOOGLE_ISSUER = "https://accounts.google.com"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def id_token(claims: dict[str, Any]) -> str:
    """A token shaped like a JWT (Hearth reads ID tokens from the token endpoint without checking signatures)."""
    return ".".join([_b64(b'{"alg":"RS256"}'), _b64(json.dumps(claims).encode()), _b64(b"signature")])


@dataclass
class FakeProvider:
    port: int
    # the account the next authorisation links
    account: dict[str, Any] = field(default_factory=lambda: {"sub": "ext-1", "preferred_username": "alice"})
    authorize_calls: list[dict[str, str]] = field(default_factory=list)
    token_calls: list[dict[str, str]] = field(default_factory=list)
    revoked: list[str] = field(default_factory=list)
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    access_tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    # "ok"; "deny" (authorize answers access_denied); "refuse" (token: invalid_grant); "down" (500, not JSON);
    # "no-refresh" (no refresh_token); "no-id-token"; "alien-id-token" (an ID token for another client)
    mode: str = "ok"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def oidc_settings(self, **entry: Any) -> dict[str, Any]:
        """Hearth's settings for a provider ``fake`` found by OpenID Connect discovery."""
        return {
            "connections.providers": {
                "fake": {
                    "name": "Fake ID",
                    "client_id": "hearth-client",
                    "client_secret": "hearth-secret",
                    "issuer": self.url,
                    **entry,
                }
            }
        }

    def google_settings(self) -> dict[str, Any]:
        return {
            "connections.google_client_id": "google-client",
            "connections.google_client_secret": "google-secret",
            "connections.google_authorize_url": f"{self.url}/authorize",
            "connections.google_token_url": f"{self.url}/token",
            "connections.google_revoke_url": f"{self.url}/revoke",
        }

    def issuer_for(self, client_id: str) -> str:
        return GOOGLE_ISSUER if client_id == "google-client" else self.url


def _client(request: web.Request, form: dict[str, str]) -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Basic "):
        client_id, _, secret = (unquote(part) for part in base64.b64decode(header[6:]).decode().partition(":"))
    else:
        client_id, secret = form.get("client_id", ""), form.get("client_secret", "")
    return client_id if CLIENTS.get(client_id) == secret else None


def _error(error: str, description: str, status: int = 400) -> web.Response:
    return web.json_response({"error": error, "error_description": description}, status=status)


@pytest.fixture
async def provider() -> AsyncIterator[FakeProvider]:
    fake = FakeProvider(port=free_port())

    async def discovery(request: web.Request) -> web.Response:
        return web.json_response(
            {
                "issuer": fake.url,
                "authorization_endpoint": f"{fake.url}/authorize",
                "token_endpoint": f"{fake.url}/token",
                "userinfo_endpoint": f"{fake.url}/userinfo",
            }
        )

    async def authorize(request: web.Request) -> web.Response:
        query = dict(request.query)
        fake.authorize_calls.append(query)
        back = query.get("redirect_uri", "")
        if query.get("client_id") not in CLIENTS or not back:
            return web.Response(status=400, text="unknown client")
        if fake.mode == "deny":
            answer = {"error": "access_denied", "error_description": "The user said no"}
        else:
            code = secrets.token_urlsafe(16)
            fake.codes[code] = {
                "client_id": query["client_id"],
                "redirect_uri": back,
                "account": dict(fake.account),
                "challenge": query.get("code_challenge"),
                "method": query.get("code_challenge_method"),
            }
            answer = {"code": code}
        if "state" in query:
            answer["state"] = query["state"]
        raise web.HTTPFound(f"{back}{'&' if '?' in back else '?'}{urlencode(answer)}")

    async def token(request: web.Request) -> web.Response:
        form = dict(await request.post())
        fake.token_calls.append(form)
        if fake.mode == "down":
            return web.Response(status=500, text="<html>down</html>", content_type="text/html")
        client_id = _client(request, form)
        if client_id is None:
            return _error("invalid_client", "Unknown client or wrong secret", 401)
        if form.get("grant_type") == "refresh_token":
            if not form.get("refresh_token", "").startswith("refresh-"):
                return _error("invalid_grant", "Bad refresh token")
            access = secrets.token_urlsafe(16)
            fake.access_tokens[access] = {}
            return web.json_response({"access_token": access, "expires_in": 3599, "token_type": "Bearer"})
        grant = fake.codes.pop(form.get("code", ""), None)
        if fake.mode == "refuse" or grant is None:
            return _error("invalid_grant", "The code is wrong or was used")
        if grant["client_id"] != client_id or grant["redirect_uri"] != form.get("redirect_uri"):
            return _error("invalid_grant", "The redirect URI does not match")
        verifier = form.get("code_verifier", "")
        if grant["challenge"] and (
            grant["method"] != "S256" or _b64(hashlib.sha256(verifier.encode()).digest()) != grant["challenge"]
        ):
            return _error("invalid_grant", "PKCE verification failed")
        access = secrets.token_urlsafe(16)
        fake.access_tokens[access] = grant["account"]
        answer: dict[str, Any] = {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": 3599,
            "refresh_token": f"refresh-{secrets.token_urlsafe(8)}",
        }
        audience = "someone-else" if fake.mode == "alien-id-token" else client_id
        answer["id_token"] = id_token(
            {"iss": fake.issuer_for(client_id), "aud": audience, "exp": int(time.time()) + 600, **grant["account"]}
        )
        if fake.mode == "no-refresh":
            del answer["refresh_token"]
        if fake.mode == "no-id-token":
            del answer["id_token"]
        return web.json_response(answer)

    async def userinfo(request: web.Request) -> web.Response:
        access = request.headers.get("Authorization", "").removeprefix("Bearer ")
        if access not in fake.access_tokens:
            return _error("invalid_token", "Unknown access token", 401)
        return web.json_response(fake.access_tokens[access])

    async def revoke(request: web.Request) -> web.Response:
        fake.revoked.append(str((await request.post()).get("token", "")))
        return web.json_response({})

    app = web.Application()
    app.router.add_get("/.well-known/openid-configuration", discovery)
    app.router.add_get("/authorize", authorize)
    app.router.add_post("/token", token)
    app.router.add_get("/userinfo", userinfo)
    app.router.add_post("/revoke", revoke)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", fake.port).start()
    yield fake
    await runner.cleanup()
