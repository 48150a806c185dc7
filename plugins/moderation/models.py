"""Moderation records (entities.md §9.4, §3.9): suspensions, shadow bans, IP bans, the
moderators' audit log, warnings shown to users, per-account strike counters and moderators'
suggested actions. Models carry comments, not docstrings (Tortoise stores docstrings as SQL
comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Suspension(FlakeModel):
    # One per user; expire_at null = permanent. Expired rows are removed by the job. A permanent
    # suspension keeps the SHA-256 of the e-mail so the address cannot register again, and
    # survives the account's deletion (user_deleted).
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    suspended_at = fields.DatetimeField(auto_now_add=True)
    expire_at = fields.DatetimeField(null=True)
    reason = fields.CharField(max_length=500, null=True)
    suspended_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    user_deleted = fields.BooleanField(default=False)
    email_hash = fields.CharField(max_length=64, null=True, db_index=True)

    class Meta:
        table = "moderation_suspensions"


class ShadowBan(FlakeModel):
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    banned_at = fields.DatetimeField(auto_now_add=True)
    reason = fields.CharField(max_length=500, null=True)
    banned_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)

    class Meta:
        table = "moderation_shadow_bans"


class IpBan(FlakeModel):
    ip_address = fields.CharField(max_length=64, unique=True)
    expire_at = fields.DatetimeField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "moderation_ip_bans"


class AuditEntry(FlakeModel):
    # ModAuditLog: action_type is entities.md §10.13 (0 userSuspend … 11 undoUserShadowBanned).
    action_type = fields.SmallIntField()
    action_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    server_id = fields.BigIntField(null=True, db_index=True)
    server_name = fields.CharField(max_length=100, null=True)
    channel_id = fields.BigIntField(null=True)
    channel_name = fields.CharField(max_length=100, null=True)
    user_id = fields.BigIntField(null=True, db_index=True)
    username = fields.CharField(max_length=100, null=True)
    count = fields.IntField(null=True)
    reason = fields.CharField(max_length=500, null=True)
    expire_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "moderation_audit_logs"


class Notice(FlakeModel):
    # UserNotice (type 0 Warning): shown to the user until they dismiss it.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    type = fields.SmallIntField(default=0)
    title = fields.CharField(max_length=200, null=True)
    content = fields.TextField()
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "moderation_notices"


class Strikes(FlakeModel):
    # The account counters upstream keeps on Account: suspensions so far, warnings in the window.
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    suspend_count = fields.IntField(default=0)
    warn_count = fields.IntField(default=0)
    warn_expires_at = fields.DatetimeField(null=True)

    class Meta:
        table = "moderation_strikes"


class SuggestedAction(FlakeModel):
    # ModeratorSuggestAction: a MOD proposes an action on a server, post or user to the admins.
    action_type = fields.SmallIntField()
    suggest_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    server_id = fields.BigIntField(null=True)
    post_id = fields.BigIntField(null=True)
    user_id = fields.BigIntField(null=True)
    reason = fields.TextField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "moderation_suggested_actions"


class InstanceSetting(FlakeModel):
    # One row per instance-wide setting staff changed in the UI (instance.py): name, rules, the
    # message of the day… A setting without a row is the config file's [instance] value.
    key = fields.CharField(max_length=64, unique=True)
    value = fields.TextField()  # every setting is text (a later registration mode too: "open"…)
    updated_at = fields.DatetimeField(auto_now=True)
    updated_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)

    class Meta:
        table = "moderation_instance_settings"
