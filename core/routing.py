"""URL rules and a URL map that do once per process what Werkzeug does for every app.

Werkzeug compiles each rule as it is added: it parses the rule into the parts its matcher walks,
compiles two builder functions (Python source through ``ast`` and ``compile``) for ``url_for``,
and adds the parts to the map's state machine. With Hearth's 340-odd rules that was 50 ms of CPU
for every app built, and the test suite builds about 2,000. Here:

- a rule's builders are compiled the first time a URL is built from it (``LazyBuilderRule``);
- a rule string parsed once is not parsed again: a rule of another app reuses the parts (which
  nothing changes once made) and copies the converters;
- a map whose rules have the parts of a map built before copies that map's state machine, with its
  own rules in it, instead of adding them one by one (``SharedRulesMap``).

Matching and building answer exactly as Werkzeug's: each map still holds its own rule objects,
and a match returns the map's own rule.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from typing import Any

from quart.routing import QuartMap, QuartRule
from werkzeug.routing.matcher import State, StateMachineMatcher
from werkzeug.routing.rules import RulePart

# Bounded: in a server only one app's rules are ever parsed; the tests build apps of a few dozen
# plugin sets. Past the bound nothing more is kept (and nothing is wrong, only slower).
_MOST_KEPT = 4096
_parsed: dict[Hashable, tuple[list[RulePart], list[tuple[bool, str]], dict[str, Any]]] = {}
_machines: dict[tuple[Hashable, ...], State] = {}  # templates: rules by their position


class LazyBuilderRule(QuartRule):
    parse_key: Hashable = None

    def compile(self) -> None:
        assert self.map is not None, "rule not bound"
        domain = (self.host if self.map.host_matching else self.subdomain) or ""
        self.parse_key = (self.rule, domain, self.merge_slashes, tuple(self.map.converters.items()))
        parsed = _parsed.get(self.parse_key)
        if parsed is None:
            super().compile()
            if len(_parsed) < _MOST_KEPT:
                _parsed[self.parse_key] = (self._parts, self._trace, self._converters)
            return
        parts, trace, converters = parsed
        self._parts, self._trace = list(parts), list(trace)
        self._converters = {name: _rebound(converter, self.map) for name, converter in converters.items()}
        self.arguments.update(converters)
        self._build = self._compile_builder(False).__get__(self, None)
        self._build_unknown = self._compile_builder(True).__get__(self, None)

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        compile_now = super()._compile_builder
        attribute = "_build_unknown" if append_unknown else "_build"

        def build_once(rule: LazyBuilderRule, *args: Any, **kwargs: Any) -> tuple[str, str]:
            builder = compile_now(append_unknown).__get__(rule, None)
            setattr(rule, attribute, builder)
            return builder(*args, **kwargs)

        return build_once


def _rebound(converter: Any, url_map: Any) -> Any:
    """The same converter (its arguments were set when it was made) for another map."""
    twin = copy.copy(converter)
    twin.map = url_map
    return twin


class SharedRulesMap(QuartMap):
    """A map that builds its state machine when first matched against, from the rules added so far,
    copying the machine of an earlier map whose rules parsed the same (rule for rule, in order)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._matched_rules: list[Any] = []
        super().__init__(*args, **kwargs)

    def add(self, rulefactory: Any) -> None:
        for rule in rulefactory.get_rules(self):
            rule.bind(self)
            if not rule.build_only:
                self._matched_rules.append(rule)
            self._rules_by_endpoint.setdefault(rule.endpoint, []).append(rule)
        self._remap = True

    def update(self) -> None:
        if not self._remap:
            return
        with self._remap_lock:
            if not self._remap:
                return
            self._matcher = self._state_machine()
            for rules in self._rules_by_endpoint.values():
                rules.sort(key=lambda rule: rule.build_compare_key())
            self._remap = False

    def _state_machine(self) -> StateMachineMatcher:
        rules = self._matched_rules
        keys = tuple(getattr(rule, "parse_key", None) for rule in rules)
        key = (self.merge_slashes, *keys)
        matcher = StateMachineMatcher(self.merge_slashes)
        template = _machines.get(key)
        if template is not None:
            matcher._root = _filled(template, rules)
            return matcher
        for rule in rules:
            matcher.add(rule)
        matcher.update()
        if None not in keys and len(_machines) < _MOST_KEPT:
            _machines[key] = _template(matcher._root, {id(rule): index for index, rule in enumerate(rules)})
        return matcher


def _template(state: State, position: dict[int, int]) -> State:
    """The machine with each rule replaced by its position among the map's rules."""
    return State(
        dynamic=[(part, _template(following, position)) for part, following in state.dynamic],
        rules=[position[id(rule)] for rule in state.rules],
        static={content: _template(following, position) for content, following in state.static.items()},
    )


def _filled(template: State, rules: list[Any]) -> State:
    """A machine from a template, with the rules at those positions."""
    return State(
        dynamic=[(part, _filled(following, rules)) for part, following in template.dynamic],
        rules=[rules[index] for index in template.rules],
        static={content: _filled(following, rules) for content, following in template.static.items()},
    )
