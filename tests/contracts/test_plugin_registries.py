"""No module-level registries in plugins/: what one plugin adds to another is a hook's answer,
collected per app and kept on it (docs/plugins.md, "One way to extend another plugin"). A dict,
list or set at a module's top level that a function fills is state shared by every app of the
process; only the caches below, whose entries are the same whichever app asks, may do that."""

from __future__ import annotations

import ast

from core.plugins import FIRST_PARTY_DIR

# (file under plugins/, name): why it is not a registry
CACHES = {
    ("push/vapid.py", "_cache"): "the keys read from a file, by path: the same for every app using that file",
    ("servers/memberrows.py", "_cache"): "members' wire rows, each checked against the row it was built from",
}
CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
FACTORIES = {"dict", "list", "set", "defaultdict", "OrderedDict", "deque", "WeakValueDictionary", "WeakKeyDictionary"}
MUTATORS = {"append", "add", "update", "setdefault", "extend", "insert", "appendleft", "__setitem__"}


def _factory(value: ast.expr | None) -> str | None:
    return (
        (getattr(value.func, "id", None) or getattr(value.func, "attr", None)) if isinstance(value, ast.Call) else None
    )


def _module_containers(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The module-level containers, and those of them that fill themselves when read (defaultdict)."""
    names, self_filling = set(), set()
    for node in tree.body:
        targets, value = [], None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if isinstance(value, CONTAINERS) or _factory(value) in FACTORIES:
            found = {t.id for t in targets if isinstance(t, ast.Name)}
            names |= found
            if _factory(value) == "defaultdict":
                self_filling |= found
    return names, self_filling


def _filled_in_functions(tree: ast.Module, containers: tuple[set[str], set[str]]) -> set[str]:
    names, self_filling = containers
    filled = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Global):
                filled |= set(node.names)  # a function rebinding module state
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Subscript) and getattr(target.value, "id", None) in names:
                        filled.add(target.value.id)
            elif isinstance(node, ast.Subscript) and getattr(node.value, "id", None) in self_filling:
                filled.add(node.value.id)  # reading a missing key of a defaultdict adds it
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATORS
                and getattr(node.func.value, "id", None) in names
            ):
                filled.add(node.func.value.id)
    return filled


def test_no_plugin_keeps_a_module_level_registry():
    found = []
    for path in sorted(FIRST_PARTY_DIR.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        relative = path.relative_to(FIRST_PARTY_DIR).as_posix()
        for name in sorted(_filled_in_functions(tree, _module_containers(tree))):
            if (relative, name) not in CACHES:
                found.append(f"plugins/{relative}: {name}")
    assert found == [], (
        f"module-level state filled by functions (make it a hook's answer collected per app, docs/plugins.md): {found}"
    )


def test_the_registry_check_finds_one():
    tree = ast.parse("_kinds = {}\ndef register_kind(t, kind):\n    _kinds[t] = kind\n")
    assert _filled_in_functions(tree, _module_containers(tree)) == {"_kinds"}


def test_the_registry_check_finds_a_defaultdict_filled_by_reading_it():
    tree = ast.parse(
        "_locks = defaultdict(asyncio.Lock)\n_names = {}\n"
        "async def open(pair):\n    async with _locks[pair]:\n        return _names.get(pair)\n"
    )
    assert _filled_in_functions(tree, _module_containers(tree)) == {"_locks"}
