"""Plugin discovery, validation and ordering (pluggy ``PluginManager("hearth")``).

A plugin is a module exposing ``manifest`` (a :class:`Manifest`) and hook implementations
marked with ``core.hookimpl``. First-party plugins are ``plugins/<id>/plugin.py``; third-party
ones are modules named by a ``hearth.plugins`` entry point (docs/plugins.md).

``requires`` are hard: a plugin does not start without them. ``optional`` plugins are ordered
before the plugin when they are enabled, and the plugin works without them (it reaches them
through hooks, or through imports inside functions guarded by ``PluginHost.enabled``).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.metadata
import inspect
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import FunctionType, MethodType, ModuleType
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
    # Used when enabled (ordered before this plugin), not needed: see the plugin's README.
    optional: tuple[str, ...] = ()
    # URL prefixes under /api this plugin serves; every route it registers must sit under one.
    routes: tuple[str, ...] = ()
    # Essential plugins cannot be disabled (the app is useless without them).
    essential: bool = False


@dataclass(frozen=True)
class PluginInfo:
    """What an operator sees of one installed plugin (``python -m core plugins``, moderation)."""

    manifest: Manifest
    first_party: bool
    enabled: bool
    web: bool
    source: str  # the folder or the distribution it comes from

    def wire(self) -> dict[str, Any]:
        m = self.manifest
        return {
            "id": m.id,
            "name": m.name,
            "version": m.version,
            "description": m.description,
            "firstParty": self.first_party,
            "enabled": self.enabled,
            "essential": m.essential,
            "requires": list(m.requires),
            "optional": list(m.optional),
            "routes": list(m.routes),
            "web": self.web,
            "source": self.source,
        }


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


# module name → "distribution version" of the third-party plugins found through entry points
_distributions: dict[str, str] = {}


def discover() -> dict[str, tuple[ModuleType, bool]]:
    """Every plugin module available, enabled or not: ``{id: (module, first_party)}``."""
    found: dict[str, tuple[ModuleType, bool]] = {}
    for path in sorted(FIRST_PARTY_DIR.glob("*/plugin.py")):
        module = importlib.import_module(f"plugins.{path.parent.name}.plugin")
        _add(found, module, True)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            module = entry.load()
        except Exception as error:  # an operator needs the one line, not the traceback
            raise PluginError(
                f"the {ENTRY_POINT_GROUP} entry point {entry.name!r} ({entry.value}) "
                f"cannot be loaded: {type(error).__name__}: {error}"
            ) from error
        if entry.dist is not None:
            _distributions[module.__name__] = f"{entry.dist.name} {entry.dist.version}"
        _add(found, module, False)
    return found


def _add(found: dict[str, tuple[ModuleType, bool]], module: ModuleType, first_party: bool) -> None:
    manifest = getattr(module, "manifest", None)
    if not isinstance(manifest, Manifest):
        raise PluginError(f"plugin module {module.__name__} has no `manifest = Manifest(...)`")
    if manifest.id in found:
        if found[manifest.id][0] is module:
            return  # the same module named twice (an entry point and a test's explicit list)
        raise PluginError(f"two plugins are named {manifest.id!r}")
    found[manifest.id] = (module, first_party)


def with_modules(
    found: dict[str, tuple[ModuleType, bool]], module_names: list[str]
) -> dict[str, tuple[ModuleType, bool]]:
    """``found`` plus third-party plugin modules named directly (a plugin's tests, before the
    package is installed)."""
    found = dict(found)
    for name in module_names:
        _add(found, importlib.import_module(name), False)
    return found


def with_dependents(available: dict[str, tuple[ModuleType, bool]], plugin_ids: Iterable[str]) -> list[str]:
    """The plugins named and every plugin that hard-requires one of them, directly or not: what
    has to be disabled together."""
    found = set(plugin_ids)
    while more := {pid for pid, (module, _) in available.items() if found & set(module.manifest.requires)} - found:
        found |= more
    return sorted(found)


def select(available: dict[str, tuple[ModuleType, bool]], settings: Settings) -> list[LoadedPlugin]:
    """Apply the enabled/disabled lists, check ``requires`` and order dependencies (and the
    enabled ``optional`` plugins) first."""
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
        for dependency in manifests[pid].optional:
            if dependency in chosen:
                visit(dependency)
        visiting.discard(pid)
        ordered.append(pid)

    for pid in sorted(chosen):
        visit(pid)
    return [_loaded(pid, *available[pid]) for pid in ordered]


def web_entry(module: ModuleType, first_party: bool) -> Path | None:
    """The plugin's web bundle (``web/index.ts`` beside its plugin module), if it has one."""
    if first_party:
        folder = FIRST_PARTY_DIR / module.manifest.id
    elif getattr(module, "__file__", None):
        folder = Path(module.__file__).parent
    else:
        return None  # a module built in memory (tests)
    entry = folder / "web" / "index.ts"
    return entry if entry.is_file() else None


def _loaded(pid: str, module: ModuleType, first_party: bool) -> LoadedPlugin:
    return LoadedPlugin(
        manifest=module.manifest, module=module, first_party=first_party, web=web_entry(module, first_party) is not None
    )


def catalogue(available: dict[str, tuple[ModuleType, bool]], enabled_ids: set[str]) -> list[PluginInfo]:
    """Every installed plugin, first-party ones first, each by id."""
    infos = []
    for pid, (module, first_party) in available.items():
        source = f"plugins/{pid}" if first_party else _distributions.get(module.__name__, f"module {module.__name__}")
        infos.append(
            PluginInfo(
                manifest=module.manifest,
                first_party=first_party,
                enabled=pid in enabled_ids,
                web=web_entry(module, first_party) is not None,
                source=source,
            )
        )
    return sorted(infos, key=lambda info: (not info.first_party, info.manifest.id))


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, reading a module's plain functions straight from the module: pluggy looks
    every name of every plugin and hookspec module up through ``inspect.getattr_static`` (so that no
    property runs), a third of the 20 ms an app spent on its plugins; a module's ``__dict__`` runs
    no code either. Anything but a plain function still goes through pluggy."""

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        options = self._marked(plugin, name, "_impl")
        return super().parse_hookimpl_opts(plugin, name) if options is False else options

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
        options = self._marked(module_or_class, name, "_spec")
        return super().parse_hookspec_opts(module_or_class, name) if options is False else options

    def _marked(self, namespace: Any, name: str, kind: str) -> dict[str, Any] | None | bool:
        """The marker's options of a module's function; None for what cannot be a hook; False: ask pluggy."""
        if not isinstance(namespace, ModuleType):
            return False
        value = vars(namespace).get(name)
        if isinstance(value, (staticmethod, classmethod, MethodType)):
            return False
        if not isinstance(value, FunctionType):
            return None
        options = getattr(value, self.project_name + kind, None)
        return options if isinstance(options, dict) else None


class PluginHost:
    """The loaded plugins and a pluggy manager over them."""

    def __init__(self, plugins: list[LoadedPlugin], available: dict[str, tuple[ModuleType, bool]] | None = None):
        self.plugins = plugins
        self._ids = {plugin.id for plugin in plugins}
        # every installed plugin, enabled or not (what operators are shown)
        self.available = available if available is not None else {p.id: (p.module, p.first_party) for p in plugins}
        self.pm = _PluginManager("hearth")
        self.pm.add_hookspecs(hookspecs)
        for plugin in plugins:
            # A plugin may declare hooks of its own for others to implement (``hookspecs = module``).
            if getattr(plugin.module, "hookspecs", None) is not None:
                self.pm.add_hookspecs(plugin.module.hookspecs)
        for plugin in plugins:
            self.pm.register(plugin.module, name=plugin.id)

    @classmethod
    def from_settings(cls, settings: Settings, extra_modules: list[str] | None = None) -> PluginHost:
        available = with_modules(discover(), extra_modules or [])
        return cls(select(available, settings), available)

    def enabled(self, plugin_id: str) -> bool:
        """Whether that plugin runs here: guard the lazy imports of an ``optional`` plugin with it."""
        return plugin_id in self._ids

    def catalogue(self) -> list[PluginInfo]:
        return catalogue(self.available, self._ids)

    @property
    def hook(self) -> Any:
        return self.pm.hook

    def get(self, plugin_id: str) -> LoadedPlugin | None:
        return next((p for p in self.plugins if p.id == plugin_id), None)

    def per_plugin(self, hook_name: str, **kwargs: Any) -> list[tuple[LoadedPlugin, Any]]:
        """Call a sync hook on each plugin separately, keeping who returned what; as pluggy does,
        an implementation gets only the arguments it names."""
        results = []
        for plugin in self.plugins:
            impl = getattr(plugin.module, hook_name, None)
            if impl is not None and hasattr(impl, "hearth_impl"):
                named = inspect.signature(impl).parameters
                results.append((plugin, impl(**{k: v for k, v in kwargs.items() if k in named})))
        return results

    async def gather(self, hook_name: str, **kwargs: Any) -> list[Any]:
        """Call an (a)sync hook on every plugin in order, awaiting coroutine results: concurrently,
        or one after another inside a transaction, whose one connection takes one query at a time
        (asyncpg refuses a second: "another operation is in progress")."""
        from core.db import in_transaction_block

        results = list(reversed(getattr(self.pm.hook, hook_name)(**kwargs)))
        if in_transaction_block():
            try:
                return [await _awaited(r) for r in results]
            except BaseException:
                # Raised or cancelled part-way: the answers not awaited yet are closed, not left
                # for the collector to warn about ("coroutine … was never awaited").
                for result in results:
                    if inspect.iscoroutine(result):
                        result.close()
                raise
        # The answers themselves become the tasks: one cancelled before it started is then closed
        # by the cancellation, where a wrapper around it would never start and never await it.
        return list(await asyncio.gather(*(r if inspect.isawaitable(r) else _ready(r) for r in results)))


async def _awaited(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


async def _ready(value: Any) -> Any:
    return value
