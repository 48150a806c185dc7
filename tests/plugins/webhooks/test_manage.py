"""Managing a channel's webhooks (rest.md §4.10): ADMIN only, every error a 403."""

import base64

import pytest

from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.plugins.webhooks.helpers import base, make_webhook, token_of
from tests.support import at_once, call

ADMIN, MANAGE_CHANNELS = 1, 8

ROUTES = [
    ("create", "POST", "", None),
    ("list", "GET", "", None),
    ("get", "GET", "/{webhook}", None),
    ("rename", "POST", "/{webhook}", {"name": "Deploys"}),
    ("delete", "DELETE", "/{webhook}", None),
    ("token", "GET", "/{webhook}/token", None),
]
ACTORS = ["owner", "admin", "manager", "member", "non-member", "anonymous"]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name, method, suffix, body", ROUTES, ids=[r[0] for r in ROUTES])
async def test_every_route_needs_admin(client, actor, name, method, suffix, body):
    place = await community(client)
    webhook = await make_webhook(client, place)
    token = None
    if actor == "owner":
        token = place.owner.token
    elif actor == "non-member":
        token = (await member()).token
    elif actor != "anonymous":
        person = await join(client, place)
        token = person.token
        if actor == "admin":
            await role_with(client, place, ADMIN, person)
        elif actor == "manager":
            await role_with(client, place, MANAGE_CHANNELS, person)
    path = base(place) + suffix.format(webhook=webhook["id"])
    status, result = await call(client, method, path, body, token=token)
    if actor in ("owner", "admin"):
        assert status == 200, result
    elif actor in ("manager", "member"):
        assert (status, result) == (403, error("Missing Admin permission"))
    elif actor == "non-member":
        assert (status, result) == (403, error("Server member is not in this server."))
    else:
        assert (status, result) == (401, error("No token provided."))
    # nothing changed for those who may not
    rows = await ok(client, "GET", base(place), token=place.owner.token)
    if actor not in ("owner", "admin"):
        assert [(w["id"], w["name"]) for w in rows] == [(webhook["id"], "Webhook 1")]


async def test_create_list_get_rename_delete(client):
    place = await community(client)
    first = await make_webhook(client, place)
    assert set(first) == {
        "id",
        "deleting",
        "name",
        "hexColor",
        "avatar",
        "channelId",
        "serverId",
        "createdById",
        "createdAt",
    }
    assert first["name"] == "Webhook 1" and first["deleting"] is None and first["avatar"] is None
    assert first["channelId"] == place.general and first["serverId"] == place.id
    assert first["createdById"] == place.owner.id and first["hexColor"].startswith("#")
    second = await make_webhook(client, place)
    assert second["name"] == "Webhook 2"
    assert [w["id"] for w in await ok(client, "GET", base(place), token=place.owner.token)] == [
        second["id"],
        first["id"],
    ]
    assert await ok(client, "GET", f"{base(place)}/{first['id']}", token=place.owner.token) == first

    renamed = await ok(client, "POST", f"{base(place)}/{first['id']}", {"name": "Deploy bot"}, place.owner.token)
    assert renamed == {**first, "name": "Deploy bot"}
    unchanged = await ok(client, "POST", f"{base(place)}/{first['id']}", {}, place.owner.token)
    assert unchanged["name"] == "Deploy bot"

    assert await ok(client, "DELETE", f"{base(place)}/{first['id']}", token=place.owner.token) == {"status": True}
    assert [w["id"] for w in await ok(client, "GET", base(place), token=place.owner.token)] == [second["id"]]
    assert await call(client, "GET", f"{base(place)}/{first['id']}", token=place.owner.token) == (
        404,
        error("Webhook not found."),
    )
    for method, suffix, body in (("POST", "", {"name": "Again"}), ("DELETE", "", None), ("GET", "/token", None)):
        assert await call(client, method, f"{base(place)}/{first['id']}{suffix}", body, token=place.owner.token) == (
            403,
            error("Webhook not found."),
        )


async def test_at_most_four_per_channel_and_only_in_text_channels(client):
    place = await community(client)
    for _ in range(4):
        await make_webhook(client, place)
    assert await call(client, "POST", base(place), token=place.owner.token) == (
        403,
        error("You have already created the maximum amount of webhooks for this channel."),
    )
    other = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "other"}, place.owner.token)
    assert (await make_webhook(client, place, other["id"]))["name"] == "Webhook 1"
    category = await ok(
        client, "POST", f"/api/servers/{place.id}/channels", {"name": "Things", "type": 2}, place.owner.token
    )
    assert await call(client, "POST", base(place, category["id"]), token=place.owner.token) == (
        403,
        error("Channel not found."),
    )


@pytest.mark.parametrize(
    "name, message",
    [
        (12, "Invalid name."),
        ("a@b and more", "Name cannot contain the @ symbol"),
        ("time: now", "Name cannot contain the : symbol"),
        ("ab", "Name must be between 3 and 35 characters long."),
        ("x" * 36, "Name must be between 3 and 35 characters long."),
    ],
)
async def test_rename_validation_errors_are_403(client, name, message):
    place = await community(client)
    webhook = await make_webhook(client, place)
    assert await call(client, "POST", f"{base(place)}/{webhook['id']}", {"name": name}, token=place.owner.token) == (
        403,
        error(message, "name"),
    )
    assert (await ok(client, "GET", f"{base(place)}/{webhook['id']}", token=place.owner.token))["name"] == "Webhook 1"


async def test_unknown_ids_and_other_channels(client):
    place = await community(client)
    webhook = await make_webhook(client, place)
    other = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "other"}, place.owner.token)
    # a webhook is reached only through its own channel
    assert await call(client, "GET", f"{base(place, other['id'])}/{webhook['id']}", token=place.owner.token) == (
        404,
        error("Webhook not found."),
    )
    assert await call(client, "GET", f"{base(place)}/nope", token=place.owner.token) == (
        404,
        error("Webhook not found."),
    )
    assert await call(client, "GET", base(place, "12345"), token=place.owner.token) == (
        403,
        error("Channel does not exist."),
    )
    elsewhere = await community(client, "Elsewhere")
    assert await call(client, "GET", base(place, elsewhere.general), token=place.owner.token) == (
        403,
        error("Channel does not exist."),
    )
    assert await call(
        client, "GET", f"/api/servers/999/channels/{place.general}/webhooks", token=place.owner.token
    ) == (403, error("Server does not exist."))


async def test_a_private_channel_says_so_before_the_permission(client):
    place = await community(client)
    staff = await private_channel(client, place)
    person = await join(client, place)
    assert await call(client, "GET", base(place, staff), token=person.token) == (403, error("This channel is private."))
    admin = await join(client, place)
    await role_with(client, place, ADMIN, admin)
    assert await call(client, "GET", base(place, staff), token=admin.token) == (200, [])


async def test_the_token_is_stable_per_webhook_and_names_it(client):
    place = await community(client)
    first, second = await make_webhook(client, place), await make_webhook(client, place)
    token = await token_of(client, place, first)
    assert token == await token_of(client, place, first)
    assert token != await token_of(client, place, second)
    payload, signature = token.split(".")
    assert base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode() == f"{first['id']}-1"
    assert len(signature) == 43
    # the secret never leaves the server
    assert "secret" not in str(await ok(client, "GET", base(place), token=place.owner.token))


async def test_route_rate_limits(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        assert (await call(client, "POST", base(place), token=place.owner.token))[0] == 200
        assert (await call(client, "POST", base(place), token=place.owner.token))[0] == 200
        status, body = await call(client, "POST", base(place), token=place.owner.token)
        assert status == 429 and body["message"] == "Slow down!" and body["ttl"] > 0
        for _ in range(5):
            webhook_id = (await ok(client, "GET", base(place), token=place.owner.token))[0]["id"]
            assert (await call(client, "GET", f"{base(place)}/{webhook_id}/token", token=place.owner.token))[0] == 200
        assert (await call(client, "GET", f"{base(place)}/{webhook_id}/token", token=place.owner.token))[0] == 429


async def test_webhooks_made_at_once_stop_at_four_and_are_numbered_apart(client):
    place = await community(client)
    for _ in range(2):
        await make_webhook(client, place)
    answers = await at_once(*(call(client, "POST", base(place), token=place.owner.token) for _ in range(4)))
    assert [status for status, _ in answers] == [200, 200, 403, 403]
    assert [body for _, body in answers[2:]] == [
        error("You have already created the maximum amount of webhooks for this channel.")
    ] * 2
    listed = await ok(client, "GET", base(place), token=place.owner.token)
    assert sorted(webhook["name"] for webhook in listed) == ["Webhook 1", "Webhook 2", "Webhook 3", "Webhook 4"]
