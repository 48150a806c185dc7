"""What one app keeps for connections: the configured providers (read once), the HTTP session to
reach them, each OpenID provider's discovered endpoints and Google Drive access tokens."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp
from quart import current_app

from core.context import hearth
from core.settings import Settings
from plugins.connections.oauth import ProviderFailed, get_json
from plugins.connections.providers import GoogleConfig, OAuthProvider, google_config, oauth_providers

log = logging.getLogger("hearth.connections")

DRIVE_TOKEN_MARGIN_S = 600  # an access token is handed out until 10 minutes before Google's expiry
DRIVE_TOKEN_CACHE_MAX = 10_000


@dataclass
class Runtime:
    settings: Settings
    providers: dict[str, OAuthProvider]
    google: GoogleConfig | None
    state_seconds: int
    timeout: float
    public_url: str
    session: aiohttp.ClientSession | None = None
    drive_tokens: dict[int, tuple[float, str]] = field(default_factory=dict)
    discovered: set[str] = field(default_factory=set)

    @classmethod
    def from_settings(cls, settings: Settings) -> Runtime:
        providers = oauth_providers(settings)
        google = google_config(settings)
        log.info("connections: %s provider(s) configured%s", len(providers), ", Google on" if google else "")
        return cls(
            settings=settings,
            providers=providers,
            google=google,
            state_seconds=max(30, int(settings.get("connections.state_seconds", 300))),
            timeout=float(settings.get("connections.timeout_seconds", 10)),
            public_url=str(settings.get("server.public_url", "") or "").rstrip("/"),
        )

    def http(self) -> aiohttp.ClientSession:
        if self.session is None or self.session.closed:
            self.session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=self.timeout), cookie_jar=aiohttp.DummyCookieJar()
            )
        return self.session

    def redirect_uri(self, page: str) -> str:
        """Where a provider sends the browser back: the web app's ``/connections/<page>``."""
        return f"{self.public_url}/connections/{page}"

    async def endpoints(self, provider: OAuthProvider) -> OAuthProvider:
        """The provider with its discovered endpoints filled in (OpenID Connect discovery, asked
        once per process and again after a failure); configured URLs win over discovered ones."""
        if not provider.issuer or provider.id in self.discovered:
            return provider
        try:
            async with asyncio.timeout(self.timeout):
                found = await get_json(self.http(), f"{provider.issuer}/.well-known/openid-configuration")
        except TimeoutError:
            raise ProviderFailed("discovery timed out") from None
        if str(found.get("issuer", "")).rstrip("/") != provider.issuer:
            raise ProviderFailed(f"discovery names another issuer: {found.get('issuer')!r}")
        urls = {key: found.get(key) for key in ("authorization_endpoint", "token_endpoint", "userinfo_endpoint")}
        if not all(
            isinstance(urls[key], str) and urls[key].startswith(("http://", "https://"))
            for key in ("authorization_endpoint", "token_endpoint")
        ):
            raise ProviderFailed("discovery without authorization_endpoint and token_endpoint")
        userinfo = urls["userinfo_endpoint"] if isinstance(urls["userinfo_endpoint"], str) else ""
        jwks = found.get("jwks_uri")
        complete = replace(
            provider,
            authorize_url=provider.authorize_url or urls["authorization_endpoint"],
            token_url=provider.token_url or urls["token_endpoint"],
            userinfo_url=provider.userinfo_url or userinfo,
            jwks_url=jwks if isinstance(jwks, str) and jwks.startswith(("http://", "https://")) else "",
        )
        self.providers[provider.id] = complete
        self.discovered.add(provider.id)
        return complete

    def cached_drive_token(self, user_id: int) -> str | None:
        found = self.drive_tokens.get(user_id)
        return found[1] if found and found[0] > time.monotonic() else None

    def keep_drive_token(self, user_id: int, token: str, expires_in: Any) -> None:
        tokens = self.drive_tokens
        seconds = expires_in if isinstance(expires_in, (int, float)) and not isinstance(expires_in, bool) else 3600
        if len(tokens) >= DRIVE_TOKEN_CACHE_MAX:
            now = time.monotonic()
            for key in [k for k, (until, _) in tokens.items() if until <= now] or list(tokens)[:1]:
                tokens.pop(key, None)
        tokens[user_id] = (time.monotonic() + max(0.0, seconds - DRIVE_TOKEN_MARGIN_S), token)

    def forget_drive_token(self, user_id: int) -> None:
        self.drive_tokens.pop(user_id, None)


def runtime() -> Runtime:
    found = current_app.extensions.get("connections")
    if found is None:
        found = current_app.extensions["connections"] = Runtime.from_settings(hearth().settings)
    return found


async def close_client(app: Any) -> None:
    found = app.extensions.get("connections")
    if found is not None and found.session is not None:
        await found.session.close()
