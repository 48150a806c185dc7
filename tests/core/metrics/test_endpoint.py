"""``GET /metrics``: 404 while off, 401 without the right bearer token, the text format with it;
a request counted by its route rule, not its URL."""

from __future__ import annotations

import pytest

from core.app import create_quart_app
from tests.core.metrics.helpers import BEARER, ENABLED, TOKEN, scrape, value
from tests.support import call, new_person


async def test_off_by_default_metrics_is_a_404_even_with_a_token(client):
    status, body = await call(client, "GET", "/metrics")
    assert (status, body) == (404, {"message": "Not found.", "path": None})
    response = await client.get("/metrics", headers=BEARER)
    assert response.status_code == 404


@pytest.mark.parametrize(
    "header",
    [None, "", "Bearer", "Bearer wrong-token", f"Basic {TOKEN}", f"Bearer {TOKEN}x", TOKEN],
    ids=["none", "empty", "no-token", "wrong", "basic", "longer", "no-scheme"],
)
async def test_only_the_bearer_token_is_let_in(make_app, header):
    app = make_app(**ENABLED)
    client = app.test_client()
    response = await client.get("/metrics", headers={"Authorization": header} if header is not None else {})
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == 'Bearer realm="metrics"'
    assert await response.get_json() == {"message": "Invalid metrics token.", "path": None}


async def test_the_token_opens_the_text_format(make_app):
    app = make_app(**ENABLED)
    async with app.test_app():
        client = app.test_client()
        response = await client.get("/metrics", headers={"Authorization": f"bearer {TOKEN}"})
        assert response.status_code == 200
        assert response.mimetype == "text/plain"
        assert response.headers["Cache-Control"] == "no-store"
        text = await response.get_data(as_text=True)
        assert "# TYPE hearth_worker_resident_memory_bytes gauge" in text
        assert "process_cpu_seconds_total" in text  # one process: the library's own process figures too


def test_enabled_without_a_token_refuses_to_start(settings):
    with pytest.raises(ValueError, match=r"\[metrics\] enabled needs \[metrics\] token"):
        create_quart_app(settings.with_overrides({"metrics.enabled": True, "metrics.token": ""}))


async def test_a_request_is_counted_by_method_rule_and_status_with_its_latency(make_app):
    app = make_app(**ENABLED)
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        before = await scrape(client)
        for _ in range(3):
            assert (await call(client, "GET", "/api/plugins"))[0] == 200
        assert (await call(client, "GET", f"/api/users/{person.id}", token=person.token))[0] == 200
        assert (await call(client, "GET", "/api/users/1234", token=person.token))[0] in (400, 404)
        after = await scrape(client)

    def grew(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("hearth_http_requests_total", method="GET", route="/api/plugins", status="200") == 3
    assert grew("hearth_http_request_duration_seconds_count", method="GET", route="/api/plugins") == 3
    assert grew("hearth_http_request_duration_seconds_bucket", method="GET", route="/api/plugins", le="+Inf") == 3
    rules = {dict(labels).get("route") for name, labels in after if name == "hearth_http_requests_total"}
    user_rules = {rule for rule in rules if rule and rule.startswith("/api/users/") and "<" in rule}
    assert user_rules, rules  # the rule with its placeholder…
    assert not any(person.id in rule or "1234" in rule for rule in rules if rule)  # …never the ids
    # /metrics itself and the health check are answered in front of Quart: not requests of the app
    assert not any(rule in ("/metrics", "/api/health") for rule in rules)
