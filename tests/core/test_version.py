"""One version everywhere: core/version.py (what /api/health reports), pyproject.toml, and the
newest section of CHANGELOG.md, which must say how to upgrade to it."""

import re
import tomllib

from core.settings import ROOT
from core.version import VERSION


def test_pyproject_and_the_changelog_name_the_same_version():
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"] == VERSION
    changelog = (ROOT / "CHANGELOG.md").read_text()
    sections = re.split(r"^## ", changelog, flags=re.M)[1:]
    assert sections, "CHANGELOG.md has no version sections"
    assert sections[0].split()[0] == VERSION
    for section in sections:
        assert "### Upgrading" in section, f"CHANGELOG.md's {section.split()[0]} says nothing on upgrading"
