"""What the web UI's imports must keep true: the shell (webui/src) knows no plugin, a plugin
bundle reaches another only through its `public.ts`, every slot id names its owner, and what one
bundle adds to another goes through a slot, never a `register*` function of its own."""

import re
from pathlib import Path

import pytest

from core.settings import ROOT

SHELL = ROOT / "webui" / "src"
PLUGINS = ROOT / "plugins"

# `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")` (over several lines too).
SPECIFIER = re.compile(r"""(?:\b(?:import|export)\b[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']""")
SLOT_ID = re.compile(r"""\bdefine(?:List)?Slot<.*?>\(\s*["']([^"']+)["']""")
# A hand-rolled registry's door: a function named register…, defined or re-exported, or called by a
# module's top level (filling something when the module loads instead of through `slots`).
REGISTRY_DOOR = re.compile(
    r"\bfunction\s+(register[A-Z]\w*)"
    r"|\b(?:const|let|var)\s+(register[A-Z]\w*)\s*="
    r"|\bexport\s+(?:type\s+)?\{[^}]*?\b(register[A-Z]\w*)"
    r"|^(register[A-Z]\w*)\s*\(",
    re.MULTILINE,
)


def _sources(folder: Path) -> list[Path]:
    return sorted(
        path for pattern in ("*.ts", "*.tsx") for path in folder.rglob(pattern) if "node_modules" not in path.parts
    )


def _resolved(path: Path, specifier: str) -> Path | None:
    """Where a specifier points inside the repository (None for a package or a virtual module)."""
    if specifier.startswith("@hearth/"):
        return SHELL / specifier.removeprefix("@hearth/")
    if specifier.startswith("."):
        return (path.parent / specifier).resolve()
    return None


def _imports(path: Path) -> list[tuple[str, Path]]:
    text = path.read_text(encoding="utf-8")
    return [(spec, target) for spec in SPECIFIER.findall(text) if (target := _resolved(path, spec)) is not None]


def _web_bundles() -> list[Path]:
    return sorted(path.parent for path in PLUGINS.glob("*/web/index.ts"))


def test_the_specifier_pattern_finds_every_form_of_import(tmp_path):
    sample = tmp_path / "sample.tsx"
    sample.write_text(
        'import a from "./a";\nimport {\n  b,\n  c,\n} from "../b";\nexport { d } from "./d";\n'
        'import "./e.css";\nconst f = lazy(() => import("./f"));\nimport type { G } from "@hearth/g";\n'
    )
    assert [spec for spec, _ in _imports(sample)] == ["./a", "../b", "./d", "./e.css", "./f", "@hearth/g"]


def test_the_shell_imports_no_plugin():
    """The shell finds bundles with `import.meta.glob` and meets them only through slots."""
    shell_files = _sources(SHELL)
    assert len(shell_files) > 100
    for path in shell_files:
        for specifier, target in _imports(path):
            assert not target.is_relative_to(PLUGINS), f"{path.relative_to(ROOT)} imports a plugin: {specifier}"


@pytest.mark.parametrize("bundle", _web_bundles(), ids=lambda bundle: bundle.parent.name)
def test_a_bundle_reaches_another_only_through_its_public_module(bundle):
    for path in _sources(bundle):
        is_test = ".test." in path.name
        for specifier, target in _imports(path):
            if not target.is_relative_to(PLUGINS) or target.is_relative_to(bundle):
                continue
            owner = target.relative_to(PLUGINS).parts[0]
            public = PLUGINS / owner / "web" / "public"
            allowed = {public} | ({PLUGINS / owner / "web" / "testData"} if is_test else set())
            assert target in allowed, f"{path.relative_to(ROOT)} reaches into {owner}: {specifier} (use its public.ts)"


def test_every_slot_id_names_its_owner_once():
    """`shell.` for the shell's slots, `<plugin id>.` for a plugin's, so two never meet."""
    seen: dict[str, Path] = {}
    for folder in (SHELL, *_web_bundles()):
        owner = "shell" if folder == SHELL else folder.parent.name
        for path in _sources(folder):
            if ".test." in path.name:
                continue
            for slot_id in SLOT_ID.findall(path.read_text(encoding="utf-8")):
                assert slot_id.startswith(f"{owner}."), (
                    f"{path.relative_to(ROOT)}: slot {slot_id!r} should start {owner}."
                )
                assert slot_id not in seen, f"slot {slot_id!r} is declared in {seen[slot_id]} and {path}"
                seen[slot_id] = path
    assert len(seen) >= 15


def _registry_doors(text: str) -> list[str]:
    return [next(name for name in match if name) for match in REGISTRY_DOOR.findall(text)]


def test_the_registry_pattern_finds_every_door():
    text = (
        "export function registerTab(tab) {}\nfunction registerQuietly() {}\n"
        "export const registerArrow = (x) => x;\nexport {\n  useThing,\n  registerSection,\n} from './contributions';\n"
        "registerWelcomeScreens();\nconst registered = [];\nfunction ready() {\n  registerTranslations('en-gb', 'x', {});\n}\n"
    )
    assert _registry_doors(text) == [
        "registerTab",
        "registerQuietly",
        "registerArrow",
        "registerSection",
        "registerWelcomeScreens",
    ]


def test_no_bundle_keeps_a_registry_of_its_own():
    """What one bundle adds to another's screens is a slot it fills (`slots: [slot.fill(…)]`,
    declared with defineSlot/defineListSlot in the owner's public.ts): slots are filled when the
    plugin is installed, in its load order, and emptied between tests; a module-level list behind a
    `register*` function is none of these (docs/plugins.md, section 7)."""
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for bundle in _web_bundles()
        for path in _sources(bundle)
        if ".test." not in path.name
        for name in _registry_doors(path.read_text(encoding="utf-8"))
    ]
    assert found == [], f"declare a slot in the owner's public.ts instead of a register* function: {found}"
