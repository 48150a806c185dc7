"""The web UI's HTML carries a Content-Security-Policy (scripts from this server only, no plugins,
no framing, images from this server, data: and blob:, connections to this server and its
websockets; inline styles stay allowed for the user's custom CSS) and ``X-Frame-Options: DENY``.
Other HTML (Open Graph pages, the API docs) cannot be framed either. What Chromium makes of it
is in tests/e2e/test_content_security_flow.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest


def directives(header: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            assert words[0] not in parsed, f"{words[0]} given twice"
            parsed[words[0]] = words[1:]
    return parsed


@pytest.fixture
async def spa(make_app, tmp_path) -> AsyncIterator[Any]:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(
        '<!doctype html><title>Hearth</title><script type="module" src="/assets/app.js"></script>'
    )
    (tmp_path / "assets" / "app.js").write_text("console.log('hi')")
    app = make_app(**{"server.webui_dist": str(tmp_path)})
    async with app.test_app():
        yield app.test_client()


async def test_the_web_ui_html_has_a_strict_policy_and_cannot_be_framed(spa):
    for path in ("/", "/index.html", "/app/inbox", "/login?redirect=/app"):
        response = await spa.get(path, headers={"Host": "chat.example:8443"})
        assert response.status_code == 200
        assert response.headers["X-Frame-Options"] == "DENY"
        policy = directives(response.headers["Content-Security-Policy"])
        assert policy["default-src"] == ["'self'"]
        assert policy["script-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert policy["base-uri"] == ["'self'"]
        assert policy["img-src"] == ["'self'", "data:", "blob:"]
        assert sorted(policy["connect-src"]) == sorted(["'self'", "ws://chat.example:8443", "wss://chat.example:8443"])
        assert policy["style-src"] == ["'self'", "'unsafe-inline'"]  # custom CSS is a <style> the user writes
        assert policy["form-action"] == ["'self'"]


async def test_a_forged_host_cannot_widen_the_policy(spa):
    response = await spa.get("/", headers={"Host": "x; script-src *"})
    policy = directives(response.headers["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"] and policy["connect-src"] == ["'self'"]


async def test_other_html_cannot_be_framed_either(client):
    for path in ("/api/docs",):
        response = await client.get(path)
        assert response.status_code == 200 and response.mimetype == "text/html"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert directives(response.headers["Content-Security-Policy"])["frame-ancestors"] == ["'none'"]
