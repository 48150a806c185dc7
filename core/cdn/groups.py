"""Where an upload may go: ``/cdn/<kind>/<groupId?>`` must name a group the token may fill.

- ``avatars`` / ``profile_banners``: the user's own id, or a group a plugin vouches for (the
  servers plugin: a server the user may manage). Plugins contribute these checks at start-up
  through the ``hearth_upload_groups`` hook; the kernel knows no plugin.
- ``emojis``: no group.
- ``attachments``: a channel token → exactly its channel (messages); a plain token → the user's
  own id (posts).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from core.cdn.tokens import Grant
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id

KINDS = ("avatars", "profile_banners", "emojis", "attachments")
PICTURE_KINDS = ("avatars", "profile_banners")

GroupCheck = Callable[[User, int], Awaitable[bool]]

NOT_YOURS = "You may not upload files to this group."


class UploadGroups:
    """The plugins' group checks per kind, collected once when the app is built."""

    def __init__(self, plugins: Any):
        self.checks: dict[str, list[GroupCheck]] = {}
        for _, contributed in plugins.per_plugin("hearth_upload_groups"):
            for kind, check in (contributed or {}).items():
                if kind not in PICTURE_KINDS:
                    raise ValueError(f"hearth_upload_groups: plugins may only add groups for {PICTURE_KINDS}")
                self.checks.setdefault(kind, []).append(check)

    async def _vouched(self, user: User, kind: str, group_id: int) -> bool:
        for check in self.checks.get(kind, []):
            if await check(user, group_id):
                return True
        return False

    async def destination(self, grant: Grant, user: User, kind: str, raw_group: str | None) -> int | None:
        """The group id the upload goes to, or ApiError: 400 for a type or id that is not one,
        403 for a group the token may not fill."""
        if kind not in KINDS:
            raise ApiError(400, "Invalid upload type.", "type")
        group = None
        if raw_group is not None:
            group = parse_id(raw_group)
            if group is None or str(group) != raw_group:
                raise ApiError(400, "Invalid group id.", "groupId")
        if grant.channel_id is not None and kind != "attachments":
            raise ApiError(403, "A channel upload token is only for that channel's attachments.")
        if kind == "emojis":
            if group is not None:
                raise ApiError(403, "Emojis are uploaded without a group.")
            return None
        if group is None:
            raise ApiError(403, "This upload type needs a group id.")
        if kind == "attachments":
            allowed = group == (grant.channel_id if grant.channel_id is not None else user.id)
        else:
            allowed = group == user.id or await self._vouched(user, kind, group)
        if not allowed:
            raise ApiError(403, NOT_YOURS)
        return group
