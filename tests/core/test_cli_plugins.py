"""The operator's view of plugins: ``python -m core plugins`` lists what is installed, and a
start-up refused for plugin reasons prints one line and exits with status 2, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from core.settings import ROOT
from tests.core.scratch_plugins import env_with, scratch_distribution
from tests.core.serve_support import Supervised

SCRATCH = """
from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(id="scratch", name="Scratch", version="2.1.0", description="A test plugin.",
                    requires=("accounts",), optional=("posts",), routes=("/scratch",))
"""
# Serves GET /api/users/<id>, which the accounts plugin serves: refused when the app is built.
CLAIMER = """
from quart import Blueprint

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(id="claimer", name="Claimer", version="0.0.1", description="Claims a route.",
                    routes=("/users",))
blueprint = Blueprint("claimer", __name__, url_prefix="/api/users")


@blueprint.get("/<user_id>")
async def taken(user_id):
    return {}


@hookimpl
def hearth_blueprints():
    return [blueprint]
"""


def hearth(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture
def site(tmp_path):
    return scratch_distribution(
        tmp_path / "site",
        "hearth-scratch",
        {"hearth_scratch/__init__.py": "", "hearth_scratch/plugin.py": SCRATCH},
        {"scratch": "hearth_scratch.plugin"},
    )


def _database(tmp_path) -> dict[str, str]:
    return {
        "HEARTH_DATABASE_URL": f"sqlite://{tmp_path / 'db.sqlite3'}",
        "HEARTH_SERVER_INSTANCE_KEY_FILE": str(tmp_path / "instance.key"),
    }


def test_plugins_lists_first_and_third_party_plugins(site):
    result = hearth("plugins", env=env_with(site))
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert rows["scratch"][:5] == ["scratch", "2.1.0", "third", "yes", "accounts"]
    assert rows["scratch"][5:] == ["posts", "hearth-scratch", "0.0.1"]
    assert rows["accounts"][:4] == ["accounts", "1.0.0", "first", "yes"]
    assert rows["inbox"][4:7] == ["accounts,", "messages", "friends,"]

    listed = json.loads(hearth("plugins", "--json", env=env_with(site, HEARTH_PLUGINS_DISABLED="scratch")).stdout)
    scratch = next(p for p in listed["plugins"] if p["id"] == "scratch")
    assert scratch == {
        "id": "scratch",
        "name": "Scratch",
        "version": "2.1.0",
        "description": "A test plugin.",
        "firstParty": False,
        "enabled": False,
        "essential": False,
        "requires": ["accounts"],
        "optional": ["posts"],
        "routes": ["/scratch"],
        "web": False,
        "source": "hearth-scratch 0.0.1",
    }


@pytest.mark.parametrize("command", [["migrate"], ["check"], ["plugins"], ["serve", "--port", "1"]])
def test_a_disabled_requirement_is_one_line_and_status_2(tmp_path, command):
    result = hearth(*command, env=env_with(tmp_path, HEARTH_PLUGINS_DISABLED="messages", **_database(tmp_path)))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stderr.strip().splitlines() == [
        "hearth: plugin 'applications' requires 'messages', which is disabled: enable 'messages' or disable "
        "'applications'"
    ]
    assert "serving on" not in result.stdout


def test_a_plugin_that_cannot_be_imported_is_named_in_one_line(tmp_path):
    site = scratch_distribution(
        tmp_path / "site",
        "hearth-broken",
        {"hearth_broken/__init__.py": "", "hearth_broken/plugin.py": "import not_a_module\n"},
        {"broken": "hearth_broken.plugin"},
    )
    result = hearth("migrate", env=env_with(site, **_database(tmp_path)))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        "hearth: the hearth.plugins entry point 'broken' (hearth_broken.plugin) cannot be "
        "loaded: ModuleNotFoundError: No module named 'not_a_module'"
    )


async def test_a_route_claimed_twice_stops_the_server_with_status_2_and_no_traceback(tmp_path):
    site = scratch_distribution(
        tmp_path / "site",
        "hearth-claimer",
        {"hearth_claimer/__init__.py": "", "hearth_claimer/plugin.py": CLAIMER},
        {"claimer": "hearth_claimer.plugin"},
    )
    env = env_with(site, **_database(tmp_path))
    server = Supervised.hearth(workers=1, env={"PYTHONPATH": env["PYTHONPATH"], **_database(tmp_path)})
    try:
        assert await server.wait_exit(timeout=90) == 2
    finally:
        if server.process.poll() is None:
            server.process.kill()
    assert "Traceback" not in server.log
    assert server.matches(r"hearth: plugins 'accounts' and 'claimer' both serve GET /api/users/<user_id>")
    assert "starting it again" not in server.log


def test_plugins_start_without_their_optional_plugins(tmp_path):
    """Voice, applications and moderation without servers, friends and inbox (and what requires
    them): ``hearth check`` builds the app and each serves fewer routes than with everything."""
    from core.plugins import discover, with_dependents

    def served(disabled: list[str]) -> dict[str, int]:
        result = hearth(
            "check", env=env_with(tmp_path, HEARTH_PLUGINS_DISABLED=",".join(disabled), **_database(tmp_path))
        )
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        return {line.split()[0]: int(line.split()[2]) for line in result.stdout.splitlines() if "routes" in line}

    everything, fewer = served([]), served(with_dependents(discover(), ["servers", "friends", "inbox"]))
    assert not {"servers", "friends", "inbox", "explore"} & set(fewer)
    assert fewer["voice"] == everything["voice"] == 3
    assert fewer["applications"] < everything["applications"] and fewer["moderation"] < everything["moderation"]
    listed = json.loads(hearth("plugins", "--json", env=env_with(tmp_path)).stdout)["plugins"]
    optional = {p["id"]: (p["requires"], p["optional"]) for p in listed}
    assert optional["voice"] == (["accounts", "messages"], ["friends", "inbox", "servers"])
    assert optional["applications"] == (["accounts", "messages"], ["servers", "explore"])
    assert optional["moderation"][0] == ["accounts"] and {"messages", "servers"} <= set(optional["moderation"][1])
