"""A group on the wire (docs/protocol-extensions.md, "Group DMs")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.identity.models import User
from core.wire import ms, public_user
from plugins.group_dms.models import GroupDm
from plugins.messages.models import Channel
from plugins.messages.routes import channel_wire


def group_wire(group: GroupDm, channel: Channel, members: list[User], last_seen: datetime | None) -> dict[str, Any]:
    """``members`` in the order they joined; ``last_seen``: the viewer's."""
    return {
        "id": str(group.id),
        "channelId": str(channel.id),
        "name": channel.name,
        "icon": channel.icon,
        "ownerId": str(group.owner_id),
        "createdAt": ms(group.created_at),
        "lastSeen": ms(last_seen),
        "members": [public_user(m) for m in members],
        "channel": channel_wire(channel),
    }
