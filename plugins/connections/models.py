"""Linked external accounts and the short-lived states of links in progress.
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

PROVIDER_MAX = 40
EXTERNAL_ID_MAX = 255
NAME_MAX = 100


class UserConnection(FlakeModel):
    # One per user and provider ("GOOGLE", "GOOGLE_DRIVE" or a configured provider's id); linking
    # again replaces it. An external account belongs to one Hearth user at a time.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    provider = fields.CharField(max_length=PROVIDER_MAX)
    # The provider's stable account id (OpenID "sub", or the configured field); none for Google Drive.
    external_id = fields.CharField(max_length=EXTERNAL_ID_MAX, null=True)
    # The account's name at the provider when linked, shown to the user only.
    display_name = fields.CharField(max_length=NAME_MAX, null=True)
    # Google Drive only: its refresh token, AES-GCM encrypted with a key derived from the instance
    # key (GET /connections/google-drive/access-token needs it). No other provider token is kept.
    secret = fields.TextField(null=True)
    connected_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "user_connections"
        unique_together = (("user", "provider"), ("provider", "external_id"))


class LinkState(FlakeModel):
    # A link in progress: the sha256 of the random state sent through the provider (never the
    # state itself), whose link it is, and the PKCE verifier. Used once; gone after state_seconds.
    token_hash = fields.CharField(max_length=64, unique=True)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    provider = fields.CharField(max_length=PROVIDER_MAX)
    code_verifier = fields.CharField(max_length=128)
    expires_at = fields.DatetimeField(db_index=True)

    class Meta:
        table = "connection_link_states"
