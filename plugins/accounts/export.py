"""Accounts' share of "Download your data" (docs/export.md): the profile page."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from core.identity.models import User
from plugins.accounts.models import Profile


async def profile(user: User) -> AsyncIterator[dict[str, Any]]:
    found = await Profile.get_or_none(user_id=user.id)
    if found is not None:
        yield found.wire()


def parts(user: User) -> list[dict[str, Any]]:
    return [{"name": "profile", "title": "Profile", "rows": profile(user)}]
