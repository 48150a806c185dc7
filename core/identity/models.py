"""Identities the kernel owns: users, their accounts (login secrets) and sessions.

Models carry comments, not docstrings: Tortoise stores docstrings as table comments."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from core.ids import new_id


class FlakeModel(Model):
    id = fields.BigIntField(primary_key=True, generated=False, default=new_id)

    class Meta:
        abstract = True


class User(FlakeModel):
    username = fields.CharField(max_length=35)
    tag = fields.CharField(max_length=4)
    hex_color = fields.CharField(max_length=7, null=True)
    avatar = fields.CharField(max_length=255, null=True)
    banner = fields.CharField(max_length=255, null=True)
    badges = fields.IntField(default=0)
    bot = fields.BooleanField(null=True)
    joined_at = fields.DatetimeField(auto_now_add=True)
    status = fields.SmallIntField(default=0)
    custom_status = fields.CharField(max_length=200, null=True)
    last_online_at = fields.DatetimeField(null=True)
    last_online_status = fields.SmallIntField(default=1)
    deleted = fields.BooleanField(default=False)

    class Meta:
        table = "users"
        unique_together = (("username", "tag"),)


class Account(FlakeModel):
    user = fields.OneToOneField("core.User", related_name="account", on_delete=fields.CASCADE)
    email = fields.CharField(max_length=320, unique=True)
    password_hash = fields.CharField(max_length=255)
    email_confirmed = fields.BooleanField(default=False)
    dm_status = fields.SmallIntField(default=0)
    friend_request_status = fields.SmallIntField(default=0)
    hide_followers = fields.BooleanField(default=False)
    hide_following = fields.BooleanField(default=False)

    class Meta:
        table = "accounts"


class Session(FlakeModel):
    user = fields.ForeignKeyField("core.User", related_name="sessions", on_delete=fields.CASCADE)
    token_hash = fields.CharField(max_length=64, unique=True)
    ip_address = fields.CharField(max_length=64, null=True)
    device_type = fields.SmallIntField(default=0)
    # The browser's User-Agent when the session was made (shown on the sessions screen), cut to 255.
    user_agent = fields.CharField(max_length=255, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_seen_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sessions"
