"""``hearth backup PATH`` and ``hearth restore PATH [--force]`` (docs/operations.md, "Backups").

A backup is a folder (made mode 0700; it holds secrets):

- ``manifest.json``: format, Hearth version, when, which database and storage, and every
  uploaded file's path and size (for S3 storage this *is* the uploads' part: the bucket keeps
  the bytes, and its own versioning or replication backs them up);
- ``database.sqlite3`` (SQLite's online backup API) or ``database.pgdump`` (``pg_dump -Fc``);
- ``uploads/``: the uploaded files, for local storage;
- ``keys/``: the instance key and the keys plugins name (``hearth_secret_files``: push's VAPID key);
- ``config/``: the file ``HEARTH_CONFIG`` names and the ``HEARTH_*`` environment, for reference.

Consistent while Hearth runs: the database is copied first, in one snapshot; uploads are
written once, under new names, and appear whole (a rename), so every file the copied database
names is already there to copy. A file deleted in between is reported missing and skipped.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.backup import database
from core.cdn.storage import make_storage
from core.instance_key import key_path
from core.plugins import PluginHost
from core.settings import Settings
from core.version import VERSION

FORMAT = 1
MANIFEST = "manifest.json"


class BackupError(Exception):
    """Refused or failed; the message says why (the command prints it and exits 1)."""


def secret_files(settings: Settings, plugins: PluginHost | None = None) -> dict[str, Path]:
    files = {"instance.key": key_path(settings)}
    plugins = plugins or PluginHost.from_settings(settings)
    for _, contributed in plugins.per_plugin("hearth_secret_files", settings=settings):
        files.update(contributed or {})
    return files


async def backup(settings: Settings, path: Path, say: Callable[[str], None] = print) -> dict[str, Any]:
    await asyncio.to_thread(_new_folder, path)
    say(f"database ({database.kind_of(settings)}) …")
    dumped = await database.dump(settings, path)
    storage = make_storage(settings)
    files, missing = [], 0
    try:
        listing = [stored async for stored in storage.files()]
        if storage.kind == "local":
            say(f"uploads: {len(listing)} file(s) …")
        for stored in listing:
            if storage.kind == "local":
                target = path / "uploads" / stored.path
                await asyncio.to_thread(target.parent.mkdir, parents=True, exist_ok=True)
                try:
                    await storage.copy_out(stored.path, target)
                except FileNotFoundError:
                    missing += 1  # deleted while the backup ran
                    continue
            files.append({"path": stored.path, "size": stored.size})
    finally:
        await storage.close()
    keys = await asyncio.to_thread(_copy_keys, settings, path / "keys")
    config = await asyncio.to_thread(_copy_config, path / "config")
    manifest = {
        "format": FORMAT,
        "hearthVersion": VERSION,
        "createdAt": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": dumped,
        "storage": storage.kind,
        "bucket": getattr(storage, "bucket", None),
        "files": files,
        "keys": keys,
        "config": config,
    }
    await asyncio.to_thread((path / MANIFEST).write_text, json.dumps(manifest, indent=1) + "\n")
    say(
        f"backed up to {path}: the database, {len(files)} upload(s)"
        + (" (listed: the bucket keeps them)" if storage.kind == "s3" else "")
        + (f", {missing} deleted while copying" if missing else "")
        + f", {len(keys)} key file(s)"
        + (f", the configuration ({config})" if config else "")
    )
    return manifest


def _new_folder(path: Path) -> None:
    if path.exists() and any(path.iterdir()):
        raise BackupError(f"{path} is not empty: back up into a new folder")
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)


def _copy_keys(settings: Settings, folder: Path) -> list[str]:
    copied = []
    for name, source in secret_files(settings).items():
        if source.is_file():
            folder.mkdir(mode=0o700, exist_ok=True)
            shutil.copyfile(source, folder / name)
            os.chmod(folder / name, 0o600)
            copied.append(name)
    return copied


def _copy_config(folder: Path) -> str | None:
    folder.mkdir(mode=0o700, exist_ok=True)
    environment = sorted(f"{key}={value}" for key, value in os.environ.items() if key.startswith("HEARTH_"))
    (folder / "environment").write_text("".join(f"{line}\n" for line in environment))
    os.chmod(folder / "environment", 0o600)
    named = os.environ.get("HEARTH_CONFIG")
    if not named or not Path(named).is_file():
        return None
    shutil.copyfile(named, folder / Path(named).name)
    os.chmod(folder / Path(named).name, 0o600)
    return Path(named).name


def read_manifest(path: Path) -> dict[str, Any]:
    try:
        manifest = json.loads((path / MANIFEST).read_text())
    except (OSError, ValueError):
        raise BackupError(f"{path} is not a Hearth backup (no readable {MANIFEST})") from None
    if manifest.get("format") != FORMAT:
        raise BackupError(f"{path} is a backup of format {manifest.get('format')!r}; this Hearth reads {FORMAT}")
    return manifest


async def restore(settings: Settings, path: Path, force: bool, say: Callable[[str], None] = print) -> None:
    manifest = await asyncio.to_thread(read_manifest, path)
    storage = make_storage(settings)
    try:
        users = await database.count_users(settings)
        stored = [item async for item in storage.files()] if storage.kind == "local" else []
        if (users or stored) and not force:
            raise BackupError(
                f"this instance is not empty ({users} account(s), {len(stored)} uploaded file(s)); "
                "restore onto an empty one, or add --force to replace what it holds"
            )
        say(f"database ({manifest['database']}) …")
        await database.load(settings, path, manifest["database"])
        await _restore_files(storage, path, manifest, say)
    finally:
        await storage.close()
    await asyncio.to_thread(_restore_keys, settings, path / "keys", manifest["keys"])
    say(f"restored {path} (Hearth {manifest['hearthVersion']}, {manifest['createdAt']})")
    if manifest.get("config"):
        say(f"the backup's configuration file is {path / 'config' / manifest['config']}: compare it with yours")
    say("next: `hearth migrate` (a backup of an older version needs its migrations), then start Hearth")


async def _restore_files(storage: Any, path: Path, manifest: dict[str, Any], say: Callable[[str], None]) -> None:
    files = manifest["files"]
    if manifest["storage"] == "local":  # the bytes are in the backup: into this instance's store, whichever it is
        say(f"uploads: {len(files)} file(s) …")
        for item in files:
            await storage.copy_in(item["path"], path / "uploads" / item["path"])
        return
    present = {stored.path: stored.size async for stored in storage.files()}
    absent = [item["path"] for item in files if present.get(item["path"]) != item["size"]]
    say(
        f"uploads: {len(files)} file(s) listed in bucket {manifest.get('bucket')!r}, "
        + (f"{len(absent)} of them missing or different here: {', '.join(absent[:10])}" if absent else "all present")
    )


def _restore_keys(settings: Settings, folder: Path, names: list[str]) -> None:
    targets = secret_files(settings)
    for name in names:
        if name not in targets:
            continue  # a plugin no longer enabled here
        target = targets[name]
        target.parent.mkdir(parents=True, exist_ok=True)
        staged = target.with_name(target.name + ".restoring")
        shutil.copyfile(folder / name, staged)
        os.chmod(staged, 0o600)
        os.replace(staged, target)
