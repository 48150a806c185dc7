"""What every plugin and the kernel's hook surface must keep true."""

import ast
import inspect
import re
import sys
from pathlib import Path

import pytest

from core import hookspecs
from core.app import create_quart_app
from core.plugins import FIRST_PARTY_DIR, discover

PLUGINS = discover()
STDLIB = set(sys.stdlib_module_names)
NON_ESSENTIAL = sorted(pid for pid, (module, _) in PLUGINS.items() if not module.manifest.essential)


def test_every_hookspec_is_documented():
    specs = [f for name, f in inspect.getmembers(hookspecs, inspect.isfunction) if hasattr(f, "hearth_spec")]
    assert len(specs) >= 8
    for spec in specs:
        assert (spec.__doc__ or "").strip(), f"hookspec {spec.__name__} has no docstring"


@pytest.mark.parametrize("plugin_id", sorted(PLUGINS))
def test_manifest_is_valid_and_the_folder_is_complete(plugin_id):
    module, first_party = PLUGINS[plugin_id]
    manifest = module.manifest
    assert re.fullmatch(r"[a-z][a-z0-9_]*", manifest.id)
    assert re.fullmatch(r"\d+\.\d+\.\d+", manifest.version)
    assert manifest.name and manifest.description
    assert all(route.startswith("/") for route in manifest.routes)
    assert all(dependency in PLUGINS for dependency in manifest.requires)
    if first_party:
        folder = FIRST_PARTY_DIR / plugin_id
        assert folder.name == manifest.id
        assert (folder / "README.md").is_file(), "each plugin documents itself in README.md"
        assert (folder / "migrations" / "__init__.py").is_file() or not (folder / "models.py").exists()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("plugin_id", sorted(p for p, (_, first) in PLUGINS.items() if first))
def test_a_plugin_imports_only_core_itself_and_what_it_requires(plugin_id):
    allowed = {plugin_id, *PLUGINS[plugin_id][0].manifest.requires}
    for path in (FIRST_PARTY_DIR / plugin_id).rglob("*.py"):
        for name in _imports(path):
            if name.startswith("plugins."):
                assert name.split(".")[1] in allowed, f"{path} imports {name}, not in requires"


def test_the_kernel_imports_no_plugin():
    for path in (Path(__file__).parents[2] / "core").rglob("*.py"):
        if path.name == "dbconfig.py":
            continue
        assert not any(name.startswith("plugins") for name in _imports(path)), f"{path} imports a plugin"


def _with_dependents(plugin_id: str) -> set[str]:
    """The plugin and every plugin that requires it, directly or not."""
    found = {plugin_id}
    while True:
        more = {pid for pid, (module, _) in PLUGINS.items() if found & set(module.manifest.requires)} - found
        if not more:
            return found
        found |= more


@pytest.mark.parametrize("plugin_id", NON_ESSENTIAL)
async def test_the_app_boots_with_each_optional_plugin_disabled(settings, plugin_id):
    disabled = _with_dependents(plugin_id)
    app = create_quart_app(settings.with_overrides({"plugins.disabled": sorted(disabled)}))
    async with app.test_app():
        client = app.test_client()
        response = await client.get("/api/plugins")
        ids = {p["id"] for p in (await response.get_json())["plugins"]}
        assert (await client.post("/api/users/login", json={})).status_code == 400
    assert not ids & disabled and "accounts" in ids


async def test_the_app_boots_with_only_the_essential_plugins(settings):
    app = create_quart_app(settings.with_overrides({"plugins.disabled": NON_ESSENTIAL}))
    async with app.test_app():
        response = await app.test_client().post("/api/users/login", json={})
        assert response.status_code == 400
