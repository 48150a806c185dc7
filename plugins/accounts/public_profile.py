"""The profile other users' objects embed (entities.md §3.1): ``profile: {font, clan} | null`` on
message and post authors, server members, friends and DM recipients.

Other plugins extend profiles through the ``profile_extras`` hook (the clans plugin adds the worn
``clan``). It is asked once per batch of users, so a page of 50 authors costs the extending
plugin one statement, and nothing when no plugin extends profiles.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from core.context import hearth
from core.identity.models import User
from plugins.accounts.models import Profile


async def profile_extras(user_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """``{user_id: {key: value}}`` that plugins add to these users' profiles; users nobody
    extends are missing."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    found: dict[int, dict[str, Any]] = defaultdict(dict)
    for answer in await hearth().plugins.gather("profile_extras", user_ids=ids):
        for user_id, values in (answer or {}).items():
            found[user_id].update(values)
    return found


def brief_profile(font: int | None, extras: dict[str, Any] | None = None) -> dict[str, Any]:
    """``{font, clan}`` (``clan`` null unless a plugin says otherwise)."""
    return {"font": font, "clan": None, **(extras or {})}


async def brief_profiles(user_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The embedded profile of each of these users who has one (users without a profile row
    embed ``profile: null``): one statement for the rows, one per extending plugin."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    fonts = dict(await Profile.filter(user_id__in=ids).values_list("user_id", "font"))
    extras = await profile_extras(fonts)
    return {user_id: brief_profile(font, extras.get(user_id)) for user_id, font in fonts.items()}


async def briefs_of(profiles: dict[int, Any]) -> dict[int, dict[str, Any]]:
    """Embedded profiles from Profile rows already loaded (``{user_id: Profile}``)."""
    extras = await profile_extras(profiles)
    return {user_id: brief_profile(row.font, extras.get(user_id)) for user_id, row in profiles.items()}


async def announce_profile(user_id: int, also_to: Iterable[str] = ()) -> None:
    """Tell everyone who sees this user (their servers and friends, ``user_audience_rooms``, and
    ``also_to``) that their embedded profile changed: ``user:updated {userId, updated: {username,
    tag, profile}}``. The reference's ``user:updated`` has no ``profile``; Hearth adds it so that
    a clan put on or taken off shows at once (clients merge ``updated`` into the user)."""
    from plugins.accounts.service import audience_rooms

    user = await User.get_or_none(id=user_id)
    if user is None:
        return
    rooms = [*await audience_rooms(user_id)]
    rooms += [room for room in also_to if room not in rooms and room != str(user_id)]
    if not rooms:
        return
    profile = (await brief_profiles([user_id])).get(user_id)
    await hearth().gateway.emit(
        "user:updated",
        {"userId": str(user_id), "updated": {"username": user.username, "tag": user.tag, "profile": profile}},
        to=rooms,
    )
