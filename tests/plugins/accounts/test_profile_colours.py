"""Profile colours (rest.md §1.19 ``bgColorOne``, ``bgColorTwo``, ``primaryColor``) are colours
only: ``#rgb``, ``#rrggbb`` or ``#rrggbbaa``, as the reference's colour validator takes them
(rest.md §4.4). Anything else — CSS that would make every viewer's browser fetch a URL — is
refused with ``Invalid hex color.`` and nothing is stored."""

from __future__ import annotations

import pytest

from tests.plugins.accounts.helpers import error
from tests.support import call, new_person

CSS = [
    "red), url(http://evil.example/x.png), linear-gradient(red",
    "url(http://evil.example/x.png)",
    "#fff;background:url(//evil.example)",
    "white",
    "#12345",
    "#gggggg",
    "#1234567",
    " #123456",
    "#123456\n",
]


@pytest.mark.parametrize("field", ["bgColorOne", "bgColorTwo", "primaryColor"])
@pytest.mark.parametrize("value", CSS)
async def test_anything_but_a_hex_colour_is_refused_and_not_stored(client, field, value):
    person = await new_person()
    assert (await call(client, "POST", "/api/users", {field: "#102030"}, token=person.token))[0] == 200
    assert await call(client, "POST", "/api/users", {field: value, "bio": "changed"}, token=person.token) == (
        400,
        error("Invalid hex color.", field),
    )
    _, shown = await call(client, "GET", f"/api/users/{person.id}")
    assert shown["profile"][field] == "#102030" and shown["profile"]["bio"] is None


async def test_hex_colours_of_three_six_and_eight_digits_are_kept_and_null_clears(client):
    person = await new_person()
    colours = {"bgColorOne": "#AbC", "bgColorTwo": "#a1b2c3", "primaryColor": "#a1b2c3d4"}
    status, body = await call(client, "POST", "/api/users", colours, token=person.token)
    assert status == 200 and {k: body["user"]["profile"][k] for k in colours} == colours
    status, body = await call(client, "POST", "/api/users", {"bgColorOne": None}, token=person.token)
    assert status == 200 and body["user"]["profile"]["bgColorOne"] is None
