"""The instance key: 32 random bytes made on first use and kept in a file beside the data
(``[server] instance_key_file``, mode 0600), for secrets that must not live only in the
database (e.g. what webhook tokens are derived from). Every process of one deployment reads the
same file; deployments spread over several machines share it (or configure the keys they need).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from core.settings import ROOT, Settings

_cache: dict[Path, str] = {}


def key_path(settings: Settings) -> Path:
    path = Path(str(settings.get("server.instance_key_file") or "data/instance.key"))
    return path if path.is_absolute() else ROOT / path


def instance_key(settings: Settings) -> str:
    """The deployment's key as hex; created (atomically, once) if the file does not exist yet."""
    path = key_path(settings)
    if path not in _cache:
        _cache[path] = _read_or_create(path)
    return _cache[path]


def _read_or_create(path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path)
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_hex(32))
    return _read(path)


def _read(path: Path) -> str:
    text = path.read_text().strip()
    if len(text) < 32:  # another process is still writing it, or the file was emptied
        raise RuntimeError(f"{path} does not hold an instance key; delete it to make a new one")
    return text
