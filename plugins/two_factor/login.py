"""The second step of login. ``account_login_challenge`` answers a password login of an account
with two-factor: a client that opted in (``X-Hearth-Features: two_factor``) gets
``{twoFactor: {ticket, methods, expiresAt}}`` instead of ``{token}``; a protocol client, which
knows only ``{token}`` or ``{message, path}``, gets a 403 error it shows as it is. The ticket is
then completed with a code, a recovery code or a passkey (``complete``). A passkey alone is also a
way in (``passkey_login``), and needs no second factor."""

from __future__ import annotations

from typing import Any

from quart import has_request_context

from core import features
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.wire import ms
from plugins.accounts.service import finish_login
from plugins.two_factor import challenges, passkeys
from plugins.two_factor.attempts import count_attempt
from plugins.two_factor.models import Authenticator, Challenge, Passkey
from plugins.two_factor.service import check_second_factor

FEATURE = "two_factor"
PASSKEY = "passkey"  # finish_login's method for a passkey login
SECOND_FACTOR = "two_factor"  # and for a login whose second factor was given
PROTOCOL_CLIENT = (
    "This account uses two-factor authentication, which this app does not support. "
    "Log in with Hearth's web app instead."
)
NO_FACTOR = "Enter a code from your authenticator app, a recovery code, or use a passkey."


async def challenge_for(user: User, method: str) -> dict[str, Any] | None:
    if user.bot or method in (PASSKEY, SECOND_FACTOR):
        return None
    authenticator = await Authenticator.get_or_none(user_id=user.id, confirmed_at__isnull=False)
    if authenticator is None:
        return None
    if FEATURE not in (features.of_request() if has_request_context() else features.NONE):
        raise ApiError(403, PROTOCOL_CLIENT)
    ticket, row = await challenges.create(Challenge.LOGIN, user.id)
    methods = ["totp", "recovery"]
    if await Passkey.filter(user_id=user.id).exists():
        methods.append("passkey")
    return {"twoFactor": {"ticket": ticket, "methods": methods, "expiresAt": ms(row.expires_at)}}


async def passkey_options_for_ticket(ticket: str) -> dict[str, Any]:
    row = await challenges.find(ticket, Challenge.LOGIN, "ticket")
    if not await Passkey.filter(user_id=row.user_id).exists():
        raise bad_request("This account has no passkey.", "ticket")
    challenge, options = await passkeys.authentication_options(row.user_id)
    await Challenge.filter(id=row.id).update(challenge=challenge)
    return {"options": options}


async def complete(
    ticket: str, code: str | None, passkey: dict[str, Any] | None, ip: str | None, agent: str | None
) -> dict[str, Any]:
    row = await challenges.find(ticket, Challenge.LOGIN, "ticket")
    if passkey is not None:
        if row.challenge is None:
            raise bad_request("Ask for the passkey options of this login first.", "passkey")
        await count_attempt(row.user_id, ip)
        await passkeys.verify_assertion(passkey, row.challenge, ip, user_id=row.user_id)
    elif code:
        authenticator = await Authenticator.get_or_none(user_id=row.user_id, confirmed_at__isnull=False)
        if authenticator is None:  # two-factor was turned off meanwhile: the password is enough again
            raise bad_request(challenges.EXPIRED_LOGIN, "ticket")
        await check_second_factor(authenticator, code, ip)
    else:
        raise bad_request(NO_FACTOR, "code")
    await challenges.consume(row, "ticket")
    return await finish_login(await User.get(id=row.user_id), SECOND_FACTOR, ip, agent)


async def passkey_login_options() -> dict[str, Any]:
    challenge, options = await passkeys.authentication_options(None)
    secret, _ = await challenges.create(Challenge.PASSKEY_LOGIN, None, challenge)
    return {"challengeId": secret, "options": options}


async def passkey_login(challenge_id: str, credential: dict[str, Any], ip: str | None, agent: str | None) -> dict:
    row = await challenges.find(challenge_id, Challenge.PASSKEY_LOGIN, "challengeId")
    await challenges.consume(row, "challengeId")
    passkey = await passkeys.verify_assertion(credential, row.challenge or "", ip)
    user = await User.get(id=passkey.user_id)
    if user.deleted:
        raise bad_request(passkeys.UNKNOWN, "credential")
    return await finish_login(user, PASSKEY, ip, agent)
