"""The providers the operator configured in ``[connections]``: Google (rest.md §12) and any number
of generic OAuth2 / OpenID Connect providers (``[connections.providers.<id>]``). A provider whose
entry is incomplete is left out with one error in the log, so a typo never stops the server."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from core.settings import Settings

log = logging.getLogger("hearth.connections")

GOOGLE = "GOOGLE"
GOOGLE_DRIVE = "GOOGLE_DRIVE"
# Ids of generic providers: the redirect page is /connections/<id>-redirect, and "google" and
# "google-drive" already name the reference's Google pages.
PROVIDER_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
RESERVED_IDS = frozenset({"google", "google-drive"})
TOKEN_AUTH_METHODS = ("client_secret_basic", "client_secret_post")


@dataclass(frozen=True)
class OAuthProvider:
    id: str
    name: str
    client_id: str
    client_secret: str
    issuer: str  # "" unless OpenID Connect discovery is used
    authorize_url: str  # "" until discovered
    token_url: str
    userinfo_url: str
    scopes: tuple[str, ...]
    id_field: str
    name_field: str
    token_auth: str
    # Single sign-on (plugins/sso): offered on the log-in and register pages; needs an issuer.
    sign_in: bool = False
    # Single sign-on may link an account whose e-mail matches the provider's verified e-mail.
    allow_email_linking: bool = False
    jwks_url: str = ""  # "" until discovered

    def wire(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "kind": "oauth2"}


@dataclass(frozen=True)
class GoogleConfig:
    client_id: str
    client_secret: str
    authorize_url: str
    token_url: str
    revoke_url: str


def _http_url(value: Any) -> str:
    if not isinstance(value, str) or not value:
        return ""
    parts = urlsplit(value)
    return value if parts.scheme in ("http", "https") and parts.hostname else ""


def _text(entry: dict[str, Any], key: str, default: str = "") -> str:
    value = entry.get(key, default)
    return value.strip() if isinstance(value, str) else default


def parse_provider(provider_id: str, entry: Any) -> OAuthProvider | None:
    """One ``[connections.providers.<id>]`` table, or None (logged) when it cannot work."""

    def refuse(reason: str) -> None:
        log.error("connections: provider %r is left out: %s", provider_id, reason)

    if not PROVIDER_ID.fullmatch(provider_id) or provider_id in RESERVED_IDS:
        refuse("its id must be 1-32 lower-case letters, digits, '-' or '_', and not google or google-drive")
        return None
    if not isinstance(entry, dict):
        refuse("it must be a table")
        return None
    client_id, client_secret = _text(entry, "client_id"), _text(entry, "client_secret")
    if not client_id or not client_secret:
        refuse("client_id and client_secret are required")
        return None
    issuer = _http_url(_text(entry, "issuer")).rstrip("/")
    urls = {key: _http_url(_text(entry, key)) for key in ("authorize_url", "token_url", "userinfo_url")}
    for key in urls:
        if _text(entry, key) and not urls[key]:
            refuse(f"{key} must be an http(s) URL")
            return None
    if _text(entry, "issuer") and not issuer:
        refuse("issuer must be an http(s) URL")
        return None
    if not issuer and not (urls["authorize_url"] and urls["token_url"]):
        refuse("give issuer (OpenID Connect discovery), or authorize_url and token_url")
        return None
    scopes = entry.get("scopes", ["openid", "profile"] if issuer else [])
    if isinstance(scopes, str):
        scopes = scopes.split()
    if not isinstance(scopes, list) or not all(isinstance(s, str) and s and " " not in s for s in scopes):
        refuse("scopes must be a list of words")
        return None
    sign_in, allow_email_linking = entry.get("sign_in", False), entry.get("allow_email_linking", False)
    if not isinstance(sign_in, bool) or not isinstance(allow_email_linking, bool):
        refuse("sign_in and allow_email_linking must be true or false")
        return None
    if sign_in and not issuer:
        refuse("sign_in needs an issuer (OpenID Connect discovery: the ID token's keys)")
        return None
    token_auth = _text(entry, "token_auth", "client_secret_basic")
    if token_auth not in TOKEN_AUTH_METHODS:
        refuse(f"token_auth must be one of {', '.join(TOKEN_AUTH_METHODS)}")
        return None
    return OAuthProvider(
        id=provider_id,
        name=_text(entry, "name") or provider_id,
        client_id=client_id,
        client_secret=client_secret,
        issuer=issuer,
        authorize_url=urls["authorize_url"],
        token_url=urls["token_url"],
        userinfo_url=urls["userinfo_url"],
        scopes=tuple(scopes),
        id_field=_text(entry, "id_field") or "sub",
        name_field=_text(entry, "name_field") or "preferred_username",
        token_auth=token_auth,
        sign_in=sign_in,
        allow_email_linking=allow_email_linking,
    )


def oauth_providers(settings: Settings) -> dict[str, OAuthProvider]:
    """The usable generic providers by id, in the order the configuration lists them."""
    table = settings.get("connections.providers", {}) or {}
    if not isinstance(table, dict):
        log.error("connections: [connections.providers] must be a table of providers")
        return {}
    found = (parse_provider(str(provider_id), entry) for provider_id, entry in table.items())
    return {provider.id: provider for provider in found if provider is not None}


def google_config(settings: Settings) -> GoogleConfig | None:
    """Google's client, or None while ``google_client_id`` / ``google_client_secret`` are empty."""
    get = settings.get
    client_id = str(get("connections.google_client_id", "") or "").strip()
    client_secret = str(get("connections.google_client_secret", "") or "").strip()
    if not client_id or not client_secret:
        return None
    return GoogleConfig(
        client_id=client_id,
        client_secret=client_secret,
        authorize_url=str(
            get("connections.google_authorize_url", "") or "https://accounts.google.com/o/oauth2/v2/auth"
        ),
        token_url=str(get("connections.google_token_url", "") or "https://oauth2.googleapis.com/token"),
        revoke_url=str(get("connections.google_revoke_url", "") or "https://oauth2.googleapis.com/revoke"),
    )
