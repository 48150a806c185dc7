"""The FORUM channel kind: a server channel (the server's roles and the channel's overrides
decide who sees it, as for a text channel) that holds posts, not messages; Hearth's own, so the
messages and servers plugins leave it out for clients that did not ask for ``threads``."""

from __future__ import annotations

from core import features
from core.errors import ApiError
from core.identity.models import User
from plugins.messages.kinds import Access
from plugins.messages.models import Channel
from plugins.servers.kind import ServerChannels
from plugins.threads.live import FEATURE


class ForumChannels(ServerChannels):
    holds_messages = False  # its posts are threads; the forum itself takes no message
    holds_threads = True  # GET /api/threads lists its posts as threads (they are made here, not there)
    feature = FEATURE

    async def access(self, user: User, channel: Channel) -> Access:
        if not features.asked_unless_elsewhere(FEATURE):
            raise ApiError(403, "Channel does not exist.")
        return await super().access(user, channel)

    async def check_send(self, user: User, access: Access) -> None:
        raise ApiError(400, "You cannot send messages in this channel.")
