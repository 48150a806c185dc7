"""Every account route that needs a user refuses a missing, bogus or revoked token (rest.md §0.3)."""

from __future__ import annotations

import pytest

from tests.plugins.accounts.helpers import error
from tests.support import call, new_person

USER_ROUTES = [
    ("DELETE", "/api/users/logout", None),
    ("GET", "/api/users/sessions", None),
    ("DELETE", "/api/users/sessions", {"password": "correct horse 1"}),
    ("DELETE", "/api/users/sessions/123", {"password": "correct horse 1"}),
    ("POST", "/api/users/emails/verify/send-code", None),
    ("POST", "/api/users/emails/verify?code=12345", None),
    ("POST", "/api/users", {"bio": "hello"}),
    ("DELETE", "/api/users/delete-account", {"password": "correct horse 1"}),
]


@pytest.mark.parametrize(("method", "path", "body"), USER_ROUTES)
async def test_no_token(client, method, path, body):
    assert (await call(client, method, path, body)) == (401, error("No token provided."))


@pytest.mark.parametrize(("method", "path", "body"), USER_ROUTES)
async def test_bogus_token(client, method, path, body):
    assert (await call(client, method, path, body, token="bm90LWEtdG9rZW4.c2VjcmV0")) == (401, error("Invalid token."))


@pytest.mark.parametrize(("method", "path", "body"), USER_ROUTES)
async def test_logged_out_token(client, method, path, body):
    person = await new_person()
    await call(client, "DELETE", "/api/users/logout", token=person.token)
    assert (await call(client, method, path, body, token=person.token)) == (401, error("Invalid token."))


async def test_the_token_is_sent_raw_not_as_a_bearer(client):
    person = await new_person()
    assert (await call(client, "GET", "/api/users/sessions", token=f"Bearer {person.token}")) == (
        401,
        error("Invalid token."),
    )
