"""examples/hearth-hello as a third-party package: pip installs it, Hearth finds it through its
``hearth.plugins`` entry point, and its own tests pass with the fixture Hearth exports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from core.settings import ROOT
from tests.examples.conftest import hello_env


def test_hearth_finds_the_installed_package_by_its_entry_point(hello_site: Path):
    result = subprocess.run(
        [sys.executable, "-m", "core", "plugins", "--json"],
        cwd=ROOT,
        env=hello_env(hello_site),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    hello = next(p for p in json.loads(result.stdout)["plugins"] if p["id"] == "hello")
    assert hello == {
        "id": "hello",
        "name": "Hello",
        "version": "1.0.0",
        "description": "Says hello, lets users wave at each other and counts the waves they received.",
        "firstParty": False,
        "enabled": True,
        "essential": False,
        "requires": ["accounts"],
        "optional": [],
        "routes": ["/hello"],
        "web": True,
        "source": "hearth-hello 1.0.0",
    }
    # the package carries its web sources and its migration
    assert (hello_site / "hearth_hello" / "web" / "index.ts").is_file()
    assert (hello_site / "hearth_hello" / "migrations" / "0001_initial.py").is_file()


def test_the_plugins_own_tests_pass_against_the_installed_package(hello_site: Path, tmp_path: Path):
    # Run from elsewhere, so `hearth_hello` is the installed copy, not the source folder.
    tests = hello_site.parent / "hearth-hello" / "tests"
    env = hello_env(hello_site)
    env["PYTHONPATH"] += f":{ROOT}"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert re.search(r"\b5 passed", result.stdout), result.stdout
    where = subprocess.run(
        [sys.executable, "-c", "import hearth_hello; print(hearth_hello.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    assert where.startswith(str(hello_site)), where
