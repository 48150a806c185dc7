"""The instance key: 32 random bytes made on first use and kept in a file beside the data
(``[server] instance_key_file``, mode 0600), for secrets that must not live only in the
database (e.g. what webhook tokens are derived from). Every process of one deployment reads the
same file; deployments spread over several machines share it (or configure the keys they need).
"""

from __future__ import annotations

import secrets
from pathlib import Path

from core.secret_file import read_or_create
from core.settings import ROOT, Settings

_cache: dict[Path, str] = {}


def key_path(settings: Settings) -> Path:
    path = Path(str(settings.get("server.instance_key_file") or "data/instance.key"))
    return path if path.is_absolute() else ROOT / path


def instance_key(settings: Settings) -> str:
    """The deployment's key as hex; created (atomically, once) if the file does not exist yet."""
    path = key_path(settings)
    if path not in _cache:
        _cache[path] = _checked(path, read_or_create(path, lambda: secrets.token_hex(32).encode()))
    return _cache[path]


def _checked(path: Path, content: bytes) -> str:
    text = content.decode(errors="replace").strip()
    if len(text) < 32:  # the file was emptied
        raise RuntimeError(f"{path} does not hold an instance key; delete it to make a new one")
    return text
