"""The moderation loop, every ``moderation.jobs_interval_seconds`` on every process: permanent
suspensions older than ``moderation.suspended_account_deletion_days`` (15) delete the account,
expired suspensions and IP bans are removed, and the in-memory standing is reloaded in full (so
a process that missed a change catches up). Several processes may run it at once: each account
is claimed by one of them."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from core.identity.models import User
from plugins.accounts.service import erase_account
from plugins.moderation.models import IpBan, Suspension
from plugins.moderation.standing import standing

log = logging.getLogger("hearth.moderation")
DEFAULT_INTERVAL_SECONDS = 300
DEFAULT_DELETION_DAYS = 15


def now() -> datetime:
    return datetime.now(UTC)


async def delete_suspended_accounts(settings: Any, at: datetime | None = None) -> list[int]:
    """Erase the accounts permanently suspended long enough ago; returns their user ids."""
    days = float(settings.get("moderation.suspended_account_deletion_days", DEFAULT_DELETION_DAYS))
    cutoff = (at or now()) - timedelta(days=days)
    erased = []
    due = await Suspension.filter(expire_at__isnull=True, user_deleted=False, suspended_at__lte=cutoff).limit(100)
    for suspension in due:
        if not await Suspension.filter(id=suspension.id, user_deleted=False).update(user_deleted=True):
            continue  # another process has it
        user = await User.get_or_none(id=suspension.user_id, deleted=False)
        if user is not None:
            await erase_account(user, delete_content=False)
        erased.append(suspension.user_id)
    return erased


async def remove_expired(at: datetime | None = None) -> None:
    at = at or now()
    await Suspension.filter(expire_at__lte=at).delete()
    await IpBan.filter(expire_at__lte=at).delete()


async def run_once(settings: Any) -> list[int]:
    """One round of the loop (``core.jobs``); returns the user ids whose accounts were erased."""
    erased = await delete_suspended_accounts(settings)
    await remove_expired()
    await standing().load_all()
    if erased:
        log.info("deleted %d permanently suspended accounts", len(erased))
    return erased
