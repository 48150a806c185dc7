"""The exported server's members on import (docs/export.md, "Members and their roles"). A member
who is a local account here (the importer, or an account whose e-mail match was confirmed) joins
the made server through the usual join flow and then gets their roles of the archive, mapped to
the roles made; a member who became a placeholder author keeps their roles in ``PendingMember``,
given to the real person, who joins then, when they claim the placeholder."""

from __future__ import annotations

import logging

from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from plugins.server_transfer.models import PendingMember
from plugins.servers.models import Member, Role, Server
from plugins.servers.roles import apply_member_roles
from plugins.servers.service import join_server

log = logging.getLogger("hearth.server_transfer")


async def join_with_roles(user: User, server: Server, role_ids: list[int], required: bool = False) -> bool:
    """``user`` joins ``server`` (unless a member already) and gets ``role_ids`` besides the
    roles they hold. False when they cannot join (no room for another server, banned, the server
    going away); ``required`` raises that instead."""
    if not await Member.exists(server_id=server.id, user_id=user.id):
        try:
            await join_server(user, server)
        except ApiError:
            if required:
                raise
            log.info("user %s could not join imported server %s", user.id, server.id)
            return False
    if role_ids:
        async with transaction():
            member = await Member.get(server_id=server.id, user_id=user.id)
            wanted = [int(r) for r in member.role_ids] + role_ids
            roles = {role.id: role for role in await Role.filter(server_id=server.id, id__in=wanted)}
            await apply_member_roles(server, roles, member, wanted)
    return True


async def claimed(server_id: int, placeholder_id: int, user_id: int) -> None:
    """The placeholder of a member was claimed: the person joins with the member's roles. The
    pending row is consumed by deleting it (of two deliveries one wins)."""
    pending = await PendingMember.get_or_none(server_id=server_id, placeholder_id=placeholder_id)
    if pending is None or not await PendingMember.filter(id=pending.id).delete():
        return
    server = await Server.get_or_none(id=server_id)
    user = await User.get_or_none(id=user_id, deleted=False)
    if server is not None and user is not None:
        await join_with_roles(user, server, [int(r) for r in pending.role_ids])
