"""What the upgrade canaries share: a failure that names the private part a library release
removed, the fast path that needs it and the way out."""

from __future__ import annotations

import inspect
import re
from importlib.metadata import version
from typing import Any

import pytest

FILES = {"leansocket": "core/fastpath/eiosocket.py"}  # the paths whose module is named otherwise


def gone(library: str, what: str, path: str) -> None:
    pytest.fail(
        f"{library} {version(library)} no longer has {what}, which the fast path {path!r} "
        f"({FILES.get(path, f'core/fastpath/{path}.py')}) relies on: adapt that module to the new release, or run with "
        "HEARTH_PERFORMANCE_FAST_PATHS=false until it is",
        pytrace=False,
    )


def has(library: str, owner: Any, attribute: str, path: str) -> None:
    """``owner.attribute`` exists (a class's method or class attribute, or an instance's)."""
    if not hasattr(owner, attribute):
        name = getattr(owner, "__qualname__", None) or getattr(owner, "__name__", None) or type(owner).__qualname__
        gone(library, f"{name}.{attribute}", path)


def sets(library: str, cls: type, attribute: str, path: str) -> None:
    """``cls.__init__`` assigns ``self.attribute`` (an instance attribute read from outside)."""
    if not re.search(rf"self\.{attribute}\s*(:[^=\n]+)?=", inspect.getsource(cls.__init__)):
        gone(library, f"{cls.__qualname__}.{attribute} (set in its __init__)", path)
