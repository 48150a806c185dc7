"""Every route of the wire reference reaches its own handler, or the JSON 404 of routes Hearth does
not have yet: never another route's handler (``GET /users/inventory`` once answered as
``GET /users/:userId``)."""

import re

import pytest
from werkzeug.routing import RequestRedirect

from core.app import create_quart_app
from core.settings import load_settings
from tests.contracts.reference_routes import expand, load

SAMPLE_ID = "1843058937612046336"
FALLBACK = "api_not_found"
ROUTES = sorted({(method, path) for method, listed in load() for path in expand(listed)})
SERVED: set[tuple[str, str]] = set()  # reported after the run (tests/contracts/conftest.py)


def _instance(path: str) -> str:
    """A request path for a reference path: a flake id for every ``:param``, a word for ``*``."""
    return re.sub(r":[A-Za-z]+", SAMPLE_ID, path).replace("*", "sample")


def _reference_shape(path: str) -> str:
    return "/api" + re.sub(r":[A-Za-z]+|\*", "<>", path)


def _rule_shape(rule: str) -> str:
    return re.sub(r"<[^>]+>", "<>", rule)


@pytest.fixture(scope="module")
def adapter(tmp_path_factory):
    settings = load_settings(
        environ={}, overrides={"database.url": f"sqlite://{tmp_path_factory.mktemp('routes') / 'unused.sqlite3'}"}
    )
    app = create_quart_app(settings)
    return app.url_map.bind("hearth.test")


def test_the_reference_list_is_complete():
    # rest.md §0.9 counts 234 mounted routes (+1 dead one); a parser that lost a table would show here.
    assert len(load()) >= 234
    assert ("GET", "/users/inventory") in ROUTES
    assert ("GET", "/users/followers") in ROUTES and ("GET", "/users/:userId/followers") in ROUTES


@pytest.mark.parametrize("method, path", ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_a_reference_route_never_answers_as_another_route(adapter, method, path):
    try:
        rule, _ = adapter.match(_instance("/api" + path), method=method, return_rule=True)
    except RequestRedirect as redirect:  # werkzeug's own slash redirect would also be a wrong answer
        pytest.fail(f"{method} {path} redirects to {redirect.new_url}")
    if rule.endpoint == FALLBACK:
        return  # not implemented yet: a JSON 404
    assert _rule_shape(rule.rule) == _reference_shape(path), (
        f"{method} {path} is answered by {rule.endpoint} ({rule.rule})"
    )
    SERVED.add((method, path))
