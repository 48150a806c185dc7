"""Test-only distributions declaring ``hearth.plugins`` entry points: a folder put on
``PYTHONPATH`` of a child process, so Hearth finds the plugin exactly as it finds an installed
package (``importlib.metadata``), without installing anything into the shared environment."""

from __future__ import annotations

import os
from pathlib import Path
from textwrap import dedent


def scratch_distribution(site: Path, name: str, modules: dict[str, str], plugins: dict[str, str]) -> Path:
    """Write ``modules`` (``{"pkg/plugin.py": source}``) and a ``<name>-0.0.1.dist-info`` whose
    entry points name ``plugins`` (``{entry name: "pkg.plugin"}``) under ``site``; return it."""
    for relative, source in modules.items():
        path = site / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dedent(source))
    info = site / f"{name.replace('-', '_')}-0.0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.1\n")
    lines = "".join(f"{entry} = {module}\n" for entry, module in plugins.items())
    (info / "entry_points.txt").write_text(f"[hearth.plugins]\n{lines}")
    return site


def env_with(site: Path, **extra: str) -> dict[str, str]:
    """The environment of a child Hearth that sees the distributions under ``site``."""
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, **extra}
