"""Hearth kernel. Plugins import ``hookimpl`` and ``Manifest`` from here."""

import pluggy

hookimpl = pluggy.HookimplMarker("hearth")

__all__ = ["hookimpl"]
