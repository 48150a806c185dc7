"""``/api/moderation/instance-invites`` (Hearth's own): the codes that open registration while
``[accounts] registration = "invite"``. Admins only (FOUNDER or ADMIN); each creation and
revocation is written to the audit log. The code itself is answered once, on creation."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify
from quart_schema import validate_request

from core.auth import current_user, require_moderator
from core.ratelimit import rate_limit
from plugins.accounts import invites
from plugins.moderation import audit
from plugins.moderation.schemas import InstanceInviteBody

blueprint = Blueprint("moderation_invites", __name__, url_prefix="/api/moderation/instance-invites")


@blueprint.get("")
@require_moderator
async def list_invites() -> Any:
    return jsonify(await invites.listing())


@blueprint.post("")
@require_moderator
@rate_limit("instance_invite_create", 20, 60)
@validate_request(InstanceInviteBody)
async def create_invite(data: InstanceInviteBody) -> Any:
    admin = current_user()
    invite, code = await invites.create(admin, data.maxUses, data.expiresInHours)
    await audit.record(audit.INSTANCE_INVITE_CREATED, admin.id, reason=invite.hint, count=invite.max_uses)
    return {"invite": invites.wire(invite), "code": code}


@blueprint.delete("/<invite_id>")
@require_moderator
@rate_limit("instance_invite_revoke", 20, 60)
async def revoke_invite(invite_id: str) -> Any:
    admin = current_user()
    invite = await invites.revoke(invite_id)
    await audit.record(audit.INSTANCE_INVITE_REVOKED, admin.id, reason=invite.hint)
    return {"invite": invites.wire(invite)}
