"""A process that takes the next export job and stops for good after writing its first part,
holding its lease: the test kills it there (``test_killed_worker.py``). Settings from HEARTH_*."""

from __future__ import annotations

import asyncio
import os

from core.app import create_quart_app
from core.settings import load_settings
from plugins.data_export import archive, job


async def main() -> None:
    app = create_quart_app(load_settings())
    original = archive.Archive.write_part

    async def write_then_stall(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        await original(self, *args, **kwargs)
        print(f"mid-way {os.getpid()}", flush=True)
        await asyncio.sleep(3600)

    archive.Archive.write_part = write_then_stall  # type: ignore[method-assign]
    async with app.test_app(), app.app_context():
        await job.run_pending()


if __name__ == "__main__":
    asyncio.run(main())
