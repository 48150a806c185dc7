"""The routes: ``POST /users/register-fcm`` (rest.md §1.22), the VAPID public key, subscribing
and unsubscribing a browser."""

from __future__ import annotations

import base64

from core.identity.models import User
from plugins.push.models import FcmToken, PushSubscription
from tests.plugins.messages.helpers import error, member
from tests.plugins.push.conftest import Browser, b64
from tests.plugins.push.helpers import subscribe
from tests.plugins.servers.helpers import ok
from tests.support import PASSWORD, call

SUBSCRIPTIONS = "/api/push/subscriptions"


async def fcm(client, body, token=None):
    response = await client.post(
        "/api/users/register-fcm", json=body, headers={"Authorization": token} if token else {}
    )
    return response.status_code, await response.get_data(as_text=True)


async def test_register_fcm_stores_the_token_for_your_account(client):
    ada, bob = await member(), await member()
    assert await fcm(client, {"token": "fcm-token-1"}, ada.token) == (200, "")
    assert await FcmToken.filter(user_id=int(ada.id)).values_list("token", flat=True) == ["fcm-token-1"]
    # The same token registered again by another account moves to it (an upsert, not a copy).
    assert await fcm(client, {"token": "fcm-token-1"}, bob.token) == (200, "")
    assert await FcmToken.filter(token="fcm-token-1").values_list("user_id", flat=True) == [int(bob.id)]


async def test_register_fcm_bad_input_is_an_empty_400(client):
    ada = await member()
    for body in ({}, {"token": ""}, {"token": "   "}, {"token": 5}, {"token": None}, {"token": "x" * 1001}, [1], "x"):
        assert await fcm(client, body, ada.token) == (400, ""), body
    assert await FcmToken.all().count() == 0


async def test_register_fcm_needs_a_user(client):
    bot = await member()
    await User.filter(id=int(bot.id)).update(bot=True)
    assert await call(client, "POST", "/api/users/register-fcm", {"token": "t"}) == (401, error("No token provided."))
    assert await call(client, "POST", "/api/users/register-fcm", {"token": "t"}, token="nope") == (
        401,
        error("Invalid token."),
    )
    assert await call(client, "POST", "/api/users/register-fcm", {"token": "t"}, token=bot.token) == (
        401,
        error("Bots are not allowed to use this route."),
    )
    assert await FcmToken.all().count() == 0


async def test_the_vapid_public_key_is_a_p256_point(client):
    body = await ok(client, "GET", "/api/push/vapid-public-key")
    point = base64.urlsafe_b64decode(body["publicKey"] + "==")
    assert len(point) == 65 and point[0] == 4
    assert await ok(client, "GET", "/api/push/vapid-public-key") == body  # made once, then kept


async def test_subscribe_and_unsubscribe(client, push_service):
    ada, bob = await member(), await member()
    browser = push_service.browser("ada")
    created = await subscribe(client, ada, browser)
    assert set(created) == {"id"}
    row = await PushSubscription.get(user_id=int(ada.id))
    assert (row.endpoint, row.p256dh, row.auth) == (
        browser.endpoint,
        browser.subscription()["keys"]["p256dh"],
        browser.subscription()["keys"]["auth"],
    )
    # Subscribing again keeps one row; another account on that browser gets a row of its own.
    assert (await subscribe(client, ada, browser))["id"] == created["id"]
    assert (await subscribe(client, bob, browser))["id"] != created["id"]
    assert sorted(await PushSubscription.filter(endpoint=browser.endpoint).values_list("user_id", flat=True)) == sorted(
        [int(ada.id), int(bob.id)]
    )
    # Only your own subscription is removed.
    assert await ok(client, "DELETE", SUBSCRIPTIONS, {"endpoint": browser.endpoint}, ada.token) == {"status": True}
    assert await PushSubscription.filter(endpoint=browser.endpoint).values_list("user_id", flat=True) == [int(bob.id)]
    assert await ok(client, "DELETE", SUBSCRIPTIONS, {"endpoint": browser.endpoint}, bob.token) == {"status": True}
    assert await PushSubscription.all().count() == 0


async def test_another_user_subscribing_a_known_endpoint_takes_nothing(client, push_service):
    ada, mallory = await member(), await member()
    browser = push_service.browser("ada")
    created = await subscribe(client, ada, browser)
    before = await PushSubscription.get(id=int(created["id"]))
    # Mallory learnt the endpoint and subscribes it with keys of her own
    theirs = await subscribe(client, mallory, Browser(browser.endpoint))
    after = await PushSubscription.get(id=int(created["id"]))
    assert (after.user_id, after.session_id, after.p256dh, after.auth) == (
        before.user_id,
        before.session_id,
        before.p256dh,
        before.auth,
    )
    mine = await PushSubscription.get(id=int(theirs["id"]))
    assert mine.user_id == int(mallory.id) and mine.p256dh != before.p256dh
    # and her unsubscribing removes only hers
    await ok(client, "DELETE", SUBSCRIPTIONS, {"endpoint": browser.endpoint}, mallory.token)
    assert await PushSubscription.filter(endpoint=browser.endpoint).values_list("id", flat=True) == [before.id]


async def test_subscribe_bad_input(client, push_service):
    ada = await member()
    good = push_service.browser("ada").subscription()
    keys = good["keys"]
    cases = [
        ([1], error("The request body must be a JSON object.")),
        ({"keys": keys}, error("Invalid endpoint.", "endpoint")),
        ({**good, "endpoint": 5}, error("Invalid endpoint.", "endpoint")),
        ({**good, "endpoint": "not a url"}, error("Invalid endpoint.", "endpoint")),
        ({**good, "endpoint": "ftp://push.example/x"}, error("Invalid endpoint.", "endpoint")),
        ({**good, "endpoint": "https://push.example/" + "x" * 1000}, error("Invalid endpoint.", "endpoint")),
        ({"endpoint": good["endpoint"]}, error("Invalid keys.", "keys")),
        ({**good, "keys": {"auth": keys["auth"]}}, error("Invalid keys.p256dh.", "keys.p256dh")),
        ({**good, "keys": {**keys, "p256dh": b64(b"\x04" * 10)}}, error("Invalid keys.p256dh.", "keys.p256dh")),
        ({**good, "keys": {**keys, "p256dh": "!!!"}}, error("Invalid keys.p256dh.", "keys.p256dh")),
        ({**good, "keys": {**keys, "auth": None}}, error("Invalid keys.auth.", "keys.auth")),
        ({**good, "keys": {**keys, "auth": b64(b"x" * 8)}}, error("Invalid keys.auth.", "keys.auth")),
    ]
    for body, expected in cases:
        assert await call(client, "POST", SUBSCRIPTIONS, body, token=ada.token) == (400, expected), body
    assert await call(client, "DELETE", SUBSCRIPTIONS, {}, token=ada.token) == (
        400,
        error("Invalid endpoint.", "endpoint"),
    )
    assert await PushSubscription.all().count() == 0


async def test_https_is_required_unless_configured(make_app, push_service):
    app = make_app(**{"push.allow_http_endpoints": False})
    async with app.test_app():
        client = app.test_client()
        ada = await member()
        assert await call(
            client, "POST", SUBSCRIPTIONS, push_service.browser("ada").subscription(), token=ada.token
        ) == (400, error("Invalid endpoint.", "endpoint"))


async def test_subscriptions_are_bounded_per_user(client, push_service):
    ada, bob = await member(), await member()
    browsers = [push_service.browser(f"ada{n}") for n in range(5)]
    for browser in browsers:
        await subscribe(client, ada, browser)
    await subscribe(client, bob, push_service.browser("bob"))
    # The limit (3 in these tests) keeps the newest; the others' are untouched.
    kept = await PushSubscription.filter(user_id=int(ada.id)).values_list("endpoint", flat=True)
    assert sorted(kept) == sorted(b.endpoint for b in browsers[2:])
    assert await PushSubscription.filter(user_id=int(bob.id)).count() == 1


async def test_subscribing_needs_a_user(client, push_service):
    bot = await member()
    await User.filter(id=int(bot.id)).update(bot=True)
    body = push_service.browser("x").subscription()
    for method in ("POST", "DELETE"):
        assert await call(client, method, SUBSCRIPTIONS, body) == (401, error("No token provided."))
        assert await call(client, method, SUBSCRIPTIONS, body, token=bot.token) == (
            401,
            error("Bots are not allowed to use this route."),
        )
    assert await PushSubscription.all().count() == 0


async def test_logging_out_or_deleting_the_account_ends_the_subscriptions(client, push_service):
    ada, bob = await member(), await member()
    await subscribe(client, ada, push_service.browser("ada"))
    # The sign-in that subscribed ends: a shared browser stops getting Ada's notifications.
    assert await call(client, "DELETE", "/api/users/logout", token=ada.token) == (200, {"status": True})
    assert await PushSubscription.filter(user_id=int(ada.id)).count() == 0
    await subscribe(client, bob, push_service.browser("bob"))
    assert await fcm(client, {"token": "bob-token"}, bob.token) == (200, "")
    status, body = await call(client, "DELETE", "/api/users/delete-account", {"password": PASSWORD}, token=bob.token)
    assert status == 200, body
    assert await PushSubscription.all().count() == 0
    assert await FcmToken.all().count() == 0
