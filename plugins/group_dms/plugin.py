"""Group DMs: private conversations of up to ten friends, a Hearth addition to the protocol that
only clients asking for the ``group_dms`` feature meet (docs/protocol-extensions.md)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="group_dms",
    name="Group DMs",
    version="1.0.0",
    description="Private group conversations of up to ten friends: members, owner, name and icon.",
    requires=("accounts", "messages", "friends", "inbox"),
    optional=("voice",),  # with voice, a group can be called (its channel kind answers voice's call seam)
    routes=("/group-dms",),
)


@hookimpl
def hearth_models():
    return ["plugins.group_dms.models"]


@hookimpl
def hearth_blueprints():
    from plugins.group_dms.routes import blueprint

    return [blueprint]


@hookimpl
def channel_kinds():
    from plugins.group_dms.kind import GroupChannels
    from plugins.group_dms.models import GROUP_DM

    return {GROUP_DM: GroupChannels()}


@hookimpl
def hearth_upload_groups():
    from plugins.group_dms.service import may_change_icon

    # A group's icon is uploaded as an avatar with groupId = the group's channel id, by a member.
    return {"avatars": may_change_icon}


@hookimpl
async def authenticated_payload(ctx):
    from plugins.group_dms.live import FEATURE, room
    from plugins.group_dms.service import payload

    if ctx.user.bot or FEATURE not in ctx.features:
        return None  # a protocol client never meets a group (nor do bots: they have no inbox)
    await ctx.join(room(ctx.user.id))
    return {"groupDms": await payload(ctx.user.id)}


@hookimpl
async def user_deleted(user, delete_content):
    from plugins.group_dms.service import forget_member

    await forget_member(user)


@hookimpl
def data_export_parts(user):  # the data_export plugin's hook: this plugin's share of a user's data
    from plugins.group_dms.export import parts

    return parts(user)
