"""Servers, their roles, members, per-role channel permissions, bans, invites and audit logs.

Channels themselves belong to the messages plugin (``messages.Channel`` with ``server_id``).
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments).
"""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class Server(FlakeModel):
    name = fields.CharField(max_length=35)
    hex_color = fields.CharField(max_length=7, null=True)
    avatar = fields.CharField(max_length=255, null=True)
    banner = fields.CharField(max_length=255, null=True)
    created_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    default_role_id = fields.BigIntField(null=True)
    default_channel_id = fields.BigIntField(null=True)
    system_channel_id = fields.BigIntField(null=True)
    verified = fields.BooleanField(default=False)
    public = fields.BooleanField(default=False)
    # Hearth's default ping mode for members with no setting of their own (notification_defaults.py)
    default_ping_mode = fields.SmallIntField(default=0)
    scheduled_for_deletion = fields.DatetimeField(null=True)
    # the moderator who scheduled the deletion (rest.md §8.1 scheduledByUserId)
    scheduled_deletion_by = fields.ForeignKeyField(
        "core.User", related_name=False, null=True, on_delete=fields.SET_NULL
    )
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "servers"


class Role(FlakeModel):
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    name = fields.CharField(max_length=100)
    order = fields.IntField()
    permissions = fields.IntField(default=0)
    hex_color = fields.CharField(max_length=100, null=True)
    icon = fields.CharField(max_length=100, null=True)
    hide_role = fields.BooleanField(default=False)
    apply_on_join = fields.BooleanField(default=False)
    bot_role = fields.BooleanField(default=False)
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "server_roles"


class Member(FlakeModel):
    # role_ids excludes the default role, which every member has implicitly.
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    role_ids = fields.JSONField(default=list)
    nickname = fields.CharField(max_length=35, null=True)
    joined_at = fields.DatetimeField(auto_now_add=True)
    mute_expire_at = fields.DatetimeField(null=True)

    class Meta:
        table = "server_members"
        unique_together = (("server", "user"),)


class ChannelPermission(FlakeModel):
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    role = fields.ForeignKeyField("servers.Role", related_name=False, on_delete=fields.CASCADE)
    permissions = fields.IntField(default=0)

    class Meta:
        table = "server_channel_permissions"
        unique_together = (("channel", "role"),)


class Ban(FlakeModel):
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    reason = fields.CharField(max_length=150, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "server_bans"
        unique_together = (("server", "user"),)


class Mute(FlakeModel):
    # Kept apart from membership so a pre-muted user is muted when they join.
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    expire_at = fields.DatetimeField()
    reason = fields.CharField(max_length=150, null=True)

    class Meta:
        table = "server_mutes"
        unique_together = (("server", "user"),)


class Invite(FlakeModel):
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    code = fields.CharField(max_length=32, unique=True)
    is_custom = fields.BooleanField(default=False)
    uses = fields.IntField(default=0)
    created_by = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "server_invites"


class ChannelNotice(FlakeModel):
    channel = fields.OneToOneField("messages.Channel", related_name=False, on_delete=fields.CASCADE)
    content = fields.CharField(max_length=300)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "server_channel_notices"


class AuditLog(FlakeModel):
    server = fields.ForeignKeyField("servers.Server", related_name=False, on_delete=fields.CASCADE)
    action_type = fields.CharField(max_length=64)
    actor = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    data = fields.JSONField(default=dict)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "server_audit_logs"


class ServerOrder(FlakeModel):
    # A user's sidebar: server and folder ids in order, and their folders.
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    ordered_ids = fields.JSONField(default=list)
    folders = fields.JSONField(default=list)

    class Meta:
        table = "server_orders"


class NotificationSetting(FlakeModel):
    # Per server (channel null) or per channel (server null); modes 0 ALL, 1 MENTIONS_ONLY, 2 MUTE,
    # null = inherit (channel rows).
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    server = fields.ForeignKeyField("servers.Server", related_name=False, null=True, on_delete=fields.CASCADE)
    channel = fields.ForeignKeyField("messages.Channel", related_name=False, null=True, on_delete=fields.CASCADE)
    ping_mode = fields.SmallIntField(null=True)
    sound_mode = fields.SmallIntField(null=True)

    class Meta:
        table = "server_notification_settings"
