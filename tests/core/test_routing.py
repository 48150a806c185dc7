"""Rules compile their URL builders on first use; matching and url_for answer as Werkzeug's do."""

from quart import url_for

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
