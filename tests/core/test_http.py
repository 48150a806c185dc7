"""HTTP conventions: /api prefix, slash normalisation, JSON errors, OpenAPI, the SPA."""

import logging

from quart import Blueprint

from core.app import create_quart_app
from core.http import normalise_path
from tests.core.test_plugins import host, plugin
from tests.support import call, new_person


def test_repeated_and_trailing_slashes_are_normalised():
    assert normalise_path("/api//users///login/") == "/api/users/login"
    assert normalise_path("/") == "/"


async def test_double_slash_paths_reach_the_route(client):
    person = await new_person()
    status, body = await call(client, "GET", f"/api//users/{person.id}/")
    assert status == 200
    assert body["user"]["username"] == person.username


async def test_unknown_api_paths_are_json_404(client):
    for method in ("GET", "POST", "DELETE"):
        status, body = await call(client, method, "/api/no/such/route")
        assert (status, body) == (404, {"message": "Not found.", "path": None})


async def test_malformed_json_is_a_json_400(client):
    response = await client.post("/api/users/login", data="{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    body = await response.get_json()
    assert body["path"] is None and body["message"]


async def test_unexpected_exceptions_are_a_generic_json_500_with_a_logged_request_id(settings, caplog):
    blueprint = Blueprint("boom_bp", __name__, url_prefix="/api")

    @blueprint.get("/boom")
    async def boom():
        raise RuntimeError("secret internals")

    app = create_quart_app(settings, host(plugin("boom", routes=["/boom"], blueprints=[blueprint])))
    async with app.test_app():
        with caplog.at_level(logging.ERROR, logger="hearth.errors"):
            response = await app.test_client().get("/api/boom")
    body = await response.get_json()
    assert response.status_code == 500
    assert body["message"] == "Something went wrong. Try again later."
    assert "secret" not in str(body)
    assert body["requestId"] in caplog.text
    assert "secret internals" in caplog.text


async def test_openapi_document_lists_the_account_routes(client):
    status, spec = await call(client, "GET", "/api/openapi.json")
    assert status == 200
    assert "/api/users/register" in spec["paths"]
    docs = await client.get("/api/docs")
    assert docs.status_code == 200
    page = await docs.get_data(as_text=True)
    assert "/api/docs/assets/swagger-ui-bundle.js" in page and "https://" not in page
    script = await client.get("/api/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200


async def test_api_answers_cors_preflight_and_sets_security_headers(client):
    response = await client.options("/api/users/login", headers={"Origin": "https://elsewhere.example"})
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    allowed = {name.strip() for name in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"Authorization", "X-Hearth-Features"} <= allowed  # the features a client understands (core/features.py)
    response = await client.get("/api/plugins")
    assert response.headers["X-Content-Type-Options"] == "nosniff"


async def test_the_web_ui_is_served_with_an_spa_fallback(make_app, tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>Hearth</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log('hi')")
    app = make_app(**{"server.webui_dist": str(tmp_path)})
    async with app.test_app():
        client = app.test_client()
        for path in ("/", "/app/inbox", "/login?redirect=/app", "/some/unknown/page"):
            response = await client.get(path)
            assert response.status_code == 200
            assert "<title>Hearth</title>" in await response.get_data(as_text=True)
        asset = await client.get("/assets/app.js")
        assert "console.log" in await asset.get_data(as_text=True)
        assert "immutable" in asset.headers["Cache-Control"]
        escape = await client.get("/..%2f..%2fetc/passwd")
        assert "root:" not in await escape.get_data(as_text=True)
