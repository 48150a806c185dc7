from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

# Models carry comments, not docstrings: Tortoise stores docstrings as table comments.


class Authenticator(FlakeModel):
    # A user's TOTP secret (RFC 6238), sealed with a key derived from the instance key. Two-factor
    # is on once confirmed_at is set; last_step is the last time-step a code was accepted for, so
    # a code cannot be used twice (it is raised with a conditional update: one winner).
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    sealed_secret = fields.CharField(max_length=255)
    confirmed_at = fields.DatetimeField(null=True)
    last_step = fields.BigIntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "two_factor_authenticators"


class RecoveryCode(FlakeModel):
    # One of the ten one-time codes shown when two-factor was turned on; only its hash is kept.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    code_hash = fields.CharField(max_length=64)
    used_at = fields.DatetimeField(null=True)

    class Meta:
        table = "two_factor_recovery_codes"
        unique_together = (("user", "code_hash"),)


class Passkey(FlakeModel):
    # A WebAuthn credential (discoverable): its id and COSE public key, base64url.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    credential_id = fields.CharField(max_length=1400, unique=True)
    public_key = fields.TextField()
    sign_count = fields.BigIntField(default=0)
    name = fields.CharField(max_length=64)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_used_at = fields.DatetimeField(null=True)

    class Meta:
        table = "two_factor_passkeys"


class Challenge(FlakeModel):
    # A pending step, single-use and short-lived, found by the hash of its secret: a login
    # waiting for its second factor (purpose "login", user set) or a WebAuthn ceremony (the
    # challenge bytes the browser signs, base64url, in `challenge`).
    LOGIN = "login"
    PASSKEY_REGISTER = "passkey_register"
    PASSKEY_LOGIN = "passkey_login"

    secret_hash = fields.CharField(max_length=64, unique=True)
    purpose = fields.CharField(max_length=24)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE, null=True)
    challenge = fields.CharField(max_length=128, null=True)
    failures = fields.SmallIntField(default=0)
    expires_at = fields.DatetimeField(db_index=True)

    class Meta:
        table = "two_factor_challenges"


class Event(FlakeModel):
    # The account's security log: two-factor turned on or off, codes used or refused, passkeys.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    kind = fields.CharField(max_length=32)
    ip_address = fields.CharField(max_length=64, null=True)
    detail = fields.CharField(max_length=100, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "two_factor_events"


class ServerRequirement(FlakeModel):
    # A server whose members with moderation permissions must have two-factor (Discord's "2FA
    # requirement for moderation"). No foreign key: servers is an optional plugin.
    server_id = fields.BigIntField(unique=True)
    set_by_id = fields.BigIntField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "two_factor_server_requirements"
