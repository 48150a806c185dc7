"""``/api/two-factor/...``: the account's two-factor settings, its passkeys, the second step of
login and a passkey login, and (with the servers plugin) a server's requirement."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request
from quart_schema import validate_request

from core.auth import client_ip, current_session, current_user, require_user
from core.ratelimit import rate_limit
from plugins.two_factor import audit, login, passkeys, requirements, service
from plugins.two_factor.schemas import (
    PasskeyCreateBody,
    PasskeyLoginBody,
    PasskeyRenameBody,
    ServerRequirementBody,
    TwoFactorConfirmBody,
    TwoFactorLoginBody,
    TwoFactorPasswordBody,
    TwoFactorPasswordCodeBody,
    TwoFactorTicketBody,
)

blueprint = Blueprint("two_factor", __name__, url_prefix="/api/two-factor")
server_blueprint = Blueprint("two_factor_servers", __name__, url_prefix="/api/two-factor/servers")


def _agent() -> str | None:
    return request.headers.get("User-Agent")


@blueprint.get("")
@require_user
@rate_limit("two_factor_status", 30, 60)
async def status() -> Any:
    return await service.status(current_user())


@blueprint.post("/totp/setup")
@require_user
@rate_limit("two_factor_setup", 10, 60)
@validate_request(TwoFactorPasswordBody)
async def setup(data: TwoFactorPasswordBody) -> Any:
    return await service.start_setup(current_user(), data.password)


@blueprint.post("/totp/confirm")
@require_user
@rate_limit("two_factor_confirm", 10, 60)
@validate_request(TwoFactorConfirmBody)
async def confirm(data: TwoFactorConfirmBody) -> Any:
    codes = await service.confirm_setup(
        current_user(), data.code, client_ip(), data.logOutOtherSessions, current_session().id
    )
    return {"recoveryCodes": codes}


@blueprint.post("/totp/disable")
@require_user
@rate_limit("two_factor_disable", 10, 60)
@validate_request(TwoFactorPasswordCodeBody)
async def disable(data: TwoFactorPasswordCodeBody) -> Any:
    await service.disable(current_user(), data.password, data.code, client_ip())
    return {"status": True}


@blueprint.post("/recovery-codes")
@require_user
@rate_limit("two_factor_recovery", 10, 60)
@validate_request(TwoFactorPasswordCodeBody)
async def regenerate(data: TwoFactorPasswordCodeBody) -> Any:
    return {"recoveryCodes": await service.regenerate(current_user(), data.password, data.code, client_ip())}


@blueprint.get("/events")
@require_user
@rate_limit("two_factor_events", 20, 60)
async def events() -> Any:
    return jsonify(await audit.recent(current_user().id))


# --- login ----------------------------------------------------------------------------------


@blueprint.post("/login")
@rate_limit("two_factor_login", 20, 60, by="ip")
@validate_request(TwoFactorLoginBody)
async def complete_login(data: TwoFactorLoginBody) -> Any:
    return await login.complete(data.ticket, data.code, data.passkey, client_ip(), _agent())


@blueprint.post("/login/passkey-options")
@rate_limit("two_factor_login_options", 20, 60, by="ip")
@validate_request(TwoFactorTicketBody)
async def login_passkey_options(data: TwoFactorTicketBody) -> Any:
    return await login.passkey_options_for_ticket(data.ticket)


@blueprint.post("/passkeys/login-options")
@rate_limit("passkey_login_options", 20, 60, by="ip")
async def passkey_login_options() -> Any:
    return await login.passkey_login_options()


@blueprint.post("/passkeys/login")
@rate_limit("passkey_login", 10, 30, by="ip")
@validate_request(PasskeyLoginBody)
async def passkey_login(data: PasskeyLoginBody) -> Any:
    return await login.passkey_login(data.challengeId, data.credential, client_ip(), _agent())


# --- passkeys -------------------------------------------------------------------------------


@blueprint.get("/passkeys")
@require_user
@rate_limit("passkeys_list", 30, 60)
async def passkey_list() -> Any:
    return jsonify(await passkeys.listing(current_user().id))


@blueprint.post("/passkeys/register-options")
@require_user
@rate_limit("passkeys_register_options", 10, 60)
@validate_request(TwoFactorPasswordBody)
async def passkey_register_options(data: TwoFactorPasswordBody) -> Any:
    return await passkeys.registration_options(current_user(), data.password)


@blueprint.post("/passkeys")
@require_user
@rate_limit("passkeys_register", 10, 60)
@validate_request(PasskeyCreateBody)
async def passkey_register(data: PasskeyCreateBody) -> Any:
    return await passkeys.register(current_user(), data.challengeId, data.name, data.credential, client_ip())


@blueprint.patch("/passkeys/<passkey_id>")
@require_user
@rate_limit("passkeys_rename", 20, 60)
@validate_request(PasskeyRenameBody)
async def passkey_rename(passkey_id: str, data: PasskeyRenameBody) -> Any:
    return await passkeys.rename(current_user(), passkey_id, data.name)


@blueprint.delete("/passkeys/<passkey_id>")
@require_user
@rate_limit("passkeys_remove", 20, 60)
async def passkey_remove(passkey_id: str) -> Any:
    await passkeys.remove(current_user(), passkey_id, client_ip())
    return {"status": True}


# --- a server's requirement (with the servers plugin) ---------------------------------------


@server_blueprint.get("/<server_id>")
@require_user
@rate_limit("two_factor_server", 30, 60)
async def server_requirement(server_id: str) -> Any:
    return await requirements.server_setting(current_user(), server_id)


@server_blueprint.put("/<server_id>")
@require_user
@rate_limit("two_factor_server_set", 10, 60)
@validate_request(ServerRequirementBody)
async def set_server_requirement(server_id: str, data: ServerRequirementBody) -> Any:
    return await requirements.set_server_setting(current_user(), server_id, data.required)
