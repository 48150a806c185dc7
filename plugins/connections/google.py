"""The reference's Google and Google Drive links (rest.md §12): the consent URL with a state
token, the code exchanged server-side, Drive's access token refreshed on demand. Google's
endpoints come from ``[connections]`` (the tests point them at a local stand-in).

Stored: for Google, the account's subject id (``sub``, so it can later sign in); for Drive, the
refresh token, sealed (``sealing``), which the access-token route needs. Nothing else."""

from __future__ import annotations

import asyncio
import logging

from core.errors import bad_request
from core.identity.models import User
from plugins.connections import service, states
from plugins.connections.models import EXTERNAL_ID_MAX
from plugins.connections.oauth import (
    ProviderFailed,
    ProviderRefused,
    access_token_of,
    id_token_claims,
    pkce_pair,
    post_form,
    with_query,
)
from plugins.connections.providers import GOOGLE, GOOGLE_DRIVE, GoogleConfig
from plugins.connections.runtime import Runtime
from plugins.connections.sealing import seal, unseal

log = logging.getLogger("hearth.connections")

NOT_SET_UP = "Google is not set up on this server."
DRIVE_SCOPE = "https://www.googleapis.com/auth/drive.file"
GOOGLE_ISSUERS = {"https://accounts.google.com", "accounts.google.com"}
STATE_REFUSALS = states.Refusals(
    unknown="Token expired. Please try again.",
    other_flow="Invalid token.",
    expired="Token expired. Please try again.",
    path=None,
)
INVALID_CODE = "Invalid code."
NOT_CONNECTED = "Account not connected to Google."


def _page(provider: str) -> str:
    return "google-drive-redirect" if provider == GOOGLE_DRIVE else "google-redirect"


def config(rt: Runtime) -> GoogleConfig:
    if rt.google is None:
        raise bad_request(NOT_SET_UP)
    return rt.google


async def create_link(rt: Runtime, user: User | None, provider: str, login: bool = False) -> str:
    """The consent URL: ``login`` sends the code to the login page and carries no state."""
    google = config(rt)
    params = {
        "access_type": "offline",
        "prompt": "consent",
        "response_type": "code",
        "client_id": google.client_id,
        "scope": DRIVE_SCOPE if provider == GOOGLE_DRIVE else "openid",
    }
    if login:
        params["redirect_uri"] = f"{rt.public_url}/login"
    else:
        assert user is not None
        verifier, challenge = pkce_pair()
        params.update(
            {
                "redirect_uri": rt.redirect_uri(_page(provider)),
                "code_challenge": challenge,
                "code_challenge_method": "S256",
                "state": await states.create(user.id, provider, verifier, rt.state_seconds),
            }
        )
    return with_query(google.authorize_url, params)


async def link(rt: Runtime, provider: str, state: str, code: str) -> dict:
    google = config(rt)
    pending = await states.take(state, provider, STATE_REFUSALS)
    user = await User.get_or_none(id=pending.user_id, deleted=False)
    if user is None:
        raise bad_request("Invalid user Id")
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": pending.code_verifier,
        "redirect_uri": rt.redirect_uri(_page(provider)),
        "client_id": google.client_id,
        "client_secret": google.client_secret,
    }
    try:
        async with asyncio.timeout(rt.timeout):
            answer = await post_form(rt.http(), google.token_url, form)
    except (ProviderRefused, ProviderFailed, TimeoutError) as failure:
        log.info("connections: Google refused or failed a code: %s", failure or "timed out")
        raise bad_request(INVALID_CODE) from None
    if provider == GOOGLE_DRIVE:
        refresh = answer.get("refresh_token")
        if not isinstance(refresh, str) or not refresh:
            raise bad_request(INVALID_CODE)
        data = await service.save(user.id, GOOGLE_DRIVE, None, None, seal(rt.settings, refresh))
        if isinstance(answer.get("access_token"), str):
            rt.keep_drive_token(user.id, answer["access_token"], answer.get("expires_in"))
        return data
    if not isinstance(answer.get("id_token"), str) or not answer["id_token"]:
        raise bad_request("Invalid code or missing ID token.")
    claims = id_token_claims(answer["id_token"], google.client_id, GOOGLE_ISSUERS)
    subject = claims.get("sub") if claims else None
    if not isinstance(subject, str) or not subject or len(subject) > EXTERNAL_ID_MAX:
        raise bad_request("Invalid ID token payload.")
    return await service.save(user.id, GOOGLE, subject, None)


async def unlink(rt: Runtime, user: User, provider: str) -> None:
    """Works even once Google is no longer set up, so nobody is left with a link they cannot remove."""
    connection = await service.find(user.id, provider)
    if connection is None:
        raise bad_request(NOT_CONNECTED)
    if provider == GOOGLE_DRIVE:
        rt.forget_drive_token(user.id)
        refresh = unseal(rt.settings, connection.secret or "")
        if rt.google is not None and refresh:
            await _revoke(rt, rt.google, refresh)
    await service.remove(connection)


async def _revoke(rt: Runtime, google: GoogleConfig, token: str) -> None:
    try:
        async with asyncio.timeout(rt.timeout):
            await post_form(rt.http(), google.revoke_url, {"token": token})
    except (ProviderRefused, ProviderFailed, TimeoutError) as failure:  # best effort, as upstream
        log.info("connections: revoking a Google Drive token failed: %s", failure or "timed out")


async def drive_access_token(rt: Runtime, user: User) -> str:
    google = config(rt)
    cached = rt.cached_drive_token(user.id)
    if cached:
        return cached
    connection = await service.find(user.id, GOOGLE_DRIVE)
    if connection is None:
        raise bad_request("You have not linked your Google account.")
    refresh = unseal(rt.settings, connection.secret or "")
    if not refresh:
        raise bad_request("Something went wrong.")
    form = {
        "grant_type": "refresh_token",
        "refresh_token": refresh,
        "client_id": google.client_id,
        "client_secret": google.client_secret,
    }
    try:
        async with asyncio.timeout(rt.timeout):
            answer = await post_form(rt.http(), google.token_url, form)
        token = access_token_of(answer)
    except (ProviderRefused, ProviderFailed, TimeoutError) as failure:
        log.info("connections: refreshing a Google Drive token failed: %s", failure or "timed out")
        raise bad_request("Something went wrong.") from None
    rt.keep_drive_token(user.id, token, answer.get("expires_in"))
    return token
