"""Signing in through a provider: the authorize URL (state, nonce, PKCE), then the callback —
the code exchanged, the ID token verified, and the identity matched to an account by the linking
rules — and the two ways a new identity goes on: register a new account, or link an account the
person proves is theirs with its password. Every way in ends in ``finish_login(user, "sso", …)``,
so a second factor the account has is asked for."""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from quart import current_app

from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.identity.passwords import NO_PASSWORD
from plugins.accounts import registration
from plugins.accounts import service as accounts
from plugins.connections import service as connections
from plugins.connections.models import EXTERNAL_ID_MAX, UserConnection
from plugins.connections.oauth import (
    ProviderFailed,
    ProviderRefused,
    claim,
    get_json,
    pkce_pair,
    post_form,
    short,
    with_query,
)
from plugins.connections.providers import OAuthProvider
from plugins.connections.runtime import Runtime, runtime
from plugins.sso import states
from plugins.sso.idtoken import InvalidIdToken, KeyCache, verify
from plugins.sso.usernames import suggested_username

log = logging.getLogger("hearth.sso")

UNREACHABLE = "{name} could not be reached. Try again later."
NOT_VERIFIED = "{name} sent a sign-in that could not be verified. Start signing in again."
EMAIL_MAX = 320


def _cache() -> KeyCache:
    return current_app.extensions.setdefault("sso_keys", KeyCache())


def sign_in_providers() -> list[dict[str, str]]:
    return [{"id": p.id, "name": p.name} for p in runtime().providers.values() if p.sign_in]


def redirect_uri(rt: Runtime, provider: OAuthProvider) -> str:
    """Where the provider sends the browser back: the web app's ``/login/sso/<id>``."""
    return f"{rt.public_url}/login/sso/{provider.id}"


def configured(rt: Runtime, provider_id: str) -> OAuthProvider:
    provider = rt.providers.get(provider_id)
    if provider is None or not provider.sign_in:
        raise ApiError(404, "Provider not found.", "providerId")
    return provider


async def _complete(rt: Runtime, provider: OAuthProvider) -> OAuthProvider:
    try:
        return await rt.endpoints(provider)
    except ProviderFailed as error:
        log.warning("sso: discovery of %s failed: %s", provider.id, error)
        raise ApiError(502, UNREACHABLE.format(name=provider.name)) from None


async def start(provider_id: str) -> str:
    rt = runtime()
    provider = await _complete(rt, configured(rt, provider_id))
    verifier, challenge = pkce_pair()
    state, nonce = await states.create_state(provider.id, verifier, rt.state_seconds)
    scopes = provider.scopes if "openid" in provider.scopes else ("openid", *provider.scopes)
    return with_query(
        provider.authorize_url,
        {
            "response_type": "code",
            "client_id": provider.client_id,
            "redirect_uri": redirect_uri(rt, provider),
            "scope": " ".join(scopes),
            "state": state,
            "nonce": nonce,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        },
    )


async def callback(
    provider_id: str,
    state: str,
    code: str | None,
    error: str | None,
    error_description: str | None,
    ip: str | None,
    agent: str | None,
) -> dict[str, Any]:
    rt = runtime()
    provider = configured(rt, provider_id)
    if not error and not code:
        raise bad_request("code is required.", "code")
    pending = await states.take_state(state, provider.id)
    if error:
        detail = short(error_description or "", 200)
        raise bad_request(
            f"{provider.name} did not sign you in: {short(error, 80)}" + (f" ({detail})." if detail else ".")
        )
    provider = await _complete(rt, provider)
    try:
        async with asyncio.timeout(rt.timeout * 3):
            claims = await _identify(rt, provider, code or "", pending.code_verifier, pending.nonce_hash)
    except ProviderRefused as refused:
        detail = f" ({refused.description})" if refused.description else ""
        raise bad_request(f"{provider.name} refused the code: {refused.error}{detail}.", "code") from None
    except InvalidIdToken as invalid:
        log.warning("sso: an ID token of %s was refused: %s", provider.id, invalid)
        raise bad_request(NOT_VERIFIED.format(name=provider.name)) from None
    except (ProviderFailed, TimeoutError) as failure:
        log.warning("sso: signing in with %s failed: %s", provider.id, failure or "timed out")
        raise ApiError(502, UNREACHABLE.format(name=provider.name)) from None
    return await _match(provider, claims, ip, agent)


async def _identify(rt: Runtime, provider: OAuthProvider, code: str, verifier: str, nonce_hash: str) -> dict:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "redirect_uri": redirect_uri(rt, provider),
        "client_id": provider.client_id,
    }
    basic = None
    if provider.token_auth == "client_secret_post":
        form["client_secret"] = provider.client_secret
    else:
        basic = (provider.client_id, provider.client_secret)
    answer = await post_form(rt.http(), provider.token_url, form, basic)
    claims = await verify(rt, _cache(), provider, answer.get("id_token"), nonce_hash)
    token = answer.get("access_token")
    if provider.userinfo_url and isinstance(token, str) and token:
        extra = await get_json(rt.http(), provider.userinfo_url, bearer=token)
        if extra.get("sub") == claims["sub"]:  # OpenID Connect Core §5.3.2: else it is not this user's
            claims = {**extra, **claims}
    return claims


def _identity(provider: OAuthProvider, claims: dict[str, Any]) -> dict[str, Any]:
    external_id = claim(claims, provider.id_field)
    if isinstance(external_id, bool) or not isinstance(external_id, (str, int)) or not str(external_id).strip():
        raise InvalidIdToken(f"no {provider.id_field!r} claim")
    external_id = str(external_id).strip()
    if len(external_id) > EXTERNAL_ID_MAX:
        raise InvalidIdToken(f"{provider.id_field!r} is too long")
    name = claim(claims, provider.name_field)
    name = short(name, 100).strip() if isinstance(name, (str, int)) and not isinstance(name, bool) else ""
    email = claims.get("email")
    email = email.strip().lower() if isinstance(email, str) and 3 <= len(email.strip()) <= EMAIL_MAX else None
    verified = claims.get("email_verified") in (True, "true")
    return {
        "provider": provider.id,
        "external_id": external_id,
        "display_name": name or None,
        "email": email if email and "@" in email else None,
        "email_verified": bool(email and verified),
    }


async def _match(provider: OAuthProvider, claims: dict[str, Any], ip: str | None, agent: str | None) -> dict:
    """The linking rules: a linked identity logs into its account; a verified e-mail the operator
    allows linking by links the account that has it; anything else waits for a choice (a ticket)."""
    try:
        identity = _identity(provider, claims)
    except InvalidIdToken as invalid:
        log.warning("sso: %s sent claims Hearth cannot use: %s", provider.id, invalid)
        raise bad_request(NOT_VERIFIED.format(name=provider.name)) from None
    linked = await UserConnection.get_or_none(provider=provider.id, external_id=identity["external_id"]).select_related(
        "user"
    )
    if linked is not None and not linked.user.deleted:
        return await accounts.finish_login(linked.user, "sso", ip, agent)
    email = identity["email"]
    owner = await Account.get_or_none(email=email).select_related("user") if email else None
    if (
        owner is not None
        and provider.allow_email_linking
        and identity["email_verified"]
        and not owner.user.deleted
        and not await connections.find(owner.user_id, provider.id)  # never replace a link silently
    ):
        await connections.save(owner.user_id, provider.id, identity["external_id"], identity["display_name"])
        return await accounts.finish_login(owner.user, "sso", ip, agent)
    ticket = await states.create_ticket(**identity)
    mode = await registration.registration_mode()
    return {
        "sso": {
            "ticket": ticket,
            "provider": {"id": provider.id, "name": provider.name},
            "username": suggested_username(identity["display_name"], email),
            "email": email,
            "emailTaken": owner is not None,
            "registration": mode,
            "canRegister": mode in ("open", "sso", "invite"),
        }
    }


async def register(
    ticket: str, username: str, invite_code: str | None, ip: str | None, agent: str | None
) -> dict[str, Any]:
    """A new account for the ticket's identity, linked to it. The provider's e-mail becomes the
    account's when no account has it (confirmed when the provider verified it); otherwise the
    account has a placeholder address until its owner sets one."""
    pending = await states.peek_ticket(ticket)
    invite = await registration.check_allowed(via_sso=True, invite_code=invite_code)
    accounts.check_username_words(username)
    email = pending.email
    if email is None or await Account.exists(email=email):
        email, confirmed = f"sso-{secrets.token_hex(8)}@sso.invalid", False
    else:
        confirmed = pending.email_verified
    # No password: the account signs in through the provider until its owner sets one (Settings ›
    # Account asks for no current password then: accounts' update_account).
    unusable = NO_PASSWORD

    async def link(user: User) -> None:
        await states.spend_ticket(pending)
        await UserConnection.create(
            user_id=user.id,
            provider=pending.provider,
            external_id=pending.external_id,
            display_name=pending.display_name,
        )

    user = await accounts.create_account(
        email, username, unusable, email_confirmed=confirmed, invite_code=invite, inside=link
    )
    return await accounts.finish_login(user, "sso", ip, agent)


async def link_existing(
    ticket: str, email: str | None, username_and_tag: str | None, password: str, ip: str | None, agent: str | None
) -> dict[str, Any]:
    """Link the ticket's identity to the account whose password is given, then log into it."""
    pending = await states.peek_ticket(ticket)
    account = await accounts.authenticate(email, username_and_tag, password)
    if await connections.find(account.user_id, pending.provider):
        raise bad_request("This account is already linked to another account of this provider.")
    async with transaction():
        await states.spend_ticket(pending)
    await connections.save(account.user_id, pending.provider, pending.external_id, pending.display_name)
    return await accounts.finish_login(account.user, "sso", ip, agent)
