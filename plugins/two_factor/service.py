"""Turning two-factor on and off, recovery codes, and checking a second factor."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.identity.sessions import revoke_sessions
from plugins.accounts.service import require_password
from plugins.two_factor import audit, codes
from plugins.two_factor.attempts import count_attempt
from plugins.two_factor.models import Authenticator, Passkey, RecoveryCode
from plugins.two_factor.sealing import seal, unseal

ALREADY_ON = "Two-factor authentication is already on."
NOT_ON = "Two-factor authentication is not on."
NO_SETUP = "Start setting up two-factor authentication first."
INVALID_CODE = "Invalid code."
USED_CODE = "This code was already used. Wait for the next one."


async def enabled(user_id: int) -> bool:
    return await Authenticator.filter(user_id=user_id, confirmed_at__isnull=False).exists()


async def status(user: User) -> dict[str, Any]:
    authenticator = await Authenticator.get_or_none(user_id=user.id, confirmed_at__isnull=False)
    return {
        "enabled": authenticator is not None,
        "recoveryCodesLeft": await RecoveryCode.filter(user_id=user.id, used_at__isnull=True).count()
        if authenticator
        else 0,
        "passkeys": await Passkey.filter(user_id=user.id).count(),
    }


async def start_setup(user: User, password: str) -> dict[str, str]:
    """A new secret, pending until a code made from it is confirmed (a setup started again
    replaces the pending one)."""
    account = await require_password(user.id, password)
    if await enabled(user.id):
        raise bad_request(ALREADY_ON)
    secret = codes.new_secret()
    settings = hearth().settings
    async with transaction():
        await Authenticator.filter(user_id=user.id).delete()
        await Authenticator.create(user_id=user.id, sealed_secret=seal(settings, secret))
    uri = codes.provisioning_uri(secret, _account_label(user, account), _issuer())
    return {"secret": secret, "uri": uri, "qrSvg": codes.qr_svg(uri)}


def _issuer() -> str:
    return str(hearth().settings.get("server.name") or "Hearth")


def _account_label(user: User, account: Account) -> str:
    return f"{user.username}:{user.tag}" if not account.email else account.email


async def confirm_setup(
    user: User, code: str, ip: str | None, log_out_others: bool, session_id: int | None
) -> list[str]:
    await count_attempt(user.id, ip)
    pending = await Authenticator.get_or_none(user_id=user.id)
    if pending is None:
        raise bad_request(NO_SETUP)
    if pending.confirmed_at is not None:
        raise bad_request(ALREADY_ON)
    step = codes.matching_step(_secret(pending), code)
    if step is None:
        await audit.record(user.id, audit.CODE_REFUSED, ip, "setup")
        raise bad_request(INVALID_CODE, "code")
    recovery = codes.new_recovery_codes()
    async with transaction():
        turned_on = await Authenticator.filter(id=pending.id, confirmed_at__isnull=True).update(
            confirmed_at=datetime.now(UTC), last_step=step
        )
        if not turned_on:  # a confirmation at the same moment won
            raise bad_request(ALREADY_ON)
        await _replace_recovery_codes(user.id, recovery)
        await audit.record(user.id, audit.ENABLED, ip)
        ended = await revoke_sessions(user.id, keep=session_id) if log_out_others else []
    for ended_id in ended:
        await hearth().gateway.kick(f"ses:{ended_id}", "Session Destroyed.")
    return recovery


async def disable(user: User, password: str, code: str, ip: str | None) -> None:
    await require_password(user.id, password)
    authenticator = await _enabled_authenticator(user.id)
    await check_second_factor(authenticator, code, ip)
    async with transaction():
        await Authenticator.filter(id=authenticator.id).delete()
        await RecoveryCode.filter(user_id=user.id).delete()
        await audit.record(user.id, audit.DISABLED, ip)


async def regenerate(user: User, password: str, code: str, ip: str | None) -> list[str]:
    await require_password(user.id, password)
    authenticator = await _enabled_authenticator(user.id)
    await check_second_factor(authenticator, code, ip)
    recovery = codes.new_recovery_codes()
    async with transaction():
        await _replace_recovery_codes(user.id, recovery)
        await audit.record(user.id, audit.RECOVERY_REGENERATED, ip)
    return recovery


async def _enabled_authenticator(user_id: int) -> Authenticator:
    authenticator = await Authenticator.get_or_none(user_id=user_id, confirmed_at__isnull=False)
    if authenticator is None:
        raise bad_request(NOT_ON)
    return authenticator


async def _replace_recovery_codes(user_id: int, recovery: list[str]) -> None:
    await RecoveryCode.filter(user_id=user_id).delete()
    await RecoveryCode.bulk_create([RecoveryCode(user_id=user_id, code_hash=codes.recovery_hash(c)) for c in recovery])


def _secret(authenticator: Authenticator) -> str:
    secret = unseal(hearth().settings, authenticator.sealed_secret)
    if secret is None:  # the instance key changed: the secret cannot be read any more
        raise ApiError(400, "Two-factor cannot be checked on this server any more: use a recovery code.", "code")
    return secret


async def check_second_factor(authenticator: Authenticator, code: str, ip: str | None) -> None:
    """A TOTP code (each time-step once) or an unused recovery code (used up now); counted."""
    user_id = authenticator.user_id
    await count_attempt(user_id, ip)
    if codes.is_recovery_code(code):
        if await RecoveryCode.filter(user_id=user_id, code_hash=codes.recovery_hash(code), used_at__isnull=True).update(
            used_at=datetime.now(UTC)
        ):
            await audit.record(user_id, audit.RECOVERY_USED, ip)
            return
        await audit.record(user_id, audit.CODE_REFUSED, ip, "recovery")
        raise bad_request(INVALID_CODE, "code")
    step = codes.matching_step(_secret(authenticator), code)
    if step is None:
        await audit.record(user_id, audit.CODE_REFUSED, ip)
        raise bad_request(INVALID_CODE, "code")
    # One winner per time-step: the update only passes while the last accepted step is older.
    if not await Authenticator.filter(id=authenticator.id, last_step__lt=step).update(last_step=step):
        await audit.record(user_id, audit.CODE_REFUSED, ip, "replay")
        raise bad_request(USED_CODE, "code")
    await audit.record(user_id, audit.CODE_ACCEPTED, ip)
