"""Rules compile their URL builders on first use, and a map reuses what an earlier one parsed
(core/routing.py); matching and url_for answer as Werkzeug's do, each map with its own rules."""

import pytest
from quart import url_for
from werkzeug.exceptions import NotFound

from core.routing import LazyBuilderRule


async def test_the_app_uses_lazy_rules_and_still_matches_routes(app, client):
    assert all(isinstance(rule, LazyBuilderRule) for rule in app.url_map.iter_rules())
    response = await client.get("/api/users/inventory")
    assert response.status_code == 401  # matched the route (which needs a token), not a 404


async def test_url_for_builds_paths_with_arguments_and_query_strings(app):
    endpoint = next(rule.endpoint for rule in app.url_map.iter_rules() if rule.rule == "/api/users/<user_id>")
    async with app.test_request_context("/"):
        assert url_for(endpoint, user_id="12") == "/api/users/12"
        assert url_for(endpoint, user_id="a b", page=2) == "/api/users/a%20b?page=2"
        assert url_for(endpoint, user_id="13") == "/api/users/13"  # the compiled builder, kept


def _bare_app(*rules: str):
    """An app of the kernel's classes with a view per rule (``/a/<int:n>``…), in that order."""
    from core.app import HearthQuart

    app = HearthQuart("routing-test")
    for index, rule in enumerate(rules):
        app.add_url_rule(rule, f"view{index}", lambda **values: values, methods=["GET"])
    return app


def _match(app, path: str):
    adapter = app.url_map.bind("localhost")
    return adapter.match(path, method="GET", return_rule=True)


def test_a_second_app_matches_with_its_own_rules_what_the_first_parsed():
    rules = ("/things/<int:thing_id>", "/things/<thing_id>/parts", "/things", "/files/<path:rest>")
    first, second = _bare_app(*rules), _bare_app(*rules)
    for path, endpoint, values in (
        ("/things/7", "view0", {"thing_id": 7}),
        ("/things/x/parts", "view1", {"thing_id": "x"}),
        ("/things", "view2", {}),
        ("/files/a/b.txt", "view3", {"rest": "a/b.txt"}),
    ):
        one, two = _match(first, path), _match(second, path)
        assert (one[0].endpoint, one[1]) == (two[0].endpoint, two[1]) == (endpoint, values)
        assert one[0] in list(first.url_map.iter_rules()) and one[0].map is first.url_map
        assert two[0].map is second.url_map and two[0] is not one[0]  # each map's own rule
    assert two[0]._converters["rest"].map is second.url_map


def test_rules_in_another_order_or_added_after_a_match_are_matched_as_werkzeug_does():
    first = _bare_app("/x/<name>", "/x/special")
    reordered = _bare_app("/x/special", "/x/<name>")
    assert _match(reordered, "/x/special")[0].endpoint == "view0"
    assert _match(first, "/x/special")[0].endpoint == "view1"  # static beats dynamic: /x/special is view1 here
    with pytest.raises(NotFound):
        _match(first, "/y")
    first.add_url_rule("/y", "late", lambda: "", methods=["GET"])  # after the map was first matched
    assert _match(first, "/y")[0].endpoint == "late"
    with pytest.raises(NotFound):
        _match(_bare_app("/x/<name>", "/x/special"), "/y")  # the late rule stays the first app's
