from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel


class VerificationCode(FlakeModel):
    # A pending e-mail confirmation (5 digits) or password reset (40 hex) code, stored hashed.

    EMAIL = "email"
    RESET = "reset"

    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    purpose = fields.CharField(max_length=16)
    code_hash = fields.CharField(max_length=64)
    expires_at = fields.DatetimeField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "accounts_verification_codes"
        unique_together = (("user", "purpose"),)


class Profile(FlakeModel):
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    bio = fields.CharField(max_length=1000, null=True)
    bg_color_one = fields.CharField(max_length=100, null=True)
    bg_color_two = fields.CharField(max_length=100, null=True)
    primary_color = fields.CharField(max_length=100, null=True)
    font = fields.SmallIntField(null=True)

    class Meta:
        table = "accounts_profiles"

    def wire(self, extras: dict | None = None) -> dict:
        # extras: what the profile_extras hook answers for this user (the clans plugin: clan).
        return {
            "font": self.font,
            "bio": self.bio,
            "bgColorOne": self.bg_color_one,
            "bgColorTwo": self.bg_color_two,
            "primaryColor": self.primary_color,
            "clan": None,
            **(extras or {}),
        }


class BadgeStash(FlakeModel):
    # Item badges (entities.md §10.1) the user owns but took off with `/users/badges/toggle`: the
    # kernel's `User.badges` holds only the badges shown, so ownership is `badges | stash.badges`.
    user = fields.OneToOneField("core.User", related_name=False, on_delete=fields.CASCADE)
    badges = fields.IntField(default=0)

    class Meta:
        table = "accounts_badge_stashes"


class InstanceInvite(FlakeModel):
    # A code that lets someone register while `[accounts] registration = "invite"`. Only the
    # sha256 of the code is kept; `hint` (its first characters) tells staff which one it is.
    code_hash = fields.CharField(max_length=64, unique=True)
    hint = fields.CharField(max_length=8)
    created_by = fields.ForeignKeyField("core.User", related_name=False, null=True, on_delete=fields.SET_NULL)
    max_uses = fields.IntField(default=1)
    uses = fields.IntField(default=0)
    expires_at = fields.DatetimeField(null=True)
    revoked = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "accounts_instance_invites"
