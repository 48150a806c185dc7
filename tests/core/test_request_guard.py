"""The request guard (core/jsonbody.py): bodies and addresses that used to reach a route and end
in a 500 (a decode error, a recursion error, PostgreSQL refusing a NUL or a lone surrogate) are
400 JSON errors before any route runs, and nothing is stored."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from quart import Blueprint

from core.app import create_quart_app
from core.errors import ApiError
from core.identity.models import User
from core.jsonbody import MAX_DEPTH, check_value
from plugins.servers.models import Member
from tests.core.test_plugins import host, plugin
from tests.support import call, new_person

JSON = {"Content-Type": "application/json"}


async def raw_post(client: Any, path: str, body: bytes, token: str | None = None) -> tuple[int, Any]:
    headers = {**JSON, **({"Authorization": token} if token else {})}
    response = await client.post(path, data=body, headers=headers)
    return response.status_code, await response.get_json()


async def servers_of(client: Any, token: str) -> list[Any]:
    status, body = await call(client, "GET", "/api/users", token=token)
    assert status == 200
    return await Member.filter(user_id=int(body["user"]["id"]))


@pytest.mark.parametrize(
    "body, message, path",
    [
        (b'{"name": "caf\xe9 bar"}', "The request body must be valid UTF-8.", None),
        (b'{"name": "ab\\ud800cd"}', "Text must not contain unpaired surrogates.", "name"),
        (b'{"name": "ab\\udc00"}', "Text must not contain unpaired surrogates.", "name"),
        (b'{"name": "ab\\u0000cd"}', "Text must not contain NUL characters.", "name"),
        (b'{"name": "abc", "x\\u0000": 1}', "Text must not contain NUL characters.", "x\\u0000"),
        (
            b'{"name": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            f"The request body is nested too deeply (at most {MAX_DEPTH} levels).",
            None,
        ),
        (
            b'{"name": ' + b"[" * 40 + b"]" * 40 + b"}",
            f"The request body is nested too deeply (at most {MAX_DEPTH} levels).",
            "name" + "[0]" * (MAX_DEPTH - 1),
        ),
        (b'{"name": NaN}', "Numbers must be finite and fit in 64 bits.", "name"),
        (b'{"name": -Infinity}', "Numbers must be finite and fit in 64 bits.", "name"),
        (b'{"name": 1e400}', "Numbers must be finite and fit in 64 bits.", "name"),
        (b'{"name": 9223372036854775808}', "Numbers must be finite and fit in 64 bits.", "name"),
        (b'{"name": "abc",}', "The request body must be valid JSON.", None),
    ],
)
async def test_bad_json_bodies_are_400s_and_create_nothing(client, body, message, path):
    person = await new_person()
    assert await raw_post(client, "/api/servers", body, person.token) == (400, {"message": message, "path": path})
    assert await servers_of(client, person.token) == []


async def test_the_guard_runs_before_authentication_as_upstreams_body_parser_does(client):
    assert await raw_post(client, "/api/servers", b'{"name": "\xff"}') == (
        400,
        {"message": "The request body must be valid UTF-8.", "path": None},
    )


async def test_routes_reading_an_optional_body_get_the_same_400(client):
    # The ban route reads its body with get_json(silent=True): a silent reader used to crash on it.
    person = await new_person()
    other = await new_person()
    status, server = await call(client, "POST", "/api/servers", {"name": "Guarded"}, token=person.token)
    assert status == 200
    response = await client.post(
        f"/api/servers/{server['id']}/bans/{other.id}",
        data=b'{"reason": "\xc3"}',
        headers={**JSON, "Authorization": person.token},
    )
    assert (response.status_code, await response.get_json()) == (
        400,
        {"message": "The request body must be valid UTF-8.", "path": None},
    )


async def test_nul_characters_in_the_address_are_400s(client):
    person = await new_person()
    for path in ("/api/users/search?q=a%00b", "/api/servers/invites/ab%00cd", "/api/users/search?q%00=x"):
        assert await call(client, "GET", path, token=person.token) == (
            400,
            {"message": "The address must not contain NUL characters.", "path": None},
        ), path


async def test_good_bodies_still_pass_with_unicode_and_deep_enough_nesting(client):
    person = await new_person()
    status, server = await call(client, "POST", "/api/servers", {"name": "Café 😀 ☕"}, token=person.token)
    assert status == 200 and server["name"] == "Café 😀 ☕"
    check_value({"a": [[[[{"b": 1.5, "c": -(2**63), "d": None, "e": True}]]]]})


def test_the_depth_limit_is_exact():
    nested: Any = "leaf"
    for _ in range(MAX_DEPTH):
        nested = [nested]
    check_value(nested)
    with pytest.raises(ApiError):
        check_value([nested])


async def test_a_value_no_column_can_hold_is_a_400_even_where_a_route_forgot_to_check(settings, caplog):
    blueprint = Blueprint("careless_bp", __name__, url_prefix="/api")

    @blueprint.get("/careless/<tag>")
    async def careless(tag: str):
        return {"found": await User.exists(tag=tag)}  # a tag is at most 4 characters

    app = create_quart_app(settings, host(plugin("careless", routes=["/careless"], blueprints=[blueprint])))
    async with app.test_app():
        client = app.test_client()
        assert await call(client, "GET", "/api/careless/abcd") == (200, {"found": False})
        with caplog.at_level(logging.WARNING, logger="hearth.errors"):
            assert await call(client, "GET", "/api/careless/abcdefgh") == (
                400,
                {"message": "A value in the request is too long or malformed.", "path": None},
            )
    assert "value refused by a model" in caplog.text
