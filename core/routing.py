"""URL rules that compile their URL builders when first used.

Werkzeug compiles two builder functions (Python source through ``ast`` and ``compile``) for every
rule as it is added, for ``url_for`` alone: with Hearth's 260-odd rules that was 0.2 s of every
app's start-up, paid again by each test that builds an app. Matching is unchanged; a builder is
compiled, exactly as Werkzeug would have, the first time a URL is built from its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quart.routing import QuartRule


class LazyBuilderRule(QuartRule):
    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        compile_now = super()._compile_builder
        attribute = "_build_unknown" if append_unknown else "_build"

        def build_once(rule: LazyBuilderRule, *args: Any, **kwargs: Any) -> tuple[str, str]:
            builder = compile_now(append_unknown).__get__(rule, None)
            setattr(rule, attribute, builder)
            return builder(*args, **kwargs)

        return build_once
