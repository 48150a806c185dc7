"""``/api/sso`` (Hearth's own, no token): start a sign-in with a provider, finish it when the
provider sends the browser back, and go on with a new identity — register, or link an account
with its password. Answers that end a sign-in are ``finish_login``'s: ``{token}``, or a challenge
(a second factor) that the log-in page shows."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, request
from quart_schema import validate_request

from core.auth import client_ip
from core.ratelimit import check, rate_limit
from plugins.sso import service
from plugins.sso.schemas import SsoCallbackBody, SsoLinkBody, SsoRegisterBody

blueprint = Blueprint("sso", __name__, url_prefix="/api/sso")


def _agent() -> str | None:
    return request.headers.get("User-Agent")


@blueprint.post("/<provider_id>/start")
@rate_limit("sso-start", 10, 60, by="ip")
async def start(provider_id: str) -> Any:
    """``{url}``: the provider's authorize page with a new state, nonce and PKCE challenge."""
    return {"url": await service.start(provider_id)}


@blueprint.post("/<provider_id>/callback")
@rate_limit("sso-callback", 10, 60, by="ip")
@validate_request(SsoCallbackBody)
async def callback(provider_id: str, data: SsoCallbackBody) -> Any:
    return await service.callback(
        provider_id, data.state, data.code, data.error, data.errorDescription, client_ip(), _agent()
    )


@blueprint.post("/register")
@validate_request(SsoRegisterBody)
async def register(data: SsoRegisterBody) -> Any:
    await check("sso-register", 5, 30, by="ip", message="Something went wrong! Please try again in 1 minute.")
    return await service.register(data.ticket, data.username, data.inviteCode, client_ip(), _agent())


@blueprint.post("/link")
@rate_limit("sso-link", 10, 30, by="ip")
@validate_request(SsoLinkBody)
async def link(data: SsoLinkBody) -> Any:
    return await service.link_existing(
        data.ticket, data.email, data.usernameAndTag, data.password, client_ip(), _agent()
    )
