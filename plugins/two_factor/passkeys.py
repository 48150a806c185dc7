"""Passkeys (WebAuthn, py_webauthn): registration, listing, and checking an assertion, with the
relying party named by ``server.public_url`` (its host is the RP id, its origin the origin)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from tortoise.exceptions import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from core.context import hearth
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.accounts.service import require_password
from plugins.two_factor import audit, challenges
from plugins.two_factor.models import Challenge, Passkey

MAX_PASSKEYS = 10
NOT_VERIFIED = "The passkey could not be verified."
UNKNOWN = "This passkey is not registered here."
NOT_FOUND = "Passkey not found."


def relying_party() -> tuple[str, str]:
    public = urlsplit(str(hearth().settings.server.public_url))
    return public.hostname or "localhost", f"{public.scheme}://{public.netloc}"


def wire(passkey: Passkey) -> dict[str, Any]:
    return {
        "id": str(passkey.id),
        "name": passkey.name,
        "createdAt": ms(passkey.created_at),
        "lastUsedAt": ms(passkey.last_used_at) if passkey.last_used_at else None,
    }


async def listing(user_id: int) -> list[dict[str, Any]]:
    return [wire(p) for p in await Passkey.filter(user_id=user_id).order_by("id").limit(MAX_PASSKEYS)]


async def registration_options(user: User, password: str) -> dict[str, Any]:
    await require_password(user.id, password)
    existing = await Passkey.filter(user_id=user.id).values_list("credential_id", flat=True)
    if len(existing) >= MAX_PASSKEYS:
        raise bad_request(f"You can have at most {MAX_PASSKEYS} passkeys.")
    rp_id, _ = relying_party()
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name="Hearth",
        user_id=str(user.id).encode(),
        user_name=f"{user.username}:{user.tag}",
        user_display_name=user.username,
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in existing],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
    )
    secret, _ = await challenges.create(Challenge.PASSKEY_REGISTER, user.id, bytes_to_base64url(options.challenge))
    return {"challengeId": secret, "options": json.loads(options_to_json(options))}


async def register(user: User, challenge_id: str, name: str, credential: dict[str, Any], ip: str | None) -> dict:
    row = await challenges.find(challenge_id, Challenge.PASSKEY_REGISTER, "challengeId", user.id)
    await challenges.consume(row, "challengeId")
    rp_id, origin = relying_party()
    try:
        verified = await asyncio.to_thread(
            verify_registration_response,
            credential=credential,
            expected_challenge=base64url_to_bytes(row.challenge or ""),
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except Exception:  # py_webauthn raises many kinds for a forged or malformed credential
        raise bad_request(NOT_VERIFIED, "credential") from None
    if await Passkey.filter(user_id=user.id).count() >= MAX_PASSKEYS:
        raise bad_request(f"You can have at most {MAX_PASSKEYS} passkeys.")
    try:
        passkey = await Passkey.create(
            user_id=user.id,
            credential_id=bytes_to_base64url(verified.credential_id),
            public_key=bytes_to_base64url(verified.credential_public_key),
            sign_count=verified.sign_count,
            name=name.strip() or "Passkey",
        )
    except IntegrityError:
        raise bad_request("This passkey is already registered.", "credential") from None
    await audit.record(user.id, audit.PASSKEY_ADDED, ip, passkey.name)
    return wire(passkey)


async def _owned(user: User, passkey_id: str) -> Passkey:
    parsed = parse_id(passkey_id)
    passkey = await Passkey.get_or_none(id=parsed, user_id=user.id) if parsed is not None else None
    if passkey is None:
        raise ApiError(404, NOT_FOUND, "passkeyId")
    return passkey


async def rename(user: User, passkey_id: str, name: str) -> dict[str, Any]:
    passkey = await _owned(user, passkey_id)
    passkey.name = name.strip() or passkey.name
    await passkey.save(update_fields=["name"])
    return wire(passkey)


async def remove(user: User, passkey_id: str, ip: str | None) -> None:
    passkey = await _owned(user, passkey_id)
    if await Passkey.filter(id=passkey.id).delete():
        await audit.record(user.id, audit.PASSKEY_REMOVED, ip, passkey.name)


async def authentication_options(user_id: int | None) -> tuple[str, dict[str, Any]]:
    """Options for an assertion: of ``user_id``'s passkeys (a second factor), or of any
    discoverable one (a login without a password), which must then verify the user."""
    rp_id, _ = relying_party()
    allowed = []
    if user_id is not None:
        allowed = [
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(c))
            for c in await Passkey.filter(user_id=user_id).limit(MAX_PASSKEYS).values_list("credential_id", flat=True)
        ]
    options = generate_authentication_options(
        rp_id=rp_id,
        allow_credentials=allowed or None,
        user_verification=UserVerificationRequirement.PREFERRED if user_id else UserVerificationRequirement.REQUIRED,
    )
    return bytes_to_base64url(options.challenge), json.loads(options_to_json(options))


async def verify_assertion(
    credential: dict[str, Any], challenge: str, ip: str | None, user_id: int | None = None
) -> Passkey:
    """The passkey that signed ``challenge`` (of ``user_id`` when given), its counter moved on."""
    credential_id = credential.get("rawId") or credential.get("id")
    if not isinstance(credential_id, str) or not 0 < len(credential_id) <= 1400:
        raise bad_request(NOT_VERIFIED, "credential")
    query = Passkey.filter(credential_id=credential_id)
    passkey = await (query.filter(user_id=user_id) if user_id is not None else query).first()
    if passkey is None:
        raise bad_request(UNKNOWN, "credential")
    rp_id, origin = relying_party()
    try:
        verified = await asyncio.to_thread(
            verify_authentication_response,
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
            require_user_verification=user_id is None,
        )
    except Exception:  # as in register
        await audit.record(passkey.user_id, audit.PASSKEY_REFUSED, ip, passkey.name)
        raise bad_request(NOT_VERIFIED, "credential") from None
    await Passkey.filter(id=passkey.id).update(sign_count=verified.new_sign_count, last_used_at=datetime.now(UTC))
    await audit.record(passkey.user_id, audit.PASSKEY_USED, ip, passkey.name)
    return passkey
