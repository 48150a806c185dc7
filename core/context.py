"""The kernel services of one running app, reachable from any request or socket handler."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from quart import current_app

from core.identity.standing import AccountStanding
from core.settings import Settings

if TYPE_CHECKING:
    from core.cdn.storage import Storage
    from core.gateway import Gateway
    from core.mail import Mailer
    from core.plugins import PluginHost
    from core.ratelimit import RateLimiter


@dataclass
class Hearth:
    settings: Settings
    plugins: PluginHost
    gateway: Gateway
    mailer: Mailer
    limiter: RateLimiter
    storage: Storage
    db_config: dict[str, Any] = field(default_factory=dict)
    # Suspensions, IP bans, shadow bans: a plugin's answer to ``hearth_account_standing``.
    standing: AccountStanding = field(default_factory=AccountStanding)


def hearth() -> Hearth:
    return current_app.extensions["hearth"]
