"""Running ``python -m core`` against one instance (its database, data folder and key file)."""

import asyncio
import os
import subprocess
import sys

from core.settings import ROOT


async def hearth(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "core", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def instance(database_url, folder, key_file):
    return {
        "HEARTH_DATABASE_URL": database_url,
        "HEARTH_CDN_DIRECTORY": str(folder),
        "HEARTH_SERVER_INSTANCE_KEY_FILE": str(key_file),
    }


def tree(root):
    return {
        os.path.relpath(os.path.join(folder, name), root): open(os.path.join(folder, name), "rb").read()
        for folder, _, names in os.walk(root)
        for name in names
        if ".incoming" not in folder
    }
