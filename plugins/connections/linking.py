"""Linking an account of a generic OAuth2 / OpenID Connect provider: the authorize URL (state and
PKCE), then, when the web app's redirect page posts what the provider sent back, the code
exchanged server-side and the account's id and name read from the user info (or ID token).
Only the provider, the account's id, its name and the time are stored; the provider's tokens are
used once and dropped."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from core.errors import ApiError, bad_request
from core.identity.models import User
from plugins.connections import service, states
from plugins.connections.models import EXTERNAL_ID_MAX
from plugins.connections.oauth import (
    ProviderFailed,
    ProviderRefused,
    access_token_of,
    claim,
    get_json,
    id_token_claims,
    pkce_pair,
    post_form,
    short,
    with_query,
)
from plugins.connections.providers import OAuthProvider
from plugins.connections.runtime import Runtime

log = logging.getLogger("hearth.connections")

STATE_REFUSALS = states.Refusals(
    unknown="Invalid state. Start linking again.",
    other_flow="Invalid state. Start linking again.",
    expired="This link has expired. Start linking again.",
    path="state",
)
UNREACHABLE = "{name} could not be reached. Try again later."


def configured(rt: Runtime, provider_id: str) -> OAuthProvider:
    provider = rt.providers.get(provider_id)
    if provider is None:
        raise ApiError(404, "Provider not found.", "providerId")
    return provider


def redirect_page(provider: OAuthProvider) -> str:
    return f"{provider.id}-redirect"


async def _complete(rt: Runtime, provider: OAuthProvider) -> OAuthProvider:
    try:
        return await rt.endpoints(provider)
    except ProviderFailed as error:
        log.warning("connections: discovery of %s failed: %s", provider.id, error)
        raise ApiError(502, UNREACHABLE.format(name=provider.name)) from None


async def start(rt: Runtime, user: User, provider_id: str) -> str:
    """The provider's authorize URL for this user's new link."""
    provider = await _complete(rt, configured(rt, provider_id))
    verifier, challenge = pkce_pair()
    state = await states.create(user.id, provider.id, verifier, rt.state_seconds)
    params = {
        "response_type": "code",
        "client_id": provider.client_id,
        "redirect_uri": rt.redirect_uri(redirect_page(provider)),
        "state": state,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    if provider.scopes:
        params["scope"] = " ".join(provider.scopes)
    return with_query(provider.authorize_url, params)


async def finish(
    rt: Runtime,
    user: User,
    provider_id: str,
    state: str,
    code: str | None,
    error: str | None,
    error_description: str | None,
) -> dict[str, Any]:
    provider = configured(rt, provider_id)
    if not error and not code:
        raise bad_request("code is required.", "code")
    pending = await states.take(state, provider.id, STATE_REFUSALS, user_id=user.id)
    if error:
        detail = short(error_description or "", 200)
        raise bad_request(
            f"{provider.name} did not link the account: {short(error, 80)}" + (f" ({detail})." if detail else ".")
        )
    provider = await _complete(rt, provider)
    try:
        async with asyncio.timeout(rt.timeout * 2):
            external_id, name = await _identify(rt, provider, code or "", pending.code_verifier)
    except ProviderRefused as refused:
        detail = f" ({refused.description})" if refused.description else ""
        raise bad_request(f"{provider.name} refused the code: {refused.error}{detail}.", "code") from None
    except (ProviderFailed, TimeoutError) as failure:
        log.warning("connections: linking %s failed: %s", provider.id, failure or "timed out")
        raise ApiError(502, UNREACHABLE.format(name=provider.name)) from None
    return await service.save(user.id, provider.id, external_id, name)


async def _identify(rt: Runtime, provider: OAuthProvider, code: str, verifier: str) -> tuple[str, str]:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "redirect_uri": rt.redirect_uri(redirect_page(provider)),
        "client_id": provider.client_id,
    }
    basic = None
    if provider.token_auth == "client_secret_post":
        form["client_secret"] = provider.client_secret
    else:
        basic = (provider.client_id, provider.client_secret)
    answer = await post_form(rt.http(), provider.token_url, form, basic)
    if provider.userinfo_url:
        claims = await get_json(rt.http(), provider.userinfo_url, bearer=access_token_of(answer))
    else:
        claims = id_token_claims(
            answer.get("id_token"), provider.client_id, {provider.issuer} if provider.issuer else None
        )
        if claims is None:
            raise ProviderFailed("no userinfo_url, and no usable ID token")
    external_id = claim(claims, provider.id_field)
    if isinstance(external_id, bool) or not isinstance(external_id, (str, int)) or not str(external_id).strip():
        raise ProviderFailed(f"the user info has no {provider.id_field!r}")
    external_id = str(external_id).strip()
    if len(external_id) > EXTERNAL_ID_MAX:
        raise ProviderFailed(f"{provider.id_field!r} is longer than {EXTERNAL_ID_MAX} characters")
    name = claim(claims, provider.name_field)
    name = short(name, 100).strip() if isinstance(name, (str, int)) and not isinstance(name, bool) else ""
    return external_id, name or external_id
