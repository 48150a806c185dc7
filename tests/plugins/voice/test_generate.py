"""``POST /api/voice/generate`` (rest.md §3.24): ICE servers from the settings, TURN REST
credentials as coturn checks them (use-auth-secret), the reference's error when nothing is set."""

import base64
import hashlib
import hmac
import time

from tests.plugins.messages.helpers import member
from tests.support import call


async def generate(make_app, **overrides):
    app = make_app(**overrides)
    async with app.test_app():
        client = app.test_client()
        person = await member()
        status, body = await call(client, "POST", "/api/voice/generate", token=person.token)
        assert (await call(client, "POST", "/api/voice/generate"))[0] == 401
        return person, status, body


async def test_nothing_configured_answers_an_entry_a_peer_connection_accepts(make_app):
    # the protocol's web client aborts joining a call when this fails, and puts the result into
    # its iceServers unchanged: one RTCIceServer with a URL (tests/e2e/test_voice_ice_defaults.py
    # checks that Chromium accepts it), under .invalid, so it never resolves
    _, status, body = await generate(make_app)
    assert (status, body) == (200, {"result": {"urls": ["stun:unconfigured.invalid"]}})


async def test_the_servers_own_media_uses_no_ice_server_at_defaults(make_app):
    from plugins.voice.media.router import media_config

    app = make_app()
    assert media_config(app.extensions["hearth"].settings)["iceServers"] == []


async def test_turn_rest_credentials_from_the_shared_secret(make_app):
    person, status, body = await generate(
        make_app,
        **{
            "voice.turn_urls": ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
            "voice.stun_urls": ["stun:turn.example.org:3478"],
            "voice.turn_secret": "north-wind",
            "voice.credential_ttl_seconds": 3600,
        },
    )
    assert status == 200
    server = body["result"]
    assert server["urls"] == [
        "turn:turn.example.org:3478?transport=udp",
        "turns:turn.example.org:5349",
        "stun:turn.example.org:3478",
    ]
    expiry, user_id = server["username"].split(":")
    assert user_id == person.id and abs(int(expiry) - (time.time() + 3600)) < 60
    expected = base64.b64encode(hmac.new(b"north-wind", server["username"].encode(), hashlib.sha1).digest()).decode()
    assert server["credential"] == expected


async def test_static_credentials_or_stun_only(make_app):
    _, status, body = await generate(
        make_app,
        **{
            "voice.turn_urls": ["turn:relay.example.org"],
            "voice.turn_username": "hearth",
            "voice.turn_credential": "pw",
        },
    )
    assert (status, body) == (
        200,
        {"result": {"urls": ["turn:relay.example.org"], "username": "hearth", "credential": "pw"}},
    )
    _, status, body = await generate(make_app, **{"voice.stun_urls": ["stun:stun.example.org:3478"]})
    assert (status, body) == (200, {"result": {"urls": ["stun:stun.example.org:3478"]}})


async def test_rate_limited_as_the_reference(make_app):
    app = make_app(**{"rate_limits.enabled": True, "voice.stun_urls": ["stun:stun.example.org"]})
    async with app.test_app():
        client = app.test_client()
        person = await member()
        statuses = [(await call(client, "POST", "/api/voice/generate", token=person.token))[0] for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
