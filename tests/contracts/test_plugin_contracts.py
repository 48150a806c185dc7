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
from core.settings import ROOT

PLUGINS = discover()
STDLIB = set(sys.stdlib_module_names)
NON_ESSENTIAL = sorted(pid for pid, (module, _) in PLUGINS.items() if not module.manifest.essential)


def _hookspecs() -> list:
    """The kernel's hookspecs and those every plugin declares (``hookspecs = module`` in plugin.py)."""
    modules = [hookspecs, *(getattr(module, "hookspecs", None) for module, _ in PLUGINS.values())]
    return [
        f
        for module in dict.fromkeys(m for m in modules if m is not None)
        for _, f in inspect.getmembers(module, inspect.isfunction)
        if hasattr(f, "hearth_spec")
    ]


def test_every_hookspec_is_documented():
    specs = _hookspecs()
    assert len(specs) >= 40
    guide = (ROOT / "docs" / "plugins.md").read_text()
    for spec in specs:
        assert (spec.__doc__ or "").strip(), f"hookspec {spec.__name__} has no docstring"
        arguments = ", ".join(inspect.signature(spec).parameters)
        assert f"`{spec.__name__}({arguments})`" in guide, (
            f"hookspec {spec.__name__}({arguments}) ({spec.__module__}) is not in docs/plugins.md's tables"
        )


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
    return _imported_names(tree)


def _imported_names(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _plugin_imports(path: Path) -> tuple[set[str], list[tuple[ast.AST, str]]]:
    """Plugin ids imported at module level, and ``(function, id)`` for imports inside functions."""
    tree = ast.parse(path.read_text(), filename=str(path))
    functions = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    inside: list[tuple[ast.AST, str]] = []
    nested_nodes: set[int] = set()
    for function in functions:
        for node in ast.walk(function):
            nested_nodes.add(id(node))
        for name in _imported_names(function):
            if name.startswith("plugins."):
                inside.append((function, name.split(".")[1]))
    top = {
        name.split(".")[1]
        for node in ast.walk(tree)
        if id(node) not in nested_nodes
        for name in _imported_names(node)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and name.startswith("plugins.")
    }
    return top, inside


@pytest.mark.parametrize("plugin_id", sorted(p for p, (_, first) in PLUGINS.items() if first))
def test_a_plugin_imports_only_core_itself_and_what_it_requires(plugin_id):
    """Module-level imports name only ``requires``; an ``optional`` plugin is imported inside a
    function that first checks ``plugins.enabled("<id>")``, so a disabled one is never loaded."""
    manifest = PLUGINS[plugin_id][0].manifest
    required = {plugin_id, *manifest.requires}
    for path in (FIRST_PARTY_DIR / plugin_id).rglob("*.py"):
        top, inside = _plugin_imports(path)
        assert top <= required, f"{path} imports {sorted(top - required)} at module level, not in requires"
        for function, used in inside:
            if used in required:
                continue
            assert used in manifest.optional, f"{path} imports plugin {used!r}, neither required nor optional"
            assert f"enabled('{used}')" in ast.unparse(function), (
                f"{path}: {function.name} imports the optional plugin {used!r} without checking "
                f'plugins.enabled("{used}") first'
            )


def test_optional_plugins_exist_and_differ_from_requires():
    for plugin_id, (module, _) in PLUGINS.items():
        manifest = module.manifest
        assert not set(manifest.optional) & set(manifest.requires), plugin_id
        assert plugin_id not in manifest.optional


def test_the_kernel_imports_no_plugin():
    for path in (Path(__file__).parents[2] / "core").rglob("*.py"):
        if path.name == "dbconfig.py":
            continue
        assert not any(name.startswith("plugins") for name in _imports(path)), f"{path} imports a plugin"


# Each plugin disabled in turn (with its dependents): tests/contracts/test_plugin_matrix.py.


async def test_the_app_boots_with_only_the_essential_plugins(settings):
    app = create_quart_app(settings.with_overrides({"plugins.disabled": NON_ESSENTIAL}))
    async with app.test_app():
        response = await app.test_client().post("/api/users/login", json={})
        assert response.status_code == 400
