"""Executing a webhook (rest.md §17.1): token checks, body rules, the message it makes."""

import pytest

from plugins.messages.models import MentionCounter, Message
from plugins.webhooks.models import Webhook
from tests.plugins.messages.helpers import error, sent
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.plugins.webhooks.helpers import base, execute, execute_path, make_webhook, token_of
from tests.support import call


async def test_an_execution_posts_a_message_by_the_webhook(client):
    place = await community(client)
    webhook = await make_webhook(client, place)
    path = await execute_path(client, place, webhook)
    status, message = await execute(client, path, {"content": "  Build **passed**  "})
    assert status == 200, message
    assert message["content"] == "Build **passed**" and message["type"] == 0
    assert message["createdById"] is None and message["webhookId"] == webhook["id"]
    assert message["creatorOverrideId"] is None and message["channelId"] == place.general
    assert message["createdBy"] == {
        "id": webhook["id"],
        "username": "Webhook 1",
        "tag": "0000",
        "hexColor": webhook["hexColor"],
        "avatar": None,
        "badges": 0,
        "bot": True,
    }
    history = await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token)
    assert history[-1] == message
    # a rename shows on old messages too (authors are resolved when messages are read)
    await ok(client, "POST", f"{base(place)}/{webhook['id']}", {"name": "CI bot"}, place.owner.token)
    history = await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token)
    assert history[-1]["createdBy"]["username"] == "CI bot"


async def test_an_override_names_the_author_per_message(client):
    place = await community(client)
    webhook = await make_webhook(client, place)
    path = await execute_path(client, place, webhook)
    _, first = await execute(
        client, path, {"content": "hi", "username": "Deployer", "avatarUrl": "https://images.example.com/bot.png"}
    )
    _, again = await execute(
        client, path, {"content": "hi again", "username": "Deployer", "avatarUrl": "https://images.example.com/bot.png"}
    )
    _, animated = await execute(client, path, {"content": "wave", "avatarUrl": "https://images.example.com/wave.GIF"})
    override_id = first["creatorOverrideId"]
    assert isinstance(override_id, int) and again["creatorOverrideId"] == override_id
    assert first["createdBy"] == {
        "id": f"{webhook['id']}-{override_id}",
        "username": "Deployer",
        "tag": "0000",
        "hexColor": webhook["hexColor"],
        "avatar": None,
        "badges": 0,
        "bot": True,
        "avatarUrl": "https://images.example.com/bot.png",
    }
    assert animated["creatorOverrideId"] != override_id
    assert animated["createdBy"]["username"] == "Webhook 1"
    assert animated["createdBy"]["avatarUrl"] == "ahttps://images.example.com/wave.GIF"
    page = await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token)
    assert [m["createdBy"] for m in page[-3:]] == [first["createdBy"], again["createdBy"], animated["createdBy"]]


async def test_replies_and_quotes_of_webhook_messages_show_the_webhook(client):
    place = await community(client)
    webhook = await make_webhook(client, place)
    _, posted = await execute(client, await execute_path(client, place, webhook), {"content": "deployed"})
    reply = await sent(client, place.owner, place.general, f"nice [q:{posted['id']}]", replyToMessageIds=[posted["id"]])
    assert reply["replyMessages"][0]["replyToMessage"]["webhookId"] == webhook["id"]
    assert reply["replyMessages"][0]["replyToMessage"]["createdBy"]["username"] == "Webhook 1"
    assert reply["quotedMessages"][0]["webhookId"] == webhook["id"]
    assert reply["quotedMessages"][0]["createdBy"]["id"] == webhook["id"]
    assert reply["webhookId"] is None and reply["createdBy"]["id"] == place.owner.id


async def test_mentions_from_a_webhook_notify_nobody(client):
    place = await community(client)
    person = await join(client, place)
    webhook = await make_webhook(client, place)
    _, message = await execute(
        client, await execute_path(client, place, webhook), {"content": f"hey [@:{person.id}] and [@:e]"}
    )
    assert [m["id"] for m in message["mentions"]] == [person.id]
    assert await MentionCounter.filter(user_id=int(person.id)).count() == 0
    await sent(client, place.owner, place.general, f"hey [@:{person.id}]")  # the same mention by a member counts
    assert await MentionCounter.filter(user_id=int(person.id)).count() == 1


@pytest.mark.parametrize(
    "body, status, expected",
    [
        (None, 400, error("Content is required.")),
        ({}, 400, error("Content is required.")),
        ({"content": ""}, 400, error("Content is required.")),
        ({"content": "   "}, 400, error("Content is required.")),
        ({"content": 5}, 400, error("Content must be a string!", "content")),
        ({"content": "x" * 2001}, 400, error("Content length must be between 1 and 2000 characters.", "content")),
        ({"content": "hi", "avatarUrl": 3}, 400, error("Avatar URL must be a string!", "avatarUrl")),
        (
            {"content": "hi", "avatarUrl": "https://e.com/" + "x" * 250},
            400,
            error("Avatar URL length must be between 1 and 255 characters.", "avatarUrl"),
        ),
        ({"content": "hi", "avatarUrl": "not a url"}, 400, error("Invalid avatar URL.")),
        ({"content": "hi", "avatarUrl": "ftp://files.example.com/a.png"}, 400, error("Invalid avatar URL.")),
        ({"content": "hi", "avatarUrl": "https://user:pw@example.com/a.png"}, 400, error("Invalid avatar URL.")),
        ({"content": "hi", "username": 7}, 400, error("Invalid username.", "username")),
        ({"content": "hi", "username": "a@b.c"}, 400, error("Username cannot contain the @ symbol", "username")),
        ({"content": "hi", "username": "a:bcd"}, 400, error("Username cannot contain the : symbol", "username")),
        (
            {"content": "hi", "username": "ab"},
            400,
            error("Username must be between 3 and 35 characters long.", "username"),
        ),
        ({"content": "hi", "username": "Rudeboy"}, 400, error("Username cannot contain bad words.", "username")),
    ],
)
async def test_bad_bodies(make_app, body, status, expected):
    app = make_app(**{"accounts.blocked_words": ["rude"]})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        webhook = await make_webhook(client, place)
        path = await execute_path(client, place, webhook)
        assert await execute(client, path, body) == (status, expected)
        assert not await Message.filter(webhook_id=int(webhook["id"])).exists()


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost/a.png",
        "http://127.0.0.1/a.png",
        "http://10.1.2.3/a.png",
        "http://192.168.0.1/a.png",
        "http://169.254.169.254/latest",
        "http://[::1]/a.png",
        "http://[fd00::1]/a.png",
        "http://intranet/a.png",
        "http://printer.local/a.png",
        "http://2130706433/a.png",
        "http://0x7f.0.0.1/a.png",
        "http://0.0.0.0/a.png",
    ],
)
async def test_avatars_inside_a_network_are_refused(client, url):
    place = await community(client)
    path = await execute_path(client, place, await make_webhook(client, place))
    assert await execute(client, path, {"content": "hi", "avatarUrl": url}) == (
        400,
        error("Failed to fetch avatar dimensions. Please check the URL and try again.", "avatar_url_override"),
    )


async def test_public_avatar_hosts_are_accepted(client):
    place = await community(client)
    path = await execute_path(client, place, await make_webhook(client, place))
    for url in ("https://93.184.216.34/a.png", "https://cdn.example.org:8443/x/y.webp?size=64"):
        status, message = await execute(client, path, {"content": "hi", "avatarUrl": url})
        assert status == 200 and message["createdBy"]["avatarUrl"] == url


async def test_token_checks(client):
    place = await community(client)
    webhook, other = await make_webhook(client, place), await make_webhook(client, place)
    token, other_token = await token_of(client, place, webhook), await token_of(client, place, other)
    payload, signature = token.split(".")
    bad = [
        f"/api/webhooks/{webhook['id']}/{other_token}",  # another webhook's token
        f"/api/webhooks/{other['id']}/{token}",  # the id in the token differs
        f"/api/webhooks/{webhook['id']}/{payload}.{signature[:-2]}AA",
        f"/api/webhooks/{webhook['id']}/{payload}",
        f"/api/webhooks/{webhook['id']}/garbage",
        f"/api/webhooks/{webhook['id']}/....",
        f"/api/webhooks/abc/{token}",
        f"/api/webhooks/99999/{token}",
    ]
    for path in bad:
        assert await execute(client, path, {"content": "hi"}) == (401, error("Invalid webhook token.")), path
    assert (await execute(client, f"/api/webhooks/{webhook['id']}/{token}", {"content": "hi"}))[0] == 200
    # a deleted webhook's URL stops working, and its messages go with it
    keep = await sent(client, place.owner, place.general, "stays")
    await ok(client, "DELETE", f"{base(place)}/{webhook['id']}", token=place.owner.token)
    assert await execute(client, f"/api/webhooks/{webhook['id']}/{token}", {"content": "hi"}) == (
        401,
        error("Invalid webhook token."),
    )
    page = await ok(client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token)
    assert keep["id"] in [m["id"] for m in page] and not [m for m in page if m["webhookId"] == webhook["id"]]
    assert not await Webhook.exists(id=int(webhook["id"]))


async def test_a_flagged_webhook_is_refused_and_purged_at_start(make_app):
    app = make_app()
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        webhook = await make_webhook(client, place)
        path = await execute_path(client, place, webhook)
        assert (await execute(client, path, {"content": "hi"}))[0] == 200
        await Webhook.filter(id=int(webhook["id"])).update(deleting=True)  # a deletion cut short
        assert await execute(client, path, {"content": "hi"}) == (401, error("Invalid webhook token."))
        assert (await call(client, "GET", base(place), token=place.owner.token))[1] == []
    again = make_app()
    async with again.test_app():
        assert not await Webhook.exists(id=int(webhook["id"]))
        assert not await Message.filter(webhook_id=int(webhook["id"])).exists()


async def test_the_token_key_setting_changes_every_token(make_app):
    app = make_app()
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        webhook = await make_webhook(client, place)
        plain = await token_of(client, place, webhook)
    peppered = make_app(**{"webhooks.token_key": "a long random deployment key"})
    async with peppered.test_app():
        client = peppered.test_client()
        assert await execute(client, f"/api/webhooks/{webhook['id']}/{plain}", {"content": "hi"}) == (
            401,
            error("Invalid webhook token."),
        )
        token = await token_of(client, place, webhook)
        assert token != plain
        assert (await execute(client, f"/api/webhooks/{webhook['id']}/{token}", {"content": "hi"}))[0] == 200


async def test_without_a_token_key_tokens_derive_from_the_instance_key(make_app, tmp_path):
    app = make_app()
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        webhook = await make_webhook(client, place)
        token = await token_of(client, place, webhook)
    elsewhere = make_app(**{"server.instance_key_file": str(tmp_path / "another.key")})
    async with elsewhere.test_app():
        client = elsewhere.test_client()
        assert await execute(client, f"/api/webhooks/{webhook['id']}/{token}", {"content": "hi"}) == (
            401,
            error("Invalid webhook token."),
        )
        assert await token_of(client, place, webhook) != token


async def test_deleting_the_channel_removes_its_webhooks(client):
    place = await community(client)
    channel = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "builds"}, place.owner.token)
    webhook = await make_webhook(client, place, channel["id"])
    path = await execute_path(client, place, webhook)
    await ok(client, "DELETE", f"/api/servers/{place.id}/channels/{channel['id']}", token=place.owner.token)
    assert await execute(client, path, {"content": "hi"}) == (401, error("Invalid webhook token."))
    assert not await Webhook.exists(id=int(webhook["id"]))


async def test_an_admin_may_delete_a_webhook_message_and_members_may_not(client):
    place = await community(client)
    person = await join(client, place)
    _, message = await execute(
        client, await execute_path(client, place, await make_webhook(client, place)), {"content": "oops"}
    )
    assert await call(
        client, "DELETE", f"/api/channels/{place.general}/messages/{message['id']}", token=person.token
    ) == (403, error("Missing Manage Channels permission"))
    assert (
        await call(client, "DELETE", f"/api/channels/{place.general}/messages/{message['id']}", token=place.owner.token)
    )[0] == 200


async def test_ten_executions_per_five_seconds_per_channel(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        first = await execute_path(client, place, await make_webhook(client, place))
        second = await execute_path(client, place, await make_webhook(client, place))
        other = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "other"}, place.owner.token)
        admin = await join(client, place)  # webhook creation allows 2 per 10 s per user
        await role_with(client, place, 1, admin)
        third = await ok(client, "POST", base(place, other["id"]), token=admin.token)
        elsewhere = await execute_path(client, place, third)
        for n in range(10):
            assert (await execute(client, first if n % 2 else second, {"content": f"n{n}"}))[0] == 200
        assert await execute(client, second, {"content": "one too many"}) == (429, error("Rate limit exceeded."))
        assert (await execute(client, elsewhere, {"content": "another channel"}))[0] == 200
        assert await Message.filter(content="one too many").count() == 0
