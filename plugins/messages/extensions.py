"""What other plugins add to messages, collected once per app from their hooks: the channel kinds
(``channel_kinds``) and the resolver of mentioned roles (``message_role_resolver``). It lives on
the app (``app.extensions["messages"]``), so two apps in one process never see each other's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from quart import current_app

from core.plugins import PluginError, PluginHost

if TYPE_CHECKING:
    from plugins.messages.kinds import ChannelKind

RoleResolver = Callable[[list[int]], Awaitable[dict[int, dict[str, Any]]]]
KEY = "messages"


@dataclass(frozen=True)
class MessageExtensions:
    kinds: dict[int, ChannelKind]
    resolve_roles: RoleResolver | None = None

    @classmethod
    def collect(cls, plugins: PluginHost) -> MessageExtensions:
        kinds: dict[int, ChannelKind] = {}
        owners: dict[int, str] = {}
        for plugin, answer in plugins.per_plugin("channel_kinds"):
            for channel_type, kind in (answer or {}).items():
                if channel_type in owners:
                    raise PluginError(
                        f"plugins {owners[channel_type]!r} and {plugin.id!r} both bring channel type {channel_type}"
                    )
                kinds[channel_type], owners[channel_type] = kind, plugin.id
        return cls(kinds=kinds, resolve_roles=plugins.hook.message_role_resolver())


def install(app: Any) -> MessageExtensions:
    """Collect this app's extensions (at start-up)."""
    found = app.extensions[KEY] = MessageExtensions.collect(app.extensions["hearth"].plugins)
    return found


def extensions() -> MessageExtensions:
    """The current app's extensions (collected now if it has not started: a script, a test)."""
    found = current_app.extensions.get(KEY)
    return found if found is not None else install(current_app)
