"""The example third-party plugin (examples/hearth-hello) installed as an operator would, but
into a scratch folder: ``pip install --target`` of a copy of the package (no index, no build
isolation: offline, and the shared environment is left as it was). Child processes see it by
``PYTHONPATH``, exactly as they would see it in site-packages (``importlib.metadata``)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from core.settings import ROOT
from core.testing import scratch_database
from tests.core.serve_support import Supervised
from tests.e2e.conftest import browser, playwright, profile_pools, profiles, signed_in  # noqa: F401 - the browser fixtures

EXAMPLE = ROOT / "examples" / "hearth-hello"


@pytest.fixture(scope="session")
def hello_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("hello")
    source = work / "hearth-hello"
    shutil.copytree(
        EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache")
    )
    site = work / "site"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(site),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return site


def hello_env(site: Path, **extra: str) -> dict[str, str]:
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "HEARTH_RATE_LIMITS_ENABLED": "false", **extra}


@pytest.fixture(scope="session")
def hello_webui(hello_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The web UI built as ``make run`` builds it with the plugin installed: its bundle found
    through ``python -m core plugins --web-bundles``."""
    work = tmp_path_factory.mktemp("hello-webui")
    bundles, dist = work / "plugin-bundles.json", work / "dist"
    env = hello_env(hello_site)
    subprocess.run(
        [sys.executable, "-m", "core", "plugins", "--web-bundles", str(bundles)],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    result = subprocess.run(
        [
            str(ROOT / "node_modules" / ".bin" / "vite"),
            "build",
            "--config",
            "webui/vite.config.ts",
            "--outDir",
            str(dist),
            "--emptyOutDir",
            "--logLevel",
            "warn",
        ],
        cwd=ROOT,
        env={**env, "HEARTH_PLUGIN_BUNDLES": str(bundles)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return dist


@asynccontextmanager
async def hearth_with_hello(site: Path, webui: Path, database_url: str, **env: str) -> AsyncIterator[Supervised]:
    """``hearth migrate`` then ``hearth serve`` in child processes that see the installed plugin."""
    settings = {
        "HEARTH_DATABASE_URL": database_url,
        "HEARTH_SERVER_WEBUI_DIST": str(webui),
        "HEARTH_REDIS_URL": os.environ.get("HEARTH_TEST_REDIS_URL", ""),
        "HEARTH_SERVER_INSTANCE_KEY_FILE": str(webui.parent / "instance.key"),
        **env,
    }
    child = hello_env(site, **settings)
    migrated = subprocess.run(
        [sys.executable, "-m", "core", "migrate"], cwd=ROOT, env=child, capture_output=True, text=True, timeout=300
    )
    assert migrated.returncode == 0, migrated.stderr
    server = Supervised.hearth(
        workers=1, env={k: child[k] for k in ("PYTHONPATH", "HEARTH_RATE_LIMITS_ENABLED", *settings)}
    )
    try:
        await server.wait_for_log(r"worker 1 \(pid \d+\) ready", timeout=90)
        yield server
        server.signal(signal.SIGTERM)
        assert await server.wait_exit(timeout=60) == 0
    finally:
        server.kill()


@pytest.fixture
async def hello_database(tmp_path: Path) -> AsyncIterator[str]:
    async with scratch_database(tmp_path, "hello") as url:
        yield url
