"""``python -m core.makemigrations [app ...]``: write new migration files for the named apps
(all apps when none are named). Every app is loaded so foreign keys across apps resolve, but
only the named apps get files — several people can change models in different plugins at once."""

from __future__ import annotations

import asyncio
import sys

from tortoise.cli.cli import _ensure_migrations_package, tortoise_cli_context
from tortoise.migrations.autodetector import MigrationAutodetector

from core.dbconfig import TORTOISE_ORM


async def make(labels: list[str]) -> None:
    config = {**TORTOISE_ORM, "apps": {k: dict(v) for k, v in TORTOISE_ORM["apps"].items()}}
    unknown = set(labels) - set(config["apps"])
    if unknown:
        raise SystemExit(f"unknown app(s): {', '.join(sorted(unknown))}")
    for label, app in config["apps"].items():
        app["migrations"], _ = _ensure_migrations_package(label, app)
    async with tortoise_cli_context(config) as ctx:
        writers = await MigrationAutodetector(ctx.apps, config["apps"]).changes()
    chosen = [w for w in writers if not labels or w.app_label in labels]
    if not chosen:
        print("No changes detected")
    for writer in chosen:
        print(f"Created {writer.app_label}.{writer.name}: {writer.write()}")


if __name__ == "__main__":
    asyncio.run(make(sys.argv[1:]))
