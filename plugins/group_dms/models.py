"""A group DM is a messages Channel of type GROUP_DM (its name and icon are the channel's), with
an owner and two to ten members.

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

# Hearth's own channel type (the protocol's are 0–3), seen only by clients asking for group_dms.
GROUP_DM = 10
MAX_MEMBERS = 10

# Hearth's own message types in a group (the protocol's are 0–7), in the style of JOIN_SERVER:
# createdBy is who acted, mentions name whom it was done to; a rename's content is the new name.
GROUP_MEMBER_ADDED, GROUP_MEMBER_LEFT, GROUP_MEMBER_REMOVED, GROUP_RENAMED, GROUP_ICON_CHANGED = 20, 21, 22, 23, 24


class GroupDm(FlakeModel):
    # id = the channel's id, so a group is found from its channel without a lookup of its own.
    owner = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "group_dms"


class GroupMember(FlakeModel):
    group = fields.ForeignKeyField("group_dms.GroupDm", related_name=False, on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    joined_at = fields.DatetimeField(auto_now_add=True)
    last_seen = fields.DatetimeField(null=True)

    class Meta:
        table = "group_dm_members"
        unique_together = (("group", "user"),)
        indexes = (("user_id", "group_id"),)
