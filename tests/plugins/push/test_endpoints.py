"""Which endpoints ``POST /api/push/subscriptions`` stores (``plugins/push/endpoints.py``): https,
a DNS name or an address written canonically, one the ``[fetch]`` rules let the server reach, no
credentials, at most 1000 characters — the reference's ``{message, path}`` 400 otherwise."""

import pytest

from plugins.push.models import PushSubscription
from tests.plugins.messages.helpers import error, member
from tests.plugins.push.conftest import Browser
from tests.support import call

SUBSCRIPTIONS = "/api/push/subscriptions"
STRICT = {"push.allow_http_endpoints": False, "fetch.allow_private_networks": False}
REFUSED = (400, error("Invalid endpoint.", "endpoint"))

NEVER = [
    "https://2130706433:18443/p",  # 127.0.0.1 as one decimal number
    "https://0x7f000001/p",
    "https://0x7f.1/p",
    "https://0177.0.0.1/p",  # octal
    "https://127.1/p",
    "https://08.8.8.8/p",  # a leading zero
    "https://example.123/p",  # ends like an address, is none
    "https://[2001:4860:4860:0::8888]/p",  # not the compressed form
    "https://[fe80::1%25eth0]/p",
    "https://user:secret@push.example/p",
    "https://push.example/p#fragment",
    "https://push.example/p#",
    "https://push.example./p",
    "https://push_service.example/p",
    "https://push.example:99999/p",
    "https://push.example/p\r\nX-Injected: 1",
    "https://push.example/" + "x" * 1000,
    "https:push.example/p",
]
PRIVATE = [
    "https://127.0.0.1:18443/p",
    "https://10.0.0.7/p",
    "https://192.168.1.2/p",
    "https://[::1]/p",
    "https://[::ffff:7f00:1]/p",
    "https://localhost/p",
    "https://push.localhost/p",
    "http://push.example/p",
]
PUBLIC = [
    "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
    "https://web.push.apple.com/QGhlbGxv",
    "https://8.8.8.8/p",
    "https://[2001:4860:4860::8888]:8443/p",
]


async def _subscribe_each(make_app, endpoints, **settings):
    app = make_app(**{"push.max_subscriptions_per_user": 20, **settings})
    async with app.test_app():
        client = app.test_client()
        ada = await member()
        answers = [
            await call(client, "POST", SUBSCRIPTIONS, Browser(endpoint).subscription(), token=ada.token)
            for endpoint in endpoints
        ]
        stored = set(await PushSubscription.filter(user_id=int(ada.id)).values_list("endpoint", flat=True))
    return answers, stored


@pytest.mark.parametrize("allow_private", [False, True], ids=["strict", "private_networks_allowed"])
async def test_endpoints_no_push_service_can_have_are_refused(make_app, allow_private):
    answers, stored = await _subscribe_each(
        make_app, NEVER, **{**STRICT, "fetch.allow_private_networks": allow_private}
    )
    assert answers == [REFUSED] * len(NEVER)
    assert stored == set()


async def test_private_addresses_and_http_only_when_the_settings_allow_them(make_app):
    answers, stored = await _subscribe_each(make_app, PRIVATE, **STRICT)
    assert answers == [REFUSED] * len(PRIVATE) and stored == set()
    answers, stored = await _subscribe_each(
        make_app, PRIVATE, **{"push.allow_http_endpoints": True, "fetch.allow_private_networks": True}
    )
    assert [status for status, _ in answers] == [200] * len(PRIVATE) and stored == set(PRIVATE)


async def test_a_trusted_host_may_be_private(make_app):
    answers, stored = await _subscribe_each(
        make_app, ["https://10.0.0.7/p", "https://push.internal/p"], **STRICT, **{"fetch.trusted_hosts": ["10.0.0.7"]}
    )
    assert [status for status, _ in answers] == [200, 200]


async def test_push_services_and_public_addresses_are_stored(make_app):
    answers, stored = await _subscribe_each(make_app, PUBLIC, **STRICT)
    assert [status for status, _ in answers] == [200] * len(PUBLIC) and stored == set(PUBLIC)
