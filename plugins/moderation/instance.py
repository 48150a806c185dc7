"""Instance settings staff change in the moderation area: the instance's name, description, icon,
rules and contact (shown on the landing and register pages), a message of the day, and who may
register (``[accounts] registration``, through the accounts plugin's ``registration_mode_override``).

The config file gives each setting's default (``[instance]``, and ``[accounts] registration``); a
value saved in the UI is a row of ``InstanceSetting`` and wins until it is reset (saved as null).
One row per setting, so a new setting is one more entry in ``SETTINGS`` and no migration.
Every process keeps the merged values for ``CACHE_SECONDS``; a change is announced to every
process (``gateway.everywhere``), which forgets its copy at once.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

import orjson
from tortoise.exceptions import IntegrityError

from core.context import hearth
from core.db import transaction
from core.identity.models import User
from plugins.moderation import audit
from plugins.moderation.models import InstanceSetting

CACHE_SECONDS = 30.0
CHANGED = "instance_settings_changed"  # the gateway command every process runs on a change
INSTANCE_UPDATE = audit.INSTANCE_UPDATE


@dataclass(frozen=True)
class Setting:
    key: str  # the wire name
    config: str  # its dotted key in the configuration
    max_length: int
    public: bool = True  # shown by GET /api/instance (the landing page)


SETTINGS = (
    Setting("name", "instance.name", 60),
    Setting("description", "instance.description", 300),
    Setting("icon", "instance.icon", 255),  # a CDN path (avatars/<id>/<file>), set from an uploaded iconId
    Setting("rules", "instance.rules", 4000),
    Setting("contact", "instance.contact", 200),
    Setting("motd", "instance.motd", 500),
    # the sign-in options route tells the pages; the accounts plugin reads it (registration_mode)
    Setting("registration", "accounts.registration", 10, public=False),
)
BY_KEY = {setting.key: setting for setting in SETTINGS}


def defaults() -> dict[str, str]:
    settings = hearth().settings
    return {s.key: str(settings.get(s.config, "") or "")[: s.max_length] for s in SETTINGS}


class Cache:
    def __init__(self) -> None:
        self.values: dict[str, Any] | None = None
        self.until = 0.0

    def forget(self) -> None:
        self.values = None


def _cache() -> Cache:
    return hearth().gateway.service("moderation.instance", lambda gateway: Cache())


async def forget_everywhere_handler(_: dict[str, Any]) -> None:
    _cache().forget()


async def current() -> dict[str, Any]:
    """``{settings: {...}, overridden: [keys], etag}``: the config's values with the saved ones over them."""
    cache = _cache()
    if cache.values is not None and time.monotonic() < cache.until:
        return cache.values
    saved = {row.key: row.value for row in await InstanceSetting.filter(key__in=list(BY_KEY))}
    values = {**defaults(), **{key: value for key, value in saved.items() if isinstance(value, str)}}
    body = orjson.dumps(values, option=orjson.OPT_SORT_KEYS)
    cache.values = {
        "settings": values,
        "overridden": sorted(key for key in saved if key in BY_KEY),
        "etag": hashlib.sha256(body).hexdigest()[:32],
    }
    cache.until = time.monotonic() + CACHE_SECONDS
    return cache.values


async def update(by: User, changes: dict[str, str | None]) -> dict[str, Any]:
    """Save ``changes`` (None: back to the config's value), audit them, tell every process."""
    before = (await current())["settings"]
    changed = sorted(key for key, value in changes.items() if value is None or before.get(key) != value)
    if changed:
        async with transaction():
            for key in changed:
                value = changes[key]
                if value is None:
                    await InstanceSetting.filter(key=key).delete()
                else:
                    await _save(key, value, by.id)
            await audit.record(INSTANCE_UPDATE, by.id, reason=", ".join(changed)[:500])
            await hearth().gateway.everywhere(CHANGED, {})
    _cache().forget()
    return await current()


async def _save(key: str, value: str, by_id: int) -> None:
    if await InstanceSetting.filter(key=key).update(value=value, updated_by_id=by_id):
        return
    try:
        async with transaction():
            await InstanceSetting.create(key=key, value=value, updated_by_id=by_id)
    except IntegrityError:  # another admin saved the same setting first: this save wins
        await InstanceSetting.filter(key=key).update(value=value, updated_by_id=by_id)


def public(values: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values["settings"].items() if BY_KEY[key].public}


async def registration_override() -> str | None:
    """The registration mode an admin saved, or None: the configuration decides."""
    values = await current()
    return values["settings"]["registration"] if "registration" in values["overridden"] else None
