"""Sign-ins in progress. Models carry comments, not docstrings (Tortoise turns docstrings into SQL
comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

PROVIDER_MAX = 40


class SignInState(FlakeModel):
    # A trip to the provider: the sha256 of the random `state` and of the `nonce` its ID token must
    # carry (never the values), the provider and the PKCE verifier. Taken once; gone after
    # [connections] state_seconds.
    token_hash = fields.CharField(max_length=64, unique=True)
    provider = fields.CharField(max_length=PROVIDER_MAX)
    nonce_hash = fields.CharField(max_length=64)
    code_verifier = fields.CharField(max_length=128)
    expires_at = fields.DatetimeField(db_index=True)

    class Meta:
        table = "sso_states"


class SignInTicket(FlakeModel):
    # A verified provider identity that is no Hearth account's yet, waiting for its owner to choose:
    # register a new account or link one they can log in to. The sha256 of the ticket only; taken once.
    token_hash = fields.CharField(max_length=64, unique=True)
    provider = fields.CharField(max_length=PROVIDER_MAX)
    external_id = fields.CharField(max_length=255)
    display_name = fields.CharField(max_length=100, null=True)
    email = fields.CharField(max_length=320, null=True)
    email_verified = fields.BooleanField(default=False)
    expires_at = fields.DatetimeField(db_index=True)

    class Meta:
        table = "sso_tickets"
