"""Applications, their bot commands and the OAuth2 grants users give them (entities.md §9.2).
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Application(FlakeModel):
    # creator is the creating user; creator_account_id their Account's id (creatorAccountId on
    # the wire, kept as a plain column so deleting the account still finds its applications).
    # The bot user is a User with bot=True, made on demand.
    name = fields.CharField(max_length=35)
    description = fields.CharField(max_length=150, null=True)
    avatar = fields.CharField(max_length=255, null=True)
    creator = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    creator_account_id = fields.BigIntField()
    bot_user = fields.OneToOneField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    redirect_uris = fields.JSONField(default=list)
    client_secret = fields.CharField(max_length=64, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "applications"


class BotCommand(FlakeModel):
    bot_user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    name = fields.CharField(max_length=25)
    description = fields.CharField(max_length=60, null=True)
    args = fields.CharField(max_length=60, null=True)
    permissions = fields.IntField(null=True)

    class Meta:
        table = "application_bot_commands"


class OAuthGrant(FlakeModel):
    # One grant per (application, user). Codes and tokens are stored as SHA-256 hashes.
    application = fields.ForeignKeyField("applications.Application", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    scopes = fields.IntField(default=0)
    redirect_uri = fields.CharField(max_length=2000, null=True)
    code_hash = fields.CharField(max_length=64, null=True, unique=True)
    code_expires_at = fields.DatetimeField(null=True)
    access_token_hash = fields.CharField(max_length=64, null=True, unique=True)
    access_expires_at = fields.DatetimeField(null=True)
    refresh_token_hash = fields.CharField(max_length=64, null=True, unique=True)
    refresh_expires_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "application_oauth_grants"
        unique_together = (("application", "user"),)
