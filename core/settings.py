"""Settings: config/default.toml, then the file named by HEARTH_CONFIG, then HEARTH_* env vars."""

from __future__ import annotations

import copy
import os
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = ROOT / "config" / "default.toml"
ENV_PREFIX = "HEARTH_"


class Settings:
    """Nested, read-only view of the merged configuration: ``settings.database.url``."""

    def __init__(self, data: dict[str, Any]):
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            value = self._data[name]
        except KeyError:
            raise AttributeError(name) from None
        return Settings(value) if isinstance(value, dict) else value

    def get(self, dotted: str, default: Any = None) -> Any:
        node: Any = self._data
        for part in dotted.split("."):
            if not isinstance(node, dict) or part not in node:
                return default
            node = node[part]
        return node

    def section(self, name: str) -> dict[str, Any]:
        return dict(self._data.get(name, {}))

    def as_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self._data)

    def with_overrides(self, overrides: dict[str, Any]) -> Settings:
        """A copy with dotted keys replaced: ``{"database.url": "sqlite://..."}``."""
        data = self.as_dict()
        for dotted, value in overrides.items():
            _set_dotted(data, dotted, value)
        return Settings(data)


def load_settings(environ: dict[str, str] | None = None, overrides: dict[str, Any] | None = None) -> Settings:
    environ = os.environ if environ is None else environ
    data = _read_toml(DEFAULT_FILE)
    extra = environ.get("HEARTH_CONFIG")
    if extra:
        _merge(data, _read_toml(Path(extra)))
    for key, raw in environ.items():
        if key.startswith(ENV_PREFIX) and key != "HEARTH_CONFIG":
            _apply_env(data, key[len(ENV_PREFIX) :].lower(), raw)
    settings = Settings(data)
    return settings.with_overrides(overrides) if overrides else settings


def _read_toml(path: Path) -> dict[str, Any]:
    with open(path, "rb") as handle:
        return tomllib.load(handle)


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> None:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        else:
            base[key] = value


def _apply_env(data: dict[str, Any], name: str, raw: str) -> None:
    # HEARTH_DATABASE_URL -> section "database", key "url"; sections are matched first so
    # keys containing underscores (HEARTH_CDN_MAX_UPLOAD_MB) resolve unambiguously.
    for section in sorted(data, key=len, reverse=True):
        if isinstance(data[section], dict) and name.startswith(section + "_"):
            key = name[len(section) + 1 :]
            data[section][key] = _parse_value(raw, data[section].get(key))
            return


def _parse_value(raw: str, current: Any) -> Any:
    if isinstance(current, str) or current is None:
        return raw
    if isinstance(current, bool):
        return raw.strip().lower() in ("1", "true", "yes", "on")
    if isinstance(current, list):
        if raw.strip().startswith("["):
            return tomllib.loads(f"v = {raw}")["v"]
        return [item.strip() for item in raw.split(",") if item.strip()]
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw


def _set_dotted(data: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    node = data
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
