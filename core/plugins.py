"""Plugin discovery, validation and ordering (pluggy ``PluginManager("hearth")``).

A plugin is a module exposing ``manifest`` (a :class:`Manifest`) and hook implementations
marked with ``core.hookimpl``. First-party plugins are ``plugins/<id>/plugin.py``; third-party
ones are modules named by a ``hearth.plugins`` entry point.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.metadata
import inspect
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from core import hookspecs
from core.settings import ROOT, Settings

ENTRY_POINT_GROUP = "hearth.plugins"
FIRST_PARTY_DIR = ROOT / "plugins"


class PluginError(RuntimeError):
    """A plugin set that cannot start; the message says what to change."""


@dataclass(frozen=True)
class Manifest:
    id: str
    name: str
    version: str
    description: str = ""
    requires: tuple[str, ...] = ()
    # URL prefixes under /api this plugin serves; every route it registers must sit under one.
    routes: tuple[str, ...] = ()
    # Essential plugins cannot be disabled (the app is useless without them).
    essential: bool = False


@dataclass
class LoadedPlugin:
    manifest: Manifest
    module: ModuleType
    first_party: bool
    web: bool = False
    rules: list[tuple[str, str]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.manifest.id


def discover() -> dict[str, tuple[ModuleType, bool]]:
    """Every plugin module available, enabled or not: ``{id: (module, first_party)}``."""
    found: dict[str, tuple[ModuleType, bool]] = {}
    for path in sorted(FIRST_PARTY_DIR.glob("*/plugin.py")):
        module = importlib.import_module(f"plugins.{path.parent.name}.plugin")
        _add(found, module, True)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        _add(found, entry.load(), False)
    return found


def _add(found: dict[str, tuple[ModuleType, bool]], module: ModuleType, first_party: bool) -> None:
    manifest = getattr(module, "manifest", None)
    if not isinstance(manifest, Manifest):
        raise PluginError(f"plugin module {module.__name__} has no `manifest = Manifest(...)`")
    if manifest.id in found:
        raise PluginError(f"two plugins are named {manifest.id!r}")
    found[manifest.id] = (module, first_party)


def select(available: dict[str, tuple[ModuleType, bool]], settings: Settings) -> list[LoadedPlugin]:
    """Apply the enabled/disabled lists, check ``requires`` and order dependencies first."""
    enabled = list(settings.get("plugins.enabled") or [])
    disabled = set(settings.get("plugins.disabled") or [])
    for plugin_id in [*enabled, *disabled]:
        if plugin_id not in available:
            raise PluginError(f"plugin {plugin_id!r} is named in the config but not installed")
    chosen = [pid for pid in (enabled or sorted(available)) if pid not in disabled]
    manifests = {pid: available[pid][0].manifest for pid in available}
    for pid, manifest in manifests.items():
        if manifest.essential and pid not in chosen:
            raise PluginError(f"plugin {pid!r} is essential and cannot be disabled")
    for pid in chosen:
        for dependency in manifests[pid].requires:
            if dependency not in available:
                raise PluginError(f"plugin {pid!r} requires {dependency!r}, which is not installed")
            if dependency not in chosen:
                raise PluginError(
                    f"plugin {pid!r} requires {dependency!r}, which is disabled: "
                    f"enable {dependency!r} or disable {pid!r}"
                )
    ordered: list[str] = []
    visiting: set[str] = set()

    def visit(pid: str) -> None:
        if pid in ordered:
            return
        if pid in visiting:
            raise PluginError(f"plugins require each other in a cycle through {pid!r}")
        visiting.add(pid)
        for dependency in manifests[pid].requires:
            visit(dependency)
        visiting.discard(pid)
        ordered.append(pid)

    for pid in sorted(chosen):
        visit(pid)
    return [_loaded(pid, *available[pid]) for pid in ordered]


def _loaded(pid: str, module: ModuleType, first_party: bool) -> LoadedPlugin:
    web = first_party and (FIRST_PARTY_DIR / pid / "web" / "index.ts").exists()
    return LoadedPlugin(manifest=module.manifest, module=module, first_party=first_party, web=web)


class PluginHost:
    """The loaded plugins and a pluggy manager over them."""

    def __init__(self, plugins: list[LoadedPlugin]):
        self.plugins = plugins
        self.pm = pluggy.PluginManager("hearth")
        self.pm.add_hookspecs(hookspecs)
        for plugin in plugins:
            # A plugin may declare hooks of its own for others to implement (``hookspecs = module``).
            if getattr(plugin.module, "hookspecs", None) is not None:
                self.pm.add_hookspecs(plugin.module.hookspecs)
        for plugin in plugins:
            self.pm.register(plugin.module, name=plugin.id)

    @classmethod
    def from_settings(cls, settings: Settings) -> "PluginHost":
        return cls(select(discover(), settings))

    @property
    def hook(self) -> Any:
        return self.pm.hook

    def get(self, plugin_id: str) -> LoadedPlugin | None:
        return next((p for p in self.plugins if p.id == plugin_id), None)

    def per_plugin(self, hook_name: str, **kwargs: Any) -> list[tuple[LoadedPlugin, Any]]:
        """Call a sync hook on each plugin separately, keeping who returned what."""
        results = []
        for plugin in self.plugins:
            impl = getattr(plugin.module, hook_name, None)
            if impl is not None and hasattr(impl, "hearth_impl"):
                results.append((plugin, impl(**kwargs)))
        return results

    async def gather(self, hook_name: str, **kwargs: Any) -> list[Any]:
        """Call an (a)sync hook on every plugin in order, awaiting coroutine results."""
        results = getattr(self.pm.hook, hook_name)(**kwargs)
        return list(await asyncio.gather(*(_awaited(r) for r in reversed(results))))


async def _awaited(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value
