"""Who a viewer follows and who blocks whom, asked of the social and friends plugins through
this plugin's hooks (``hookspecs.py``): posts work with either of them disabled."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tortoise import connections
from tortoise.backends.base.client import TransactionalDBClient

from core.auth import is_moderator
from core.context import hearth
from core.identity.models import User


@dataclass
class Relations:
    viewer_id: int | None
    blocked: set[int] = field(default_factory=set)  # users the viewer blocked
    blocked_by: set[int] = field(default_factory=set)  # users who blocked the viewer
    followed: list[int] = field(default_factory=list)
    # Moderators see posts of users who blocked them (rest.md §7: "admins bypass").
    bypass: bool = False

    def hides(self, author_id: int) -> bool:
        """A post by ``author_id`` is hidden from (or stubbed for) the viewer."""
        return not self.bypass and author_id in self.blocked_by

    @cached_property
    def people(self) -> list[int]:
        """The viewer and whom they follow (the feed's authors, the reposts shown on posts)."""
        return [self.viewer_id, *self.followed] if self.viewer_id is not None else []


async def block_sets(user_id: int) -> tuple[set[int], set[int]]:
    """``(whom user_id blocked, who blocked user_id)``."""
    blocked: set[int] = set()
    blocked_by: set[int] = set()
    for answer in await hearth().plugins.gather("block_relations", user_id=user_id):
        if answer:
            blocked |= set(answer[0])
            blocked_by |= set(answer[1])
    return blocked, blocked_by


async def followed_ids(user_id: int) -> list[int]:
    found: list[int] = []
    for answer in await hearth().plugins.gather("followed_user_ids", user_id=user_id):
        found.extend(answer or [])
    return list(dict.fromkeys(found))


async def concurrently(*steps: Awaitable[Any]) -> list[Any]:
    """Run independent reads at once, each on its own pooled connection (a page's loads wait
    for the slowest one, not for all in turn); one after the other inside a transaction, whose
    single connection cannot run two statements at once."""
    if isinstance(connections.get("default"), TransactionalDBClient):
        return [await step for step in steps]
    return list(await asyncio.gather(*steps))


async def _none() -> list[int]:
    return []


async def relations(viewer: User | None, follows: bool = False) -> Relations:
    if viewer is None:
        return Relations(viewer_id=None)
    (blocked, blocked_by), followed = await concurrently(
        block_sets(viewer.id), followed_ids(viewer.id) if follows else _none()
    )
    return Relations(
        viewer_id=viewer.id, blocked=blocked, blocked_by=blocked_by, followed=followed, bypass=is_moderator(viewer)
    )


async def blocked_by(author_id: int, user_id: int) -> bool:
    """Whether ``author_id`` blocked ``user_id``."""
    _, blockers = await block_sets(user_id)
    return author_id in blockers
